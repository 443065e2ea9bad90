import { describe, expect, it } from 'vitest';
import { filterNote } from '../../../electron/retrieval/access-scope';
import { compileFilters } from '../../../electron/retrieval/request-filters';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

const partOf = (filters: Parameters<typeof compileFilters>[0]) => {
  const part = compileFilters(filters, DEFAULT_SCHEMA_PROFILE).parts[0];
  if (!part) throw new Error('no filter part');
  return part;
};

describe('filterNote: a filter value that matches nothing in the graph says so', () => {
  it('names the document types no document has and lists the types present, sorted and once each', () => {
    const part = partOf({ document_types: ['runbook', 'foo', 'bar'] });
    expect(filterNote(part, 3, ['runbook', 'adr', 'policy', 'adr'])).toEqual({
      code: 'filter_matches_nothing',
      filter: 'document_types',
      values: ['foo', 'bar'],
      present: ['adr', 'policy', 'runbook'],
    });
  });

  it('says nothing when every requested type exists', () => {
    expect(filterNote(partOf({ document_types: ['adr'] }), 5, ['adr', 'runbook'])).toBeNull();
  });

  it('names a language no document has, and a validity date no document is valid at', () => {
    expect(filterNote(partOf({ language: 'fr' }), 0, ['en', 'ko'])).toMatchObject({
      filter: 'language',
      values: ['fr'],
      present: ['en', 'ko'],
    });
    expect(filterNote(partOf({ valid_at: '1990-01-01' }), 0, undefined)).toEqual({
      code: 'filter_matches_nothing',
      filter: 'valid_at',
      values: ['1990-01-01'],
      present: [],
    });
    expect(filterNote(partOf({ valid_at: '2026-01-01' }), 12, undefined)).toBeNull();
  });
});

describe('compileFilters: each filter on its own, so what it leaves out is counted as that filter', () => {
  it('tells the first filter a document fails, and null when it passes them all', () => {
    const filters = compileFilters({ document_types: ['runbook'], language: 'ko' }, DEFAULT_SCHEMA_PROFILE);
    expect(filters.parts.map((part) => part.name)).toEqual(['document_types', 'language']);
    expect(filters.failing({ doc_type: 'policy', language: 'ko' })).toBe('document_types');
    expect(filters.failing({ doc_type: 'runbook', language: 'en' })).toBe('language');
    expect(filters.failing({ doc_type: 'runbook', language: 'ko' })).toBeNull();
    expect(compileFilters(undefined, DEFAULT_SCHEMA_PROFILE).failing({})).toBeNull();
  });
});

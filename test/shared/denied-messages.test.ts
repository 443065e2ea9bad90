import { describe, expect, it } from 'vitest';
import { DeniedCount, type FilterNote } from '../../shared/context-contract';
import {
  DENIED_MESSAGE_CODES,
  DENIED_MESSAGES,
  DENIED_WORD_CODES,
  deniedMessage,
  wordDeniedCount,
  wordFilterNote,
} from '../../shared/denied-messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** One count of every shape the pipeline records, and an older run's. */
const SHAPES: unknown[] = [
  { stage: 'whole_graph', kind: 'access', reason: 'not_visible_to_principal', counts: 'graph_chunks', count: 98, of: 318 },
  { stage: 'whole_graph', kind: 'filter', reason: 'document_types', counts: 'visible_chunks', count: 220, of: 220 },
  { stage: 'whole_graph', kind: 'filter', reason: 'all_filters', counts: 'visible_chunks', count: 220, of: 220 },
  { stage: 'before_candidates', mechanism: 'vector', kind: 'access', reason: 'excluded_by_postfilter', counts: 'hits', count: 3, of: 40 },
  { stage: 'before_candidates', mechanism: 'fulltext', kind: 'filter', reason: 'request_filters', counts: 'hits', count: 65, of: 65 },
  { stage: 'before_candidates', mechanism: 'cypher_template', kind: 'access', reason: 'not_shared', counts: 'chunks', count: 2, of: 9 },
  {
    stage: 'before_candidates',
    mechanism: 'cypher_template',
    kind: 'access',
    reason: 'policy_mismatch',
    counts: 'chunks',
    count: 1,
    of: 9,
  },
  { stage: 'before_candidates', mechanism: 'cypher_template', kind: 'filter', reason: 'language', counts: 'chunks', count: 4, of: 9 },
  { stage: 'after_expansion', kind: 'access', reason: 'document:not_shared', counts: 'chunks', count: 1, of: 15 },
  { stage: 'after_expansion', kind: 'access', reason: 'entity:workspace', counts: 'entities', count: 2, of: 6 },
  { stage: 'after_expansion', kind: 'filter', reason: 'document:valid_at', counts: 'chunks', count: 1, of: 15 },
  { stage: 'before_output', kind: 'access', reason: 'chunk:partition', counts: 'chunks', count: 1, of: 4 },
  { stage: 'before_output', kind: 'filter', reason: 'document:document_types', counts: 'chunks', count: 1, of: 4 },
  { stage: 'freshness', kind: 'freshness', reason: 'stale_filtered', counts: 'chunks', count: 2, of: 10 },
  { stage: 'relevance_floor', kind: 'relevance', reason: 'below_relevance_floor', counts: 'chunks', count: 7, of: 10 },
  { stage: 'before_candidates', reason: 'excluded_by_prefilter', count: 318 },
];
const entries = SHAPES.map((shape) => DeniedCount.parse(shape));

describe('denied counts in words', () => {
  it('has every code in English and Korean, with the same placeholders', () => {
    for (const language of ['en', 'ko'] as const)
      expect(Object.keys(DENIED_MESSAGES[language]).sort()).toEqual([...DENIED_MESSAGE_CODES, ...DENIED_WORD_CODES].sort());
    for (const code of [...DENIED_MESSAGE_CODES, ...DENIED_WORD_CODES])
      expect(placeholders(DENIED_MESSAGES.ko[code]), code).toEqual(placeholders(DENIED_MESSAGES.en[code]));
  });

  it('words every recorded shape with a code of its own, none falling back to the generic one', () => {
    const codes = entries.map((entry) => deniedMessage(entry).code);
    expect(codes).not.toContain('other');
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('words a relevance-floor cut as relevance, in either language', () => {
    const cut = entries.find((entry) => entry.kind === 'relevance') as DeniedCount;
    expect(wordDeniedCount(cut)).toEqual({
      kind: 'relevance',
      figure: '7 of 10',
      counts: 'candidate chunks this principal may see, cut as below the relevance floor (too weak a match to count as evidence)',
    });
    expect(wordDeniedCount(cut, 'ko').kind).toBe('관련성');
  });

  it('never words a filter, freshness or relevance count as access', () => {
    for (const entry of entries.filter((e) => e.kind !== 'access')) {
      const words = wordDeniedCount(entry).counts;
      expect(words, entry.reason).not.toMatch(/may not see|access/);
      expect(wordDeniedCount(entry).kind).not.toBe('access');
    }
  });

  it('says what the whole graph access count counts, with its figure out of the chunks in the graph', () => {
    expect(wordDeniedCount(entries[0] as DeniedCount)).toEqual({
      kind: 'access',
      figure: '98 of 318',
      counts: 'chunks in the graph this principal may not see (access policy)',
    });
    expect(wordDeniedCount(entries[0] as DeniedCount, 'ko').figure).toBe('318개 중 98개');
  });

  it('names the filter and the candidate search in words, in either language', () => {
    expect(wordDeniedCount(entries[1] as DeniedCount).counts).toBe(
      'chunks this principal may see that the document-type filter leaves out',
    );
    expect(wordDeniedCount(entries[4] as DeniedCount).counts).toContain('full-text search');
    expect(wordDeniedCount(entries[1] as DeniedCount, 'ko').counts).toContain('문서 유형');
  });

  it('words an older run as unclassified, saying its figure may mix filters in', () => {
    const old = wordDeniedCount(entries.at(-1) as DeniedCount);
    expect(old.kind).toBe('unclassified');
    expect(old.figure).toBe('318');
    expect(old.counts).toContain('may include filters');
  });

  it('words a filter note with the values that match nothing and the values present', () => {
    const note: FilterNote = { code: 'filter_matches_nothing', filter: 'document_types', values: ['foo'], present: ['adr', 'runbook'] };
    expect(wordFilterNote(note)).toBe(
      'No document this principal may see has the document type foo; the types it may see are: adr, runbook.',
    );
    expect(wordFilterNote({ ...note, present: [] })).toContain('are: none.');
    expect(wordFilterNote({ ...note, filter: 'valid_at', values: ['1990-01-01'] })).toBe(
      'No document this principal may see is valid at 1990-01-01.',
    );
  });
});

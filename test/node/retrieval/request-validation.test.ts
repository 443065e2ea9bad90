import { describe, expect, it } from 'vitest';
import { RequestFailure, validateRequest } from '../../../electron/retrieval/request-validation';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';

const valid = { query: 'handbook', principal: 'u-guest', mode: 'hybrid' };

function failure(raw: unknown): RequestFailure {
  try {
    validateRequest(raw);
  } catch (error) {
    if (error instanceof RequestFailure) return error;
    throw error;
  }
  throw new Error('the request was accepted');
}

describe('validateRequest on empty texts', () => {
  it('says an empty principal or query is empty, in a message of its own (red team 3, R3-13)', () => {
    const principal = failure({ ...valid, principal: '' });
    expect(principal.outcome).toBe('invalid_request');
    expect(principal.said).toMatchObject({ code: 'outcome:field_invalid', params: { field: 'principal' } });
    // Which field, and what to do: pick a principal, and where they are listed.
    expect(principal.message).toBe('principal: the principal id is empty; pick a principal by its id (`lens principals list` lists them).');
    expect(wordCore(principal.said as CoreMessage, 'ko')).toBe(
      'principal: 주체 ID가 비어 있습니다. 주체를 ID로 고르세요(`lens principals list`가 목록을 보여 줍니다).',
    );
    const query = failure({ ...valid, query: '  ' });
    expect(query.message).toBe('query: the query is empty; ask a question.');
  });
});

describe('validateRequest on a field out of range or of the wrong type', () => {
  it('names the field once and words the problem by code, so Korean words it too', () => {
    const topK = failure({ ...valid, top_k: 0 });
    expect(topK.outcome).toBe('invalid_request');
    expect(topK.message).toBe('top_k: must be 1 to 100.');
    expect(wordCore(topK.said as CoreMessage, 'ko')).toBe('top_k: 1에서 100 사이여야 합니다.');
    const mode = failure({ ...valid, mode: 42 });
    expect(wordCore(mode.said as CoreMessage, 'ko')).not.toMatch(/Invalid|expected|received/);
  });
});

describe('validateRequest on filters', () => {
  it('says how to write a known filter whose value cannot be read, failing closed, not that the filter is unknown', () => {
    const language = failure({ ...valid, filters: { language: 'x' } });
    expect(language.outcome).toBe('unsupported_filter');
    expect(language.said).toMatchObject({ code: 'outcome:filter_language_unreadable' });
    expect(language.message).toBe(
      'The filter language cannot be read: give a language code of two or more letters, such as en or ko. Filters fail closed rather than being ignored.',
    );
    expect(failure({ ...valid, filters: { document_types: 'adr' } }).said).toMatchObject({
      code: 'outcome:filter_document_types_unreadable',
    });
    expect(failure({ ...valid, filters: { valid_at: 'next tuesday' } }).said).toMatchObject({ code: 'outcome:filter_valid_at_unreadable' });
    // Date.parse rolls a day that does not exist over into the next month: the filter would run at another instant.
    for (const validAt of ['2024-02-30', '2023-02-29T12:00:00Z', '7'])
      expect(failure({ ...valid, filters: { valid_at: validAt } }).said).toMatchObject({ code: 'outcome:filter_valid_at_unreadable' });
  });

  it('still names an unknown filter as not supported', () => {
    const unknown = failure({ ...valid, filters: { region: 'eu' } });
    expect(unknown.outcome).toBe('unsupported_filter');
    expect(unknown.said).toMatchObject({ code: 'outcome:filter_unsupported', params: { keys: 'region' } });
  });
});

import { describe, expect, it } from 'vitest';
import { explainableParams, isSecretLookingValue, isSecretParamName, redactParams } from '../../../shared/cypher/param-redaction';

describe('isSecretParamName', () => {
  it.each(['password', 'db_password', 'apiKey', 'api_key', 'accessToken', 'auth', 'Authorization', 'client-secret', 'credentials', 'key'])(
    'takes %s for a secret',
    (name) => expect(isSecretParamName(name)).toBe(true),
  );
  it.each(['keys', 'principal_id', 'query_vector', 'top_k', 'acl_lucene', 'author', 'monkey_count', 'fulltext_index'])(
    'leaves %s alone',
    (name) => expect(isSecretParamName(name)).toBe(false),
  );
});

describe('isSecretLookingValue', () => {
  it.each([
    'bolt://neo4j:hunter2@db:7687',
    'https://api.example/x?token=abc',
    'Bearer abc.def',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_part',
    'sk-proj-ABCDEFGHIJKLMNOPQRST',
    'ghp_abcdefghijklmnopqrstuvwxyz',
    'AKIAABCDEFGHIJKLMNOP',
  ])('takes %s for a credential', (value) => expect(isSecretLookingValue(value)).toBe(true));
  it.each(['payments retry policy', 'https://docs.example/adr/4', 'ws-eng', 'doc-hr-001'])('leaves %s alone', (value) =>
    expect(isSecretLookingValue(value)).toBe(false),
  );
});

describe('redactParams', () => {
  it('replaces a secret by its name, whatever the value', () => {
    expect(redactParams({ password: 'hunter2', api_key: 42, principal_id: 'alice' })).toEqual({
      password: '***',
      api_key: '***',
      principal_id: 'alice',
    });
  });

  it('replaces a secret by its value, whatever the name', () => {
    expect(redactParams({ uri: 'neo4j://reader:pw@db:7687', note: 'Bearer xyz123' })).toEqual({ uri: '***', note: '***' });
  });

  it('shortens a vector to its length', () => {
    const vector = Array.from({ length: 384 }, (_, index) => index / 384);
    expect(redactParams({ query_vector: vector, typed: new Float32Array(17) })).toEqual({
      query_vector: '[384 numbers]',
      typed: '[17 numbers]',
    });
  });

  it('keeps a short list of numbers as it is', () => {
    expect(redactParams({ ids: [1, 2, 3] })).toEqual({ ids: [1, 2, 3] });
  });

  it('truncates a long list with a count of what it left out', () => {
    const ids = Array.from({ length: 55 }, (_, index) => `c${index}`);
    const redacted = redactParams({ ids }).ids as string[];
    expect(redacted).toHaveLength(21);
    expect(redacted.slice(0, 20)).toEqual(ids.slice(0, 20));
    expect(redacted[20]).toBe('… 35 more (55 in all)');
  });

  it('clips a long string and says how long it was', () => {
    const text = 'x'.repeat(2_000);
    expect(redactParams({ query: text }).query).toBe(`${'x'.repeat(500)}… (2000 characters)`);
  });

  it('redacts inside nested maps and lists', () => {
    const redacted = redactParams({
      principal: { principal_id: 'bob', groups: ['g1'], credentials: { user: 'bob', pass: 'x' } },
      rows: [{ token: 'abc', id: 1 }, 'neo4j://u:p@h'],
      deep: { inner: { embedding: new Array(20).fill(0.5) } },
    });
    expect(redacted).toEqual({
      principal: { principal_id: 'bob', groups: ['g1'], credentials: '***' },
      rows: [{ token: '***', id: 1 }, '***'],
      deep: { inner: { embedding: '[20 numbers]' } },
    });
  });

  it('changes nothing when it redacts a copy again', () => {
    const once = redactParams({
      ids: Array.from({ length: 55 }, (_, index) => index.toString()),
      query: 'y'.repeat(900),
      query_vector: new Array(384).fill(1),
      password: 'x',
    });
    expect(redactParams(once)).toEqual(once);
  });

  it('keeps plain values as JSON (null for undefined, numbers for bigints)', () => {
    expect(redactParams({ a: undefined, b: 10n, c: true, d: null })).toEqual({ a: null, b: 10, c: true, d: null });
  });
});

describe('explainableParams', () => {
  it('gives back a vector of zeros of the right length and the kept items of a long list', () => {
    const ids = Array.from({ length: 30 }, (_, index) => index.toString());
    const result = explainableParams(redactParams({ query_vector: new Array(384).fill(0.1), ids, top_k: 5 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.params.query_vector).toEqual(new Array(384).fill(0));
    expect(result.params.ids).toEqual(ids.slice(0, 20));
    expect(result.params.top_k).toBe(5);
  });

  it('refuses when a secret was removed, naming where it was', () => {
    const result = explainableParams(redactParams({ password: 'x', nested: { list: ['ok', 'bolt://a:b@h'] } }));
    expect(result).toEqual({ ok: false, secret: ['password', 'nested.list[1]'] });
  });
});

// What the read gateway decides before it reaches a server: the parameter hash of traces, the text
// layer of the guard, and an expired deadline. The gateway points at a loopback port nothing listens
// on, so any call that did reach for the server would fail as `unavailable` instead. What needs a
// server (rows, caps, the plan check, timeouts on the server) is in test/integration/gateway-*.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineQuery } from '../../../electron/graph/built-in-query';
import { GraphGateway, hashParams } from '../../../electron/graph/read-gateway';
import { Deadline } from '../../../shared/deadline';
import { freePort } from '../../support/free-port';
import { rejectionOf } from '../../support/lens-error-of';

describe('hashParams', () => {
  it('gives 16 hex digits, the same for the same values whatever the order of their keys, at any depth', () => {
    const hash = hashParams({ k: 5, filters: { labels: ['Doc'], since: '2024-01-01' } });
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(hashParams({ filters: { since: '2024-01-01', labels: ['Doc'] }, k: 5 })).toBe(hash);
  });

  it('gives different hashes for different values, for a different order within a list, and for a value moved to another key', () => {
    const hashes = [
      hashParams({ k: 5, q: 'salary' }),
      hashParams({ k: 6, q: 'salary' }),
      hashParams({ k: 5, q: 'salaries' }),
      hashParams({ ids: ['a', 'b'] }),
      hashParams({ ids: ['b', 'a'] }),
      hashParams({ a: { b: 1 } }),
      hashParams({ a: { c: 1 } }),
    ];
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('hashes an embedding held as a Float32Array or a Float64Array like the plain list of its numbers', () => {
    const plain = hashParams({ embedding: [0.5, -0.25, 1] });
    expect(hashParams({ embedding: Float32Array.from([0.5, -0.25, 1]) })).toBe(plain);
    expect(hashParams({ embedding: Float64Array.from([0.5, -0.25, 1]) })).toBe(plain);
    expect(hashParams({ embedding: Float32Array.from([0.5, -0.25, 2]) })).not.toBe(plain);
  });

  it('hashes the vectors inside a list of objects like their plain lists too', () => {
    expect(hashParams({ rows: [{ v: Float32Array.from([1, 2]) }] })).toBe(hashParams({ rows: [{ v: [1, 2] }] }));
  });

  it('reads values as JSON would: a key whose value is undefined is left out, an undefined in a list is null, and numbers differ from their texts', () => {
    expect(hashParams({ a: 1, b: undefined })).toBe(hashParams({ a: 1 }));
    expect(hashParams({ a: [1, undefined, 'x'] })).toBe(hashParams({ a: [1, null, 'x'] }));
    expect(hashParams({ a: [1, 2] })).not.toBe(hashParams({ a: ['1', '2'] }));
    expect(hashParams({ a: [1, 2] })).not.toBe(hashParams({ a: [2, 1] }));
    expect(hashParams({ a: [] })).not.toBe(hashParams({ a: {} }));
  });
});

describe('the read gateway before it reaches a server', () => {
  let gateway: GraphGateway;

  beforeAll(async () => {
    const port = await freePort();
    gateway = GraphGateway.open({
      uri: `bolt://127.0.0.1:${port}`,
      user: 'neo4j',
      password: 'x',
      database: undefined,
      source: 'environment',
    });
  });

  afterAll(async () => {
    await gateway.close();
  });

  const COUNT = defineQuery('count_nodes', 'MATCH (n) RETURN count(n) AS n');

  it('answers a read whose deadline has passed with timeout saying what it was doing, its stage in the detail, without trying the server', async () => {
    const error = await rejectionOf(gateway.read(COUNT, {}, { deadline: Deadline.after(0), stage: 'fulltext' }));
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('full-text search'), detail: 'stage fulltext' });
  });

  it('names the query as the stage of an expired read that gives no stage, in the detail', async () => {
    const error = await rejectionOf(gateway.read(COUNT, {}, { deadline: Deadline.after(0) }));
    expect(error).toMatchObject({ kind: 'timeout', detail: 'stage count_nodes' });
  });

  it('answers an untrusted plan check whose deadline has passed with timeout for the guard stage', async () => {
    const error = await rejectionOf(gateway.explainUntrusted('MATCH (n) RETURN n', {}, Deadline.after(0)));
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('read-only guard'), detail: 'stage guard' });
  });

  it('refuses a write on the text checks alone, naming the rule, without asking the server to plan it', async () => {
    expect(await gateway.explainUntrusted('MATCH (n) DETACH DELETE n')).toEqual({
      allowed: false,
      rule: 'write_clause',
      reason: expect.stringContaining('DETACH DELETE'),
      reason_code: 'guard:write_clause',
      reason_params: { clause: 'DETACH DELETE' },
    });
  });

  it('refuses to run an untrusted write as a refused error with the rule as its detail, without reaching the server', async () => {
    const error = await rejectionOf(
      gateway.readUntrusted('LOAD CSV FROM "http://example.com/x.csv" AS row RETURN row', {}, { deadline: Deadline.after(10_000) }),
    );
    expect(error).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^Refused: LOAD CSV/),
      detail: 'load_csv',
      hint: expect.stringContaining('read-only'),
    });
  });

  it('reports the server as unavailable, never as an empty answer, once a text passes the text checks', async () => {
    const error = await rejectionOf(gateway.explainUntrusted('MATCH (n) RETURN n LIMIT 1', {}, Deadline.after(10_000)));
    expect(error.kind).toBe('unavailable');
  });

  it('reports an unreachable server as unavailable when asked for its version', async () => {
    const error = await rejectionOf(gateway.serverInfo());
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('127.0.0.1') });
  });
});

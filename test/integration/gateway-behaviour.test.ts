import { describe, expect, inject, it } from 'vitest';
import { defineQuery } from '../../electron/graph/built-in-query';
import { GraphGateway } from '../../electron/graph/read-gateway';
import { Deadline } from '../../shared/deadline';
import { useDemoGateway } from '../support/demo-graph';
import { freePort } from '../support/free-port';

const server = inject('neo4j');

const COUNT_TO = defineQuery('count-to', 'UNWIND range(1, $n) AS i RETURN i');
const SLOW = defineQuery('slow', 'UNWIND range(1, 200000000) AS i WITH i WHERE i % 7919 = 0 RETURN count(i) AS hits');
const VALUES = defineQuery(
  'values',
  "MATCH (d:Document) WITH d ORDER BY d.document_id LIMIT 1 RETURN d, d.updated_at AS updated, 9007199254740993 AS huge, 42 AS small, date('2026-12-01') AS day, [1, 2.5] AS mixed",
);
const LIMITED = defineQuery('limited', 'MATCH (c:Chunk) RETURN c.chunk_id AS id ORDER BY id LIMIT $k');

describe('gateway reads', () => {
  const gateway = useDemoGateway(server);

  it('stops reading at the row cap and flags the result as truncated', async () => {
    const result = await gateway().read(COUNT_TO, { n: 50 }, { deadline: Deadline.after(10_000), rowCap: 20 });
    expect(result.rows).toHaveLength(20);
    expect(result.truncated).toBe(true);
    expect(result.rows.at(-1)).toEqual({ i: 20 });
  });

  it('does not flag a result that fits the cap exactly', async () => {
    const result = await gateway().read(COUNT_TO, { n: 20 }, { deadline: Deadline.after(10_000), rowCap: 20 });
    expect(result.rows).toHaveLength(20);
    expect(result.truncated).toBe(false);
  });

  it('passes whole-number parameters as Neo4j integers, so LIMIT $k works with a JS number', async () => {
    const result = await gateway().read(LIMITED, { k: 4 }, { deadline: Deadline.after(10_000) });
    expect(result.rows).toHaveLength(4);
    expect(result.paramsHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('maps integers, temporals and nodes to plain JSON without losing precision', async () => {
    const [row] = (await gateway().read(VALUES, {}, { deadline: Deadline.after(10_000) })).rows;
    expect(row?.small).toBe(42);
    expect(row?.huge).toBe('9007199254740993');
    expect(row?.day).toBe('2026-12-01');
    expect(row?.mixed).toEqual([1, 2.5]);
    expect(typeof row?.updated === 'string' || row?.updated === null).toBe(true);
    const node = row?.d as { labels: string[]; properties: Record<string, unknown> };
    expect(node.labels).toContain('Document');
    expect(typeof node.properties.document_id).toBe('string');
  });

  it('ends a query that outlives its deadline with a timeout, not an empty result', async () => {
    const started = Date.now();
    await expect(gateway().read(SLOW, {}, { deadline: Deadline.after(300), stage: 'vector' })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('never sends a query whose deadline has already passed', async () => {
    const expired = Deadline.after(0);
    await expect(gateway().read(COUNT_TO, { n: 1 }, { deadline: expired, stage: 'fulltext' })).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('full-text search'),
      detail: 'stage fulltext',
    });
  });

  it('reports a server that is not there as unavailable', async () => {
    const port = await freePort();
    const nowhere = GraphGateway.open({
      uri: `bolt://127.0.0.1:${port}`,
      user: 'neo4j',
      password: 'x',
      database: undefined,
      source: 'environment',
    });
    try {
      await expect(nowhere.read(COUNT_TO, { n: 1 }, { deadline: Deadline.after(10_000) })).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await nowhere.close();
    }
  });

  it('reports wrong credentials as such', async () => {
    const wrong = GraphGateway.open({
      uri: server.uri,
      user: server.user,
      password: 'not-the-password',
      database: undefined,
      source: 'environment',
    });
    try {
      await expect(wrong.read(COUNT_TO, { n: 1 }, { deadline: Deadline.after(10_000) })).rejects.toMatchObject({
        kind: 'unavailable',
        message: expect.stringContaining('credentials'),
      });
    } finally {
      await wrong.close();
    }
  });

  it('reports a Cypher error as invalid input with the server message', async () => {
    await expect(gateway().readUntrusted('MATCH (n RETURN n', {}, { deadline: Deadline.after(10_000) })).rejects.toMatchObject({
      kind: 'invalid_input',
    });
  });
});

import { describe, expect, inject, it } from 'vitest';
import type { QueryRunResult } from '../../shared/api/lens-api';
import type { CypherExplainResult, PlanNode } from '../../shared/cypher/query-plan';
import type { ExecutedQuery, RunRecord } from '../../shared/trace-record';
import { fixtureDriver } from '../support/demo-graph';
import { useDemoHubDoor } from '../support/demo-hub-door';
import { buildRunRecord } from '../support/run-record-factory';

const server = inject('neo4j');

/** Every operator name of a plan tree. */
function operators(node: PlanNode): string[] {
  return [node.operator, ...node.children.flatMap(operators)];
}

/** A stored run whose only query is `cypher` with `params`, as an imported bundle could carry. */
function runWith(cypher: string, params: Record<string, unknown> | undefined): RunRecord {
  const run = buildRunRecord();
  const query: ExecutedQuery = { ...run.queries[0]!, cypher, ...(params ? { params } : {}) };
  return { ...run, queries: [query] };
}

describe('cypher.explain: the plan of a query a stored run ran, through the read-only guard', () => {
  const { hub, call, value } = useDemoHubDoor(server, 'lens-cypher-explain-');
  const explain = (trace_id: string, index: number) => value<CypherExplainResult>('cypher.explain', { trace_id, index });
  const stored = (run: RunRecord) => hub().store().recordRun(run).trace_id;

  it('gives an operator tree for every query of a hybrid run, with their redacted parameters given back in their type', async () => {
    const result = await value<QueryRunResult>('query.run', {
      request: { query: 'payments failover runbook', principal: 'u-sora', mode: 'hybrid' },
    });
    const run = await value<RunRecord>('traces.get', { trace_id: result.response.trace_id });
    expect(run.queries.length).toBeGreaterThan(1);
    // Every query keeps its parameters, and no vector is kept whole.
    for (const query of run.queries) expect(query.params, query.name).toBeDefined();
    expect(JSON.stringify(run.queries.map((query) => query.params))).not.toMatch(/\[(-?[\d.e-]+,){16,}/);
    for (const [index] of run.queries.entries()) {
      const answer = await explain(run.trace_id, index);
      expect(answer.status, run.queries[index]!.name).toBe('plan');
      if (answer.status !== 'plan') continue;
      expect(answer.query_type).toBe('r');
      expect(answer.plan.operator).toBe('ProduceResults');
      expect(operators(answer.plan).length).toBeGreaterThan(1);
    }
  });

  it('plans a query without running it: a division by zero that would fail when run gives a plan', async () => {
    const answer = await explain(stored(runWith('UNWIND [0] AS z RETURN 1 / z AS boom', {})), 0);
    expect(answer.status).toBe('plan');
    if (answer.status === 'plan') expect(answer.plan.estimated_rows).not.toBeNull();
  });

  it('explains a query of a run recorded before parameters were kept', async () => {
    const answer = await explain(stored(runWith('MATCH (c:Chunk) WHERE c.chunk_id = $id RETURN c.text AS text LIMIT $k', undefined)), 0);
    expect(answer.status).toBe('plan');
  });

  it('refuses write Cypher with the guard rule, and nothing is written', async () => {
    const answer = await explain(stored(runWith("CREATE (:ExplainProbe {at: 'cypher.explain'}) RETURN 1", {})), 0);
    expect(answer).toEqual({ status: 'refused', rule: expect.any(String) });
    const driver = fixtureDriver(server);
    try {
      const { records } = await driver.executeQuery('MATCH (n:ExplainProbe) RETURN count(n) AS n');
      expect(Number(records[0]?.get('n'))).toBe(0);
    } finally {
      await driver.close();
    }
  });

  it('refuses a read-typed plan the guard forbids (LOAD CSV)', async () => {
    const answer = await explain(stored(runWith("LOAD CSV FROM 'http://127.0.0.1:9/x.csv' AS row RETURN row", {})), 0);
    expect(answer).toEqual({ status: 'refused', rule: 'load_csv' });
  });

  it('says which parameter lost its secret, and does not ask the server', async () => {
    const answer = await explain(
      stored(runWith('MATCH (d:Document) WHERE d.owner_id = $owner RETURN d LIMIT 1', { owner: 'x', auth: '***' })),
      0,
    );
    expect(answer).toEqual({ status: 'secret_param', params: ['auth'] });
  });

  it('names a query number the run does not have, and an unknown run', async () => {
    const id = stored(runWith('RETURN 1 AS one', {}));
    expect(await call('cypher.explain', { trace_id: id, index: 5 })).toMatchObject({
      ok: false,
      error: { kind: 'not_found', message: expect.stringContaining('no query 5') },
    });
    expect(await call('cypher.explain', { trace_id: 'tr-none', index: 0 })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});

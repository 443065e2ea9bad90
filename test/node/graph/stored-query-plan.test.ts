// cypher.explain's own decisions, seen through a scripted driver: what reaches the server (EXPLAIN
// only, never the query), what the guard refuses, and how a plan is shaped for the screens. The same
// against a real server is test/integration/cypher-explain.test.ts.
import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { GraphGateway } from '../../../electron/graph/read-gateway';
import { explainStoredQuery, explainTimeoutMs, planNodeOf } from '../../../electron/graph/stored-query-plan';
import { REQUEST_DEFAULTS } from '../../../shared/context-contract';
import { Deadline } from '../../../shared/deadline';
import type { RunRecord } from '../../../shared/trace-record';
import { buildRunRecord } from '../../support/run-record-factory';
import { SCRIPTED_SETTINGS, scriptedDriver, type ScriptedAnswer } from '../../support/scripted-driver';

const READ_PLAN = {
  operatorType: 'ProduceResults@neo4j',
  arguments: { Details: 'c', EstimatedRows: 12.345 },
  identifiers: ['c'],
  children: [
    {
      operatorType: 'NodeByLabelScan@neo4j',
      arguments: { Details: 'c:Chunk', EstimatedRows: neo4j.int(40) },
      identifiers: ['c'],
      children: [],
    },
  ],
};

function explaining(cypher: string, params: Record<string, unknown> | undefined, answer: ScriptedAnswer) {
  const script = scriptedDriver(() => answer);
  const base = buildRunRecord();
  const run: RunRecord = { ...base, queries: [{ ...base.queries[0]!, cypher, ...(params ? { params } : {}) }] };
  const result = explainStoredQuery(GraphGateway.overDriver(script.driver, SCRIPTED_SETTINGS), run, 0, Deadline.after(5_000));
  return { result, script };
}

describe('explainStoredQuery', () => {
  it('sends EXPLAIN and nothing else, with the vector given back as zeros of its length', async () => {
    const { result, script } = explaining(
      'MATCH (c:Chunk) RETURN c LIMIT $k',
      { k: 3, query_vector: '[20 numbers]' },
      { summary: { queryType: 'r', plan: READ_PLAN } },
    );
    expect((await result).status).toBe('plan');
    expect(script.calls.map((call) => call.text)).toEqual(['EXPLAIN MATCH (c:Chunk) RETURN c LIMIT $k']);
    expect(script.calls[0]?.session.defaultAccessMode).toBe(neo4j.session.READ);
    expect(script.calls[0]?.params.query_vector).toEqual(new Array(20).fill(0));
  });

  it('refuses write Cypher by its text without asking the server', async () => {
    const { result, script } = explaining('MATCH (d:Document) DETACH DELETE d', {}, { summary: { queryType: 'w', plan: READ_PLAN } });
    expect(await result).toEqual({ status: 'refused', rule: expect.any(String) });
    expect(script.calls).toHaveLength(0);
  });

  it('refuses a text the server plans as anything but a read', async () => {
    const { result } = explaining('MATCH (c:Chunk) RETURN c', {}, { summary: { queryType: 'rw', plan: READ_PLAN } });
    expect(await result).toMatchObject({ status: 'refused' });
  });

  it('refuses a read plan holding an operator outside the allowlist', async () => {
    const plan = { ...READ_PLAN, children: [{ operatorType: 'LoadCSV@neo4j', arguments: {}, identifiers: [], children: [] }] };
    const { result } = explaining('MATCH (c:Chunk) RETURN c', {}, { summary: { queryType: 'r', plan } });
    expect(await result).toMatchObject({ status: 'refused' });
  });

  it('does not ask the server when a parameter lost its secret', async () => {
    const { result, script } = explaining(
      'MATCH (c:Chunk) WHERE c.x = $token RETURN c',
      { token: '***' },
      { summary: { queryType: 'r', plan: READ_PLAN } },
    );
    expect(await result).toEqual({ status: 'secret_param', params: ['token'] });
    expect(script.calls).toHaveLength(0);
  });
});

describe('explainTimeoutMs: the deadline EXPLAIN gets', () => {
  const withTimeout = (timeout: unknown): RunRecord => {
    const base = buildRunRecord();
    return { ...base, request: { ...base.request, timeout_ms: timeout } };
  };

  it('is the run’s own request deadline, not a fixed one', () => {
    expect(explainTimeoutMs(withTimeout(2_500))).toBe(2_500);
    expect(explainTimeoutMs(withTimeout(90_000))).toBe(90_000);
  });

  it('is the deadline asked for when one is (the CLI’s --timeout-ms), whatever the run had', () => {
    expect(explainTimeoutMs(withTimeout(2_500), 40_000)).toBe(40_000);
  });

  it('is the request default when the stored request carries no deadline a request may have', () => {
    for (const timeout of [undefined, '5000', 0, -1, 1.5, 600_001, null])
      expect(explainTimeoutMs(withTimeout(timeout)), String(timeout)).toBe(REQUEST_DEFAULTS.timeout_ms);
  });

  it('reaches the server as the transaction timeout of the EXPLAIN', async () => {
    const script = scriptedDriver(() => ({ summary: { queryType: 'r', plan: READ_PLAN } }));
    const run = withTimeout(3_000);
    const gateway = GraphGateway.overDriver(script.driver, SCRIPTED_SETTINGS);
    expect((await explainStoredQuery(gateway, run, 0, Deadline.after(explainTimeoutMs(run)))).status).toBe('plan');
    const timeout = script.calls[0]?.config.timeout ?? 0;
    expect(timeout).toBeGreaterThan(2_000);
    expect(timeout).toBeLessThanOrEqual(3_000);
  });
});

describe('planNodeOf', () => {
  it('keeps the base operator name, details, estimated rows (float or Integer) and the children', () => {
    expect(planNodeOf(READ_PLAN)).toEqual({
      operator: 'ProduceResults',
      details: 'c',
      estimated_rows: 12.3,
      identifiers: ['c'],
      children: [{ operator: 'NodeByLabelScan', details: 'c:Chunk', estimated_rows: 40, identifiers: ['c'], children: [] }],
    });
  });
});

// What the read gateway asks of a driver, seen through a scripted one (test/support/scripted-driver.ts):
// READ sessions, the transaction's timeout and tagged metadata, the row cap, the plan check before an
// untrusted text runs, termination of a read that outlives its deadline, and what an error keeps.
// The same promises against a real server are in test/integration/gateway-*.test.ts.
import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { defineQuery } from '../../../electron/graph/built-in-query';
import type { ConnectionSettings } from '../../../electron/graph/connection-settings';
import { READ_TAG_KEY, TERMINATE_TAGGED } from '../../../electron/graph/read-deadline';
import { GraphGateway, hashParams } from '../../../electron/graph/read-gateway';
import { Deadline } from '../../../shared/deadline';
import { rejectionOf } from '../../support/lens-error-of';
import { SCRIPTED_SETTINGS, scriptedDriver, type ScriptedAnswer } from '../../support/scripted-driver';

const SETTINGS: ConnectionSettings = SCRIPTED_SETTINGS;
const COUNT = defineQuery('count_nodes', 'MATCH (n) RETURN n.id AS id');
const ALLOWED_PLAN = {
  operatorType: 'ProduceResults@neo4j',
  arguments: {},
  identifiers: ['n'],
  children: [{ operatorType: 'AllNodesScan@neo4j', arguments: {}, identifiers: ['n'], children: [] }],
};

/** A gateway over a scripted driver that answers every query with `answer` (or by its text). */
function gatewayAnswering(answer: ScriptedAnswer | ((text: string) => ScriptedAnswer)) {
  const script = scriptedDriver(typeof answer === 'function' ? answer : () => answer);
  return { gateway: GraphGateway.overDriver(script.driver, SETTINGS), script };
}

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `c-${index}` }));
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code });
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the read gateway over a driver: sessions and metadata', () => {
  it('reads in a READ session of the configured database, fetching one row past the cap and at most 1,000 at a time', async () => {
    const { gateway, script } = gatewayAnswering({ rows: rows(1) });
    await gateway.read(COUNT, {}, { deadline: Deadline.after(5_000), rowCap: 5 });
    await gateway.read(COUNT, {}, { deadline: Deadline.after(5_000) });
    expect(script.calls.map((call) => call.session)).toEqual([
      { defaultAccessMode: neo4j.session.READ, database: 'neo4j', fetchSize: 6 },
      { defaultAccessMode: neo4j.session.READ, database: 'neo4j', fetchSize: 1_000 },
    ]);
  });

  it('gives the transaction what is left of the deadline as its timeout, and tags it with app, stage, a read tag and the trace id', async () => {
    const { gateway, script } = gatewayAnswering({ rows: [] });
    await gateway.read(COUNT, { q: 'x' }, { deadline: Deadline.after(5_000), stage: 'fulltext', traceId: 't-1' });
    const [call] = script.calls;
    expect(call?.text).toBe(COUNT.text);
    expect(call?.params).toEqual({ q: 'x' });
    expect(call?.config.timeout).toBeGreaterThan(1_000);
    expect(call?.config.timeout).toBeLessThanOrEqual(5_000);
    expect(call?.config.metadata).toEqual({
      app: 'provenance-lens',
      stage: 'fulltext',
      [READ_TAG_KEY]: expect.any(String) as unknown,
      trace_id: 't-1',
    });
  });

  it('names the query as the stage and leaves the trace id out when none is given', async () => {
    const { gateway, script } = gatewayAnswering({ rows: [] });
    await gateway.read(COUNT, {}, { deadline: Deadline.after(5_000) });
    expect(script.calls[0]?.config.metadata).toEqual({
      app: 'provenance-lens',
      stage: 'count_nodes',
      [READ_TAG_KEY]: expect.any(String) as unknown,
    });
  });

  it('never gives a transaction a timeout of 0, which the server reads as no timeout at all', async () => {
    const { gateway, script } = gatewayAnswering({ rows: [] });
    await gateway.read(COUNT, {}, { deadline: Deadline.after(0.5, () => 1_000) });
    expect(script.calls[0]?.config.timeout).toBe(1);
  });

  it('refuses an expired deadline with a timeout and a hint, without opening a session', async () => {
    const { gateway, script } = gatewayAnswering({ rows: [] });
    const error = await rejectionOf(gateway.read(COUNT, {}, { deadline: Deadline.after(0), stage: 'vector' }));
    expect(error.toData()).toMatchObject({
      kind: 'timeout',
      message: 'The deadline passed before the app could query Neo4j (while running the vector search).',
      hint: expect.stringMatching(/^Raise timeout_ms and run again, or narrow the question/),
      detail: 'stage vector',
      message_code: 'error_server:deadline_before_stage',
      message_params: { stage: 'vector' },
      hint_code: 'error_server:deadline_search_hint',
    });
    expect(script.calls).toEqual([]);
  });

  it('closes every session it opens once the read is over', async () => {
    const { gateway, script } = gatewayAnswering({ rows: rows(2) });
    await gateway.read(COUNT, {}, { deadline: Deadline.after(5_000) });
    await gateway.plannedQueryType('MATCH (n) RETURN n');
    await settle();
    expect(script.sessionsClosed()).toBe(2);
  });

  it('asks for the server info of its database and closes its driver', async () => {
    const { gateway, script } = gatewayAnswering({});
    expect(await gateway.serverInfo()).toEqual({ agent: 'Neo4j/5.26.0', protocolVersion: '5.4' });
    expect(script.serverInfoCalls).toEqual([{ database: 'neo4j' }]);
    await gateway.close();
    expect(script.driverClosed()).toBe(true);
  });
});

describe('the read gateway over a driver: rows and what they cost', () => {
  it('returns the rows as plain objects with the query, its parameter hash and the server times', async () => {
    const { gateway } = gatewayAnswering({ rows: rows(2), summary: { resultAvailableAfter: neo4j.int(7), resultConsumedAfter: null } });
    const result = await gateway.read(COUNT, { k: 2 }, { deadline: Deadline.after(5_000) });
    expect(result).toMatchObject({
      rows: [{ id: 'c-0' }, { id: 'c-1' }],
      truncated: false,
      rowCap: 10_000,
      queryName: 'count_nodes',
      cypher: COUNT.text,
      paramsHash: hashParams({ k: 2 }),
      serverMs: { available: 7, consumed: 0 },
    });
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(result.elapsedMs).toBeLessThan(60_000);
  });

  it('reads server times given as plain numbers, and as nothing at all', async () => {
    const numbers = gatewayAnswering({ rows: [], summary: { resultAvailableAfter: 3, resultConsumedAfter: 4 } });
    expect((await numbers.gateway.read(COUNT, {}, { deadline: Deadline.after(5_000) })).serverMs).toEqual({ available: 3, consumed: 4 });
    const missing = gatewayAnswering({ rows: [], summary: {} });
    expect((await missing.gateway.read(COUNT, {}, { deadline: Deadline.after(5_000) })).serverMs).toEqual({ available: 0, consumed: 0 });
  });

  it('stops at the row cap and says the result was truncated', async () => {
    const { gateway, script } = gatewayAnswering({ rows: rows(5) });
    const result = await gateway.read(COUNT, {}, { deadline: Deadline.after(5_000), rowCap: 3 });
    expect(result.rows).toEqual(rows(3));
    expect(result.truncated).toBe(true);
    expect(script.rowsPulled()).toBe(4);
  });

  it('does not call a result truncated when it has exactly as many rows as the cap', async () => {
    const { gateway } = gatewayAnswering({ rows: rows(3) });
    const result = await gateway.read(COUNT, {}, { deadline: Deadline.after(5_000), rowCap: 3 });
    expect(result.rows).toHaveLength(3);
    expect(result.truncated).toBe(false);
  });
});

describe('the read gateway over a driver: deadlines and errors', () => {
  it('answers a read that outlives its deadline with timeout, and terminates the transaction by its tag', async () => {
    const { gateway, script } = gatewayAnswering((text) => (text === TERMINATE_TAGGED.text ? { rows: [] } : { hang: true }));
    const error = await rejectionOf(gateway.read(COUNT, {}, { deadline: Deadline.after(20), stage: 'graph' }));
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'The request ran out of time waiting for Neo4j (while running the graph search and following the graph from its hits).',
    });
    const [read, terminate] = script.calls;
    expect(terminate?.text).toBe(TERMINATE_TAGGED.text);
    expect(terminate?.params).toEqual({ tag: read?.config.metadata?.[READ_TAG_KEY] });
  });

  it('terminates a plan check that outlives its deadline too', async () => {
    const { gateway, script } = gatewayAnswering((text) => (text === TERMINATE_TAGGED.text ? { rows: [] } : { hang: true }));
    const error = await rejectionOf(gateway.checkPlanned('MATCH (n) RETURN n', {}, Deadline.after(20)));
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'The request ran out of time waiting for Neo4j (while checking the query with the read-only guard).',
    });
    expect(script.calls.map((call) => call.text)).toEqual(['EXPLAIN MATCH (n) RETURN n', TERMINATE_TAGGED.text]);
    expect(script.calls[1]?.params).toEqual({ tag: script.calls[0]?.config.metadata?.[READ_TAG_KEY] });
  });

  it('keeps the server’s words in the error of one of its own queries, naming the query in the detail', async () => {
    const { gateway } = gatewayAnswering({
      error: serverError('Neo.ClientError.Statement.SyntaxError', 'Invalid input near "Salary review 2026"'),
    });
    const error = await rejectionOf(gateway.read(COUNT, {}, { deadline: Deadline.after(5_000) }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).not.toContain('count_nodes');
    expect(error.message).toContain('Salary review 2026');
    expect(error.detail).toMatch(/^query count_nodes: /);
  });
});

describe('the read gateway over a driver: untrusted texts', () => {
  /** A script that plans every text as `queryType` with an allowed plan, and runs it with two rows. */
  const planning = (queryType: string | undefined, run: ScriptedAnswer = { rows: rows(2) }) =>
    gatewayAnswering((text) => (text.startsWith('EXPLAIN ') ? { summary: { queryType, plan: ALLOWED_PLAN } } : run));

  it('asks the server to plan an untrusted text in the guard stage before it runs it as "untrusted"', async () => {
    const { gateway, script } = planning('r');
    const result = await gateway.readUntrusted('MATCH (n) RETURN n.id AS id', {}, { deadline: Deadline.after(5_000) });
    expect(script.calls.map((call) => call.text)).toEqual(['EXPLAIN MATCH (n) RETURN n.id AS id', 'MATCH (n) RETURN n.id AS id']);
    expect(script.calls[0]?.config.metadata).toMatchObject({ stage: 'guard' });
    expect(result).toMatchObject({ queryName: 'untrusted', rows: rows(2) });
  });

  it('gives the plan check’s verdict with the server’s query type', async () => {
    expect(await planning('r').gateway.checkPlanned('MATCH (n) RETURN n')).toEqual({ allowed: true, queryType: 'r' });
    expect(await planning('rw').gateway.checkPlanned('MATCH (n) RETURN n')).toMatchObject({
      allowed: false,
      rule: 'not_read_only',
      queryType: 'rw',
    });
  });

  it('leaves the query type out of a verdict when the server gave none, and refuses it as not read-only', async () => {
    const verdict = await planning(undefined).gateway.checkPlanned('MATCH (n) RETURN n');
    expect(verdict).toMatchObject({ allowed: false, rule: 'not_read_only' });
    expect(verdict).not.toHaveProperty('queryType');
  });

  it('plans in a READ session of the configured database, tagged as the guard stage, and closes it', async () => {
    const { gateway, script } = planning('r');
    await gateway.checkPlanned('MATCH (n) RETURN n');
    await gateway.plannedQueryType('MATCH (n) RETURN n');
    await settle();
    expect(script.calls.map((call) => call.session)).toEqual([
      { defaultAccessMode: neo4j.session.READ, database: 'neo4j' },
      { defaultAccessMode: neo4j.session.READ, database: 'neo4j' },
    ]);
    for (const call of script.calls) {
      expect(call.config.metadata).toEqual({ app: 'provenance-lens', stage: 'guard', [READ_TAG_KEY]: expect.any(String) as unknown });
      expect(call.config.timeout).toBeGreaterThan(1_000);
    }
    expect(script.sessionsClosed()).toBe(2);
  });

  it('reads the planned query type, or "unknown" when the server gives none', async () => {
    expect(await planning('rw').gateway.plannedQueryType('MATCH (n) SET n.x = 1')).toBe('rw');
    expect(await planning(undefined).gateway.plannedQueryType('MATCH (n) RETURN n')).toBe('unknown');
  });

  it('refuses an untrusted text the server plans as a write, naming the rule, and never runs it', async () => {
    const { gateway, script } = planning('w');
    const error = await rejectionOf(gateway.readUntrusted('MATCH (n) RETURN n', {}, { deadline: Deadline.after(5_000) }));
    expect(error).toMatchObject({ kind: 'refused', detail: 'not_read_only' });
    expect(script.calls).toHaveLength(1);
  });

  it('withholds the server’s words from the error of an untrusted text that fails while it runs', async () => {
    const failing = serverError('Neo.ClientError.Statement.ArithmeticError', 'Division by zero in "Salary review 2026"');
    const { gateway } = planning('r', { error: failing });
    const error = await rejectionOf(gateway.readUntrusted('MATCH (n) RETURN 1 / 0', {}, { deadline: Deadline.after(5_000) }));
    expect(JSON.stringify(error.toData())).not.toContain('Salary review 2026');
    expect(error.detail).toBe('Neo.ClientError.Statement.ArithmeticError');
  });
});

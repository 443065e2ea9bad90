import { spawn } from 'node:child_process';
import neo4j from 'neo4j-driver';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { defineQuery } from '../../electron/graph/built-in-query';
import { readServerState, serverPaths } from '../../electron/neo4j-server/server-state';
import { Deadline } from '../../shared/deadline';
import { fixtureDriver } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';
import { transactionsWithTrace } from '../support/server-transactions';

const server = inject('neo4j');
/** What a deadline may be overrun by, generously: the answer is due at the deadline plus a 100 ms grace. */
const MARGIN_MS = 2_000;

/** A marker unique to this run, written into the heavy queries so the server's transaction list shows which are ours. */
const MARKER = `deadline-test-${process.pid}-${Date.now()}`;
/** Row-by-row heavy work: a three-way cartesian product of every node, which the server checks for termination as it goes. */
const CARTESIAN = `MATCH (a), (b), (c) WHERE a.zz IS NULL AND b.zz IS NULL AND c.zz IS NULL RETURN count(*) AS n, '${MARKER}-cartesian' AS marker`;
/** Work inside one expression (several seconds of server CPU), which Neo4j does not interrupt when the transaction is terminated. */
const ONE_EXPRESSION = `RETURN reduce(s = 0, x IN range(1, 300000000) | s + x) AS total, '${MARKER}-expression' AS marker`;

/** The transactions whose query holds `marker` (found by the query text, not by anything the app tags), with their status. */
async function transactionsOf(marker: string): Promise<{ id: string; status: string }[]> {
  const driver = fixtureDriver(server);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(
      'SHOW TRANSACTIONS YIELD transactionId, currentQuery, status WHERE currentQuery CONTAINS $marker RETURN transactionId, status',
      { marker },
    );
    return result.records.map((record) => ({ id: String(record.get('transactionId')), status: String(record.get('status')) }));
  } finally {
    await session.close();
    await driver.close();
  }
}

/** Polls until no transaction with `marker` is listed, or `withinMs` passed; returns what is still listed. */
async function settled(marker: string, withinMs: number): Promise<{ id: string; status: string }[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const listed = await transactionsOf(marker);
    if (listed.length === 0 || Date.now() > until) return listed;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a deadline bounds the whole request', () => {
  const deps = useDemoRetrievalDeps(server);

  beforeAll(async () => {
    const created_at = new Date().toISOString();
    deps().store.saveQuery({ id: 'deadline-cartesian', name: 'cartesian', cypher: CARTESIAN, created_at });
    deps().store.saveQuery({ id: 'deadline-one-expression', name: 'one expression', cypher: ONE_EXPRESSION, created_at });
    // Warm the server's planner, so a cold start does not spend the small budgets of the first stages.
    await ask(deps(), { query: 'runbook', principal: 'u-guest', mode: 'fulltext', timeout_ms: 30_000 });
    for (const text of [CARTESIAN, ONE_EXPRESSION]) await deps().gateway.explainUntrusted(text);
  });

  it('ends a heavy template in timeout near its deadline, and leaves no transaction of the request running', async () => {
    const started = Date.now();
    const { response } = await ask(deps(), {
      query: 'x',
      principal: 'u-guest',
      mode: 'cypher',
      options: { template_id: 'deadline-cartesian' },
      timeout_ms: 4_000,
    });
    expect({ outcome: response.outcome, stage: response.failed_stage }).toEqual({ outcome: 'timeout', stage: 'cypher_template' });
    expect(Date.now() - started).toBeLessThan(4_000 + MARGIN_MS);
    expect(await settled(`${MARKER}-cartesian`, 5_000)).toEqual([]);
  });

  it('answers timeout at the deadline even while the server keeps computing one expression it cannot interrupt, which it marks terminated', async () => {
    const started = Date.now();
    const { response } = await ask(deps(), {
      query: 'x',
      principal: 'u-guest',
      mode: 'cypher',
      options: { template_id: 'deadline-one-expression' },
      timeout_ms: 3_000,
    });
    expect({ outcome: response.outcome, stage: response.failed_stage }).toEqual({ outcome: 'timeout', stage: 'cypher_template' });
    expect(Date.now() - started).toBeLessThan(3_000 + MARGIN_MS);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Still computing after the answer went out, but marked terminated: nothing more can be done from outside.
    const listed = await transactionsOf(`${MARKER}-expression`);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((tx) => !tx.status.startsWith('Terminated'))).toEqual([]);
    // Let the server finish the expression, so later tests get the CPU back.
    expect(await settled(`${MARKER}-expression`, 60_000)).toEqual([]);
  }, 90_000);

  it('ends a read whose server stops answering at its deadline, not when the server comes back', async () => {
    const started = Date.now();
    const slow = defineQuery('deadline-slow', CARTESIAN);
    await expect(deps().gateway.read(slow, {}, { deadline: Deadline.after(800), stage: 'deadline-test' })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(800 + MARGIN_MS);
  });
});

describe.skipIf(!server.local)('a frozen server (skipped with NEO4J_TEST_URI: it stops the local server process for a few seconds)', () => {
  const deps = useDemoRetrievalDeps(server);
  let pid: number;

  beforeAll(async () => {
    const state = readServerState(serverPaths(server.home));
    if (!state) throw new Error(`no server state under ${server.home}`);
    pid = state.pid;
  });

  /** Stops the server process while `work` runs; a detached watchdog resumes it within 30 s even if this test process dies. */
  async function whileFrozen<T>(work: () => Promise<T>): Promise<T> {
    const watchdog = spawn('sh', ['-c', `sleep 30; kill -CONT ${pid}`], { detached: true, stdio: 'ignore' });
    watchdog.unref();
    process.kill(pid, 'SIGSTOP');
    try {
      return await work();
    } finally {
      process.kill(pid, 'SIGCONT');
      if (watchdog.pid !== undefined) process.kill(watchdog.pid, 'SIGTERM');
    }
  }

  it('answers a request to a frozen server with timeout near the deadline, then serves again once it resumes', async () => {
    const warm = await ask(deps(), { query: 'runbook', principal: 'u-sora', mode: 'fulltext', timeout_ms: 30_000 });
    expect(warm.response.outcome).toBe('ok');
    const traceId = `${MARKER}-frozen`;
    const { outcome, elapsed } = await whileFrozen(async () => {
      const started = Date.now();
      const { response } = await ask(deps(), {
        query: 'runbook',
        principal: 'u-sora',
        mode: 'fulltext',
        timeout_ms: 3_000,
        trace_id: traceId,
      });
      return { outcome: response.outcome, elapsed: Date.now() - started };
    });
    expect(['timeout', 'unavailable']).toContain(outcome);
    expect(elapsed).toBeLessThan(3_000 + MARGIN_MS);
    const again = await ask(deps(), { query: 'runbook', principal: 'u-sora', mode: 'fulltext', timeout_ms: 30_000 });
    expect(again.response.outcome).toBe('ok');
    expect(await transactionsWithTrace(server, traceId, 10_000)).toEqual([]);
  }, 60_000);

  it('gives the demo server a transaction timeout of its own', async () => {
    const driver = fixtureDriver(server);
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    try {
      const result = await session.run("SHOW SETTINGS YIELD name, value WHERE name = 'db.transaction.timeout' RETURN value");
      expect(result.records[0]?.get('value')).toBe('2m');
    } finally {
      await session.close();
      await driver.close();
    }
  });
});

import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RetrievalMode } from '../../shared/context-contract';
import type { Deadline } from '../../shared/deadline';
import { runContextRequest } from '../../electron/retrieval/context-pipeline';
import { principalCacheOf } from '../../electron/retrieval/principal-cache';
import type { StageHold } from '../../electron/retrieval/retrieval-stages';
import { ask, useDemoRetrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';
import { transactionsWithTrace, untilRunningOnServer } from '../support/server-transactions';

const server = inject('neo4j');
const QUERY = 'payment service incident runbook rollback';
const MARKER = `cancel-test-${process.pid}-${Date.now()}`;
/** Row-by-row heavy work the server checks for termination as it goes (the same shape as the deadline test's). */
const CARTESIAN = `MATCH (a), (b), (c) WHERE a.zz IS NULL AND b.zz IS NULL AND c.zz IS NULL RETURN count(*) AS n, '${MARKER}' AS marker`;

const MODES: { mode: RetrievalMode; options?: Record<string, unknown> }[] = [
  { mode: 'vector' },
  { mode: 'fulltext' },
  { mode: 'hybrid' },
  { mode: 'graph' },
  { mode: 'cypher', options: { template_id: 'chunks-containing' } },
];

/** A hold at the first read of stage `target`: `reached` resolves when the run gets there; the read waits until the run is cancelled. */
function holdAt(target: string): { hold: StageHold; reached: Promise<void> } {
  let arrive: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const hold: StageHold = (stage: string, deadline: Deadline) =>
    stage !== target
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          arrive();
          if (deadline.cancelled()) resolve();
          else deadline.signal?.addEventListener('abort', () => resolve(), { once: true });
        });
  return { hold, reached };
}

/**
 * Runs `request`, holds it at `stage`, cancels it there and returns the response. The connection's
 * cached principal is dropped first, so the principal is read (and waited for) in its own stage, as
 * on a run's first request (unless `keepCachedPrincipal`: the tests below of a cached principal's re-read).
 */
async function cancelAt(deps: RetrievalDeps, request: Record<string, unknown>, stage: string, keepCachedPrincipal = false) {
  if (!keepCachedPrincipal) principalCacheOf(deps.gateway).forget();
  const controller = new AbortController();
  const { hold, reached } = holdAt(stage);
  const running = runContextRequest({ max_tokens: 100_000, timeout_ms: 30_000, ...request }, deps, { holdAtRead: hold }, controller.signal);
  await reached;
  controller.abort();
  return running;
}

describe('cancellation ends a running request in cancelled, with the stages it reached', () => {
  const deps = useDemoRetrievalDeps(server);

  for (const { mode, options } of MODES) {
    const query = mode === 'cypher' ? 'payment' : QUERY;

    it(`${mode}: cancelled at each of its Neo4j stages, the run ends cancelled there, with the earlier stages recorded and no items`, async () => {
      // The second run is the one the cancelled runs repeat: the whole graph's counts cached by the first, so
      // its reads are those of every later run (the graph's state comes with the principal, no count is made).
      await ask(deps(), { query, principal: 'u-sora', mode, options });
      // Without the cached principal, as the cancelled runs go (cancelAt): its read is a stage of its own, waited for.
      principalCacheOf(deps().gateway).forget();
      const full = await ask(deps(), { query, principal: 'u-sora', mode, options });
      expect(['ok', 'no_evidence']).toContain(full.response.outcome);
      const readStages = [...new Set(full.run.queries.map((query) => query.stage))];
      expect(readStages.length).toBeGreaterThan(1);
      const allStages = full.response.stages.map((stage) => stage.name);
      const held = new Set<string>();
      for (const stage of readStages) {
        const { response, run } = await cancelAt(deps(), { query, principal: 'u-sora', mode, options }, stage);
        expect({ stage, outcome: response.outcome }).toEqual({ stage, outcome: 'cancelled' });
        // Some reads run side by side (the whole graph's counts beside the mode, hybrid's two searches, a template's
        // plan check): the stage named is one that was running when the cancel came, never one after the run stopped.
        expect([...readStages, 'guard']).toContain(response.failed_stage);
        held.add(response.failed_stage ?? '');
        expect(response.answerable).toBe(false);
        expect(response.items).toEqual([]);
        expect(run.outcome).toBe('cancelled');
        const reached = response.stages.map((record) => record.name);
        // Only stages the full run has, and never the last ones: the run stopped before them.
        expect(reached.every((name) => allStages.includes(name))).toBe(true);
        expect(reached).not.toContain('before_output');
        // The queries that ran before the hold are kept; the held one never ran.
        expect(run.queries.length).toBeLessThan(full.run.queries.length);
      }
      // Stopped at more than one place: the cancel ends the run where it is, not at one fixed point.
      expect(held.size).toBeGreaterThan(1);
    }, 120_000);
  }

  it('a run whose cached principal is re-read on its own beside its retrieval, cancelled during that re-read, ends cancelled with no items', async () => {
    // A template's read carries nothing (riding-read.ts): the cached principal's re-read goes alone, in its own stage.
    const request = { query: 'payment', principal: 'u-sora', mode: 'cypher' as const, options: { template_id: 'chunks-containing' } };
    await ask(deps(), request);
    const { response, run } = await cancelAt(deps(), request, 'principal', true);
    expect(response.outcome).toBe('cancelled');
    expect(response.items).toEqual([]);
    expect(run.outcome).toBe('cancelled');
    // Nothing is left unhandled (Vitest fails a file on an unhandled rejection): the re-read's cancellation is observed.
  });

  it("a run whose cached principal rides in its retrieval's first read, cancelled at that read, ends cancelled with no items", async () => {
    const request = { query: QUERY, principal: 'u-sora', mode: 'vector' as const };
    await ask(deps(), request);
    const warm = await ask(deps(), request);
    expect(warm.run.queries.map((query) => query.name)).toContainEqual(expect.stringMatching(/\+principal-and-graph-marker$/));
    const { response, run } = await cancelAt(deps(), request, 'vector', true);
    expect({ outcome: response.outcome, failed: response.failed_stage }).toEqual({ outcome: 'cancelled', failed: 'vector' });
    expect(response.items).toEqual([]);
    expect(run.outcome).toBe('cancelled');
  });

  it('a request cancelled before it starts runs no stage and no query, and names the first stage', async () => {
    const controller = new AbortController();
    controller.abort();
    const { response, run } = await runContextRequest(
      { query: QUERY, principal: 'u-sora', mode: 'hybrid', max_tokens: 100_000, timeout_ms: 30_000 },
      deps(),
      {},
      controller.signal,
    );
    expect({ outcome: response.outcome, failed: response.failed_stage }).toEqual({ outcome: 'cancelled', failed: 'principal' });
    expect(response.stages).toEqual([]);
    expect(run.queries).toEqual([]);
  });
});

describe('a cancelled heavy query leaves nothing of ours running on the server', () => {
  const deps = useDemoRetrievalDeps(server);

  beforeAll(async () => {
    deps().store.saveQuery({ id: 'cancel-cartesian', name: 'cartesian', cypher: CARTESIAN, created_at: new Date().toISOString() });
    await deps().gateway.explainUntrusted(CARTESIAN);
  });

  it('cancels a heavy template mid-query: the answer comes at once, and SHOW TRANSACTIONS lists no transaction of the run after', async () => {
    const traceId = `${MARKER}-heavy`;
    const controller = new AbortController();
    const running = runContextRequest(
      {
        query: 'x',
        principal: 'u-guest',
        mode: 'cypher',
        options: { template_id: 'cancel-cartesian' },
        timeout_ms: 60_000,
        max_tokens: 100_000,
        trace_id: traceId,
      },
      deps(),
      {},
      controller.signal,
    );
    // The heavy read is on the server, tagged with the run's trace id, before it is cancelled.
    expect((await untilRunningOnServer(server, traceId, 'cypher_template', 20_000)).length).toBeGreaterThan(0);
    const cancelledAt = Date.now();
    controller.abort();
    const { response } = await running;
    expect(Date.now() - cancelledAt).toBeLessThan(2_000);
    expect({ outcome: response.outcome, failed: response.failed_stage }).toEqual({ outcome: 'cancelled', failed: 'cypher_template' });
    expect(await transactionsWithTrace(server, traceId, 10_000)).toEqual([]);
  }, 60_000);
});

import { describe, expect, inject, it } from 'vitest';
import type { GraphGateway } from '../../electron/graph/read-gateway';
import { ask, useDemoRetrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const QUERY = 'payment service incident runbook rollback';
const TIMEOUT_MS = 6_000;
/** A third of the request's time and more: what a server that plans every read for the first time (just started, or busy) takes. */
const SLOW_MS = 2_100;

/**
 * The same gateway, as a new connection (its caches are keyed by the gateway: the principal and the
 * capabilities are read, not taken from an earlier run), whose first read of `stage` answers `delayMs`
 * late; `delayed` counts the reads held.
 */
function slowAt(gateway: GraphGateway, stage: string, delayMs: number): { gateway: GraphGateway; delayed: () => number } {
  let delayed = 0;
  const proxy = new Proxy(gateway, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'read' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<GraphGateway['read']>) => {
        if (args[2].stage === stage && delayed++ === 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return (value as GraphGateway['read']).apply(target, args);
      };
    },
  });
  return { gateway: proxy, delayed: () => delayed };
}

async function askSlow(deps: RetrievalDeps, stage: string, delayMs: number, timeoutMs = TIMEOUT_MS) {
  const slow = slowAt(deps.gateway, stage, delayMs);
  const result = await ask(
    { ...deps, gateway: slow.gateway },
    { query: QUERY, principal: 'u-sora', mode: 'hybrid', timeout_ms: timeoutMs },
  );
  // The run did read at that stage, through the slow read.
  expect(slow.delayed()).toBeGreaterThan(0);
  return result;
}

describe('a slow read before the retrieval does not end a request that has most of its time left', () => {
  const deps = useDemoRetrievalDeps(server);

  for (const stage of ['principal', 'capabilities']) {
    it(`a first run whose ${stage} read takes a third of its time answers`, async () => {
      // Warm: the server has planned every read of the run, so only the delay is slow.
      await ask(deps(), { query: QUERY, principal: 'u-sora', mode: 'hybrid' });
      const { response } = await askSlow(deps(), stage, SLOW_MS);
      expect(response.failed_stage ?? null).toBeNull();
      expect(response.outcome).toBe('ok');
      expect(response.limits.elapsed_ms).toBeGreaterThanOrEqual(SLOW_MS);
    });

    it(`a ${stage} read that outlasts the whole request still ends in timeout, naming the stage, with no items`, async () => {
      const { response } = await askSlow(deps(), stage, 3_000, 2_000);
      expect(response.outcome).toBe('timeout');
      expect(response.failed_stage).toBe(stage);
      expect(response.items).toEqual([]);
    });
  }
});

import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import type { ContextRequest } from '../../shared/context-contract';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import { runContextRequest, type PipelineDeps, type PipelineResult } from '../../electron/retrieval/context-pipeline';
import type { FaultInjection } from '../../electron/retrieval/retrieval-run';
import { createTokenCounter } from '../../electron/retrieval/token-counter';
import type { TraceStore } from '../../electron/trace-store/trace-store';
import { testGateway, useOnDemoGraph } from './demo-graph';
import { tempStores } from './temp-trace-stores';
import type { TestNeo4j } from './test-env';

/** Pipeline dependencies with their own trace store, and how to close them. */
export type RetrievalDeps = PipelineDeps & { store: TraceStore; close(): Promise<void> };

/** Pipeline dependencies on the test server with a fresh trace store in a temp folder. */
export function retrievalDeps(server: TestNeo4j, overrides: Partial<Omit<PipelineDeps, 'store'>> = {}): RetrievalDeps {
  const stores = tempStores();
  const store = stores.open();
  const gateway = testGateway(server);
  return {
    gateway,
    profile: DEFAULT_SCHEMA_PROFILE,
    policy: DEFAULT_ACCESS_POLICY,
    embedder: createHashingEmbedder(),
    tokenCounter: createTokenCounter(),
    store,
    ...overrides,
    async close() {
      stores.cleanup();
      await gateway.close();
    },
  };
}

/** Pipeline dependencies on the demo graph for the calling block, closed after it (see `useOnDemoGraph`). */
export function useDemoRetrievalDeps(server: TestNeo4j, overrides: Partial<Omit<PipelineDeps, 'store'>> = {}): () => RetrievalDeps {
  return useOnDemoGraph(server, (onServer) => retrievalDeps(onServer, overrides));
}

/** Runs a request with generous defaults for tests (a large budget, so packing cuts nothing by accident). */
export async function ask(
  deps: PipelineDeps,
  request: Partial<ContextRequest> & { query: string; principal: ContextRequest['principal'] },
  faults: FaultInjection = {},
): Promise<PipelineResult> {
  return runContextRequest({ max_tokens: 100_000, timeout_ms: 30_000, ...request }, deps, faults);
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import type { ContextRequest } from '../../shared/context-contract';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import { runContextRequest, type PipelineDeps, type PipelineResult } from '../../electron/retrieval/context-pipeline';
import type { FaultInjection } from '../../electron/retrieval/retrieval-run';
import { createTokenCounter } from '../../electron/retrieval/token-counter';
import { TraceStore } from '../../electron/trace-store/trace-store';
import { testGateway } from './demo-graph';
import type { TestNeo4j } from './test-env';

/** Pipeline dependencies on the test server with a fresh trace store in a temp folder. */
export function retrievalDeps(server: TestNeo4j, overrides: Partial<Omit<PipelineDeps, 'store'>> = {}): PipelineDeps & { store: TraceStore; close(): Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-store-'));
  const store = TraceStore.open(path.join(dir, 'traces.sqlite'));
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
      store.close();
      await gateway.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a request with generous defaults for tests (a large budget, so packing cuts nothing by accident). */
export async function ask(deps: PipelineDeps, request: Partial<ContextRequest> & { query: string; principal: ContextRequest['principal'] }, faults: FaultInjection = {}): Promise<PipelineResult> {
  return runContextRequest({ max_tokens: 100_000, timeout_ms: 30_000, ...request }, deps, faults);
}

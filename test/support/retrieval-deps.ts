import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import { ContextResponse, type ContextRequest } from '../../shared/context-contract';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import { runContextRequest, type PipelineDeps, type PipelineResult } from '../../electron/retrieval/context-pipeline';
import type { FaultInjection } from '../../electron/retrieval/retrieval-run';
import { createTokenCounter } from '../../electron/retrieval/token-counter';
import type { TraceStore } from '../../electron/trace-store/trace-store';
import { ensureDemoGraph, loadFolderGraph, testGateway, useOnDemoGraph } from './demo-graph';
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

/**
 * A markdown folder of `files` (name → text) loaded into the test server for the calling block, with
 * pipeline dependencies on it and the principal the loader made (`reader`); after the block, the
 * folder is removed and the demo graph loaded back.
 */
export function useFolderRetrievalDeps(
  server: TestNeo4j,
  files: Readonly<Record<string, string>>,
): { deps(): RetrievalDeps; reader(): string } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-folder-graph-'));
  let deps: RetrievalDeps | undefined;
  let reader = '';
  beforeAll(async () => {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
    reader = await loadFolderGraph(server, folder);
    deps = retrievalDeps(server);
  });
  afterAll(async () => {
    await deps?.close();
    fs.rmSync(folder, { recursive: true, force: true });
    await ensureDemoGraph(server);
  });
  return {
    deps: () => {
      if (!deps) throw new Error('the folder graph is not loaded yet (call deps() inside a test)');
      return deps;
    },
    reader: () => reader,
  };
}

/** The JSON a value becomes (what a door sends and the trace store keeps): undefined fields gone. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * Throws when the pipeline's response is not exactly what the contract's schema makes of it: a field
 * the schema does not know (which a door's output schema would strip), a default it lacks, a value it
 * refuses. The pipeline builds its response to the type without parsing it (run-recording.ts), so every
 * test run checks it here instead. Not under the benchmarks (which import this file outside Vitest),
 * which measure the pipeline as the app runs it.
 */
export function checkResponseContract(result: PipelineResult): void {
  const parsed = ContextResponse.safeParse(result.response);
  if (!parsed.success) throw new Error(`the response breaks its contract: ${parsed.error.message}`);
  const [made, contract] = [asJson(result.response), asJson(parsed.data)];
  if (!isDeepStrictEqual(made, contract))
    throw new Error(
      `the response is not what its contract makes of it:\n made     ${JSON.stringify(made)}\n contract ${JSON.stringify(contract)}`,
    );
}

/** Runs a request with generous defaults for tests (a large budget, so packing cuts nothing by accident). */
export async function ask(
  deps: PipelineDeps,
  request: Partial<ContextRequest> & { query: string; principal: ContextRequest['principal'] },
  faults: FaultInjection = {},
): Promise<PipelineResult> {
  const result = await runContextRequest({ max_tokens: 100_000, timeout_ms: 30_000, ...request }, deps, faults);
  if (process.env['VITEST']) checkResponseContract(result);
  return result;
}

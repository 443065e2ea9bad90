import { DEFAULT_ACCESS_POLICY } from '../shared/acl/access-policy';
import { DEFAULT_SCHEMA_PROFILE } from '../shared/schema-profile';
import { lensHome } from './app-home';
import { createHashingEmbedder } from './corpus/hashing-embedder';
import { connectionSettingsFromEnv, type ConnectionSettings } from './graph/connection-settings';
import { GraphGateway } from './graph/read-gateway';
import type { PipelineDeps } from './retrieval/context-pipeline';
import { createTokenCounter } from './retrieval/token-counter';
import { TraceStore } from './trace-store/trace-store';
import { traceStorePath } from './trace-store/trace-store-location';

/** The main-process services every door (CLI, browser host, desktop) runs on. */
export interface AppServices {
  readonly gateway: GraphGateway;
  readonly store: TraceStore;
  readonly deps: PipelineDeps;
  close(): Promise<void>;
}

/**
 * Opens the read-only gateway (from NEO4J_* or the demo server), the trace store under LENS_HOME,
 * and the retrieval's embedder, tokenizer, schema profile and access policy.
 */
export function openAppServices(options: { env?: NodeJS.ProcessEnv; connection?: ConnectionSettings } = {}): AppServices {
  const env = options.env ?? process.env;
  const store = TraceStore.open(traceStorePath(lensHome(env)));
  let gateway: GraphGateway;
  try {
    gateway = GraphGateway.open(options.connection ?? connectionSettingsFromEnv(env));
  } catch (error) {
    store.close();
    throw error;
  }
  const deps: PipelineDeps = {
    gateway,
    profile: DEFAULT_SCHEMA_PROFILE,
    policy: DEFAULT_ACCESS_POLICY,
    embedder: createHashingEmbedder(),
    tokenCounter: createTokenCounter(),
    store,
  };
  return {
    gateway,
    store,
    deps,
    async close() {
      store.close();
      await gateway.close();
    },
  };
}

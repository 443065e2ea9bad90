// electron/services/ builds the main-process services from the environment and holds them for the
// handler table: it composes the domain folders below it (graph, trace store, retrieval, secrets,
// the demo server) and sits below electron/api/, which keeps only the doors' own code.
import type { ResolvedProfile } from '../../shared/lens-profile';
import { lensHome } from '../app-home';
import type { ConnectionSettings } from '../graph/connection-settings';
import { GraphGateway } from '../graph/read-gateway';
import { chatModelInForce } from '../llm/chat-settings';
import { configuredEmbedder, savedLlmSettings } from '../llm/llm-settings-source';
import type { PipelineDeps } from '../retrieval/context-pipeline';
import { createTokenCounter } from '../retrieval/token-counter';
import { EnvironmentVault, type SecretVault } from '../secrets/secret-vault';
import { TraceStore } from '../trace-store/trace-store';
import { traceStorePath } from '../trace-store/trace-store-location';
import { connectionSettingsFromEnv } from './connection-from-env';
import { profileInUse } from './profile-source';

/** The main-process services every door (CLI, browser host, desktop) runs on. */
export interface AppServices {
  readonly gateway: GraphGateway;
  readonly store: TraceStore;
  readonly deps: PipelineDeps;
  close(): Promise<void>;
}

/** The profile named by LENS_PROFILE (a JSON file), else one loaded in Settings, else the default (see profile-source.ts). */
export function profileFromEnv(env: NodeJS.ProcessEnv = process.env): ResolvedProfile {
  return profileInUse(env);
}

/**
 * Opens the read-only gateway (from NEO4J_* or the demo server, or takes the one `gateway` gives), the
 * trace store under LENS_HOME unless one is given, and the retrieval's embedder (the environment's,
 * else the one saved in the store's `llm` settings, else hashing-384; its key from the environment or
 * `vault`), tokenizer, schema profile and access policy. `close` closes only what it opened.
 */
export function openAppServices(
  options: {
    env?: NodeJS.ProcessEnv;
    connection?: ConnectionSettings;
    store?: TraceStore;
    gateway?: () => GraphGateway;
    /** Where the OpenAI key is read (default: the environment). */
    vault?: SecretVault;
  } = {},
): AppServices {
  const env = options.env ?? process.env;
  const profile = profileFromEnv(env);
  const ownsStore = options.store === undefined;
  const store = options.store ?? TraceStore.open(traceStorePath(lensHome(env)));
  let gateway: GraphGateway;
  let embedder: PipelineDeps['embedder'];
  try {
    embedder = configuredEmbedder(env, savedLlmSettings(store), options.vault ?? null);
    gateway = options.gateway ? options.gateway() : GraphGateway.open(options.connection ?? connectionSettingsFromEnv(env));
  } catch (error) {
    if (ownsStore) store.close();
    throw error;
  }
  const ownsGateway = options.gateway === undefined;
  const deps: PipelineDeps = {
    gateway,
    profile: profile.schema,
    policy: profile.accessPolicy,
    embedder,
    tokenCounter: createTokenCounter(),
    store,
    // Read at each run, so a chat model saved in Settings applies without reopening the services.
    get chat() {
      return chatModelInForce(store, env, options.vault ?? new EnvironmentVault(env));
    },
  };
  return {
    gateway,
    store,
    deps,
    async close() {
      if (ownsStore) store.close();
      if (ownsGateway) await gateway.close();
    },
  };
}

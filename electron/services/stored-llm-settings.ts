import fs from 'node:fs';
import type { LlmSettings } from '../../shared/llm-config';
import { lensHome } from '../app-home';
import type { Embedder } from '../corpus/embedder';
import { configuredEmbedder, savedLlmSettings } from '../llm/llm-settings-source';
import { EnvironmentVault } from '../secrets/secret-vault';
import { TraceStore } from '../trace-store/trace-store';
import { traceStorePath } from '../trace-store/trace-store-location';

/**
 * The LLM settings saved in LENS_HOME's trace store (by the app's Settings screen), read without
 * creating a store where there is none: commands such as `lens embed` and `lens demo load` write
 * nothing to LENS_HOME.
 */
export function storedLlmSettings(env: NodeJS.ProcessEnv = process.env): LlmSettings | null {
  const file = traceStorePath(lensHome(env));
  if (!fs.existsSync(file)) return null;
  const store = TraceStore.open(file);
  try {
    return savedLlmSettings(store);
  } finally {
    store.close();
  }
}

/** The CLI's embedder: LENS_EMBEDDER, else the saved settings, else hashing-384; the key from OPENAI_API_KEY. */
export function cliEmbedder(env: NodeJS.ProcessEnv = process.env): Embedder {
  return configuredEmbedder(env, storedLlmSettings(env), new EnvironmentVault(env));
}

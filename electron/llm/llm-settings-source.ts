// Where the language-model settings come from: the environment (LENS_EMBEDDER, LENS_CHAT_MODEL,
// OPENAI_BASE_URL, OPENAI_API_KEY) over the settings saved in the trace store (key `llm`, the
// Settings screen) over the default (the local hashing embedder, no chat model). The API key is in
// the secret vault (the OS key store in the app) or OPENAI_API_KEY; it is never part of the settings.
import type { ZodType } from 'zod';
import { OPENAI_KEY_SECRET } from '../../shared/settings-state';
import {
  checkedBaseUrl,
  DEFAULT_LLM_SETTINGS,
  embedderName,
  llmSettingsFromEnv,
  LlmSettings,
  type EmbedderChoice,
} from '../../shared/llm-config';
import type { Embedder } from '../corpus/embedder';
import type { SecretVault } from '../secrets/secret-vault';
import { createEmbedder } from './embedder-factory';

/** The settings-table key the LLM settings are saved under. */
export const LLM_SETTINGS_KEY = 'llm';

/** Where a setting in use came from. */
export type LlmSettingSource = 'environment' | 'saved' | 'default';

/** What a store offers here: its saved settings, read with the schema. */
export interface LlmSettingsStore {
  getSetting<T>(key: string, schema: ZodType<T>): T | null;
}

/** The settings in use and where each part came from; the key only as "present, from where". */
export interface ResolvedLlmSettings {
  readonly settings: LlmSettings;
  readonly embedder: { readonly choice: EmbedderChoice; readonly name: string; readonly source: LlmSettingSource };
  /** Where the embedder's server is: its own base URL, else OPENAI_BASE_URL, else the SDK's default (OpenAI). */
  readonly baseUrl: { readonly url: string | null; readonly source: LlmSettingSource };
  readonly chatModel: { readonly model: string | null; readonly source: LlmSettingSource };
  readonly apiKey: { readonly present: boolean; readonly source: 'environment' | 'vault' | 'none' };
}

/** The settings saved in `store`, or null when none were saved (or there is no store). */
export function savedLlmSettings(store: LlmSettingsStore | null): LlmSettings | null {
  return store?.getSetting(LLM_SETTINGS_KEY, LlmSettings) ?? null;
}

/** The key: OPENAI_API_KEY first (the environment wins, as for every setting), else the vault's. */
export function openAiKey(
  env: NodeJS.ProcessEnv,
  vault: Pick<SecretVault, 'get'> | null,
): { value: string | null; source: ResolvedLlmSettings['apiKey']['source'] } {
  const fromEnv = env.OPENAI_API_KEY?.trim();
  if (fromEnv) return { value: fromEnv, source: 'environment' };
  const stored = vault?.get(OPENAI_KEY_SECRET) ?? null;
  return stored ? { value: stored, source: 'vault' } : { value: null, source: 'none' };
}

/**
 * Resolves the settings: each variable that is set wins over the saved settings, which win over the
 * default. OPENAI_BASE_URL, when set, is the server of both models, whatever was saved.
 *
 * @throws LensError `invalid_input` for a LENS_EMBEDDER or OPENAI_BASE_URL the app cannot read.
 */
export function resolveLlmSettings(
  env: NodeJS.ProcessEnv,
  saved: LlmSettings | null,
  vault: SecretVault | null = null,
): ResolvedLlmSettings {
  const base = saved ?? DEFAULT_LLM_SETTINGS;
  const settings = llmSettingsFromEnv(env, base);
  const envBaseUrl = env.OPENAI_BASE_URL?.trim() || undefined;
  const choice: EmbedderChoice =
    settings.embedder.provider === 'openai' && envBaseUrl
      ? { ...settings.embedder, base_url: checkedBaseUrl(envBaseUrl) }
      : settings.embedder;
  const fromSaved = (present: boolean): LlmSettingSource => (present ? 'saved' : 'default');
  const choiceUrl = choice.provider === 'openai' ? (choice.base_url ?? null) : null;
  const key = openAiKey(env, vault);
  return {
    settings: { ...settings, embedder: choice },
    embedder: { choice, name: embedderName(choice), source: env.LENS_EMBEDDER?.trim() ? 'environment' : fromSaved(saved !== null) },
    baseUrl: envBaseUrl ? { url: envBaseUrl, source: 'environment' } : { url: choiceUrl, source: fromSaved(choiceUrl !== null) },
    chatModel: {
      model: settings.chat_model ?? null,
      source: env.LENS_CHAT_MODEL?.trim() ? 'environment' : fromSaved(saved?.chat_model !== undefined),
    },
    apiKey: { present: key.value !== null, source: key.source },
  };
}

/** The embedder the resolved settings name, with the key from the environment or the vault. */
export function configuredEmbedder(env: NodeJS.ProcessEnv, saved: LlmSettings | null, vault: SecretVault | null = null): Embedder {
  const resolved = resolveLlmSettings(env, saved, vault);
  const key = openAiKey(env, vault).value;
  return createEmbedder(resolved.embedder.choice, key ? { apiKey: key } : {}, env);
}

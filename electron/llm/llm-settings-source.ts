// Where the language-model settings come from: the environment (LENS_EMBEDDER, LENS_CHAT_MODEL,
// OPENAI_BASE_URL, OPENAI_API_KEY) over the settings saved in the trace store (key `llm`, the
// Settings screen) over the default (the local hashing embedder, no chat model). The API key is in
// the secret vault (the OS key store in the app) or OPENAI_API_KEY; it is never part of the settings.
import { z, type ZodType } from 'zod';
import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import type { LensError } from '../../shared/lens-error';
import { redactUri } from '../../shared/redact-uri';
import { OPENAI_KEY_SECRET } from '../../shared/settings-state';
import {
  checkedBaseUrl,
  DEFAULT_LLM_SETTINGS,
  embedderName,
  llmSettingsFromEnv,
  LlmBaseUrl,
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

/** The settings saved in `store`, or null when none were saved (or there is no store). A saved base URL no model can be called with is `invalid_input` naming it (see {@link readSavedLlmSettings}). */
export function savedLlmSettings(store: LlmSettingsStore | null): LlmSettings | null {
  const { settings, problem } = readSavedLlmSettings(store);
  if (problem) throw problem;
  return settings;
}

/** The saved fields that hold a base URL. */
const BASE_URL_FIELDS = [
  { field: 'embedder.base_url', of: (value: Record<string, unknown>) => value.embedder, key: 'base_url' },
  { field: 'chat_base_url', of: (value: Record<string, unknown>) => value, key: 'chat_base_url' },
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The settings saved in `store`, and a problem with them a user can fix in Settings: a base URL an
 * earlier version kept that is no http(s) URL (`file:///srv/models`) is taken out, keeping the other
 * settings, and named with its value and what to do, rather than the whole setting read as damaged.
 * Anything else that does not fit is the store's `io` error naming the setting, as before.
 */
export function readSavedLlmSettings(store: LlmSettingsStore | null): { settings: LlmSettings | null; problem: LensError | null } {
  if (!store) return { settings: null, problem: null };
  const raw = store.getSetting(LLM_SETTINGS_KEY, z.unknown());
  if (raw === null || LlmSettings.safeParse(raw).success || !isRecord(raw))
    return { settings: store.getSetting(LLM_SETTINGS_KEY, LlmSettings), problem: null };
  const kept: Record<string, unknown> = { ...raw, ...(isRecord(raw.embedder) ? { embedder: { ...raw.embedder } } : {}) };
  let first: { field: string; url: string } | null = null;
  for (const { field, of, key } of BASE_URL_FIELDS) {
    const holder = of(kept);
    const url = isRecord(holder) ? holder[key] : undefined;
    if (!isRecord(holder) || typeof url !== 'string' || LlmBaseUrl.safeParse(url).success) continue;
    delete holder[key];
    first ??= { field, url };
  }
  const retried = first ? LlmSettings.safeParse(kept) : null;
  // Not only an old base URL: the store's own error, naming the setting and its first bad field.
  if (!first || !retried?.success) return { settings: store.getSetting(LLM_SETTINGS_KEY, LlmSettings), problem: null };
  const message = storeError('saved_base_url_not_http', { field: first.field, url: JSON.stringify(redactUri(first.url)) });
  return { settings: retried.data, problem: codedError('invalid_input', message, { hint: storeError('saved_base_url_not_http_hint') }) };
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

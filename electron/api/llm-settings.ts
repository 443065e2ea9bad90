import { codedError, problemFields, type ProblemFields } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { isLensError } from '../../shared/lens-error';
import { vaultNoteFields, vaultNoteWords } from '../secrets/secret-vault';
import { DEFAULT_LLM_SETTINGS, LlmSettings } from '../../shared/llm-config';
import { redactUri } from '../../shared/redact-uri';
import { LLM_ENV_VARIABLES, OPENAI_KEY_SECRET, type LlmSettingsState, type SettingSource } from '../../shared/settings-state';
import { LLM_SETTINGS_KEY, readSavedLlmSettings, resolveLlmSettings } from '../llm/llm-settings-source';
import type { ServiceHub } from '../services/service-hub';

/**
 * The language-model settings for the handler table: stored in the trace store under `llm` (never
 * the key), the OpenAI key in the hub's vault (the OS key store in the desktop app; the CLI and
 * browser mode read OPENAI_API_KEY and store nothing), and what is in effect once LENS_EMBEDDER,
 * LENS_CHAT_MODEL and OPENAI_BASE_URL override the stored values.
 */

function source(env: NodeJS.ProcessEnv, variable: string, stored: boolean): SettingSource {
  if (env[variable]?.trim()) return 'environment';
  return stored ? 'stored' : 'default';
}

/**
 * The settings with each base URL's credentials masked (`http://***@proxy/v1`, `?api-key=***`). The
 * store refuses to keep a URL with credentials, but OPENAI_BASE_URL may carry them, and what is in
 * effect is handed to the screen (and in browser mode to the browser), which needs only where the server is.
 */
function withBaseUrlsMasked(settings: LlmSettings): LlmSettings {
  const { embedder, chat_base_url } = settings;
  return {
    ...settings,
    embedder: embedder.provider === 'openai' && embedder.base_url ? { ...embedder, base_url: redactUri(embedder.base_url) } : embedder,
    ...(chat_base_url ? { chat_base_url: redactUri(chat_base_url) } : {}),
  };
}

/** What the Settings screen may know: stored and effective settings, their sources, and whether a key is kept (never the key or a base URL's credentials). */
export function llmSettingsState(hub: ServiceHub): LlmSettingsState {
  const env = hub.environment();
  const { settings: saved, problem: savedProblem } = readSavedLlmSettings(hub.store());
  const stored = saved ?? DEFAULT_LLM_SETTINGS;
  let effective: LlmSettings | null = null;
  let problem: ProblemFields | { problem: null } = { problem: null };
  try {
    // A saved base URL no model can be called with is the problem, with the rest of the settings shown to fix it.
    if (savedProblem) throw savedProblem;
    effective = withBaseUrlsMasked(resolveLlmSettings(env, saved).settings);
  } catch (error) {
    // A malformed LENS_EMBEDDER is shown as the problem it is, so the screen can say what to fix.
    if (!isLensError(error) || error.kind !== 'invalid_input') throw error;
    problem = problemFields(error);
  }
  const vault = hub.vault.status();
  return {
    stored,
    effective,
    sources: {
      embedder: source(env, 'LENS_EMBEDDER', saved !== null),
      chat_model: source(env, 'LENS_CHAT_MODEL', saved?.chat_model !== undefined),
    },
    env_overrides: LLM_ENV_VARIABLES.filter((variable) => Boolean(env[variable]?.trim())),
    ...problem,
    key: {
      has_key: hub.vault.get(OPENAI_KEY_SECRET) !== null,
      from_environment: Boolean(env.OPENAI_API_KEY?.trim()),
      can_store: vault.canStore,
      backend: vault.backend,
      ...vaultNoteFields(vault),
    },
  };
}

/** Saves validated settings and reopens the services on them (the next run embeds with the new choice). */
export async function saveLlmSettings(hub: ServiceHub, settings: LlmSettings): Promise<LlmSettingsState> {
  hub.store().setSetting(LLM_SETTINGS_KEY, LlmSettings.parse(settings));
  hub.llmSettingsChanged();
  return llmSettingsState(hub);
}

/**
 * Keeps the OpenAI key in the vault, or forgets it with null. A vault that keeps no secrets (the CLI,
 * browser mode, a desktop without a key store) refuses, saying why and what to do instead.
 */
export async function saveOpenAiKey(hub: ServiceHub, apiKey: string | null): Promise<LlmSettingsState> {
  const vault = hub.vault.status();
  if (apiKey !== null && !vault.canStore)
    throw codedError('refused', serverError('openai_key_not_kept', { note: vaultNoteWords(vault) }), {
      hint: serverError('openai_key_not_kept_hint'),
    });
  if (apiKey === null) hub.vault.delete(OPENAI_KEY_SECRET);
  else hub.vault.set(OPENAI_KEY_SECRET, apiKey);
  hub.llmSettingsChanged();
  return llmSettingsState(hub);
}

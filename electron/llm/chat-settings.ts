import { ChatAvailability } from '../../shared/text2cypher';
import { llmSettingsFromEnv, LlmSettings, DEFAULT_LLM_SETTINGS } from '../../shared/llm-config';
import type { z } from 'zod';
import { openAiChatModel, type ChatModel } from './chat-model';

/** Where settings are read: the trace store's settings table (`SettingsRepository.get`). */
export interface SettingsReader {
  getSetting<T>(key: string, schema: z.ZodType<T>): T | null;
}

/** The settings key the Settings screen saves `LlmSettings` under. */
export const LLM_SETTINGS_KEY = 'llm';

/**
 * The language-model settings in force for the chat model: the saved ones (Settings screen), with
 * the environment (LENS_CHAT_MODEL, OPENAI_BASE_URL) laid over them, as the CLI and browser mode
 * expect. A store without saved settings gives the defaults (no chat model).
 */
export function chatSettingsInForce(store: SettingsReader | null, env: Readonly<Record<string, string | undefined>>): LlmSettings {
  const saved = store?.getSetting(LLM_SETTINGS_KEY, LlmSettings) ?? DEFAULT_LLM_SETTINGS;
  return llmSettingsFromEnv(env, saved);
}

/** Whether Text2Cypher and the answer preview can run under `settings`, with the reason when not. */
export function chatAvailability(settings: LlmSettings): ChatAvailability {
  const model = settings.chat_model ?? null;
  return ChatAvailability.parse({
    chat_model: model,
    text2cypher:
      model === null
        ? { usable: false, reason: 'text2cypher_no_chat_model' }
        : settings.text2cypher_enabled
          ? { usable: true }
          : { usable: false, reason: 'text2cypher_not_enabled' },
    preview: model === null ? { usable: false, reason: 'preview_no_chat_model' } : { usable: true },
  });
}

/** Where the OpenAI key is read: the OS key store in the app, the environment elsewhere (`SecretVault.get`). */
export interface KeySource {
  get(name: string): string | null;
}

/** The key store's name of the OpenAI API key. */
export const OPENAI_KEY_SECRET = 'openai-api-key';

/** The chat model in force (saved settings under the environment), with its key from `keys`; null when none is named. */
export function chatModelInForce(store: SettingsReader | null, env: NodeJS.ProcessEnv, keys: KeySource): ChatModel | null {
  return openAiChatModel(chatSettingsInForce(store, env), keys.get(OPENAI_KEY_SECRET), env);
}

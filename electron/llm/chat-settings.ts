import { ChatAvailability } from '../../shared/text2cypher';
import type { LlmSettings } from '../../shared/llm-config';
import type { z } from 'zod';
import { openAiChatModel, type ChatModel } from './chat-model';
import { openAiKey, resolveLlmSettings, savedLlmSettings } from './llm-settings-source';

/** Where settings are read: the trace store's settings table (`SettingsRepository.get`). */
export interface SettingsReader {
  getSetting<T>(key: string, schema: z.ZodType<T>): T | null;
}

/**
 * The language-model settings in force for the chat model: the saved ones (Settings screen), with
 * the environment (LENS_CHAT_MODEL, OPENAI_BASE_URL) laid over them, as the CLI and browser mode
 * expect. A store without saved settings gives the defaults (no chat model).
 */
export function chatSettingsInForce(store: SettingsReader | null, env: NodeJS.ProcessEnv): LlmSettings {
  // One resolution for the embedder, the chat model and the Settings screen (llm-settings-source.ts).
  return resolveLlmSettings(env, savedLlmSettings(store)).settings;
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

/** The chat model in force (saved settings under the environment), with its key from `keys`; null when none is named. */
export function chatModelInForce(store: SettingsReader | null, env: NodeJS.ProcessEnv, keys: KeySource): ChatModel | null {
  return openAiChatModel(chatSettingsInForce(store, env), openAiKey(env, keys).value, env);
}

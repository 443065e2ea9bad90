import type { CoreMessage } from '../../shared/core-message';
import type { Deadline } from '../../shared/deadline';
import type { LlmSettings } from '../../shared/llm-config';
import { callModel, createOpenAiClient, type RetryPolicy } from './openai-client';

/** One message of a chat completion. */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

/** A chat model the app may ask (Text2Cypher, the answer preview), behind the one way calls are made. */
export interface ChatModel {
  /** The model's name, recorded with each run that used it. */
  readonly model: string;
  /** Whether Text2Cypher was turned on for this model (Settings, or LENS_CHAT_MODEL). */
  readonly text2cypherEnabled: boolean;
  /** The text of the model's reply to `messages` (empty when it said nothing), within `deadline`; `what` names the call in errors. */
  complete(what: CoreMessage, messages: readonly ChatMessage[], deadline: Deadline): Promise<string>;
}

/**
 * The chat model `settings` name, reached through the openai SDK (every call through `callModel`:
 * the deadline, retries on 429 and 5xx, errors as LensError kinds, the key redacted), or null when
 * no chat model is configured. `apiKey` comes from the key store or OPENAI_API_KEY.
 */
export function openAiChatModel(
  settings: LlmSettings,
  apiKey: string | null,
  env: NodeJS.ProcessEnv = process.env,
  retry?: RetryPolicy,
): ChatModel | null {
  const model = settings.chat_model;
  if (!model) return null;
  const client = createOpenAiClient({ baseUrl: settings.chat_base_url, apiKey: apiKey ?? undefined }, env);
  return {
    model,
    text2cypherEnabled: settings.text2cypher_enabled,
    async complete(what, messages, deadline) {
      const reply = await callModel(
        what,
        deadline,
        (options) => client.chat.completions.create({ model, messages: [...messages], temperature: 0 }, options),
        retry,
      );
      // An empty reply is returned as such: each caller says what it means for its own step.
      return reply.choices[0]?.message?.content ?? '';
    },
  };
}

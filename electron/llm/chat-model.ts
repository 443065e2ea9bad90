import type { CoreMessage } from '../../shared/core-message';
import type { Deadline } from '../../shared/deadline';
import type { LlmSettings } from '../../shared/llm-config';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { callModelThrough, createOpenAiClient, redactApiKeys, type RetryPolicy } from './openai-client';

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
      const reply = await callModelThrough(
        client,
        what,
        deadline,
        (sdk, options) => sdk.chat.completions.create({ model, messages: [...messages], temperature: 0 }, options),
        retry,
      );
      // An empty reply is returned as such: each caller says what it means for its own step. The
      // key is masked in it: a server that echoes the key must not get it into a run or a bundle.
      return redactApiKeys(completionText(what, reply));
    },
  };
}

/** What came instead of a completion, as a code worded in each language (never an English word inside a Korean sentence). */
function replyKind(reply: unknown): CoreMessage {
  if (typeof reply === 'string') return retrievalError('reply_text');
  if (reply === null) return retrievalError('reply_null');
  if (reply === undefined) return retrievalError('reply_nothing');
  if (Array.isArray(reply)) return retrievalError('reply_list');
  if (typeof reply === 'number') return retrievalError('reply_number');
  if (typeof reply === 'boolean') return retrievalError('reply_boolean');
  return retrievalError('reply_object');
}

/**
 * The text of a chat completion, or an `unavailable` error naming what came instead: a server that
 * answers 200 with a web page (a proxy's login page) or an event stream gives the SDK a string, not
 * a completion, and reading it as one failed as an internal error.
 */
function completionText(what: CoreMessage, reply: unknown): string {
  const choices = typeof reply === 'object' && reply !== null ? (reply as { choices?: unknown }).choices : undefined;
  if (!Array.isArray(choices)) {
    throw codedError('unavailable', retrievalError('model_reply_not_completion', { call: [what], got: [replyKind(reply)] }), {
      hint: retrievalError('model_reply_not_completion_hint'),
    });
  }
  const content = (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content;
  return typeof content === 'string' ? content : '';
}

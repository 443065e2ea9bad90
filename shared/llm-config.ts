import { z } from 'zod';
import { schemaIssueText } from './errors/schema-issue-messages';
import { codedError } from './coded-error';
import { storeError } from './errors/store-error-messages';
import { redactUri } from './redact-uri';

/** The local embedder's name: lexical features hashed into 384 buckets (no network, no key). */
export const HASHING_EMBEDDER_NAME = 'hashing-384';

/**
 * The address of an OpenAI-compatible server: an http or https URL. Any other URL (`file:`, `data:`,
 * `javascript:`, `ftp:`) names no server the SDK can call, so it is refused when saved, not when a run fails.
 */
export const LlmBaseUrl = z.url({ protocol: /^https?$/, error: schemaIssueText('base_url_not_http') });

/**
 * Which embedder turns queries (and, for `lens demo load`, chunks) into vectors: the local
 * hashing embedder, or a model behind the OpenAI embeddings API at OpenAI or any compatible base
 * URL. `dimensions` is sent to the API only when given (models such as text-embedding-3-* can
 * shorten their vectors); otherwise the model's own length is learned from its first reply.
 */
export const EmbedderChoice = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('hashing') }).strict(),
  z
    .object({
      provider: z.literal('openai'),
      model: z.string().trim().min(1, schemaIssueText('embedding_model_missing')),
      dimensions: z.number().int().min(1).max(16_384).optional(),
      /** An OpenAI-compatible server; absent means the SDK's default (OPENAI_BASE_URL, else api.openai.com). */
      base_url: LlmBaseUrl.optional(),
    })
    .strict(),
]);
export type EmbedderChoice = z.infer<typeof EmbedderChoice>;

/**
 * The language-model settings of a connection: the embedder, and the chat model that enables
 * `text2cypher` and the grounded answer preview (absent: both are off). The API key is never part
 * of these settings: it lives in the OS key store (app) or OPENAI_API_KEY (CLI, browser mode).
 */
export const LlmSettings = z
  .object({
    embedder: EmbedderChoice.default({ provider: 'hashing' }),
    chat_model: z.string().trim().min(1).optional(),
    /** The chat model's server when it differs from the SDK default; absent means OPENAI_BASE_URL or OpenAI. */
    chat_base_url: LlmBaseUrl.optional(),
    /** Text2Cypher runs only once a user turns it on (Settings) or sets LENS_CHAT_MODEL. */
    text2cypher_enabled: z.boolean().default(false),
  })
  .strict();
export type LlmSettings = z.infer<typeof LlmSettings>;

/** The settings a fresh install runs on: hashing embedder, no chat model. */
export const DEFAULT_LLM_SETTINGS: LlmSettings = { embedder: { provider: 'hashing' }, text2cypher_enabled: false };

/** The name recorded with vectors and runs: `hashing-384`, or `openai:<model>[:<dimensions>]`. */
export function embedderName(choice: EmbedderChoice): string {
  if (choice.provider === 'hashing') return HASHING_EMBEDDER_NAME;
  return choice.dimensions === undefined ? `openai:${choice.model}` : `openai:${choice.model}:${choice.dimensions}`;
}

/**
 * OPENAI_BASE_URL where it is applied to a model: itself when it is an http(s) URL, else an
 * `invalid_input` error that names it, credentials masked, and says what to set (the settings screen shows it as the problem).
 */
export function checkedBaseUrl(baseUrl: string): string {
  if (LlmBaseUrl.safeParse(baseUrl).success) return baseUrl;
  throw codedError('invalid_input', storeError('embedder_base_url_invalid', { url: JSON.stringify(redactUri(baseUrl)) }), {
    hint: storeError('embedder_base_url_invalid_hint'),
  });
}

/**
 * Reads LENS_EMBEDDER's form: `hashing-384`, or `openai:<model>[:<dimensions>]`. The model may not
 * contain `:`; the dimensions are a positive whole number.
 */
export function parseEmbedderSpec(spec: string, baseUrl?: string): EmbedderChoice {
  const text = spec.trim();
  if (text === HASHING_EMBEDDER_NAME) return { provider: 'hashing' };
  const parts = text.split(':');
  if (parts[0] === 'openai' && parts.length >= 2 && parts.length <= 3 && parts[1]!.trim() !== '') {
    const dimensionsText = parts[2];
    const dimensions = dimensionsText === undefined ? undefined : Number(dimensionsText);
    if (dimensions === undefined || (Number.isInteger(dimensions) && dimensions >= 1 && dimensions <= 16_384)) {
      const base_url = baseUrl ? checkedBaseUrl(baseUrl) : undefined;
      return EmbedderChoice.parse({ provider: 'openai', model: parts[1]!.trim(), dimensions, base_url });
    }
  }
  throw codedError('invalid_input', storeError('embedder_unknown', { spec: JSON.stringify(spec) }), {
    hint: storeError('embedder_unknown_hint'),
  });
}

/**
 * The settings the environment asks for (CLI and browser mode): LENS_EMBEDDER, LENS_CHAT_MODEL
 * (which also turns Text2Cypher on) and OPENAI_BASE_URL for both. Unset variables keep `base`.
 */
export function llmSettingsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  base: LlmSettings = DEFAULT_LLM_SETTINGS,
): LlmSettings {
  const baseUrl = env.OPENAI_BASE_URL?.trim() || undefined;
  const settings: LlmSettings = { ...base };
  const embedder = env.LENS_EMBEDDER?.trim();
  if (embedder) settings.embedder = parseEmbedderSpec(embedder, baseUrl);
  const chatModel = env.LENS_CHAT_MODEL?.trim();
  if (chatModel) {
    settings.chat_model = chatModel;
    settings.text2cypher_enabled = true;
    if (baseUrl) settings.chat_base_url = checkedBaseUrl(baseUrl);
  }
  return settings;
}

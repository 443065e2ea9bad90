// The model embedder: vectors from the OpenAI embeddings API, at OpenAI or any compatible server,
// through the official SDK and `callModel` (the request's deadline, retries on 429 and 5xx, errors
// as LensError kinds, keys never in a message). A reply is used only when it holds one vector per
// text, each of the expected length: a server that ignores `dimensions` is refused, not trusted.
import type OpenAI from 'openai';
import { Deadline } from '../../shared/deadline';
import { embedderName, type EmbedderChoice } from '../../shared/llm-config';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { LensError } from '../../shared/lens-error';
import type { CoreMessage } from '../../shared/core-message';
import type { Embedder } from '../corpus/embedder';
import { callModelThrough, DEFAULT_RETRY, type OpenAiClient, type RetryPolicy } from './openai-client';

type OpenAiChoice = Extract<EmbedderChoice, { provider: 'openai' }>;

/** Texts per request: well inside the API's limit (2048 inputs), small enough that a failed batch costs little. */
export const OPENAI_EMBED_BATCH = 64;
/** The time one request of `embed`/`embedMany` may take when the caller gives no deadline. */
const DEFAULT_TIMEOUT_MS = 60_000;

/** How the model embedder is built: its client and, for tests, the retry policy and batch size. */
export interface OpenAiEmbedderOptions {
  readonly client: OpenAiClient;
  readonly retry?: RetryPolicy;
  readonly batchSize?: number;
}

/**
 * An embedder backed by `choice.model`; named `openai:<model>[:<dimensions>]`, kind `semantic`.
 * With `choice.dimensions` the length is asked for and enforced; without, the first reply sets it
 * and every later reply must match.
 */
export function createOpenAiEmbedder(choice: OpenAiChoice, options: OpenAiEmbedderOptions): Embedder {
  const name = embedderName(choice);
  const batchSize = options.batchSize ?? OPENAI_EMBED_BATCH;
  let dimensions: number | null = choice.dimensions ?? null;

  const request = async (texts: readonly string[], deadline: Deadline): Promise<Float32Array[]> => {
    const reply = await callModelThrough(
      options.client,
      texts.length === 1
        ? retrievalError('call_embed_text', { embedder: name })
        : retrievalError('call_embed_texts', { count: texts.length, embedder: name }),
      deadline,
      (sdk, call) =>
        sdk.embeddings.create(
          {
            model: choice.model,
            input: [...texts],
            encoding_format: 'float',
            ...(choice.dimensions === undefined ? {} : { dimensions: choice.dimensions }),
          },
          call,
        ),
      options.retry ?? DEFAULT_RETRY,
    );
    const vectors = vectorsOf(reply, texts.length, dimensions, name);
    dimensions ??= vectors[0]?.length ?? null;
    return vectors;
  };

  const embedMany = async (texts: readonly string[], deadline = Deadline.after(DEFAULT_TIMEOUT_MS)): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += batchSize) out.push(...(await request(texts.slice(i, i + batchSize), deadline)));
    return out;
  };

  return {
    name,
    kind: 'semantic',
    batchSize,
    get dimensions() {
      return dimensions;
    },
    embedMany,
    embed: async (text, deadline) => (await embedMany([text], deadline))[0] as Float32Array,
  };
}

/** A refusal of a reply the app must not use, naming the embedder and what was wrong. */
function badReply(name: string, problem: CoreMessage, hint: CoreMessage): LensError {
  return codedError('invalid_input', retrievalError('embedding_reply_unusable', { embedder: name, problem: [problem] }), { hint });
}

/**
 * The reply's vectors in the order of the texts: exactly `count` of them, numbers only, each
 * `expected` long (or, when no length is known yet, all as long as the first).
 */
export function vectorsOf(reply: OpenAI.CreateEmbeddingResponse, count: number, expected: number | null, name: string): Float32Array[] {
  const data = Array.isArray(reply?.data) ? reply.data : [];
  if (data.length !== count)
    throw badReply(name, retrievalError('reply_vector_count', { got: data.length, count }), retrievalError('reply_vector_count_hint'));
  const ordered = [...data].sort((a, b) => a.index - b.index);
  const length = expected ?? (Array.isArray(ordered[0]?.embedding) ? ordered[0].embedding.length : 0);
  return ordered.map((item, i) => {
    const values = item.embedding as unknown;
    if (item.index !== i || !Array.isArray(values) || !values.every((value) => typeof value === 'number' && Number.isFinite(value)))
      throw badReply(name, retrievalError('reply_vector_not_numbers', { index: i }), retrievalError('reply_vector_not_numbers_hint'));
    if (values.length !== length || length === 0)
      throw badReply(
        name,
        retrievalError('reply_vector_length', { got: values.length, expected: length }),
        retrievalError('reply_vector_length_hint'),
      );
    return Float32Array.from(values as number[]);
  });
}

// The model embedder: vectors from the OpenAI embeddings API, at OpenAI or any compatible server,
// through the official SDK and `callModel` (the request's deadline, retries on 429 and 5xx, errors
// as LensError kinds, keys never in a message). A reply is used only when it holds one vector per
// text, each of the expected length: a server that ignores `dimensions` is refused, not trusted.
import type OpenAI from 'openai';
import { Deadline } from '../../shared/deadline';
import { embedderName, type EmbedderChoice } from '../../shared/llm-config';
import { LensError } from '../../shared/lens-error';
import type { Embedder } from '../corpus/embedder';
import { callModel, DEFAULT_RETRY, type RetryPolicy } from './openai-client';

type OpenAiChoice = Extract<EmbedderChoice, { provider: 'openai' }>;

/** Texts per request: well inside the API's limit (2048 inputs), small enough that a failed batch costs little. */
export const OPENAI_EMBED_BATCH = 64;
/** The time one request of `embed`/`embedMany` may take when the caller gives no deadline. */
const DEFAULT_TIMEOUT_MS = 60_000;

/** How the model embedder is built: its client and, for tests, the retry policy and batch size. */
export interface OpenAiEmbedderOptions {
  readonly client: OpenAI;
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
    const reply = await callModel(
      `Embedding ${texts.length === 1 ? 'the text' : `${texts.length} texts`} with ${name}`,
      deadline,
      (call) =>
        options.client.embeddings.create(
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
function badReply(name: string, problem: string, hint: string): LensError {
  return new LensError('invalid_input', `The embedding server's reply for ${name} cannot be used: ${problem}.`, { hint });
}

/**
 * The reply's vectors in the order of the texts: exactly `count` of them, numbers only, each
 * `expected` long (or, when no length is known yet, all as long as the first).
 */
export function vectorsOf(reply: OpenAI.CreateEmbeddingResponse, count: number, expected: number | null, name: string): Float32Array[] {
  const data = Array.isArray(reply?.data) ? reply.data : [];
  if (data.length !== count)
    throw badReply(
      name,
      `it holds ${data.length} vectors for ${count} texts`,
      'Check that the base URL points at an OpenAI-compatible embeddings API.',
    );
  const ordered = [...data].sort((a, b) => a.index - b.index);
  const length = expected ?? (Array.isArray(ordered[0]?.embedding) ? ordered[0].embedding.length : 0);
  return ordered.map((item, i) => {
    const values = item.embedding as unknown;
    if (item.index !== i || !Array.isArray(values) || !values.every((value) => typeof value === 'number' && Number.isFinite(value)))
      throw badReply(name, `vector ${i} is missing or not a list of numbers`, 'Check that the server speaks the OpenAI embeddings API.');
    if (values.length !== length || length === 0)
      throw badReply(
        name,
        `a vector has ${values.length} dimensions where ${length} were expected`,
        'The server may ignore the requested dimensions: configure the length the model makes (LENS_EMBEDDER=openai:<model>:<dimensions>, or Settings), or leave it out.',
      );
    return Float32Array.from(values as number[]);
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { createEmbedder } from '../../../electron/llm/embedder-factory';
import { createOpenAiClient } from '../../../electron/llm/openai-client';
import { createOpenAiEmbedder } from '../../../electron/llm/openai-embedder';
import { rejectionOf } from '../../support/lens-error-of';
import { startOpenAiStub, stubVector, type OpenAiStub } from '../../support/openai-stub-server';

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub({ dimensions: 24 });
});
afterAll(() => stub.close());

const KEY = 'sk-embedder-test-key-987654';

function embedder(options: { model?: string; dimensions?: number; batchSize?: number } = {}) {
  const client = createOpenAiClient({ baseUrl: stub.baseUrl, apiKey: KEY }, {});
  return createOpenAiEmbedder(
    {
      provider: 'openai',
      model: options.model ?? 'text-embedding-stub',
      ...(options.dimensions ? { dimensions: options.dimensions } : {}),
    },
    { client, retry: { attempts: 4, firstBackoffMs: 5 }, ...(options.batchSize ? { batchSize: options.batchSize } : {}) },
  );
}

/** The embeddings requests made since `before`. */
const since = (before: number) => stub.requests.slice(before).filter((request) => request.path.endsWith('/embeddings'));

describe('the OpenAI embedder against a local stub of the API', () => {
  it('names itself openai:<model>:<dimensions>, semantic, and sends the model, the dimensions and float encoding', async () => {
    const made = embedder({ dimensions: 32 });
    expect({ name: made.name, kind: made.kind, dimensions: made.dimensions }).toEqual({
      name: 'openai:text-embedding-stub:32',
      kind: 'semantic',
      dimensions: 32,
    });
    const before = stub.requests.length;
    const vector = await made.embed('payments ledger', Deadline.after(5_000));
    expect(Array.from(vector)).toEqual(stubVector('payments ledger', 32).map(Math.fround));
    expect(since(before).map((request) => request.body)).toEqual([
      { model: 'text-embedding-stub', input: ['payments ledger'], encoding_format: 'float', dimensions: 32 },
    ]);
    expect(since(before)[0]?.authorization).toBe(`Bearer ${KEY}`);
  });

  it('splits embedMany into requests of at most batchSize texts and returns the vectors in order', async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `chunk number ${i}`);
    const before = stub.requests.length;
    const vectors = await embedder({ dimensions: 16, batchSize: 3 }).embedMany(texts, Deadline.after(5_000));
    expect(since(before).map((request) => (request.body.input as string[]).length)).toEqual([3, 3, 1]);
    expect(vectors.map((vector) => Array.from(vector))).toEqual(texts.map((text) => stubVector(text, 16).map(Math.fround)));
  });

  it('sends no dimensions when none are configured and learns the length from the first reply', async () => {
    const made = embedder();
    expect(made.dimensions).toBeNull();
    const before = stub.requests.length;
    await made.embed('first');
    expect(since(before)[0]?.body).not.toHaveProperty('dimensions');
    expect(made.dimensions).toBe(24);
  });

  it('refuses a reply whose vectors have another length than configured, naming both lengths, and never returns it', async () => {
    stub.enqueue('embeddings', { body: { object: 'list', data: [{ object: 'embedding', index: 0, embedding: stubVector('x', 1536) }] } });
    const error = await rejectionOf(embedder({ dimensions: 256 }).embed('x', Deadline.after(5_000)));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(/openai:text-embedding-stub:256.*1536 dimensions where 256 were expected/);
  });

  it('refuses a later reply whose length differs from the first one learned', async () => {
    const made = embedder();
    await made.embed('first');
    stub.enqueue('embeddings', { body: { object: 'list', data: [{ object: 'embedding', index: 0, embedding: stubVector('y', 8) }] } });
    const error = await rejectionOf(made.embed('second'));
    expect(error.message).toMatch(/8 dimensions where 24 were expected/);
  });

  it('refuses a reply with fewer vectors than texts', async () => {
    stub.enqueue('embeddings', { body: { object: 'list', data: [{ object: 'embedding', index: 0, embedding: stubVector('a', 16) }] } });
    const error = await rejectionOf(embedder({ dimensions: 16 }).embedMany(['a', 'b'], Deadline.after(5_000)));
    expect(error.message).toMatch(/1 vectors for 2 texts/);
  });

  it('retries 429 and 500 replies within the deadline and then returns the vector', async () => {
    stub.enqueue(
      'embeddings',
      { status: 429, body: { error: { message: 'slow down' } } },
      { status: 500, body: { error: { message: 'boom' } } },
    );
    const before = stub.requests.length;
    const vector = await embedder({ dimensions: 16 }).embed('retry me', Deadline.after(5_000));
    expect(vector).toHaveLength(16);
    expect(since(before)).toHaveLength(3);
  });

  it('ends in timeout, not in an empty vector, when the server answers after the deadline', async () => {
    stub.enqueue('embeddings', { delayMs: 1_000, body: {} });
    const error = await rejectionOf(embedder({ dimensions: 16 }).embed('slow', Deadline.after(150)));
    expect(error.kind).toBe('timeout');
  });

  it('keeps the key out of a rejected-key error', async () => {
    stub.enqueue('embeddings', { status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    const error = await rejectionOf(embedder({ dimensions: 16 }).embed('x', Deadline.after(5_000)));
    expect(error.kind).toBe('refused');
    expect(JSON.stringify(error.toData())).not.toContain('987654');
  });
});

describe('createEmbedder', () => {
  it('builds the hashing embedder for provider hashing', () => {
    expect(createEmbedder({ provider: 'hashing' })).toMatchObject({ name: 'hashing-384', kind: 'lexical', dimensions: 384 });
  });

  it("builds a model embedder that calls the choice's base URL with the endpoint's key", async () => {
    const made = createEmbedder(
      { provider: 'openai', model: 'm', dimensions: 12, base_url: stub.baseUrl },
      { apiKey: 'sk-factory-key-1234' },
      {},
    );
    const before = stub.requests.length;
    expect(await made.embed('hello', Deadline.after(5_000))).toHaveLength(12);
    expect(since(before)[0]).toMatchObject({ authorization: 'Bearer sk-factory-key-1234', body: { model: 'm', dimensions: 12 } });
  });
});

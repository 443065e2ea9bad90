import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { callModel, createOpenAiClient, redactApiKeys } from '../../../electron/llm/openai-client';
import { rejectionOf as lensErrorOf } from '../../support/lens-error-of';
import { startOpenAiStub, type OpenAiStub } from '../../support/openai-stub-server';

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub({ dimensions: 8 });
});
afterAll(() => stub.close());

const fastRetry = { attempts: 4, firstBackoffMs: 5 };

function embedThroughStub(deadline: Deadline) {
  const client = createOpenAiClient({ baseUrl: stub.baseUrl, apiKey: 'sk-test-secret-key-123456' }, {});
  return callModel(
    'Embedding the query',
    deadline,
    (options) => client.embeddings.create({ model: 'm', input: ['a b'] }, options),
    fastRetry,
  );
}

describe('callModel through the real openai SDK against a local stub', () => {
  it('returns the embedding the server sent, with the key as a bearer token', async () => {
    const reply = await embedThroughStub(Deadline.after(5_000));
    expect(reply.data[0]?.embedding).toHaveLength(8);
    expect(stub.requests.at(-1)?.authorization).toBe('Bearer sk-test-secret-key-123456');
  });

  it('retries 429 and 500 replies and then succeeds within the deadline', async () => {
    const before = stub.requests.length;
    stub.enqueue(
      'embeddings',
      { status: 429, body: { error: { message: 'slow down' } } },
      { status: 500, body: { error: { message: 'boom' } } },
    );
    const reply = await embedThroughStub(Deadline.after(5_000));
    expect(reply.data).toHaveLength(1);
    expect(stub.requests.length - before).toBe(3);
  });

  it('gives up as unavailable after the attempts, never as an empty answer', async () => {
    stub.enqueue('embeddings', ...Array.from({ length: 4 }, () => ({ status: 503, body: { error: { message: 'down' } } })));
    const error = await lensErrorOf(embedThroughStub(Deadline.after(5_000)));
    expect(error.kind).toBe('unavailable');
  });

  it('ends in timeout when the server answers after the deadline', async () => {
    stub.enqueue('embeddings', { delayMs: 1_000, body: {} });
    const started = Date.now();
    const error = await lensErrorOf(embedThroughStub(Deadline.after(150)));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('maps a rejected key to refused without the key in the message', async () => {
    stub.enqueue('embeddings', { status: 401, body: { error: { message: 'Incorrect API key provided: sk-test-secret-key-123456' } } });
    const error = await lensErrorOf(embedThroughStub(Deadline.after(5_000)));
    expect(error.kind).toBe('refused');
    expect(`${error.message} ${error.detail ?? ''}`).not.toContain('secret-key');
  });

  it('maps an unknown model (404) to invalid_input without retrying', async () => {
    const before = stub.requests.length;
    stub.enqueue('embeddings', { status: 404, body: { error: { message: 'model not found' } } });
    const error = await lensErrorOf(embedThroughStub(Deadline.after(5_000)));
    expect(error.kind).toBe('invalid_input');
    expect(stub.requests.length - before).toBe(1);
  });
});

describe('redactApiKeys', () => {
  it('masks sk- keys and bearer tokens', () => {
    expect(redactApiKeys('key sk-abcDEF123_x and Authorization: Bearer abc.def-ghi')).toBe('key sk-*** and Authorization: Bearer ***');
  });
});

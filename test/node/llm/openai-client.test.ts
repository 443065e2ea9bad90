import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreSentence, wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { Deadline } from '../../../shared/deadline';
import { retrievalError } from '../../../shared/errors/retrieval-error-messages';
import { callModel, callModelThrough, createOpenAiClient, redactApiKeys } from '../../../electron/llm/openai-client';
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
    retrievalError('call_embed_text', { embedder: 'openai:m' }),
    deadline,
    async (options) => (await client()).embeddings.create({ model: 'm', input: ['a b'] }, options),
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
    // The call is a message of its own inside the sentence, so both are worded in one language.
    expect(error.said).toEqual({
      code: 'error_retrieval:model_server_failing',
      params: { call: [{ code: 'error_retrieval:call_embed_text', params: { embedder: 'openai:m' } }], attempts: 4 },
    });
    expect(error.message).toBe('Embedding the text with openai:m failed after 4 attempt(s): the model server is unreachable or failing.');
    expect(error.hintSaid?.code).toBe('error_retrieval:model_server_failing_hint');
    expect(wordCore(error.said as CoreMessage, 'ko')).toBe(
      'openai:m로 텍스트 임베딩이(가) 4번 시도 후 실패했습니다: 모델 서버에 연결할 수 없거나 서버가 실패하고 있습니다.',
    );
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
    expect(error.said?.code).toBe('error_retrieval:model_key_refused');
    expect(error.message).toBe('Embedding the text with openai:m was refused: the model server did not accept the API key (401).');
  });

  it('maps an unknown model (404) to invalid_input without retrying', async () => {
    const before = stub.requests.length;
    stub.enqueue('embeddings', { status: 404, body: { error: { message: 'model not found' } } });
    const error = await lensErrorOf(embedThroughStub(Deadline.after(5_000)));
    expect(error.kind).toBe('invalid_input');
    expect(stub.requests.length - before).toBe(1);
  });

  // Both said "was rejected by the model server (404)" with a hint listing model, dimensions and base URL: a
  // model name with a typo and a base URL without /v1 read the same, and neither was named.
  it('names a model the server does not have as such, in English and Korean', async () => {
    stub.enqueue('embeddings', {
      status: 404,
      body: {
        error: { message: 'The model `text-embedding-3-smal` does not exist or you do not have access to it.', code: 'model_not_found' },
      },
    });
    const error = await lensErrorOf(embedThroughStub(Deadline.after(5_000)));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('Embedding the text with openai:m was refused: the model server has no model by the name set (404).');
    expect(error.hint).toMatch(/^Name a model that server offers, in Settings/);
    expect(wordCore(error.said!, 'ko')).toBe(
      'openai:m로 텍스트 임베딩이(가) 거부되었습니다: 모델 서버에 설정한 이름의 모델이 없습니다(404).',
    );
    // A local server's wording (Ollama) is read the same way.
    stub.enqueue('embeddings', { status: 404, body: { error: { message: 'model "nomic-embed" not found, try pulling it first' } } });
    expect((await lensErrorOf(embedThroughStub(Deadline.after(5_000)))).said?.code).toBe('error_retrieval:model_not_found');
  });

  it('names a base URL that is not the API (a 404 that names no model), and says it usually ends in /v1', async () => {
    stub.enqueue('embeddings', { status: 404, raw: '404 page not found' });
    const error = await lensErrorOf(embedThroughStub(Deadline.after(5_000)));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      'Embedding the text with openai:m found no OpenAI-compatible API at the base URL: the server answered 404 (not found).',
    );
    expect(error.hint).toContain('usually ends in /v1');
    expect(wordCore(error.hintSaid!, 'ko')).toContain('/v1로 끝납니다');
  });
});

describe('a model server that wants a key', () => {
  // With no key saved and no OPENAI_API_KEY, drafting the answer preview against api.openai.com said "the model
  // server did not accept the API key (401)", as if a key had been given and was wrong.
  const draftThrough = (apiKey: string | undefined) =>
    callModelThrough(
      createOpenAiClient({ baseUrl: stub.baseUrl, ...(apiKey ? { apiKey } : {}) }, {}),
      retrievalError('call_answer_preview'),
      Deadline.after(5_000),
      (sdk, options) => sdk.embeddings.create({ model: 'm', input: ['a'] }, options),
      fastRetry,
    );
  const refusal = { status: 401, body: { error: { message: 'You didn’t provide an API key.' } } };

  it('says that no key is set, and where one goes, when none was', async () => {
    stub.enqueue('embeddings', refusal);
    const error = await lensErrorOf(draftThrough(undefined));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('The answer preview was refused (401): no API key is set, and the model server at the base URL needs one.');
    expect(error.hint).toContain('OPENAI_API_KEY');
    expect(wordCore(error.said!, 'ko')).toBe(
      '답변 미리보기이(가) 거부되었습니다(401): 설정된 API 키가 없는데 기본 URL의 모델 서버는 키가 필요합니다.',
    );
    expect(coreSentence(error.hintSaid!.code, error.hintSaid!.params, undefined, 'en', 'screen')).toContain('where `lens web` runs');
  });

  it('keeps "did not accept the API key" for a key that was given', async () => {
    stub.enqueue('embeddings', refusal);
    const error = await lensErrorOf(draftThrough('sk-test-wrong-key-987654'));
    expect(error.said?.code).toBe('error_retrieval:model_key_refused');
    expect(`${error.message} ${error.detail ?? ''}`).not.toContain('wrong-key');
  });
});

describe('redactApiKeys', () => {
  it('masks sk- keys and bearer tokens', () => {
    expect(redactApiKeys('key sk-abcDEF123_x and Authorization: Bearer abc.def-ghi')).toBe('key sk-*** and Authorization: Bearer ***');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { Deadline } from '../../../shared/deadline';
import { retrievalError } from '../../../shared/errors/retrieval-error-messages';
import { DEFAULT_LLM_SETTINGS } from '../../../shared/llm-config';
import { openAiChatModel, type ChatModel } from '../../../electron/llm/chat-model';
import { createOpenAiClient, describe as describeError, redactApiKeys } from '../../../electron/llm/openai-client';
import { rejectionOf } from '../../support/lens-error-of';
import { chatReply, startOpenAiStub, type OpenAiStub } from '../../support/openai-stub-server';

// A key of no known shape, as a self-hosted or compatible server issues them (vLLM --api-key, LiteLLM, Groq's gsk_).
const KEY = 'lensTOPSECRETkey0123456789';

let stub: OpenAiStub;
let chat: ChatModel;
beforeAll(async () => {
  stub = await startOpenAiStub({ dimensions: 8 });
  chat = openAiChatModel(
    { ...DEFAULT_LLM_SETTINGS, chat_model: 'm', chat_base_url: stub.baseUrl },
    KEY,
    {},
    { attempts: 1, firstBackoffMs: 5 },
  ) as ChatModel;
});
afterAll(() => stub.close());

const ask = () =>
  chat.complete(retrievalError('call_text2cypher', { model: 'm' }), [{ role: 'user', content: 'q' }], Deadline.after(5_000));

describe('the chat model against a server that echoes the key or answers with something else', () => {
  it('masks the key in a reply, so a Cypher or a preview carrying it never reaches a run or a bundle', async () => {
    stub.enqueue('chat', chatReply(`MATCH (c:Chunk) RETURN c.chunk_id AS chunk_id, '${KEY}' AS k LIMIT 1`));
    const text = await ask();
    expect(text).not.toContain(KEY);
    expect(text).toContain("'***' AS k");
  });

  it('masks a key of any shape in the detail of an error that echoes it', async () => {
    stub.enqueue('chat', { status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}.` } } });
    const error = await rejectionOf(ask());
    expect(error.kind).toBe('refused');
    expect(JSON.stringify(error.toData())).not.toContain(KEY);
    expect(describeError(new Error(`bad key gsk_groqlike0123456789abcdef and ${KEY}`))).toBe('bad key gsk_*** and ***');
  });

  it('says a 200 web page is no chat completion, as unavailable with what came, not an internal error', async () => {
    stub.enqueue('chat', { raw: '<html><body>Please log in</body></html>', headers: { 'content-type': 'text/html' } });
    const error = await rejectionOf(ask());
    expect(error.kind).toBe('unavailable');
    expect(error.said).toMatchObject({
      code: 'error_retrieval:model_reply_not_completion',
      params: { got: [{ code: 'error_retrieval:reply_text' }] },
    });
    expect(error.hintSaid?.code).toBe('error_retrieval:model_reply_not_completion_hint');
    // What came is a code worded in each language, not an English word inside the Korean sentence.
    expect(error.message).toContain('(it sent text)');
    expect(wordCore(error.said as CoreMessage, 'ko')).toContain('(텍스트을(를) 보냄)');
  });

  it('says broken JSON is no chat completion either, not that the server is unreachable', async () => {
    stub.enqueue('chat', { raw: '{"choices": [', headers: { 'content-type': 'application/json' } });
    const error = await rejectionOf(ask());
    expect(error.kind).toBe('unavailable');
    expect(error.said).toMatchObject({
      code: 'error_retrieval:model_reply_not_completion',
      params: { got: [{ code: 'error_retrieval:reply_malformed_json' }] },
    });
    expect(error.message).toContain('(it sent malformed JSON)');
    expect(wordCore(error.said as CoreMessage, 'ko')).toContain('(깨진 JSON을(를) 보냄)');
  });
});

describe('redactApiKeys by value', () => {
  it('masks every key a client was made with, and no word shorter than a key', () => {
    createOpenAiClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'local-server-token-42' }, {});
    createOpenAiClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'short' }, {});
    expect(redactApiKeys('token local-server-token-42 and short words')).toBe('token *** and short words');
  });
});

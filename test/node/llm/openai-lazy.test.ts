import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { createEmbedder } from '../../../electron/llm/embedder-factory';
import { openAiChatModel } from '../../../electron/llm/chat-model';
import { startOpenAiStub, type OpenAiStub } from '../../support/openai-stub-server';

// Counts the imports of the SDK: the factory runs when a module first imports `openai`, statically or not.
const sdk = vi.hoisted(() => ({ imports: 0 }));
vi.mock('openai', async (importOriginal) => {
  sdk.imports += 1;
  return importOriginal();
});

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub({ dimensions: 8 });
});
afterAll(() => stub.close());

describe('the openai SDK is imported when a model is first called, not when the app starts', () => {
  it('building the embedders and the chat model imports no SDK; the first call does, once', async () => {
    const hashing = createEmbedder({ provider: 'hashing' });
    await hashing.embed('a question', Deadline.after(5_000));
    const model = createEmbedder({ provider: 'openai', model: 'm', base_url: stub.baseUrl }, { apiKey: 'sk-lazy-test-key-000111' }, {});
    const chat = openAiChatModel(
      { embedder: { provider: 'hashing' }, chat_model: 'c', chat_base_url: stub.baseUrl, text2cypher_enabled: false },
      'sk-lazy-test-key-000111',
      {},
    );
    expect(chat).not.toBeNull();
    expect(sdk.imports).toBe(0);

    const vector = await model.embed('a question', Deadline.after(5_000));
    expect(vector).toHaveLength(8);
    expect(sdk.imports).toBe(1);
    await model.embed('another question', Deadline.after(5_000));
    expect(sdk.imports).toBe(1);
  });
});

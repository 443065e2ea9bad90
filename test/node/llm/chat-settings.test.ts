import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { chatAvailability, chatModelInForce, chatSettingsInForce } from '../../../electron/llm/chat-settings';
import { LLM_SETTINGS_KEY } from '../../../electron/llm/llm-settings-source';

/** A settings table holding `llm` (or nothing). */
const storeWith = (llm: unknown) => ({
  getSetting: <T>(key: string, schema: z.ZodType<T>): T | null =>
    key === LLM_SETTINGS_KEY && llm !== undefined ? schema.parse(llm) : null,
});

describe('the chat model in force', () => {
  it('is the saved chat model with Text2Cypher as saved', () => {
    const settings = chatSettingsInForce(storeWith({ chat_model: 'gpt-x', text2cypher_enabled: false }), {});
    expect(settings).toMatchObject({ chat_model: 'gpt-x', text2cypher_enabled: false });
    expect(chatAvailability(settings).text2cypher).toEqual({ usable: false, reason: 'text2cypher_not_enabled' });
    expect(chatAvailability(settings).preview).toEqual({ usable: true });
  });

  it('is LENS_CHAT_MODEL over the saved one, which turns Text2Cypher on', () => {
    const settings = chatSettingsInForce(storeWith({ chat_model: 'gpt-x' }), {
      LENS_CHAT_MODEL: 'local-model',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    expect(settings).toMatchObject({ chat_model: 'local-model', text2cypher_enabled: true, chat_base_url: 'http://127.0.0.1:9/v1' });
    expect(chatAvailability(settings).text2cypher).toEqual({ usable: true });
  });

  it('is none without saved settings or environment: both features say why they are off, and no model is made', () => {
    const settings = chatSettingsInForce(storeWith(undefined), {});
    expect(chatAvailability(settings)).toEqual({
      chat_model: null,
      text2cypher: { usable: false, reason: 'text2cypher_no_chat_model' },
      preview: { usable: false, reason: 'preview_no_chat_model' },
    });
    expect(chatModelInForce(storeWith(undefined), {}, { get: () => null })).toBeNull();
  });

  it('reads the key from the key source under openai-api-key', () => {
    const asked: string[] = [];
    const model = chatModelInForce(
      storeWith({ chat_model: 'gpt-x', text2cypher_enabled: true }),
      {},
      {
        get: (name) => {
          asked.push(name);
          return 'sk-test-0000';
        },
      },
    );
    expect(model).toMatchObject({ model: 'gpt-x', text2cypherEnabled: true });
    expect(asked).toEqual(['openai-api-key']);
  });
});

import { describe, expect, it } from 'vitest';
import { IMPLEMENTED_MODES } from '../../shared/context-contract';
import type { ChatAvailability } from '../../shared/text2cypher';
import { text2CypherAvailability } from '../../renderer/app/chat-mode';
import { modeChoices } from '../../renderer/app/provider-mode';

const providerOn = { usable: true, url: 'http://127.0.0.1:9/context' } as const;
const disabled = (value: ChatAvailability | null, error: unknown = null) =>
  modeChoices(IMPLEMENTED_MODES, providerOn, text2CypherAvailability({ value, error }))
    .filter((choice) => choice.disabled)
    .map((choice) => choice.mode);
const preview = { usable: true } as const;

describe('mode text2cypher in the mode pickers', () => {
  it('is usable with a chat model and Text2Cypher on, and then every mode is enabled', () => {
    const value: ChatAvailability = { chat_model: 'gpt-x', text2cypher: { usable: true }, preview };
    expect(text2CypherAvailability({ value, error: null })).toEqual({ usable: true, model: 'gpt-x' });
    expect(disabled(value)).toEqual([]);
  });

  it('is listed but disabled, with the reason, when no chat model is configured or the mode is off', () => {
    const none: ChatAvailability = {
      chat_model: null,
      text2cypher: { usable: false, reason: 'text2cypher_no_chat_model' },
      preview: { usable: false, reason: 'preview_no_chat_model' },
    };
    expect(text2CypherAvailability({ value: none, error: null })).toEqual({ usable: false, reason: 'text2cypher_no_chat_model' });
    expect(disabled(none)).toEqual(['text2cypher']);
    const off: ChatAvailability = { chat_model: 'gpt-x', text2cypher: { usable: false, reason: 'text2cypher_not_enabled' }, preview };
    expect(text2CypherAvailability({ value: off, error: null })).toEqual({ usable: false, reason: 'text2cypher_not_enabled' });
  });

  it('is disabled while the answer is pending, and when it could not be read', () => {
    expect(text2CypherAvailability({ value: null, error: null })).toEqual({ usable: false, reason: 'text2cypher_checking' });
    expect(text2CypherAvailability({ value: null, error: new Error('down') })).toEqual({ usable: false, reason: 'text2cypher_unreadable' });
    expect(disabled(null)).toEqual(['text2cypher']);
  });
});

import { describe, expect, it } from 'vitest';
import { LENS_API } from '../../shared/api/lens-api';
import { schemaMessage } from '../../shared/api/schema-message';
import { llmFormFrom, llmSettingsFromForm, type LlmForm } from '../../renderer/screens/settings/llm-form';

const EMPTY: LlmForm = { kind: 'hashing', model: '', dimensions: '', baseUrl: '', chatModel: '', chatBaseUrl: '', text2cypher: false };

/** What `llm.save` would say about the form's settings: null when they pass the operation's schema. */
function refusal(form: LlmForm): string | null {
  const parsed = LENS_API['llm.save'].input.safeParse(llmSettingsFromForm(form));
  return parsed.success ? null : schemaMessage('llm.save', parsed.error);
}

describe('the Settings form for language models', () => {
  it('turns the hashing choice into the hashing embedder, whatever the hidden model fields hold', () => {
    expect(llmSettingsFromForm({ ...EMPTY, model: 'left-over', dimensions: '512' })).toEqual({
      embedder: { provider: 'hashing' },
      text2cypher_enabled: false,
    });
  });

  it('sends OpenAI with its model and dimensions as a number, leaving empty optional fields out', () => {
    expect(llmSettingsFromForm({ ...EMPTY, kind: 'openai', model: ' text-embedding-3-small ', dimensions: '512' })).toEqual({
      embedder: { provider: 'openai', model: 'text-embedding-3-small', dimensions: 512 },
      text2cypher_enabled: false,
    });
  });

  it('round-trips a compatible server, a chat model and the Text2Cypher switch through the stored settings', () => {
    const form: LlmForm = {
      kind: 'compatible',
      model: 'nomic-embed',
      dimensions: '',
      baseUrl: 'http://localhost:8000/v1',
      chatModel: 'llama3',
      chatBaseUrl: 'http://localhost:8001/v1',
      text2cypher: true,
    };
    expect(llmFormFrom(llmSettingsFromForm(form))).toEqual(form);
  });

  it.each([
    ['no model for OpenAI', { kind: 'openai' as const }, /embedder\.model/],
    ['dimensions that are not a number', { kind: 'openai' as const, model: 'm', dimensions: 'lots' }, /embedder\.dimensions/],
    ['a compatible server without its address', { kind: 'compatible' as const, model: 'm' }, /embedder\.base_url/],
    ['a chat server address that is not a URL', { chatBaseUrl: 'my chat server' }, /chat_base_url/],
  ])('leaves %s for the API schema to refuse, naming the field', (_what, patch, field) => {
    expect(refusal({ ...EMPTY, ...patch })).toMatch(field);
  });
});

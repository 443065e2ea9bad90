import type { EmbedderChoice, LlmSettings } from '../../../shared/llm-config';

/** The embedder choices the form offers: the local hashing embedder, OpenAI, or an OpenAI-compatible server. */
export type EmbedderKind = 'hashing' | 'openai' | 'compatible';

/** The Settings form's fields as the inputs hold them (text), before they become settings. */
export interface LlmForm {
  readonly kind: EmbedderKind;
  readonly model: string;
  readonly dimensions: string;
  readonly baseUrl: string;
  readonly chatModel: string;
  readonly chatBaseUrl: string;
  readonly text2cypher: boolean;
}

/** The form filled from stored settings: an OpenAI embedder with a base URL shows as "compatible server". */
export function llmFormFrom(settings: LlmSettings): LlmForm {
  const embedder = settings.embedder;
  const openai = embedder.provider === 'openai' ? embedder : null;
  return {
    kind: openai ? (openai.base_url ? 'compatible' : 'openai') : 'hashing',
    model: openai?.model ?? '',
    dimensions: openai?.dimensions === undefined ? '' : String(openai.dimensions),
    baseUrl: openai?.base_url ?? '',
    chatModel: settings.chat_model ?? '',
    chatBaseUrl: settings.chat_base_url ?? '',
    text2cypher: settings.text2cypher_enabled,
  };
}

/**
 * The settings the form asks for. Empty optional fields are left out; the text is passed on as
 * typed otherwise (dimensions as a number when it reads as one), so the API's schema names whatever
 * is wrong, e.g. "llm.save: embedder.dimensions …", in one place for every door.
 */
export function llmSettingsFromForm(form: LlmForm): LlmSettings {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  let embedder: EmbedderChoice = { provider: 'hashing' };
  if (form.kind !== 'hashing') {
    const dimensions = text(form.dimensions);
    embedder = {
      provider: 'openai',
      model: form.model.trim(),
      ...(dimensions === undefined ? {} : { dimensions: Number(dimensions) }),
      // A compatible server needs its address; the empty text is sent so the schema names the field.
      ...(form.kind === 'compatible' ? { base_url: form.baseUrl.trim() } : {}),
    };
  }
  const chatModel = text(form.chatModel);
  const chatBaseUrl = text(form.chatBaseUrl);
  return {
    embedder,
    ...(chatModel === undefined ? {} : { chat_model: chatModel }),
    ...(chatBaseUrl === undefined ? {} : { chat_base_url: chatBaseUrl }),
    text2cypher_enabled: form.text2cypher,
  };
}

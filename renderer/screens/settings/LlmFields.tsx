import { useTranslation } from 'react-i18next';
import type { EmbedderKind, LlmForm } from './llm-form';
import { TextField } from './TextField';

/** What a group of the language-model form needs: the ids' prefix, the form, and how to change it. */
interface FieldsProps {
  readonly id: string;
  readonly form: LlmForm;
  readonly set: (patch: Partial<LlmForm>) => void;
}

const KINDS: readonly EmbedderKind[] = ['hashing', 'openai', 'compatible'];

/** The embedder: which provider, and for OpenAI or a compatible server the model, dimensions and address. */
export function EmbedderFields({ id, form, set }: FieldsProps) {
  const { t } = useTranslation('settings');
  const remote = form.kind !== 'hashing';
  return (
    <>
      <div className="st-field">
        <label htmlFor={`${id}-kind`}>{t('embedder_kind')}</label>
        <select
          id={`${id}-kind`}
          value={form.kind}
          onChange={(event) => set({ kind: event.target.value as EmbedderKind })}
          data-testid="embedder-kind"
        >
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`embedder_${kind}`)}
            </option>
          ))}
        </select>
      </div>
      {remote ? (
        <div className="st-row">
          <TextField
            id={`${id}-model`}
            label={t('embedder_model')}
            hint={t('embedder_model_hint')}
            value={form.model}
            onChange={(model) => set({ model })}
            testId="embedder-model"
          />
          <TextField
            id={`${id}-dims`}
            label={t('embedder_dimensions')}
            hint={t('embedder_dimensions_hint')}
            value={form.dimensions}
            onChange={(dimensions) => set({ dimensions })}
            testId="embedder-dimensions"
            inputMode="numeric"
          />
        </div>
      ) : null}
      {form.kind === 'compatible' ? (
        <TextField
          id={`${id}-base`}
          label={t('embedder_base_url')}
          hint={t('embedder_base_url_hint')}
          value={form.baseUrl}
          onChange={(baseUrl) => set({ baseUrl })}
          testId="embedder-base-url"
          type="url"
        />
      ) : null}
    </>
  );
}

/** The chat model for Text2Cypher and the answer preview, its server, and the Text2Cypher switch. */
export function ChatFields({ id, form, set }: FieldsProps) {
  const { t } = useTranslation('settings');
  return (
    <>
      <TextField
        id={`${id}-chat`}
        label={t('chat_model')}
        hint={t('chat_model_hint')}
        value={form.chatModel}
        onChange={(chatModel) => set({ chatModel })}
        testId="chat-model"
      />
      <TextField
        id={`${id}-chat-base`}
        label={t('chat_base_url')}
        hint={t('chat_base_url_hint')}
        value={form.chatBaseUrl}
        onChange={(chatBaseUrl) => set({ chatBaseUrl })}
        testId="chat-base-url"
        type="url"
      />
      <label className="st-switch">
        <input
          type="checkbox"
          role="switch"
          checked={form.text2cypher}
          onChange={(event) => set({ text2cypher: event.target.checked })}
          data-testid="text2cypher-switch"
        />
        {t('text2cypher')}
      </label>
    </>
  );
}

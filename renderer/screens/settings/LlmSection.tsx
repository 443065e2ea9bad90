import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LlmSettings } from '../../../shared/llm-config';
import { embedderName } from '../../../shared/llm-config';
import type { LlmSettingsState } from '../../../shared/settings-state';
import { useCoreText } from '../../app/core-text';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { ChatFields, EmbedderFields } from './LlmFields';
import { llmFormFrom, llmSettingsFromForm, type LlmForm } from './llm-form';
import { SaveNote, useSave } from './use-save';

/** What the services run on now, and where each value comes from (environment, saved here, default). */
function InEffect({ state }: { state: LlmSettingsState }) {
  const { t } = useTranslation('settings');
  const text = useCoreText();
  const effective: LlmSettings | null = state.effective;
  return (
    <div className="st-effective" data-testid="llm-effective">
      <h3>{t('in_effect')}</h3>
      {effective ? (
        <dl className="st-facts">
          <dt>{t('effective_embedder')}</dt>
          <dd className="mono" data-testid="effective-embedder" data-source={state.sources.embedder}>
            {embedderName(effective.embedder)} ({t(`source_${state.sources.embedder}`)})
          </dd>
          <dt>{t('effective_chat')}</dt>
          <dd className={effective.chat_model ? 'mono' : undefined} data-testid="effective-chat" data-source={state.sources.chat_model}>
            {effective.chat_model ? `${effective.chat_model} (${t(`source_${state.sources.chat_model}`)})` : t('effective_chat_none')}
          </dd>
        </dl>
      ) : null}
      {state.env_overrides.length > 0 ? (
        <p className="st-hint" data-testid="llm-env-overrides">
          {t('env_overrides', { variables: state.env_overrides.join(', ') })}
        </p>
      ) : null}
      {state.problem ? (
        <p className="reason-note" data-testid="llm-problem" data-code={state.problem_code}>
          {t('llm_problem', { problem: text(state.problem_code, state.problem_params, state.problem) })}
        </p>
      ) : null}
    </div>
  );
}

/** The embedder and chat model form: filled from the saved settings, saved through `llm.save`, which names any bad field. */
export function LlmSection({ state, onSaved }: { state: LlmSettingsState; onSaved: (state: LlmSettingsState) => void }) {
  const { t } = useTranslation('settings');
  const client = useLensClient();
  const id = useId();
  const [form, setForm] = useState<LlmForm>(() => llmFormFrom(state.stored));
  const save = useSave();
  const [saved, setSaved] = useState(false);
  useEffect(() => setForm(llmFormFrom(state.stored)), [state.stored]);
  const set = (patch: Partial<LlmForm>) => {
    setSaved(false);
    setForm((current) => ({ ...current, ...patch }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.run(
      () => client['llm.save'](llmSettingsFromForm(form)),
      (next) => {
        setSaved(true);
        onSaved(next);
      },
    );
  };

  return (
    <section className="panel st-llm" aria-labelledby={`${id}-heading`} data-testid="llm-section">
      <h2 id={`${id}-heading`}>{t('llm_heading')}</h2>
      <p className="st-hint">{t('llm_explained')}</p>
      <InEffect state={state} />
      <form className="st-form" onSubmit={submit} aria-label={t('llm_form_label')} noValidate>
        <EmbedderFields id={id} form={form} set={set} />
        <ChatFields id={id} form={form} set={set} />
        {form.text2cypher && form.chatModel.trim() === '' ? <p className="st-hint st-warn">{t('text2cypher_needs_model')}</p> : null}
        <div className="st-actions">
          <button type="submit" className="primary" disabled={save.busy} aria-busy={save.busy} data-testid="llm-save">
            {save.busy ? t('saving') : t('save')}
          </button>
          <SaveNote text={saved ? t('llm_saved') : null} testId="llm-saved" />
        </div>
        {save.error ? <ErrorBox error={save.error} /> : null}
      </form>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useCoreNote } from '../../app/core-text';
import { useTranslation } from 'react-i18next';
import type { LlmSettingsState } from '../../../shared/settings-state';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { TextField } from './TextField';
import { SaveNote, useSave } from './use-save';

function keyStateLabel(key: LlmSettingsState['key']): 'key_state_stored' | 'key_state_environment' | 'key_state_none' {
  if (!key.has_key) return 'key_state_none';
  return key.from_environment && !key.can_store ? 'key_state_environment' : 'key_state_stored';
}

/** Where a new key would go: the key store, the environment only (CLI, browser mode), or nowhere and why (a desktop without a key store). */
function keyHint(key: LlmSettingsState['key'], t: (text: string, options?: Record<string, string>) => string, note: string): string {
  if (key.can_store) return t('key_kept', { note });
  return key.backend === 'environment' ? t('key_environment_only') : t('key_not_kept', { note });
}

/**
 * The OpenAI key, write-only: a new key goes to the OS key store and is never shown back (only
 * whether one is kept). Where no key can be kept (browser mode, the CLI, a desktop without a key
 * store) the field is disabled and says plainly that the key comes from the environment only.
 */
export function ApiKeySection({ state, onSaved }: { state: LlmSettingsState; onSaved: (state: LlmSettingsState) => void }) {
  const { t } = useTranslation('settings');
  const noteText = useCoreNote();
  const client = useLensClient();
  const id = useId();
  const [key, setKey] = useState('');
  const save = useSave();
  const [done, setDone] = useState<'key_saved' | 'key_forgotten' | null>(null);
  const canStore = state.key.can_store;

  const send = (apiKey: string | null, outcome: 'key_saved' | 'key_forgotten') => {
    setDone(null);
    save.run(
      () => client['llm.key.save']({ api_key: apiKey }),
      (next) => {
        setDone(outcome);
        onSaved(next);
      },
    );
    // The key stays in the page no longer than one attempt.
    setKey('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(key, 'key_saved');
  };

  return (
    <section className="panel st-key" aria-labelledby={`${id}-heading`} data-testid="key-section" data-can-store={canStore}>
      <h2 id={`${id}-heading`}>{t('key_heading')}</h2>
      {/* Only a key store keeps a key: where none can, the field's hint says where the key comes from. */}
      <p className="st-hint">{t(canStore ? 'key_explained' : 'key_explained_not_kept')}</p>
      <dl className="st-facts">
        <dt>{t('key_state')}</dt>
        <dd data-testid="key-state" data-has-key={state.key.has_key}>
          {t(keyStateLabel(state.key))}
        </dd>
      </dl>
      <form className="st-form" onSubmit={submit} aria-label={t('key_heading')}>
        <TextField
          id={`${id}-key`}
          label={t('key_field')}
          hint={keyHint(state.key, t, noteText(state.key))}
          value={key}
          onChange={setKey}
          testId="key-input"
          type="password"
          disabled={!canStore}
        />
        <div className="st-actions">
          <button type="submit" className="primary" disabled={!canStore || save.busy || key.trim() === ''} data-testid="key-save">
            {save.busy ? t('saving') : t('key_save')}
          </button>
          {canStore && state.key.has_key ? (
            <button type="button" onClick={() => send(null, 'key_forgotten')} disabled={save.busy} data-testid="key-forget">
              {t('key_forget')}
            </button>
          ) : null}
          <SaveNote text={done ? t(done) : null} testId="key-done" />
        </div>
        {save.error ? <ErrorBox error={save.error} /> : null}
      </form>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useCoreNote, useCoreText } from '../../app/core-text';
import { useTranslation } from 'react-i18next';
import type { ProviderState } from '../../../shared/api/lens-api';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation } from '../../app/use-operation';

/** The endpoint in use: its URL, where it comes from and whether a token is stored (never the token), or the problem with it. */
function EndpointFacts({ state }: { state: ProviderState }) {
  const { t } = useTranslation('connect');
  const text = useCoreText();
  const { endpoint } = state;
  return (
    <dl
      className="cn-facts"
      data-testid="provider-state"
      data-source={endpoint?.source ?? 'none'}
      data-has-token={endpoint?.has_token ?? false}
    >
      <dt>{t('provider_url')}</dt>
      <dd className="mono cn-break" data-testid="provider-url">
        {endpoint?.url ?? t('provider_none')}
      </dd>
      {endpoint ? (
        <>
          <dt>{t('provider_source')}</dt>
          <dd>{t(`provider_source_${endpoint.source}`)}</dd>
          <dt>{t('provider_token')}</dt>
          <dd data-testid="provider-token-state">{endpoint.has_token ? t('provider_token_stored') : t('provider_token_none')}</dd>
        </>
      ) : null}
      {state.problem ? (
        <>
          <dt>{t('provider_problem')}</dt>
          <dd className="reason-note">{text(state.problem_code, state.problem_params, state.problem) ?? state.problem}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The endpoint mode `provider` calls: view it, save its URL and bearer token, or forget it. The token
 * is write-only: it goes to the secret store and is never shown back; where no secret store exists the
 * field is disabled and a token is refused, saying why.
 */
export function ProviderPanel() {
  const { t } = useTranslation('connect');
  const noteText = useCoreNote();
  const client = useLensClient();
  const id = useId();
  const provider = useOperation(() => client['provider.get']({}), [client]);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<'saved' | 'forgotten' | null>(null);
  const state = provider.value;

  const send = (input: { url: string | null; token?: string }, outcome: 'saved' | 'forgotten') => {
    setBusy(true);
    setError(null);
    setDone(null);
    client['provider.save'](input).then(
      () => {
        setUrl('');
        setToken('');
        setBusy(false);
        setDone(outcome);
        provider.reload();
      },
      (failure: unknown) => {
        // The token is dropped either way: it stays in the page no longer than one attempt.
        setToken('');
        setBusy(false);
        setError(failure);
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ url: url.trim(), ...(token ? { token } : {}) }, 'saved');
  };

  return (
    <section className="panel cn-provider" aria-labelledby={`${id}-heading`} data-testid="provider-panel">
      <h2 id={`${id}-heading`}>{t('provider_heading')}</h2>
      <p className="cn-hint">{t('provider_explained')}</p>
      {provider.loading && !state ? <p className="muted">{t('provider_loading')}</p> : null}
      {provider.error ? <ErrorBox error={provider.error} onRetry={provider.reload} /> : null}
      {state ? <EndpointFacts state={state} /> : null}
      {state?.endpoint?.source === 'environment' ? <p className="cn-hint">{t('provider_env_wins')}</p> : null}
      <form className="cn-profile-form" onSubmit={submit} aria-label={t('provider_form_label')}>
        <div className="cn-field">
          <label htmlFor={`${id}-url`}>{t('provider_url_field')}</label>
          <input
            id={`${id}-url`}
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="http://127.0.0.1:8080/context"
            required
            spellCheck={false}
            autoComplete="off"
            data-testid="provider-url-input"
          />
        </div>
        <div className="cn-field">
          <label htmlFor={`${id}-token`}>{t('provider_token_field')}</label>
          <input
            id={`${id}-token`}
            type="password"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            disabled={state ? !state.secrets.can_store : true}
            autoComplete="new-password"
            aria-describedby={`${id}-token-hint`}
            data-testid="provider-token-input"
          />
          <span id={`${id}-token-hint`} className="cn-hint" data-testid="provider-token-note">
            {state?.secrets.can_store
              ? t('provider_token_kept', { note: noteText(state.secrets) })
              : t('provider_token_not_kept', { note: state ? noteText(state.secrets) : '' })}
          </span>
        </div>
        <div className="cn-actions">
          <button type="submit" className="primary" disabled={busy} aria-busy={busy} data-testid="provider-save">
            {busy ? t('saving') : t('provider_save')}
          </button>
          {state?.endpoint?.source === 'saved' ? (
            <button type="button" onClick={() => send({ url: null }, 'forgotten')} disabled={busy} data-testid="provider-forget">
              {t('provider_forget')}
            </button>
          ) : null}
        </div>
        {done ? (
          <p role="status" className="cn-ok-text" data-testid="provider-done">
            {t(`provider_${done}`)}
          </p>
        ) : null}
        {error ? <ErrorBox error={error} /> : null}
      </form>
    </section>
  );
}

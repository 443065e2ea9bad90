import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCheck, ProfileState } from '../../../shared/settings-state';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { MismatchList } from '../connect/MismatchList';

/** The profile in use, read-only: where it comes from, its schema and its access policy as JSON. */
function ProfileView({ state }: { state: ProfileState }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <dl className="st-facts" data-testid="profile-state" data-source={state.source}>
        <dt>{t('profile_source')}</dt>
        <dd className="st-break">{t(`profile_source_${state.source}`, { file: state.file ?? '' })}</dd>
        {state.profile ? (
          <>
            <dt>{t('profile_name')}</dt>
            <dd className="mono" data-testid="profile-name">
              {state.profile.schema.name}
            </dd>
          </>
        ) : null}
      </dl>
      {state.source === 'environment' && state.saved_file ? (
        <p className="st-hint">{t('profile_waiting', { file: state.saved_file })}</p>
      ) : null}
      {state.problem ? <p className="reason-note">{t('profile_problem', { problem: state.problem })}</p> : null}
      {state.profile ? (
        <>
          <details className="st-json">
            <summary>{t('profile_view_schema')}</summary>
            <pre className="mono" data-testid="profile-schema-json">
              {JSON.stringify(state.profile.schema, null, 2)}
            </pre>
          </details>
          <details className="st-json">
            <summary>{t('profile_view_policy')}</summary>
            <pre className="mono" data-testid="profile-policy-json">
              {JSON.stringify(state.profile.access_policy, null, 2)}
            </pre>
          </details>
        </>
      ) : null}
    </>
  );
}

/** The check of a chosen file: valid or the problem in words, and how the connected graph differs from it. */
function CheckView({ check, fileName }: { check: ProfileCheck; fileName: string }) {
  const { t } = useTranslation('settings');
  return (
    <div className="st-check" data-testid="profile-check" data-valid={check.valid} aria-live="polite">
      <h3>{t('profile_check_result', { file: fileName })}</h3>
      {check.valid ? (
        <p className="st-ok">{t('profile_valid', { name: check.profile_name ?? '' })}</p>
      ) : (
        <p className="reason-note">{t('profile_invalid', { problem: check.problem ?? '' })}</p>
      )}
      {check.graph_problem ? <p className="st-hint">{t('profile_graph_unknown', { problem: check.graph_problem })}</p> : null}
      {check.mismatches && check.mismatches.length === 0 ? <p className="st-ok">{t('profile_fits')}</p> : null}
      {check.mismatches && check.mismatches.length > 0 ? (
        <MismatchList mismatches={check.mismatches} profile={check.profile_name ?? fileName} />
      ) : null}
    </div>
  );
}

/**
 * The schema profile and access policy: view the one in use, check a file (valid, and the graph's
 * mismatches in words) before loading it, load it, or forget a loaded one.
 */
export function ProfileSection({ state, onChanged }: { state: ProfileState; onChanged: (state: ProfileState) => void }) {
  const { t } = useTranslation('settings');
  const client = useLensClient();
  const id = useId();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [check, setCheck] = useState<ProfileCheck | null>(null);
  const [busy, setBusy] = useState<'checking' | 'saving' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<'profile_loaded' | 'profile_forgotten' | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    setCheck(null);
    setDone(null);
    setError(null);
    if (!picked) return setFile(null);
    setBusy('checking');
    try {
      const content = await picked.text();
      setFile({ name: picked.name, content });
      setCheck(await client['profile.validate']({ content, file_name: picked.name }));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };
  const load = async (content: string | null, outcome: 'profile_loaded' | 'profile_forgotten') => {
    setBusy('saving');
    setError(null);
    try {
      onChanged(await client['profile.load']({ content, ...(file && content !== null ? { file_name: file.name } : {}) }));
      setDone(outcome);
      setFile(null);
      setCheck(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel st-profile" aria-labelledby={`${id}-heading`} data-testid="profile-section">
      <h2 id={`${id}-heading`}>{t('profile_heading')}</h2>
      <p className="st-hint">{t('profile_explained')}</p>
      <ProfileView state={state} />
      <div className="st-field">
        <label htmlFor={`${id}-file`}>{t('profile_file')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,application/json"
          onChange={(event) => void choose(event)}
          data-testid="profile-file"
        />
      </div>
      {busy === 'checking' ? <p className="muted">{t('profile_checking')}</p> : null}
      {check && file ? <CheckView check={check} fileName={file.name} /> : null}
      <div className="st-actions">
        {check?.valid && file ? (
          <button
            type="button"
            className="primary"
            onClick={() => void load(file.content, 'profile_loaded')}
            disabled={busy !== null}
            data-testid="profile-load"
          >
            {busy === 'saving' ? t('saving') : t('profile_load')}
          </button>
        ) : null}
        {state.saved_file ? (
          <button type="button" onClick={() => void load(null, 'profile_forgotten')} disabled={busy !== null} data-testid="profile-forget">
            {t('profile_forget')}
          </button>
        ) : null}
        {done ? (
          <span role="status" className="st-ok" data-testid="profile-done">
            {t(done)}
          </span>
        ) : null}
      </div>
      {error ? <ErrorBox error={error} /> : null}
    </section>
  );
}

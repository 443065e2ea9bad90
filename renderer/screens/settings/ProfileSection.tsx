import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCheck, ProfileState } from '../../../shared/settings-state';
import { useCoreText } from '../../app/core-text';
import { ErrorBox } from '../../app/error-box';
import { FilePicker } from '../../app/FilePicker';
import { useLensClient } from '../../app/lens-client-context';
import { GraphSupport } from '../connect/GraphSupport';
import { MismatchList } from '../connect/MismatchList';
import { useProfileFile } from './use-profile-file';
import { SaveNote } from './use-save';

/** The profile in use, read-only: where it comes from, its schema and its access policy as JSON. */
function ProfileView({ state }: { state: ProfileState }) {
  const { t } = useTranslation('settings');
  const text = useCoreText();
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
      {state.problem ? (
        <p className="reason-note" data-testid="profile-problem" data-code={state.problem_code}>
          {t('profile_problem', { problem: text(state.problem_code, state.problem_params, state.problem) })}
        </p>
      ) : null}
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
export function CheckView({ check, fileName }: { check: ProfileCheck; fileName: string }) {
  const { t } = useTranslation('settings');
  const text = useCoreText();
  return (
    <div className="st-check" data-testid="profile-check" data-valid={check.valid} aria-live="polite">
      <h3>{t('profile_check_result', { file: fileName })}</h3>
      {check.valid ? (
        <p className="st-ok">{t('profile_valid', { name: check.profile_name ?? '' })}</p>
      ) : (
        <p className="reason-note" data-testid="profile-check-problem" data-code={check.problem_code}>
          {t('profile_invalid', { problem: text(check.problem_code, check.problem_params, check.problem ?? '') })}
        </p>
      )}
      {check.graph_problem ? (
        <p className="st-hint" data-testid="profile-graph-problem" data-code={check.graph_problem_code}>
          {t('profile_graph_unknown', { problem: text(check.graph_problem_code, check.graph_problem_params, check.graph_problem) })}
        </p>
      ) : null}
      {check.capabilities ? <GraphSupport capabilities={check.capabilities} /> : null}
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
  const { file, check, busy, error, done, choose, load } = useProfileFile(client, onChanged);

  return (
    <section className="panel st-profile" aria-labelledby={`${id}-heading`} data-testid="profile-section">
      <h2 id={`${id}-heading`}>{t('profile_heading')}</h2>
      <p className="st-hint">{t('profile_explained')}</p>
      <ProfileView state={state} />
      <div className="st-field">
        <span id={`${id}-file`} className="st-field-label">
          {t('profile_file')}
        </span>
        <FilePicker
          labelledBy={`${id}-file`}
          accept=".json,application/json"
          fileName={file ? file.name : null}
          disabled={busy !== null}
          onPick={(picked) => void choose(picked)}
          testId="profile-file"
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
        <SaveNote text={done ? t(done) : null} testId="profile-done" />
      </div>
      {error ? <ErrorBox error={error} /> : null}
    </section>
  );
}

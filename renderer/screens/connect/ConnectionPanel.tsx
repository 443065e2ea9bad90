import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../../shared/api/lens-api';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { ProfileForm } from './ProfileForm';

/** Which connection is in use, the saved profiles to switch to, and the form to save one. */
export function ConnectionPanel({ state, onChanged }: { state: ConnectionState; onChanged: () => void }) {
  const { t } = useTranslation('connect');
  const client = useLensClient();
  const [switching, setSwitching] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const { active, profiles } = state;

  const use = (profileId: string | null) => {
    setSwitching(profileId ?? 'default');
    setError(null);
    client['connections.use']({ profile_id: profileId }).then(
      () => {
        setSwitching(null);
        onChanged();
      },
      (failure: unknown) => {
        setSwitching(null);
        setError(failure);
      },
    );
  };

  return (
    <section
      className="panel cn-connection"
      aria-labelledby="cn-connection-heading"
      data-testid="connection-state"
      data-source={active.source}
    >
      <h2 id="cn-connection-heading">{t('connection_heading')}</h2>
      <dl className="cn-facts">
        <dt>{t('active_source')}</dt>
        <dd>
          <span className={`badge cn-source-${active.source}`}>{t(`source_${active.source}`)}</span>
          {active.profile_id ? <span className="mono"> {active.profile_id}</span> : null}
        </dd>
        <dt>{t('active_uri')}</dt>
        <dd className="mono cn-break">{active.uri ?? '—'}</dd>
      </dl>
      <p className="cn-hint">{t(`source_${active.source}_explained`)}</p>
      {active.profile_id ? (
        <button type="button" onClick={() => use(null)} disabled={switching !== null} data-testid="use-default">
          {switching === 'default' ? t('switching') : t('use_default')}
        </button>
      ) : null}

      <h3>{t('profiles_heading')}</h3>
      {profiles.length === 0 ? (
        <p className="muted">{t('profiles_none')}</p>
      ) : (
        <ul className="cn-profiles">
          {profiles.map((profile) => {
            const inUse = active.profile_id === profile.id;
            return (
              <li key={profile.id} data-testid="profile" data-profile-id={profile.id} data-in-use={inUse || undefined}>
                <div>
                  <strong className="mono">{profile.id}</strong>
                  {inUse ? (
                    <>
                      {' '}
                      <span className="badge current">{t('in_use')}</span>
                    </>
                  ) : null}
                  <div className="mono cn-break cn-small">{profile.uri}</div>
                  <div className="cn-small muted">
                    {t('profile_summary', { user: profile.user, database: profile.database ?? t('default_database') })} ·{' '}
                    {profile.has_password ? t('password_stored') : t('password_missing')}
                  </div>
                </div>
                <button
                  type="button"
                  onClick={() => use(profile.id)}
                  disabled={inUse || switching !== null}
                  aria-label={t('use_profile_label', { id: profile.id })}
                >
                  {switching === profile.id ? t('switching') : t('use_profile')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error ? <ErrorBox error={error} /> : null}
      <ProfileForm secrets={state.secrets} onSaved={onChanged} />
    </section>
  );
}

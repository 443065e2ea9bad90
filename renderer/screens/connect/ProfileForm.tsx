import { useId, useState, type FormEvent } from 'react';
import { useCoreNote } from '../../app/core-text';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../../shared/api/lens-api';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';

const EMPTY = { id: '', uri: '', user: '', database: '', password: '' };

/** Saves a connection profile. The password goes to the secret store named by `secrets` and is never shown back. */
export function ProfileForm({ secrets, onSaved }: { secrets: ConnectionState['secrets']; onSaved: () => void }) {
  const { t } = useTranslation('connect');
  const noteText = useCoreNote();
  const client = useLensClient();
  const id = useId();
  const [fields, setFields] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const set = (key: keyof typeof EMPTY) => (value: string) => setFields((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setSaved(null);
    const { password, database, ...profile } = fields;
    client['connections.save']({
      ...profile,
      ...(database.trim() ? { database: database.trim() } : {}),
      ...(password ? { password } : {}),
    }).then(
      () => {
        setSaved(profile.id);
        setFields(EMPTY);
        setSaving(false);
        onSaved();
      },
      (failure: unknown) => {
        // The password is dropped either way: it is never kept in the page longer than one attempt.
        setFields((current) => ({ ...current, password: '' }));
        setError(failure);
        setSaving(false);
      },
    );
  };

  const field = (
    key: keyof typeof EMPTY,
    label: string,
    props: { placeholder?: string; required?: boolean; hint?: string; pattern?: string } = {},
  ) => (
    <div className="cn-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={fields[key]}
        onChange={(event) => set(key)(event.target.value)}
        placeholder={props.placeholder}
        required={props.required}
        pattern={props.pattern}
        title={props.pattern ? props.hint : undefined}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={props.hint ? `${id}-${key}-hint` : undefined}
        data-testid={`profile-${key}`}
      />
      {props.hint ? (
        <span id={`${id}-${key}-hint`} className="cn-hint">
          {props.hint}
        </span>
      ) : null}
    </div>
  );

  return (
    <form className="cn-profile-form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('profile_form_heading')}</h3>
      {field('id', t('profile_id'), {
        placeholder: 'staging',
        required: true,
        hint: t('profile_id_hint'),
        pattern: '[a-z0-9][a-z0-9\\-]{0,40}',
      })}
      {field('uri', t('profile_uri'), {
        placeholder: 'neo4j+s://graph.example.com:7687',
        required: true,
        hint: t('profile_uri_hint'),
        pattern: '(bolt|neo4j)(\\+s|\\+ssc)?://.+',
      })}
      {field('user', t('profile_user'), { placeholder: 'neo4j', required: true })}
      {field('database', t('profile_database'), { placeholder: 'neo4j', hint: t('profile_database_hint') })}
      <div className="cn-field">
        <label htmlFor={`${id}-password`}>{t('profile_password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          value={fields.password}
          onChange={(event) => set('password')(event.target.value)}
          disabled={!secrets.can_store}
          autoComplete="new-password"
          aria-describedby={`${id}-password-hint`}
          data-testid="profile-password"
        />
        <span id={`${id}-password-hint`} className="cn-hint" data-testid="password-note">
          {secrets.can_store
            ? t('password_kept', { backend: secrets.backend, note: noteText(secrets) })
            : t('password_not_kept', { note: noteText(secrets) })}
        </span>
      </div>
      <div className="cn-actions">
        <button type="submit" className="primary" disabled={saving} aria-busy={saving} data-testid="profile-save">
          {saving ? t('saving') : t('save_profile')}
        </button>
        {saved ? (
          <span role="status" className="cn-ok-text">
            {t('profile_saved', { id: saved })}
          </span>
        ) : null}
      </div>
      {error ? <ErrorBox error={error} /> : null}
    </form>
  );
}

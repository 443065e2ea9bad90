import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiSettings } from '../../../shared/api/lens-api';
import type { LlmSettingsState, ProfileState, Retention } from '../../../shared/settings-state';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation } from '../../app/use-operation';
import { ApiKeySection } from './ApiKeySection';
import { LlmSection } from './LlmSection';
import { PrefsSection } from './PrefsSection';
import { ProfileSection } from './ProfileSection';
import { RetentionSection } from './RetentionSection';
import './settings.css';

/** One loaded value that a section may replace with what its save answered. */
function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const operation = useOperation(load, deps);
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => setValue(operation.value), [operation.value]);
  return { ...operation, value, setValue };
}

/**
 * The Settings screen: language models and the OpenAI key, the schema profile and access policy,
 * language and theme, and trace retention. Each section loads and saves on its own, so one that
 * cannot be read (say, a damaged setting) does not hide the others.
 */
export function SettingsScreen({ prefs, onPrefs }: { prefs: UiSettings; onPrefs: (patch: Partial<UiSettings>) => void }) {
  const { t } = useTranslation('settings');
  const client = useLensClient();
  const llm = useLoaded<LlmSettingsState>(() => client['llm.get']({}), [client]);
  const profile = useLoaded<ProfileState>(() => client['profile.get']({}), [client]);
  const retention = useLoaded<Retention>(() => client['retention.get']({}), [client]);

  const pending = (state: { loading: boolean; value: unknown; error: unknown; reload: () => void }) =>
    state.error ? (
      <ErrorBox error={state.error} onRetry={state.reload} />
    ) : state.loading && !state.value ? (
      <p className="panel muted">{t('loading')}</p>
    ) : null;

  return (
    <section className="st-screen" aria-labelledby="st-heading" data-testid="settings-screen">
      <h2 id="st-heading">{t('heading')}</h2>
      <div className="st-columns">
        <div className="st-column">
          {pending(llm)}
          {llm.value ? <LlmSection state={llm.value} onSaved={llm.setValue} /> : null}
          {llm.value ? <ApiKeySection state={llm.value} onSaved={llm.setValue} /> : null}
        </div>
        <div className="st-column">
          <PrefsSection prefs={prefs} onChange={onPrefs} />
          {pending(retention)}
          {retention.value ? <RetentionSection retention={retention.value} onSaved={retention.setValue} /> : null}
          {pending(profile)}
          {profile.value ? <ProfileSection state={profile.value} onChanged={profile.setValue} /> : null}
        </div>
      </div>
    </section>
  );
}

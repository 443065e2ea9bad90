import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiSettings } from '../../../shared/api/lens-api';

/**
 * Language and theme, the same choices as the header's: each change is saved on its own at once
 * (`settings.set` with only that field), so changing one never puts back an old value of the other.
 */
export function PrefsSection({ prefs, onChange }: { prefs: UiSettings; onChange: (patch: Partial<UiSettings>) => void }) {
  const { t } = useTranslation('settings');
  const common = useTranslation().t;
  const id = useId();
  return (
    <section className="panel st-prefs" aria-labelledby={`${id}-heading`} data-testid="prefs-section">
      <h2 id={`${id}-heading`}>{t('prefs_heading')}</h2>
      <p className="st-hint">{t('prefs_explained')}</p>
      <div className="st-row">
        <div className="st-field">
          <label htmlFor={`${id}-language`}>{common('language')}</label>
          <select
            id={`${id}-language`}
            value={prefs.language}
            onChange={(event) => onChange({ language: event.target.value as UiSettings['language'] })}
            data-testid="settings-language"
          >
            <option value="en">English</option>
            <option value="ko">한국어</option>
          </select>
        </div>
        <div className="st-field">
          <label htmlFor={`${id}-theme`}>{common('theme')}</label>
          <select
            id={`${id}-theme`}
            value={prefs.theme}
            onChange={(event) => onChange({ theme: event.target.value as UiSettings['theme'] })}
            data-testid="settings-theme"
          >
            <option value="light">{common('theme_light')}</option>
            <option value="dark">{common('theme_dark')}</option>
          </select>
        </div>
      </div>
    </section>
  );
}

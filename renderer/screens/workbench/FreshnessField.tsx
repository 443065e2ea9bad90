import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The freshness date (freshness_required_at), typed in the app's own format (YYYY-MM-DD, or an ISO
 * date-time, which a stored request may hold): a text field, since Chromium words `<input type="date">`
 * in the browser's locale (`mm/dd/yyyy` on the Korean UI). A day typed as 2026. 7. 1. is sent as
 * 2026-07-01 (formToRequest); anything else goes as typed, for the request's schema to name what is wrong.
 */
export function FreshnessField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('workbench');
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="wb-field">
      <label htmlFor={id}>{t('freshness_label')}</label>
      <div className="wb-inline">
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('freshness_placeholder')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hintId}
          data-testid="freshness-input"
        />
        {value !== '' ? (
          <button type="button" onClick={() => onChange('')} aria-label={t('freshness_clear_label')}>
            {t('clear')}
          </button>
        ) : null}
      </div>
      <span id={hintId} className="wb-hint">
        {t('freshness_hint')}
      </span>
    </div>
  );
}

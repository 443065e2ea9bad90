import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The freshness date (freshness_required_at). A date picker for a plain date; a stored request with a
 * full date-time keeps it as text rather than losing the time.
 */
export function FreshnessField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('workbench');
  const id = useId();
  const hintId = `${id}-hint`;
  const asDate = value === '' || PLAIN_DATE.test(value);
  return (
    <div className="wb-field">
      <label htmlFor={id}>{t('freshness_label')}</label>
      <div className="wb-inline">
        <input
          id={id}
          type={asDate ? 'date' : 'text'}
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

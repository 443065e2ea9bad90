import { useTranslation } from 'react-i18next';
import type { AdrEntry } from '../../../shared/adr-marks';
import type { Freshness } from '../../../shared/context-contract';
import { EMPTY_ADR_FILTER, isFiltered, NO_STATUS, statusOptions, type AdrFilterForm } from './adr-filter';

const STATES: readonly Freshness['state'][] = ['current', 'stale', 'unknown'];

/** The filters: text on id and title, freshness state, status, with suggestions, marked. */
export function AdrFilters({
  form,
  adrs,
  onChange,
}: {
  form: AdrFilterForm;
  adrs: readonly AdrEntry[];
  onChange: (form: AdrFilterForm) => void;
}) {
  const { t } = useTranslation('adrs');
  const { t: badge } = useTranslation('workbench');
  const { t: word } = useTranslation('freshness');
  const set = (patch: Partial<AdrFilterForm>) => onChange({ ...form, ...patch });
  const statusWord = (status: string) => (status === NO_STATUS ? t('status_none') : word(`decision_${status}`, { defaultValue: status }));
  return (
    <div className="adr-filters" role="search">
      <label>
        {t('filter_text')}{' '}
        <input
          type="search"
          value={form.text}
          placeholder={t('filter_text_placeholder')}
          onChange={(event) => set({ text: event.target.value })}
          data-testid="adr-filter-text"
        />
      </label>
      <label>
        {t('filter_freshness')}{' '}
        <select
          value={form.freshness}
          onChange={(event) => set({ freshness: event.target.value as AdrFilterForm['freshness'] })}
          data-testid="adr-filter-freshness"
        >
          <option value="">{t('filter_all')}</option>
          {STATES.map((state) => (
            <option key={state} value={state}>
              {badge(`freshness_${state}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filter_status')}{' '}
        <select value={form.status} onChange={(event) => set({ status: event.target.value })} data-testid="adr-filter-status">
          <option value="">{t('filter_all')}</option>
          {statusOptions(adrs).map((status) => (
            <option key={status} value={status}>
              {statusWord(status)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.withSuggestions}
          onChange={(event) => set({ withSuggestions: event.target.checked })}
          data-testid="adr-filter-suggestions"
        />{' '}
        {t('filter_suggestions')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.markedOnly}
          onChange={(event) => set({ markedOnly: event.target.checked })}
          data-testid="adr-filter-marked"
        />{' '}
        {t('filter_marked')}
      </label>
      {isFiltered(form) ? (
        <button type="button" onClick={() => onChange(EMPTY_ADR_FILTER)} data-testid="adr-filter-clear">
          {t('filter_clear')}
        </button>
      ) : null}
    </div>
  );
}

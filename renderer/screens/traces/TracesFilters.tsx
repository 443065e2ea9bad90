import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outcome, RetrievalMode } from '../../../shared/context-contract';
import { useErrorText } from '../../app/core-text';
import { useModeLabel } from '../../app/ModeOptions';
import { isFailure, isStopped } from './trace-format';
import { DayField, useDayProblem } from './DayField';
import { datesReversed, hasInput, EMPTY_FILTER_FORM, type RunFilterForm } from './run-filter-form';
import type { PrincipalOptions } from './use-principal-options';

const MODES = RetrievalMode.options;
const DAY_FIELDS = ['since', 'until'] as const;
/** The outcome filter's groups: answers, failures, and runs stopped by their caller (neither). */
const OUTCOME_GROUPS = [
  ['filter_answers_group', Outcome.options.filter((outcome) => !isFailure(outcome) && !isStopped(outcome))],
  ['filter_failures_group', Outcome.options.filter(isFailure)],
  ['filter_stopped_group', Outcome.options.filter(isStopped)],
] as const;

/** The search box and the filters of the run list; every change queries the store (typing is debounced by the caller). */
export function TracesFilters({
  form,
  onChange,
  principals,
}: {
  form: RunFilterForm;
  onChange: (next: RunFilterForm) => void;
  principals: PrincipalOptions;
}) {
  const { t } = useTranslation('traces');
  const modeLabel = useModeLabel();
  const set = <K extends keyof RunFilterForm>(field: K, value: RunFilterForm[K]) => onChange({ ...form, [field]: value });
  const listError = principals.listError;
  // A date's problem shows once the user is done typing it (left the field or pressed Enter), not at each key.
  const [checked, setChecked] = useState({ since: true, until: true });
  const dayProblem = useDayProblem();
  const dayProblems = {
    since: checked.since ? dayProblem(form, 'since') : undefined,
    until: checked.until ? dayProblem(form, 'until') : undefined,
  };
  const idPrefix = useId();
  // The graph's error worded from its codes in the UI's language, with what to do.
  const { t: common } = useTranslation();
  const listErrorText = useErrorText(listError);
  const offline = listError
    ? [
        t('principals_offline', { message: listErrorText.message }),
        ...(listErrorText.hint ? [common('what_to_do', { hint: listErrorText.hint })] : []),
      ].join(' ')
    : undefined;

  return (
    <div className="traces-filters" role="search">
      <label className="traces-field traces-search">
        <span>{t('search_label')}</span>
        <input
          type="search"
          value={form.text}
          placeholder={t('search_placeholder')}
          onChange={(event) => set('text', event.target.value)}
          data-testid="traces-search"
        />
      </label>
      <label className="traces-field">
        <span>{t('filter_principal')}</span>
        <select
          value={form.principalId}
          onChange={(event) => set('principalId', event.target.value)}
          data-testid="traces-filter-principal"
          title={offline}
        >
          <option value="">{t('filter_all_principals')}</option>
          {principals.ids.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <label className="traces-field">
        <span>{t('filter_mode')}</span>
        <select
          value={form.mode}
          onChange={(event) => set('mode', event.target.value as RunFilterForm['mode'])}
          data-testid="traces-filter-mode"
        >
          <option value="">{t('filter_all_modes')}</option>
          {MODES.map((mode) => (
            <option key={mode} value={mode}>
              {modeLabel(mode)}
            </option>
          ))}
        </select>
      </label>
      <label className="traces-field">
        <span>{t('filter_outcome')}</span>
        <select
          value={form.outcome}
          onChange={(event) => set('outcome', event.target.value as RunFilterForm['outcome'])}
          data-testid="traces-filter-outcome"
        >
          <option value="">{t('filter_all_outcomes')}</option>
          {OUTCOME_GROUPS.map(([group, outcomes]) => (
            <optgroup key={group} label={t(group)}>
              {outcomes.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {t(`outcome_${outcome}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {DAY_FIELDS.map((field) => (
        <DayField
          key={field}
          field={field}
          value={form[field]}
          invalid={dayProblems[field] !== undefined}
          problemId={`${idPrefix}-${field}-problem`}
          onChange={(value) => {
            setChecked((current) => ({ ...current, [field]: false }));
            set(field, value);
          }}
          onCheck={() => setChecked((current) => ({ ...current, [field]: true }))}
        />
      ))}
      <button
        type="button"
        className="traces-clear"
        onClick={() => onChange(EMPTY_FILTER_FORM)}
        disabled={!hasInput(form)}
        data-testid="traces-filter-clear"
      >
        {t('filter_clear')}
      </button>
      {DAY_FIELDS.map((field) =>
        dayProblems[field] ? (
          <p
            key={field}
            id={`${idPrefix}-${field}-problem`}
            className="traces-filter-warning"
            role="alert"
            data-testid={`traces-filter-${field}-problem`}
          >
            {dayProblems[field]}
          </p>
        ) : null,
      )}
      {datesReversed(form) ? (
        <p className="traces-filter-warning" role="status">
          {t('filter_dates_reversed')}
        </p>
      ) : null}
      {offline ? <p className="traces-filter-note muted">{offline}</p> : null}
    </div>
  );
}

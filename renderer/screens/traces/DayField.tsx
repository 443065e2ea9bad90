import { useTranslation } from 'react-i18next';
import { readDay, type RunFilterForm } from './run-filter-form';

type DayKey = 'since' | 'until';

/** The label of each date field, as a message code of the traces texts. */
const LABELS: Readonly<Record<DayKey, string>> = { since: 'filter_since', until: 'filter_until' };

/** Today as yyyy-mm-dd in the viewer's time zone: the example a date error gives. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** What is wrong with a date field's text, worded in the UI's language; undefined when it is empty or a day. */
export function useDayProblem(): (form: RunFilterForm, field: DayKey) => string | undefined {
  const { t } = useTranslation('traces');
  return (form, field) => {
    const day = readDay(form[field]);
    if (typeof day === 'string') return undefined;
    const key = day.problem === 'no_such_day' ? 'filter_date_no_such_day' : 'filter_date_not_a_date';
    return t(key, { field: t(LABELS[field]), value: form[field].trim(), example: today() });
  };
}

/**
 * A date filter as a text field in the app's own format (YYYY-MM-DD): Chromium words a native
 * `<input type="date">` in the browser's locale (`mm/dd/yyyy` on a Korean UI), and neither the `lang`
 * attribute nor the page's language changes it. A text that is not a day is said so by the caller
 * (`problemId` names that sentence) and is not applied.
 */
export function DayField({
  field,
  value,
  invalid,
  problemId,
  onChange,
  onCheck,
}: {
  field: DayKey;
  value: string;
  invalid: boolean;
  problemId: string;
  onChange: (value: string) => void;
  /** The user is done typing (left the field, or pressed Enter): a problem may be shown now. */
  onCheck: () => void;
}) {
  const { t } = useTranslation('traces');
  return (
    <label className="traces-field traces-day">
      <span>{t(LABELS[field])}</span>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        size={11}
        value={value}
        placeholder={t('date_placeholder')}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? problemId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onCheck}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCheck();
        }}
        data-testid={`traces-filter-${field}`}
      />
    </label>
  );
}

import type { Outcome, RetrievalMode } from '../../../shared/context-contract';
import type { RunFilter } from '../../../shared/trace-record';
import { readDay } from '../../app/typed-day';

export { readDay, type DayProblem, type ReadDay } from '../../app/typed-day';

/**
 * The filter controls as the user set them: '' means "any". Dates are the text typed in the date
 * fields (a text field in the app's own format, since Chromium words `<input type="date">` in the
 * browser's locale, `mm/dd/yyyy`, whatever the UI's language): read with {@link readDay}.
 */
export interface RunFilterForm {
  readonly text: string;
  readonly principalId: string;
  readonly mode: RetrievalMode | '';
  readonly outcome: Outcome | '';
  /** The first day to include, in the viewer's time zone, as typed (yyyy-mm-dd once read). */
  readonly since: string;
  /** The last day to include, in the viewer's time zone, as typed (yyyy-mm-dd once read). */
  readonly until: string;
}

/** No filter: the whole history. */
export const EMPTY_FILTER_FORM: RunFilterForm = { text: '', principalId: '', mode: '', outcome: '', since: '', until: '' };

/** The store filter (without its page) for the form: days become local-midnight instants, the "to" day inclusive. */
export function toRunFilter(form: RunFilterForm): Omit<RunFilter, 'limit' | 'offset'> {
  const filter: Omit<RunFilter, 'limit' | 'offset'> = {};
  const text = form.text.trim();
  if (text !== '') filter.text = text;
  if (form.principalId !== '') filter.principal_id = form.principalId;
  if (form.mode !== '') filter.mode = form.mode;
  if (form.outcome !== '') filter.outcome = form.outcome;
  const since = localDayBound(form.since, 'start');
  if (since) filter.since = since;
  const until = localDayBound(form.until, 'end');
  if (until) filter.until = until;
  return filter;
}

/** True when the form narrows the history at all. */
export function isFiltered(form: RunFilterForm): boolean {
  return Object.keys(toRunFilter(form)).length > 0;
}

/** True when any control holds something, read or not (a date that is not a day still has something to clear). */
export function hasInput(form: RunFilterForm): boolean {
  return isFiltered(form) || form.since.trim() !== '' || form.until.trim() !== '';
}

/** True when both days are read and "from" is after "to". */
export function datesReversed(form: RunFilterForm): boolean {
  const since = readDay(form.since);
  const until = readDay(form.until);
  return typeof since === 'string' && typeof until === 'string' && since !== '' && until !== '' && since > until;
}

function localDayBound(text: string, edge: 'start' | 'end'): string | undefined {
  const day = readDay(text);
  if (typeof day !== 'string' || day === '') return undefined;
  const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

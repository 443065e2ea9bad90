import type { Outcome, RetrievalMode } from '../../../shared/context-contract';
import type { RunFilter } from '../../../shared/trace-record';

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

/** Why a typed date is not read as a day: not shaped as one, or shaped as a day that does not exist (2026-02-30). */
export type DayProblem = 'not_a_date' | 'no_such_day';

/** A date field's text as read: '' for nothing typed, the day as yyyy-mm-dd, or what is wrong with it. */
export type ReadDay = string | { readonly problem: DayProblem };

/**
 * Reads a typed day: year, month and day in that order (the ISO order, which Korean writes too),
 * separated by "-", "/" or "." with spaces allowed around them: 2026-07-01, 2026/7/1, 2026. 7. 1.
 * (as Korean dates are written). Anything else, 07/01/2026 included (which order?), is not read;
 * a day the calendar does not have (2026-02-30, 2026-13-01) is said so, never moved to another day.
 */
export function readDay(text: string): ReadDay {
  const typed = text.trim();
  if (typed === '') return '';
  const parts = /^(\d{4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,2})\s*\.?$/.exec(typed);
  if (!parts) return { problem: 'not_a_date' };
  const [year, month, day] = [Number(parts[1]), Number(parts[3]), Number(parts[4])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return { problem: 'no_such_day' };
  return `${parts[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function localDayBound(text: string, edge: 'start' | 'end'): string | undefined {
  const day = readDay(text);
  if (typeof day !== 'string' || day === '') return undefined;
  const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

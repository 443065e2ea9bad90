import type { Outcome, RetrievalMode } from '../../../shared/context-contract';
import type { RunFilter } from '../../../shared/trace-record';

/** The filter controls as the user set them: '' means "any". Dates are the `<input type="date">` values. */
export interface RunFilterForm {
  readonly text: string;
  readonly principalId: string;
  readonly mode: RetrievalMode | '';
  readonly outcome: Outcome | '';
  /** yyyy-mm-dd, the first day to include, in the viewer's time zone. */
  readonly since: string;
  /** yyyy-mm-dd, the last day to include, in the viewer's time zone. */
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

/** True when both days are set and "from" is after "to". */
export function datesReversed(form: RunFilterForm): boolean {
  return form.since !== '' && form.until !== '' && form.since > form.until;
}

function localDayBound(day: string, edge: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

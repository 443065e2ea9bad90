import type { AdrEntry } from '../../../shared/adr-marks';
import type { Freshness } from '../../../shared/context-contract';

/** The filters of the Stale ADRs screen as the form holds them; an empty value filters nothing. */
export interface AdrFilterForm {
  readonly text: string;
  readonly freshness: Freshness['state'] | '';
  /** A normalised status, `none` for records without one, or '' for all. */
  readonly status: string;
  readonly withSuggestions: boolean;
  readonly markedOnly: boolean;
}

export const EMPTY_ADR_FILTER: AdrFilterForm = { text: '', freshness: '', status: '', withSuggestions: false, markedOnly: false };

/** The value of the status filter for records the graph gives no status. */
export const NO_STATUS = 'none';

/** True when any filter is set. */
export function isFiltered(form: AdrFilterForm): boolean {
  return form.text.trim() !== '' || form.freshness !== '' || form.status !== '' || form.withSuggestions || form.markedOnly;
}

/** Case- and width-insensitive text for matching (`ADR-003` finds `adr-003`, full-width letters their ASCII). */
function folded(value: string): string {
  return value.normalize('NFKC').toLocaleLowerCase();
}

function matchesText(entry: AdrEntry, text: string): boolean {
  const needle = folded(text.trim());
  if (needle === '') return true;
  return [entry.adr_id, entry.title, entry.document_id].some((field) => field !== null && folded(field).includes(needle));
}

/** The ADRs that pass every filter of the form, in the listing's order. */
export function filterAdrs(adrs: readonly AdrEntry[], form: AdrFilterForm): AdrEntry[] {
  return adrs.filter(
    (entry) =>
      matchesText(entry, form.text) &&
      (form.freshness === '' || entry.freshness.state === form.freshness) &&
      (form.status === '' || (entry.status ?? NO_STATUS) === form.status) &&
      (!form.withSuggestions || entry.suggestions.length > 0) &&
      (!form.markedOnly || entry.mark !== null),
  );
}

/** The statuses present in the listing, sorted, for the status filter (`none` last when a record has none). */
export function statusOptions(adrs: readonly AdrEntry[]): string[] {
  const statuses = new Set(adrs.map((entry) => entry.status ?? NO_STATUS));
  const named = [...statuses].filter((status) => status !== NO_STATUS).sort();
  return statuses.has(NO_STATUS) ? [...named, NO_STATUS] : named;
}

/** How an ADR is named to a person: its ADR id, else its document id. */
export function adrName(entry: Pick<AdrEntry, 'adr_id' | 'document_id'>): string {
  return entry.adr_id ?? entry.document_id;
}

/** A title without a leading repeat of the ADR's name (`ADR-003: Use Kafka` → `Use Kafka`); the whole title when that leaves nothing. */
export function titleWithoutName(title: string, name: string): string {
  if (!title.toLowerCase().startsWith(name.toLowerCase())) return title;
  const bare = title.slice(name.length).replace(/^[\s:.\-–—]+/, '');
  return bare === '' ? title : bare;
}

/** A decision date as a person reads it: the day alone when the graph holds midnight UTC of that day (a date-only record). */
export function decidedDate(value: string): string {
  const day = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?Z$/.exec(value);
  return day?.[1] ?? value;
}

// The dates and date-times Neo4j's datetime() reads and a request, a suite or front matter may give:
// a date, or a date and a time with an optional zone. Linear: each part is a fixed run of digits.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * What is wrong with `text` as an ISO 8601 date or date-time, or null when nothing is: `format` when
 * it is not shaped as one (`1`, `March 5`, `2026/06/30`); `day` when it is but the day does not
 * exist (`2024-02-30`, `2024-13-01`), naming the day; `time` when the day does but the time (with
 * its zone) does not (`2026-06-30T25:00`), naming the time.
 */
export type IsoInstantFault = { kind: 'format' } | { kind: 'day'; day: string } | { kind: 'time'; time: string };

export function isoInstantFault(text: string): IsoInstantFault | null {
  if (!ISO_INSTANT.test(text)) return { kind: 'format' };
  const day = text.slice(0, 10);
  // Date rolls a day past the month's end into the next month, and refuses month 13 or day 00: neither reads back as written.
  const midnight = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight.getTime()) || midnight.toISOString().slice(0, 10) !== day) return { kind: 'day', day };
  if (Number.isNaN(Date.parse(text))) return { kind: 'time', time: text.slice(11) };
  return null;
}

/**
 * Whether `text` is an ISO 8601 date or date-time (`2026-06-30`, `2026-06-30T12:00:00Z`) naming a day
 * that exists. `Date.parse` alone takes far more: `1` (2001), `March 5`, `99999-01-01`, and rolls
 * `2024-02-30` over into March, so a request with such a date ran at another instant than was written.
 */
export function isIsoInstant(text: string): boolean {
  return isoInstantFault(text) === null;
}

// The dates and date-times Neo4j's datetime() reads and a request, a suite or front matter may give:
// a date, or a date and a time with an optional zone. Linear: each part is a fixed run of digits.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether `text` is an ISO 8601 date or date-time (`2026-06-30`, `2026-06-30T12:00:00Z`) naming a day
 * that exists. `Date.parse` alone takes far more: `1` (2001), `March 5`, `99999-01-01`, and rolls
 * `2024-02-30` over into March, so a request with such a date ran at another instant than was written.
 */
export function isIsoInstant(text: string): boolean {
  if (!ISO_INSTANT.test(text) || Number.isNaN(Date.parse(text))) return false;
  const day = text.slice(0, 10);
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

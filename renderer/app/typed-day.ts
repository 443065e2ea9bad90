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

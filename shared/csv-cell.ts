// RFC 4180 CSV with OWASP's guard against CSV injection: every CSV the app writes (the stale marks'
// change set, a comparison's leaks) goes through these two functions.

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A cell a spreadsheet would run as a formula is prefixed with `'` (CSV injection).
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header row and one line per row, each line ended by CRLF (RFC 4180). */
export function csvText(header: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

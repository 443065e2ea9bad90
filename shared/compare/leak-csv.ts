// A comparison's leaks as CSV, for a security reviewer's spreadsheet or ticket: one row per leak,
// the same on the Compare screen and from `lens compare --csv`; each door words the last column.
import { csvText } from '../csv-cell';
import { unansweredSides, type Comparison, type Leak } from './comparison';

/** The columns, in order: the header row of every leak CSV. */
export const LEAK_CSV_COLUMNS = [
  'comparison_id',
  'leaked_to',
  'principal',
  'principal_a',
  'principal_b',
  'rank',
  'item_id',
  'document_id',
  'node',
  'reason',
  'broken_rule',
  'why',
] as const;

/** How a door words a leak: the denial reason, and why it is a leak in a sentence (clauses that failed, or not in the graph). */
export interface LeakWording {
  readonly reason: (leak: Leak) => string;
  readonly why: (leak: Leak) => string;
}

/**
 * Whether the comparison's leaks are known: its check ran, and no run without an answer hides leaks
 * that were never returned. Unknown leaks have no CSV, since a header alone would read as "no leaks".
 */
export function leaksKnown(comparison: Comparison): boolean {
  const check = comparison.leak_check;
  if (check.state !== 'checked') return false;
  return check.leaks.length > 0 || unansweredSides(comparison).length === 0;
}

/** The leaks of a comparison whose leaks are known (leaksKnown), as RFC 4180 CSV with a header row; cells that would run as formulas are prefixed. */
export function leakCsv(comparison: Comparison, wording: LeakWording): string {
  const leaks = comparison.leak_check.state === 'checked' ? comparison.leak_check.leaks : [];
  const rows = leaks.map((leak) => {
    const { access } = leak;
    return [
      comparison.id,
      leak.side.toUpperCase(),
      leak.principal_id,
      comparison.a.principal.principal_id,
      comparison.b.principal.principal_id,
      String(leak.rank),
      leak.item_key,
      leak.document_id,
      `${access.node.label} ${access.node.id}`,
      wording.reason(leak),
      access.state === 'denied' ? access.rule : null,
      wording.why(leak),
    ];
  });
  return csvText(LEAK_CSV_COLUMNS, rows);
}

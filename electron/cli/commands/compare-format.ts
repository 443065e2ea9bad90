import { ACCESS_REASON_MESSAGES, accessClauseMessage, knownAccessReason, wordAccessMessage } from '../../../shared/acl/access-messages';
import {
  answered,
  unansweredSides,
  type Comparison,
  type ComparisonRun,
  type ComparisonSummary,
  type Leak,
} from '../../../shared/compare/comparison';
import type { AccessClauseData, NodeAccess } from '../../../shared/compare/node-access';
import { leakCsv, leaksKnown } from '../../../shared/compare/leak-csv';
import { itemIdentity, type RankedItem, type SharedItem } from '../../../shared/compare/run-diff';
import { shownTitle, terminalLine, terminalSafeDeep } from '../terminal-text';
import { wordCliMessage } from '../../../shared/cli-messages';

/** Exit codes of `lens compare`: 1 when a leak was found, 2 when the comparison could not be made whole, else 0. */
export const COMPARE_EXIT_CODES = { clean: 0, leaks: 1, incomplete: 2 } as const;

/** The exit code of a comparison: leaks first; then a failed leak check or a run that failed (not an answer) means it could not run. */
export function compareExitCode(comparison: Comparison): number {
  const check = comparison.leak_check;
  if (check.state === 'checked' && check.leaks.length > 0) return COMPARE_EXIT_CODES.leaks;
  if (check.state === 'failed' || !answered(comparison.a) || !answered(comparison.b)) return COMPARE_EXIT_CODES.incomplete;
  return COMPARE_EXIT_CODES.clean;
}

const fixed = (value: number | null, digits = 3) => (value === null ? '-' : value.toFixed(digits));
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const words = (clauses: readonly AccessClauseData[]) => clauses.map((clause) => wordAccessMessage(accessClauseMessage(clause))).join('; ');
const node = (ref: { label: string; id: string }) => `${ref.label} ${ref.id}`;

/** A principal's access in one line: visible because …, denied (reason) because …, not in the graph, or not judged (a refused request). */
export function accessLine(access: NodeAccess | null): string {
  if (access === null) return wordCliMessage('compare_not_judged');
  if (access.state === 'visible') return `visible: ${words(access.because)}`;
  if (access.state === 'not_found') return wordCliMessage('compare_not_in_graph', { node: node(access.node) });
  const via = access.via ? ` ${wordCliMessage('compare_through', { node: node(access.via) })}` : '';
  const because = words(access.failed) || (access.message ? wordAccessMessage(access.message) : access.rule);
  const known = knownAccessReason(access.reason);
  return wordCliMessage('compare_denied_at', {
    node: node(access.node),
    via,
    denial: known ? ACCESS_REASON_MESSAGES.en[known] : access.reason,
    why: because,
  });
}

/** A denial's reason in English, or a team's own code as it is. */
function reasonWords(access: NodeAccess): string {
  if (access.state !== 'denied') return wordCliMessage('compare_not_in_graph', { node: node(access.node) });
  const known = knownAccessReason(access.reason);
  return known ? ACCESS_REASON_MESSAGES.en[known] : access.reason;
}

/**
 * The leaks of a comparison as CSV, worded in English (`lens compare --csv`), or, when its leaks are
 * unknown (the check failed, or a run gave no answer and none was found), why no CSV was written.
 */
export function leakCsvText(stored: Comparison): { ok: true; text: string } | { ok: false; why: string } {
  // Printed to a terminal as often as to a file: control and bidi characters are escaped, as in the other outputs.
  const comparison = terminalSafeDeep(stored);
  if (leaksKnown(comparison))
    return { ok: true, text: leakCsv(comparison, { reason: (leak) => reasonWords(leak.access), why: (leak) => accessLine(leak.access) }) };
  const check = comparison.leak_check;
  const why =
    check.state === 'failed'
      ? `${wordCliMessage('compare_leak_check_failed')}: ${check.error.message}`
      : unansweredSides(comparison)
          .map((side) => wordCliMessage('compare_csv_side_unanswered', { side: side.toUpperCase(), outcome: comparison[side].outcome }))
          .join('; ');
  return { ok: false, why: terminalLine(wordCliMessage('compare_csv_leaks_unknown', { id: comparison.id, why })) };
}

function leakLines(leaks: readonly Leak[]): string[] {
  return leaks.flatMap((leak) => [
    `  ${leak.side.toUpperCase()} ${leak.principal_id}  #${leak.rank} ${leak.item_key}  (document ${leak.document_id})`,
    `     ${accessLine(leak.access)}`,
    ...(leak.access.state === 'denied' ? [`     ${wordCliMessage('compare_broken_clause', { rule: leak.access.rule })}`] : []),
  ]);
}

function leakSection(comparison: Comparison): string[] {
  const check = comparison.leak_check;
  if (check.state === 'failed')
    return [`LEAK CHECK FAILED (${check.error.kind}): ${check.error.message}`, `  ${wordCliMessage('compare_leaks_unknown')}`];
  if (check.leaks.length === 0) return [wordCliMessage('compare_no_leaks', { nodes: check.nodes_checked })];
  return [wordCliMessage('compare_leaks', { count: check.leaks.length }), ...leakLines(check.leaks)];
}

function runLine(side: 'A' | 'B', run: ComparisonRun): string {
  const message = run.message ? `  ${run.message}` : '';
  return `  ${side} ${run.principal.principal_id}  ${run.outcome}  ${run.items.length} items  trace ${run.trace_id}${message}`;
}

/** Why A and why B, for an item by its key. */
function accessLines(comparison: Comparison, key: string): string[] {
  const check = comparison.leak_check;
  const row = check.state === 'checked' ? check.access.find((entry) => entry.item_key === key) : undefined;
  if (!row) return [];
  return [`       A: ${accessLine(row.a)}`, `       B: ${accessLine(row.b)}`];
}

/** Every item one side returned, in its own order: those only it returned and those both did. */
function itemsOf(diff: Comparison['diff'], side: 'a' | 'b'): RankedItem[] {
  const shared = diff.both.map((item) =>
    side === 'a'
      ? { key: item.key, kind: item.kind, rank: item.rank_a, score: item.score_a }
      : { key: item.key, kind: item.kind, rank: item.rank_b, score: item.score_b },
  );
  return [...(side === 'a' ? diff.only_a : diff.only_b), ...shared].sort((x, y) => x.rank - y.rank);
}

/** Why a comparison with a run that gave no answer compares nothing, naming each such run and how it ended. */
function notComparedLine(comparison: Comparison): string {
  const sides = unansweredSides(comparison);
  const side = sides[0] ?? 'a';
  return sides.length === 2
    ? wordCliMessage('compare_not_compared_both', { outcome_a: comparison.a.outcome, outcome_b: comparison.b.outcome })
    : wordCliMessage('compare_not_compared_one', {
        side: side.toUpperCase(),
        outcome: comparison[side].outcome,
        other: side === 'a' ? 'B' : 'A',
      });
}

function titleOf(comparison: Comparison, key: string): string {
  const item = [...comparison.a.items, ...comparison.b.items].find((entry) => itemIdentity(entry).key === key);
  return item ? shownTitle(item.title ?? item.document_id) : '';
}

function onlyLines(comparison: Comparison, items: readonly RankedItem[]): string[] {
  return items.flatMap((item) => [
    `  #${item.rank} ${item.key}  ${titleOf(comparison, item.key)}  score ${fixed(item.score)}`,
    ...accessLines(comparison, item.key),
  ]);
}

function bothLines(comparison: Comparison, items: readonly SharedItem[]): string[] {
  return items.flatMap((item) => [
    `  ${item.key}  ${titleOf(comparison, item.key)}  rank ${item.rank_a} → ${item.rank_b} (${item.rank_move === 0 ? 'same' : signed(item.rank_move)})  score ${fixed(item.score_a)} → ${fixed(item.score_b)}`,
    ...accessLines(comparison, item.key),
  ]);
}

/** A comparison for a person: leaks first, then the runs, the overlap figures and the diff with why each side sees each item. */
export function formatComparison(stored: Comparison): string {
  const comparison = terminalSafeDeep(stored);
  const { diff } = comparison;
  const lines = [
    ...leakSection(comparison),
    '',
    `Comparison ${comparison.id}  ·  "${comparison.a.query}"  ·  ${comparison.a.mode}`,
    runLine('A', comparison.a),
    runLine('B', comparison.b),
  ];
  if (unansweredSides(comparison).length > 0) {
    // A failed run's empty list is no answer: no overlap figures, no "only A" that reads as what B was kept from.
    const answering = (['a', 'b'] as const).filter((side) => answered(comparison[side]));
    const answeredLines = answering.flatMap((side) => [
      '',
      `${side.toUpperCase()}'s items (${comparison[side].items.length}):`,
      ...onlyLines(comparison, itemsOf(diff, side)),
    ]);
    return `${[...lines, notComparedLine(comparison), ...answeredLines].join('\n')}\n`;
  }
  lines.push(
    `Overlap: Jaccard ${fixed(diff.overlap.jaccard)}, RBO (p=${diff.overlap.rbo_p}) ${fixed(diff.overlap.rbo)}; only A ${diff.only_a.length}, only B ${diff.only_b.length}, both ${diff.both.length}`,
    '',
    `Only A (${diff.only_a.length}):`,
    ...onlyLines(comparison, diff.only_a),
    `Only B (${diff.only_b.length}):`,
    ...onlyLines(comparison, diff.only_b),
    `Both (${diff.both.length}):`,
    ...bothLines(comparison, diff.both),
  );
  return `${lines.join('\n')}\n`;
}

/** The kept comparisons as lines, newest first. */
export function formatComparisonList(stored: readonly ComparisonSummary[]): string {
  if (stored.length === 0) return `${wordCliMessage('compare_none_kept')}\n`;
  const lines = terminalSafeDeep(stored).map((entry) => {
    const leaks =
      entry.leak_count === null
        ? wordCliMessage('compare_leak_check_failed')
        : entry.leak_count === 0 && entry.unanswered.length > 0
          ? wordCliMessage('compare_leaks_unknown_unanswered', { sides: entry.unanswered.join(', ').toUpperCase() })
          : `${entry.leak_count} leaks`;
    return `${entry.created_at}  ${entry.id}  ${entry.principal_a} vs ${entry.principal_b}  ${leaks}  ${terminalLine(entry.query)}`;
  });
  return `${lines.join('\n')}\n`;
}

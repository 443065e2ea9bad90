import type { Comparison, CompareSide, ItemAccessRow, Leak } from '../../../shared/compare/comparison';
import { itemIdentity } from '../../../shared/compare/run-diff';
import type { ContextItem } from '../../../shared/context-contract';

/**
 * A comparison laid out for the screen: one column per run, each item marked only-here or in both
 * (with where the other run ranks it), its leaks, and why each principal may or may not see it.
 */

/** One item of a column. */
export interface ColumnRow {
  readonly item: ContextItem;
  readonly key: string;
  /** Its place in this run. */
  readonly rank: number;
  /** Its place in the other run, or null when only this run returned it. */
  readonly otherRank: number | null;
  /**
   * How many places higher this run ranks it than the other does (negative: lower); null when only
   * this run returned it.
   */
  readonly rankMove: number | null;
  /** Why A and why B may or may not see it; absent when the leak check did not run. */
  readonly access: ItemAccessRow | undefined;
  /** The leaks of this run's copy of the item: the nodes its principal may not see. */
  readonly leaks: readonly Leak[];
}

/** The leaks of a comparison (empty when the check failed: the banner says so instead). */
export function leaksOf(comparison: Comparison): readonly Leak[] {
  return comparison.leak_check.state === 'checked' ? comparison.leak_check.leaks : [];
}

/** The rows of one side's column, in that run's order. */
export function columnRows(comparison: Comparison, side: CompareSide): ColumnRow[] {
  const run = comparison[side];
  const shared = new Map(comparison.diff.both.map((entry) => [entry.key, entry]));
  const access = comparison.leak_check.state === 'checked' ? comparison.leak_check.access : [];
  const accessByKey = new Map(access.map((row) => [row.item_key, row]));
  const leaks = leaksOf(comparison).filter((leak) => leak.side === side);
  return run.items.map((item, index) => {
    const key = itemIdentity(item).key;
    const both = shared.get(key);
    const rank = index + 1;
    const otherRank = both ? (side === 'a' ? both.rank_b : both.rank_a) : null;
    return {
      item,
      key,
      rank,
      otherRank,
      rankMove: otherRank === null ? null : otherRank - rank,
      access: accessByKey.get(key),
      leaks: leaks.filter((leak) => leak.item_key === key && leak.rank === rank),
    };
  });
}

/** A figure in [0, 1] as a percentage with one decimal, as the overlap panel shows it. */
export function percent(value: number): string {
  return `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}

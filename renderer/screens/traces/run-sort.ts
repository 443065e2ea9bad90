import type { RunSortKey, SortDirection } from '../../../shared/trace-record';

/** The order of the run list: a column and a direction. */
export interface RunSort {
  readonly by: RunSortKey;
  readonly direction: SortDirection;
}

/** Newest first, as the store lists runs when no order is asked. */
export const DEFAULT_RUN_SORT: RunSort = { by: 'time', direction: 'desc' };

/** The list's columns that sort, and the key each sorts by. */
export const SORTABLE_COLUMNS: Readonly<Record<string, RunSortKey>> = {
  time: 'time',
  principal: 'principal',
  mode: 'mode',
  items: 'items',
  withheld: 'withheld',
  elapsed: 'elapsed',
};

/** Names read A to Z first; times and counts largest (newest, slowest, most) first. */
const FIRST_DIRECTION: Record<RunSortKey, SortDirection> = {
  time: 'desc',
  elapsed: 'desc',
  items: 'desc',
  withheld: 'desc',
  mode: 'asc',
  principal: 'asc',
};

/** The order after the header of `by` is pressed: the same column turns around, another starts in its usual direction. */
export function nextSort(current: RunSort, by: RunSortKey): RunSort {
  if (current.by === by) return { by, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { by, direction: FIRST_DIRECTION[by] };
}

/** The aria-sort of a column header. */
export function ariaSortOf(sort: RunSort, by: RunSortKey | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (by === undefined) return undefined;
  if (sort.by !== by) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

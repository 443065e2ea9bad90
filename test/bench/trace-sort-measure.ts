// The Traces screen's column sorts over the bench store: for each sort key and direction, with and
// without a search, what the screen asks on each change of order (the count and the first page),
// beside time order, the list's default. Each page is checked to be in the order asked.
import { roundToTenths } from '../../shared/round-to-tenths';
import { RUN_SORT_KEYS, type RunFilter, type RunSortKey, type RunSummary, type SortDirection } from '../../shared/trace-record';

/** What the measurement reads: the store as the Traces screen reads it. */
export interface SortedSide {
  count(filter: RunFilter): number;
  list(filter: RunFilter): RunSummary[];
}

export interface SortRow {
  readonly sort: RunSortKey;
  readonly direction: SortDirection;
  readonly search: string;
  readonly matches: number;
  readonly ms: number;
  /** This sort's time ÷ time order's, same search and direction. */
  readonly to_time: number;
}

const DIRECTIONS: readonly SortDirection[] = ['desc', 'asc'];
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const KEY_OF: Record<RunSortKey, (run: RunSummary) => string | number> = {
  time: (run) => run.created_at,
  elapsed: (run) => run.elapsed_ms,
  mode: (run) => run.mode,
  principal: (run) => run.principal_id,
  items: (run) => run.item_count,
  withheld: (run) => run.denied_count,
};

/** Throws unless `page` is in the order of `sort`, `direction` (ties newest first). */
function checkOrder(page: readonly RunSummary[], sort: RunSortKey, direction: SortDirection): void {
  const key = KEY_OF[sort];
  for (let index = 1; index < page.length; index += 1) {
    const [a, b] = [page[index - 1], page[index]] as [RunSummary, RunSummary];
    const [ka, kb] = [key(a), key(b)];
    const inOrder = ka === kb ? a.created_at >= b.created_at : direction === 'asc' ? ka < kb : ka > kb;
    if (!inOrder) throw new Error(`sort ${sort} ${direction}: rows ${index - 1} and ${index} are out of order`);
  }
}

/** A search: its text (null: none), or a text with a filter beside it (a mode, a principal). */
export type SortedSearch = string | null | (Pick<RunFilter, 'mode' | 'principal_id' | 'outcome'> & { readonly text?: string });

/** Median ms of the count and first page of `page` runs for every sort key and direction, per search. */
export function measureSorts(
  side: SortedSide,
  searches: readonly (readonly [string, SortedSearch])[],
  page: number,
  repeat: number,
  log: (message: string) => void,
): SortRow[] {
  const rows: SortRow[] = [];
  for (const [search, narrowing] of searches) {
    const { text, ...beside } = typeof narrowing === 'object' && narrowing !== null ? narrowing : { text: narrowing };
    for (const direction of DIRECTIONS) {
      const times = new Map<RunSortKey, number>();
      for (const sort of RUN_SORT_KEYS) {
        const filter: RunFilter = { ...beside, ...(text === null || text === undefined ? {} : { text }), sort, direction, limit: page };
        checkOrder(side.list(filter), sort, direction);
        const spent: number[] = [];
        for (let round = 0; round < repeat; round += 1) {
          const started = performance.now();
          side.count(filter);
          side.list(filter);
          spent.push(performance.now() - started);
        }
        times.set(sort, median(spent));
      }
      const byTime = times.get('time') ?? Number.NaN;
      const matches = side.count({ ...beside, ...(text === null || text === undefined ? {} : { text }) });
      for (const sort of RUN_SORT_KEYS) {
        const ms = times.get(sort) ?? Number.NaN;
        const row = { sort, direction, search, matches, ms: roundToTenths(ms), to_time: Math.round((ms / byTime) * 10) / 10 };
        log(JSON.stringify(row));
        rows.push(row);
      }
    }
  }
  return rows;
}

export function formatSortTable(rows: readonly SortRow[]): string {
  const header = ['search', 'matches', 'sort', 'direction', 'ms', '÷ time order'];
  const cells = rows.map((row) => [row.search, row.matches, row.sort, row.direction, row.ms, row.to_time].map(String));
  const widths = header.map((title, index) => Math.max(title.length, ...cells.map((row) => row[index]?.length ?? 0)));
  const line = (row: readonly string[]) => row.map((cell, index) => cell.padStart(widths[index] ?? 0)).join('  ');
  return [line(header), ...cells.map(line)].join('\n');
}

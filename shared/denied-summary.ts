import type { DeniedCount } from './context-contract';

/**
 * The figures that stand for a run's `denied[]` in a list: the whole graph's access count (chunks
 * the principal may not see), the whole graph's filter count (chunks it may see that the filters
 * leave out), the stale items left out, and, for a run kept before counts had a kind, the old
 * total, which may mix filters in and count a chunk more than once. Null where the run has none.
 */
export interface DeniedHeadline {
  readonly access: DeniedCount | null;
  readonly filter: DeniedCount | null;
  readonly freshness: DeniedCount | null;
  readonly unrecorded: number | null;
}

const WHOLE_GRAPH = 'whole_graph';

/** The filter count over the whole graph: all filters together when there are several, else the one filter's. */
function wholeGraphFilter(denied: readonly DeniedCount[]): DeniedCount | null {
  const filters = denied.filter((entry) => entry.stage === WHOLE_GRAPH && entry.kind === 'filter');
  return filters.find((entry) => entry.reason === 'all_filters') ?? (filters.length === 1 ? (filters[0] ?? null) : null);
}

/** The headline figures of `denied` (see DeniedHeadline). */
export function deniedHeadline(denied: readonly DeniedCount[]): DeniedHeadline {
  const unrecorded = denied.filter((entry) => entry.counts === 'unrecorded');
  return {
    access: denied.find((entry) => entry.stage === WHOLE_GRAPH && entry.kind === 'access') ?? null,
    filter: wholeGraphFilter(denied),
    freshness: denied.find((entry) => entry.kind === 'freshness') ?? null,
    unrecorded: unrecorded.length > 0 ? unrecorded.reduce((sum, entry) => sum + entry.count, 0) : null,
  };
}

/**
 * The one number the trace store keeps per run to sort and list by: the chunks of the graph the
 * principal may not see; for a run kept before counts had a kind, its old total; 0 when the run
 * ended before anything was counted.
 */
export function deniedCountColumn(denied: readonly DeniedCount[]): number {
  const headline = deniedHeadline(denied);
  return headline.access?.count ?? headline.unrecorded ?? 0;
}

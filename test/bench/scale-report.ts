// The retrieval benchmark across graph sizes: whether a size can run on this machine, and the table
// of `vector` against the reference per size, vector kind and selectivity, with the cost at the
// smallest reach across sizes (which should stay flat as the graph grows).
import { formatColumns } from './bench-report';
import type { ReferenceRatio } from './reference-query';

/** One size's `vector` row against the reference. */
export interface ScaleRow extends ReferenceRatio {
  readonly chunks: number;
  readonly vectors: string;
  /** The planner's strategies in the cell, joined with `+`. */
  readonly strategies: string;
  /** Against the reference query with vector mode's own first fetch (reference@same-fetch), when it ran. */
  readonly same_fetch?: {
    readonly fetch: number;
    readonly reference_p50_ms: number;
    readonly p50_ratio: number;
    readonly paired_ratio: number | null;
    readonly reference_recall: number | null;
    readonly reference_min_recall: number | null;
  };
}

/** What deciding whether to run a size needs: the machine's memory and the loads measured so far in this run. */
export interface ScaleFacts {
  readonly chunks: number;
  readonly dimensions: number;
  readonly freeMemoryBytes: number;
  readonly heapLimitBytes: number;
  readonly maxLoadMs: number;
  /** Loads of this run that wrote a graph: their size and total load time. */
  readonly measuredLoads: readonly { readonly chunks: number; readonly writeMs: number }[];
}

/**
 * Bytes the benchmark process holds for the ground truth of `chunks` vectors: the embeddings as
 * read (JS arrays of doubles, about 8 bytes a value plus array headers) and their float32 copy.
 */
export function groundTruthBytes(chunks: number, dimensions: number): { heap: number; total: number } {
  const heap = chunks * (dimensions * 8 + 64);
  return { heap, total: heap + chunks * dimensions * 4 };
}

const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GB`;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(0)} min`;

/**
 * Whether a size can run here, and if not why, in one sentence: the ground truth must fit in the
 * Node heap and in free memory, and the load, extrapolated linearly from the largest load measured
 * in this run, must fit in the time allowed.
 */
export function scaleFeasibility(facts: ScaleFacts): { run: true } | { run: false; reason: string } {
  const need = groundTruthBytes(facts.chunks, facts.dimensions);
  if (need.heap > facts.heapLimitBytes * 0.8)
    return {
      run: false,
      reason: `the ground truth of ${facts.chunks} vectors needs about ${gb(need.heap)} of Node heap, more than 80 % of its ${gb(facts.heapLimitBytes)} limit (raise it with NODE_OPTIONS=--max-old-space-size)`,
    };
  if (need.total > facts.freeMemoryBytes)
    return {
      run: false,
      reason: `the ground truth of ${facts.chunks} vectors needs about ${gb(need.total)}, and only ${gb(facts.freeMemoryBytes)} of memory is free on this shared machine`,
    };
  const largest = [...facts.measuredLoads].sort((a, b) => b.chunks - a.chunks)[0];
  if (largest) {
    const estimate = (largest.writeMs * facts.chunks) / largest.chunks;
    if (estimate > facts.maxLoadMs)
      return {
        run: false,
        reason: `loading ${facts.chunks} chunks would take about ${minutes(estimate)} (${largest.chunks} took ${minutes(largest.writeMs)} in this run), more than --max-load-minutes ${minutes(facts.maxLoadMs)}`,
      };
  }
  return { run: true };
}

/** The smallest reach's `vector` p50 per size for one vector kind, and how much it grew from the smallest size to the largest. */
export function smallestReachCost(
  rows: readonly ScaleRow[],
  vectors: string,
): { sizes: { chunks: number; p50_ms: number; ratio: number }[]; growth: number } | null {
  const ofKind = rows.filter((r) => r.vectors === vectors);
  if (ofKind.length === 0) return null;
  const smallest = Math.min(...ofKind.map((r) => r.selectivity));
  const sizes = ofKind
    .filter((r) => r.principal_id === ofKind.find((x) => x.selectivity === smallest)?.principal_id)
    .sort((a, b) => a.chunks - b.chunks)
    .map((r) => ({ chunks: r.chunks, p50_ms: r.variant_p50_ms, ratio: r.p50_ratio }));
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  return { sizes, growth: first && last ? last.p50_ms / first.p50_ms : Number.NaN };
}

const recall = (mean: number | null, min: number | null) =>
  mean === null ? '-' : `${mean.toFixed(3)} (min ${(min as number).toFixed(2)})`;

const COLUMNS: { title: string; right: boolean; value: (r: ScaleRow) => string }[] = [
  { title: 'vectors', right: false, value: (r) => (r.vectors === 'clustered' ? 'clustered (synthetic)' : r.vectors) },
  { title: 'chunks', right: true, value: (r) => String(r.chunks) },
  { title: 'principal', right: false, value: (r) => r.principal_id },
  { title: 'allowed', right: true, value: (r) => String(r.allowed_chunks) },
  { title: 'strategy', right: false, value: (r) => r.strategies },
  { title: 'vector p50', right: true, value: (r) => r.variant_p50_ms.toFixed(1) },
  { title: 'ref p50', right: true, value: (r) => r.reference_p50_ms.toFixed(1) },
  { title: 'vector/ref', right: true, value: (r) => `${r.p50_ratio.toFixed(2)}×` },
  { title: 'paired', right: true, value: (r) => (r.paired_ratio === null ? '-' : `${r.paired_ratio.toFixed(2)}×`) },
  { title: 'neo4j ms', right: true, value: (r) => r.variant_server_ms.toFixed(1) },
  { title: 'ref neo4j', right: true, value: (r) => r.reference_server_ms.toFixed(1) },
  { title: 'recall@10', right: true, value: (r) => recall(r.variant_recall, r.variant_min_recall) },
  { title: 'ref recall@10', right: true, value: (r) => recall(r.reference_recall, r.reference_min_recall) },
  { title: 'same-fetch', right: true, value: (r) => (r.same_fetch ? String(r.same_fetch.fetch) : '-') },
  { title: 'vector/same', right: true, value: (r) => (r.same_fetch ? `${r.same_fetch.p50_ratio.toFixed(2)}×` : '-') },
  {
    title: 'paired/same',
    right: true,
    value: (r) => (r.same_fetch?.paired_ratio === null || r.same_fetch === undefined ? '-' : `${r.same_fetch.paired_ratio.toFixed(2)}×`),
  },
  {
    title: 'same recall@10',
    right: true,
    value: (r) => (r.same_fetch ? recall(r.same_fetch.reference_recall, r.same_fetch.reference_min_recall) : '-'),
  },
];

/** The across-sizes table, then per vector kind the smallest reach's cost by size. */
export function formatScaleTable(rows: readonly ScaleRow[]): string {
  const sorted = [...rows].sort((a, b) => a.vectors.localeCompare(b.vectors) || a.selectivity - b.selectivity || a.chunks - b.chunks);
  const lines = [formatColumns(COLUMNS, sorted)];
  for (const vectors of [...new Set(sorted.map((r) => r.vectors))]) {
    const cost = smallestReachCost(sorted, vectors);
    if (!cost || cost.sizes.length < 2) continue;
    lines.push(
      `cost at the smallest reach, ${vectors}: ${cost.sizes.map((s) => `${s.chunks}: ${s.p50_ms.toFixed(1)} ms (${s.ratio.toFixed(2)}× ref)`).join(', ')}; ${cost.growth.toFixed(2)}× from the smallest graph to the largest`,
    );
  }
  return lines.join('\n');
}

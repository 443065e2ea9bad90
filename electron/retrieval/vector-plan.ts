import { DEFAULT_VECTOR_COSTS, type VectorCosts } from './vector-calibration';

/**
 * ANN fetches at least this many times `k` for model vectors, so an approximate index still yields
 * the true top k: at 4 × k, recall@10 on clustered model-like vectors (100,000 chunks) was 0.97 on
 * Neo4j 2026.08.1 and 0.99 on 5.26 at full reach, below the 0.99 the planner promises.
 */
const ANN_MIN_OVERFETCH = 10;
/**
 * How many allowed hits the first fetch aims at, as a multiple of `k`: at 1.5 the fetch held about
 * 15 allowed hits for a top 10 at 10 % reach, and recall@10 was 0.94 (clustered vectors, 2026.08.1).
 */
const ANN_SPARE = 3;
/** The least fetch for lexical (hashing) vectors, as a multiple of `k`. */
const ANN_LEXICAL_OVERFETCH = 1000;
/**
 * The least fetch for lexical vectors as a share of the graph: their ANN recall at a fixed fetch falls
 * as the graph grows (measured at 10 % reach: recall@10 0.993 fetching 10,000 of 100,000 chunks, 0.963
 * fetching 10,000 of 300,000), so the fetch grows with the graph.
 */
const ANN_LEXICAL_SHARE = 0.1;

/** What the planner decides on: the counts of its first query, and what the graph and the run allow. */
export interface VectorPlanFacts {
  /** Chunks in the graph. */
  readonly total: number;
  /** Chunks the principal may see (by the access rule and the request's filters), from the cached whole-graph counts. */
  readonly allowedCount: number;
  /** A fixed limit instead of costs (tests and benchmarks force a path with it): at most this many allowed, exact scan. */
  readonly exactScanLimit: number | null;
  /** Whether the allowed chunks can be enumerated through an index, so an exact scan costs per allowed chunk, not per chunk. */
  readonly enumerable?: boolean;
  /** Calibrated costs of both ways, for the cost-based choice (used when `exactScanLimit` is null). */
  readonly costs?: VectorCosts;
  readonly k: number;
  readonly embedderKind: 'lexical' | 'semantic';
  /**
   * Whether the vector index keeps only a bit per dimension (`vector.quantization.type` BINARY, the
   * default of Neo4j 2026.08's index provider). Lexical vectors then have no usable neighbourhoods:
   * measured on 100,000 hashing-384 chunks, recall@10 0.2–0.7 whatever the fetch (the index also
   * returns at most 10,000 hits), so no fetch makes ANN exact enough.
   */
  readonly binaryQuantized?: boolean;
  /** Whether the ACL pre-filter is on (only fault injection switches it off). */
  readonly prefilter: boolean;
  /** Whether the server has the Cypher 25 SEARCH clause (Neo4j 2026.01+). */
  readonly searchClause: boolean;
  /** The vector index's additional, filterable properties. */
  readonly filterable: readonly string[];
  /** The document property that holds the workspace, which the index may filter on. */
  readonly workspaceProperty: string;
  /** Whether the run has the principal's workspace as the in-index filter value. */
  readonly workspaceKnown: boolean;
}

/** The estimated server time of each way, when the choice was made by cost. */
export interface VectorEstimate {
  readonly exactMs: number;
  readonly annMs: number;
}

/**
 * The vector planner's choice: an exact scan over the allowed chunks, or approximate search with
 * adaptive over-fetch and a post-filter — in the index with the workspace filtered inside it, or
 * over the whole index — starting at `firstFetch` and growing up to every chunk. `estimate` is there
 * when the choice was made by calibrated cost.
 */
export type VectorPlan =
  | { readonly strategy: 'exact_scan'; readonly estimate?: VectorEstimate; readonly reason?: 'binary_quantized_lexical' }
  | {
      readonly strategy: 'search_in_index_then_postfilter' | 'ann_postfilter';
      readonly firstFetch: number;
      readonly maxFetch: number;
      readonly estimate?: VectorEstimate;
    };

/** The first ANN fetch: `k` allowed hits at the selectivity three times over, never less than the embedder's minimum, never more than the graph. */
function firstFetchFor(facts: VectorPlanFacts): number {
  const { total, allowedCount, k } = facts;
  const selectivity = Math.max(allowedCount / Math.max(total, 1), 1 / Math.max(total, 1));
  // Lexical vectors of a short query have poor ANN neighbourhoods (measured: recall@10 ≈ 0.15 at
  // 4 × k on 100k chunks), so they need a far larger fetch than model embeddings do.
  const minimumFetch =
    facts.embedderKind === 'lexical' ? Math.max(k * ANN_LEXICAL_OVERFETCH, Math.ceil(total * ANN_LEXICAL_SHARE)) : k * ANN_MIN_OVERFETCH;
  return Math.min(total, Math.max(minimumFetch, Math.ceil((k / selectivity) * ANN_SPARE)));
}

/**
 * Server time of each way by the calibrated costs: exact per allowed chunk (per chunk when it cannot
 * enumerate them); ANN per hit fetched and judged, plus the re-scoring of the hits the post-filter
 * keeps — at the principal's share of the graph, the fetch's expected allowed hits.
 */
function estimate(facts: VectorPlanFacts, costs: VectorCosts, firstFetch: number): VectorEstimate {
  const scanned = facts.enumerable ? facts.allowedCount : facts.total;
  const share = Math.min(1, facts.allowedCount / Math.max(facts.total, 1));
  return {
    exactMs: costs.exactFixedMs + costs.exactPerChunkMs * scanned,
    annMs: costs.annFixedMs + costs.annPerHitMs * firstFetch + costs.annScorePerHitMs * firstFetch * share,
  };
}

/** Whether ANN can find the exact top k at some fetch: not for lexical vectors over a binary-quantized index. */
export function annCanFindTopK(facts: Pick<VectorPlanFacts, 'embedderKind' | 'binaryQuantized'>): boolean {
  return !(facts.embedderKind === 'lexical' && facts.binaryQuantized === true);
}

/** How ANN's over-fetch ended: hits kept in its last round, and what that round asked for and got. */
export interface AnnOutcome {
  readonly kept: number;
  readonly asked: number;
  readonly fetched: number;
}

/**
 * Whether ANN ended short of what the planner sized it for: its last round came back with fewer hits
 * than it asked for (the index gave no more — on Neo4j 2026.08's provider at most 10,000 hits a
 * query) and kept fewer allowed hits than the first fetch aims at (`k` three times over, or every
 * allowed chunk when there are fewer). Then the allowed chunks nearest the query may lie beyond what
 * the index returned — measured on 2026.08.1 at 0.1 % reach, forced ANN's recall@10 was 0.61 (0.87
 * once an exact scan followed only rounds with fewer than `k` kept) — and only an exact scan finds them.
 */
export function annEndedShort(outcome: AnnOutcome, facts: Pick<VectorPlanFacts, 'k' | 'allowedCount'>): boolean {
  return outcome.fetched < outcome.asked && outcome.kept < annAllowedWanted(facts);
}

/** How many allowed hits ANN's fetch is sized to hold: `k` with the planner's spare, or every allowed chunk when there are fewer. */
export function annAllowedWanted(facts: Pick<VectorPlanFacts, 'k' | 'allowedCount'>): number {
  return Math.min(facts.k * ANN_SPARE, facts.allowedCount);
}

/**
 * Below this estimated server time the vector side's first read shares one query with the word sides'
 * (joined-reads.ts): a round trip costs the client more than such a read costs the server. Above it,
 * the reads go side by side, so the server runs them at once instead of one after the other. Measured
 * in two bench runs (100,000 clustered chunks, hybrid apart ÷ joined, paired): where ANN at 50–100 %
 * reach was estimated at 5.7–9.9 ms, apart took 0.80 and 0.95 of the joined query's time (full-text's
 * read about 4 ms beside it); where an exact scan at 0.1 % reach was estimated at 2.9–5.7 ms, 0.99 and
 * 1.00. The threshold was 10 ms before those runs; at 6 ms ANN's estimate fell on either side of it.
 */
export const JOIN_BELOW_ESTIMATED_MS = 4;

/**
 * Whether the plan's first read may share its query with the run's other first reads: when no cost
 * was estimated (a fixed limit, a binary index), or the chosen way's estimate is below `below`
 * ({@link JOIN_BELOW_ESTIMATED_MS} unless a test or benchmark forces a shape).
 */
export function joinsOtherReads(plan: VectorPlan, below: number = JOIN_BELOW_ESTIMATED_MS): boolean {
  if (!plan.estimate) return true;
  const estimated = plan.strategy === 'exact_scan' ? plan.estimate.exactMs : plan.estimate.annMs;
  return estimated < below;
}

/**
 * Decides, once per request, how vector candidates are found. With a fixed `exactScanLimit`:
 * exactly when at most that many chunks are allowed. Otherwise by cost: the exact scan when its
 * estimate is no higher than the first ANN fetch's (it is also exact, so a tie goes to it), else
 * ANN, filtering the workspace inside the index where the server and the index allow it.
 */
export function planVector(facts: VectorPlanFacts): VectorPlan {
  const firstFetch = firstFetchFor(facts);
  const inIndex = facts.prefilter && facts.searchClause && facts.filterable.includes(facts.workspaceProperty) && facts.workspaceKnown;
  const ann = { strategy: inIndex ? 'search_in_index_then_postfilter' : 'ann_postfilter', firstFetch, maxFetch: facts.total } as const;
  if (facts.exactScanLimit !== null) return facts.allowedCount <= facts.exactScanLimit ? { strategy: 'exact_scan' } : ann;
  // Cost decides between two ways that find the same top k; over a binary index lexical vectors' ANN does not.
  if (!annCanFindTopK(facts)) return { strategy: 'exact_scan', reason: 'binary_quantized_lexical' };
  const costs = estimate(facts, facts.costs ?? DEFAULT_VECTOR_COSTS, firstFetch);
  return costs.exactMs <= costs.annMs ? { strategy: 'exact_scan', estimate: costs } : { ...ann, estimate: costs };
}

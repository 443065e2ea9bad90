/** The default planner limit: up to this many allowed chunks an exact cosine scan is cheap and exact; above it, ANN. */
export const EXACT_SCAN_LIMIT = 20_000;
/** ANN fetches at least this many times `k`, so a quantised index still yields the true top k. */
const ANN_MIN_OVERFETCH = 4;
/** The least fetch for lexical (hashing) vectors, as a multiple of `k`. */
const ANN_LEXICAL_OVERFETCH = 1000;

/** What the planner decides on: the counts of its first query, and what the graph and the run allow. */
export interface VectorPlanFacts {
  /** Chunks in the graph. */
  readonly total: number;
  /** Chunks the principal may see, counted up to `exactScanLimit + 1`. */
  readonly allowedCount: number;
  readonly exactScanLimit: number;
  readonly k: number;
  readonly embedderKind: 'lexical' | 'semantic';
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

/**
 * The vector planner's choice: an exact scan over the allowed chunks (already scored by the
 * planner's first query), or approximate search with adaptive over-fetch and a post-filter — in
 * the index with the workspace filtered inside it, or over the whole index — starting at
 * `firstFetch` and growing up to every chunk.
 */
export type VectorPlan =
  | { readonly strategy: 'exact_scan' }
  | { readonly strategy: 'search_in_index_then_postfilter' | 'ann_postfilter'; readonly firstFetch: number; readonly maxFetch: number };

/**
 * Decides, once per request, how vector candidates are found: exactly when few chunks are allowed
 * (at most `exactScanLimit`); otherwise by ANN, filtering the workspace inside the index where the
 * server and the index allow it. The first fetch covers `k` allowed hits at the measured
 * selectivity, with 50% to spare, and never less than the embedder's minimum over-fetch.
 */
export function planVector(facts: VectorPlanFacts): VectorPlan {
  const { total, allowedCount, k } = facts;
  if (allowedCount <= facts.exactScanLimit) return { strategy: 'exact_scan' };
  const inIndex = facts.prefilter && facts.searchClause && facts.filterable.includes(facts.workspaceProperty) && facts.workspaceKnown;
  const selectivity = Math.max(allowedCount / Math.max(total, 1), 1 / Math.max(total, 1));
  // Lexical vectors of a short query have poor ANN neighbourhoods (measured: recall@10 ≈ 0.15 at
  // 4 × k on 100k chunks), so they need a far larger fetch than model embeddings do.
  const minimumFetch = k * (facts.embedderKind === 'lexical' ? ANN_LEXICAL_OVERFETCH : ANN_MIN_OVERFETCH);
  const firstFetch = Math.min(total, Math.max(minimumFetch, Math.ceil((k / selectivity) * 1.5)));
  return { strategy: inIndex ? 'search_in_index_then_postfilter' : 'ann_postfilter', firstFetch, maxFetch: total };
}

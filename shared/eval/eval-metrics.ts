/**
 * Retrieval metrics of one ranked list against the expected items, pure and small enough to check by
 * hand. The list is what a run handed over, in rank order, as ids (document ids, or chunk ids),
 * already cut to k. "Relevant" means expected with a grade above 0.
 *
 * - recall@k: relevant ids in the list ÷ relevant ids expected;
 * - precision@k: relevant ids in the list ÷ ids in the list (what was handed over, at most k; a list
 *   shorter than k is not padded with misses);
 * - MRR: 1 ÷ the rank of the first relevant id, 0 when none is in the list;
 * - nDCG@k: Σ (2^grade − 1) ÷ log2(rank + 1) over the list, divided by the same sum for the expected
 *   grades in their best order (cut to k); binary when every grade is 1.
 *
 * No division by zero: when nothing relevant is expected (the principal may not see any answer), a
 * run that hands over nothing scores 1 on every metric and a run that hands over anything scores 1 on
 * recall, MRR and nDCG (nothing was missed) and 0 on precision (everything it handed over is
 * irrelevant). When something is expected and the list is empty, precision is 0. A leak
 * (must_not_appear) is judged apart and fails the run whatever these figures are.
 */

/** The four figures of one list, each from 0 to 1. */
export interface RankMetrics {
  readonly recall: number;
  readonly precision: number;
  readonly mrr: number;
  readonly ndcg: number;
}

/** Gain of a grade: 2^grade − 1 (1 for a binary "relevant"). */
function gain(grade: number): number {
  return 2 ** grade - 1;
}

/** Discounted cumulative gain of grades in rank order (rank 1 first). */
export function dcg(grades: readonly number[]): number {
  return grades.reduce((sum, grade, index) => sum + gain(grade) / Math.log2(index + 2), 0);
}

/** The unique ids of `ids` in their first order: a document handed over twice counts once, at its best rank. */
export function firstOccurrences(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/**
 * The metrics of `ranked` (already cut to k and without repeats) against `grades` (id → grade; only
 * grades above 0 are relevant), with `k` the cut-off the ideal list is cut to.
 */
export function rankMetrics(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): RankMetrics {
  const relevant = [...grades].filter(([, grade]) => grade > 0);
  const found = ranked.filter((id) => (grades.get(id) ?? 0) > 0);
  if (relevant.length === 0) return { recall: 1, precision: ranked.length === 0 ? 1 : 0, mrr: 1, ndcg: 1 };
  const firstRank = ranked.findIndex((id) => (grades.get(id) ?? 0) > 0);
  const ideal = relevant
    .map(([, grade]) => grade)
    .sort((a, b) => b - a)
    .slice(0, k);
  return {
    recall: found.length / relevant.length,
    precision: ranked.length === 0 ? 0 : found.length / ranked.length,
    mrr: firstRank < 0 ? 0 : 1 / (firstRank + 1),
    ndcg: dcg(ranked.map((id) => grades.get(id) ?? 0)) / dcg(ideal),
  };
}

/** The mean of each figure over several lists (null when there are none). */
export function meanMetrics(all: readonly RankMetrics[]): RankMetrics | null {
  if (all.length === 0) return null;
  const mean = (pick: (metrics: RankMetrics) => number) => all.reduce((sum, metrics) => sum + pick(metrics), 0) / all.length;
  return { recall: mean((m) => m.recall), precision: mean((m) => m.precision), mrr: mean((m) => m.mrr), ndcg: mean((m) => m.ndcg) };
}

/** The nearest-rank percentile `q` (0 < q ≤ 1) of `values`: the smallest value with at least q of them at or below it; null when empty. */
export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number;
}

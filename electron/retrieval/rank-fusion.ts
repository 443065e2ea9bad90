import type { Candidate } from './candidate';

/** How the vector and full-text lists are combined (neo4j-graphrag's rankers, plus RRF). */
export type Ranker = { kind: 'rrf'; k: number } | { kind: 'naive' } | { kind: 'linear'; alpha: number };

function maxScore(list: readonly Candidate[], side: 'vector' | 'fulltext'): number {
  return list.reduce((max, candidate) => Math.max(max, candidate.scores[side] ?? 0), 0);
}

/**
 * Fuses the two lists into one, best first, keeping each side's score and rank on the candidate.
 * - rrf: Σ 1 / (k + rank) over the lists a chunk appears in;
 * - naive: each side divided by its own maximum, then the larger of the two (neo4j-graphrag's default hybrid);
 * - linear: alpha × normalised vector + (1 − alpha) × normalised full-text (neo4j-graphrag's linear ranker).
 */
export function fuseRankings(vector: readonly Candidate[], fulltext: readonly Candidate[], ranker: Ranker): Candidate[] {
  const merged = new Map<string, Candidate>();
  for (const candidate of [...vector, ...fulltext]) {
    const existing = merged.get(candidate.chunk_id);
    merged.set(
      candidate.chunk_id,
      existing
        ? { ...existing, scores: { ...existing.scores, ...candidate.scores }, ranks: { ...existing.ranks, ...candidate.ranks } }
        : candidate,
    );
  }
  const vectorMax = maxScore(vector, 'vector') || 1;
  const fulltextMax = maxScore(fulltext, 'fulltext') || 1;
  const fused = [...merged.values()].map((candidate) => {
    const v = candidate.scores.vector;
    const f = candidate.scores.fulltext;
    let score: number;
    if (ranker.kind === 'rrf') {
      score =
        (candidate.ranks.vector ? 1 / (ranker.k + candidate.ranks.vector) : 0) +
        (candidate.ranks.fulltext ? 1 / (ranker.k + candidate.ranks.fulltext) : 0);
    } else if (ranker.kind === 'naive') {
      score = Math.max(v === undefined ? 0 : v / vectorMax, f === undefined ? 0 : f / fulltextMax);
    } else {
      score = ranker.alpha * (v === undefined ? 0 : v / vectorMax) + (1 - ranker.alpha) * (f === undefined ? 0 : f / fulltextMax);
    }
    return { ...candidate, scores: { ...candidate.scores, fused: score } };
  });
  fused.sort((a, b) => (b.scores.fused ?? 0) - (a.scores.fused ?? 0) || a.chunk_id.localeCompare(b.chunk_id));
  return fused.map((candidate, index) => ({ ...candidate, ranks: { ...candidate.ranks, fused: index + 1 } }));
}

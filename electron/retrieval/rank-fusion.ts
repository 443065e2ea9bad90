import type { Candidate } from './candidate';

/** How the vector, full-text and entity lists are combined (neo4j-graphrag's rankers, plus RRF). */
export type Ranker = { kind: 'rrf'; k: number } | { kind: 'naive' } | { kind: 'linear'; alpha: number };

/** The lists a fusion combines; `entity` (the entity-names signal) may be absent or empty. */
export interface RankedLists {
  readonly vector: readonly Candidate[];
  readonly fulltext: readonly Candidate[];
  readonly entity?: readonly Candidate[];
}

type Side = keyof RankedLists;
const SIDES: readonly Side[] = ['vector', 'fulltext', 'entity'];

function maxScore(list: readonly Candidate[], side: Side): number {
  return list.reduce((max, candidate) => Math.max(max, candidate.scores[side] ?? 0), 0);
}

/** Each side's score divided by that side's maximum, 0 where the side did not find the candidate. */
function normalised(candidate: Candidate, maxima: Readonly<Record<Side, number>>): Record<Side, number> {
  const of = (side: Side) => {
    const score = candidate.scores[side];
    return score === undefined ? 0 : score / maxima[side];
  };
  return { vector: of('vector'), fulltext: of('fulltext'), entity: of('entity') };
}

/**
 * Whether the entity list's rank counts for a candidate in RRF. A chunk of the named entity's own
 * document (an ADR's, an incident's report: entity score 1) always votes — it is what an id names.
 * A chunk that only cites a claim about the entity (a lower score) votes only when no text search
 * found it: it adds what the searches missed, and does not give every chunk about a named service
 * a third vote over the chunk the searches ranked first (measured on the demo golden set).
 */
function entityVotes(candidate: Candidate): boolean {
  if ((candidate.scores.entity ?? 0) >= 1) return true;
  return candidate.ranks.vector === undefined && candidate.ranks.fulltext === undefined;
}

function fusedScore(candidate: Candidate, ranker: Ranker, maxima: Readonly<Record<Side, number>>): number {
  if (ranker.kind === 'rrf') {
    return SIDES.reduce((sum, side) => {
      const rank = candidate.ranks[side];
      if (side === 'entity' && !entityVotes(candidate)) return sum;
      return sum + (rank ? 1 / (ranker.k + rank) : 0);
    }, 0);
  }
  const n = normalised(candidate, maxima);
  if (ranker.kind === 'naive') return Math.max(n.vector, n.fulltext, n.entity);
  // The entity signal is a keyword signal: it shares the full-text side's weight.
  return ranker.alpha * n.vector + (1 - ranker.alpha) * Math.max(n.fulltext, n.entity);
}

/**
 * Fuses the lists into one, best first, keeping each side's score and rank on the candidate.
 * - rrf: Σ 1 / (k + rank) over the lists a chunk appears in;
 * - naive: each side divided by its own maximum, then the largest (neo4j-graphrag's default hybrid);
 * - linear: alpha × normalised vector + (1 − alpha) × the larger of normalised full-text and
 *   normalised entity (neo4j-graphrag's linear ranker, the entity signal counted with full-text).
 */
export function fuseRankings(lists: RankedLists, ranker: Ranker): Candidate[] {
  const all = SIDES.flatMap((side) => lists[side] ?? []);
  const merged = new Map<string, Candidate>();
  for (const candidate of all) {
    const existing = merged.get(candidate.chunk_id);
    merged.set(
      candidate.chunk_id,
      existing
        ? { ...existing, scores: { ...existing.scores, ...candidate.scores }, ranks: { ...existing.ranks, ...candidate.ranks } }
        : candidate,
    );
  }
  const maxima = Object.fromEntries(SIDES.map((side) => [side, maxScore(lists[side] ?? [], side) || 1])) as Record<Side, number>;
  const fused = [...merged.values()].map((candidate) => ({
    ...candidate,
    scores: { ...candidate.scores, fused: fusedScore(candidate, ranker, maxima) },
  }));
  fused.sort((a, b) => (b.scores.fused ?? 0) - (a.scores.fused ?? 0) || a.chunk_id.localeCompare(b.chunk_id));
  return fused.map((candidate, index) => ({ ...candidate, ranks: { ...candidate.ranks, fused: index + 1 } }));
}

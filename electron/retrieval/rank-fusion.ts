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

/** A candidate's rank on a side, or past the end of every list where that side did not find it. */
function rankOn(candidate: Candidate, side: 'vector' | 'fulltext'): number {
  return candidate.ranks[side] ?? Number.MAX_SAFE_INTEGER;
}

const byFusedScore = (a: Candidate, b: Candidate) => (b.scores.fused ?? 0) - (a.scores.fused ?? 0);
const byChunkId = (a: Candidate, b: Candidate) => a.chunk_id.localeCompare(b.chunk_id);

/**
 * RRF's order: best score first, equal scores by vector rank, then full-text rank, then chunk id.
 * RRF sees ranks only, so ties are built in: the vector side's first hit and the full-text side's
 * first hit each score 1/(k + 1), and a chunk at ranks 2 and 5 scores what one at 5 and 2 does.
 * Ordered by id alone, such a tie went to whichever name sorts first (an older ADR's number,
 * `design-…` before `runbook-…`), which says nothing about the question. The vector side breaks it
 * because it judged more of the chunk: its vector holds the document's title and the headings above
 * the chunk (README, "What is embedded"), where the full-text index holds the chunk's own words. Hybrid MRR,
 * ties by id → by vector rank: demo golden set 0.927 → 0.936, GOV.UK records 0.875 → 0.880,
 * test/fixtures/eval/mixed-shapes 1 → 1 (nDCG@10 0.984 → 0.998), recall@10 unchanged on each; by
 * full-text rank first instead, 0.918 / 0.875 / 1 (nDCG 0.976). The naive and linear rankers keep
 * the id order: their ties are fewer, and the same rule moved naive's MRR both ways (0.885 → 0.918,
 * 0.861 → 0.917, 1 → 0.976).
 */
function rrfOrder(a: Candidate, b: Candidate): number {
  return (
    byFusedScore(a, b) || rankOn(a, 'vector') - rankOn(b, 'vector') || rankOn(a, 'fulltext') - rankOn(b, 'fulltext') || byChunkId(a, b)
  );
}

/**
 * Fuses the lists into one, best first (equal scores under RRF as `rrfOrder` says, otherwise by
 * chunk id), keeping each side's score and rank on the candidate.
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
  fused.sort(ranker.kind === 'rrf' ? rrfOrder : (a, b) => byFusedScore(a, b) || byChunkId(a, b));
  return fused.map((candidate, index) => ({ ...candidate, ranks: { ...candidate.ranks, fused: index + 1 } }));
}

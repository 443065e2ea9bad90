import { z } from 'zod';
import type { ContextItem } from '../context-contract';
import { DEFAULT_RBO_PERSISTENCE, distinctInOrder, jaccard, rankBiasedOverlap } from './rank-overlap';

/**
 * The difference between two runs' items: what only A got, what only B got, and what both got with
 * how its rank and score moved, plus the overlap figures. An item is the same item in both runs when
 * it is the same claim (when it carries one), else the same chunk: a claim packed from another
 * evidence chunk is still the same answer, and a bare chunk has nothing but its id.
 */

/** What an item is identified by. */
export const ItemKind = z.enum(['claim', 'chunk']);
export type ItemKind = z.infer<typeof ItemKind>;

/** An item of one run as the diff sees it: its identity, 1-based rank and final score. */
export const RankedItem = z.object({
  key: z.string(),
  kind: ItemKind,
  rank: z.number().int().min(1),
  /** The score of the last stage that scored it; null when no stage did. */
  score: z.number().nullable(),
});
export type RankedItem = z.infer<typeof RankedItem>;

/** An item both runs returned, with its place and score in each. */
export const SharedItem = z.object({
  key: z.string(),
  kind: ItemKind,
  rank_a: z.number().int().min(1),
  rank_b: z.number().int().min(1),
  /** rank_a − rank_b: how many places higher B ranks it (negative: lower). */
  rank_move: z.number().int(),
  score_a: z.number().nullable(),
  score_b: z.number().nullable(),
  /** score_b − score_a; null when either has no score. */
  score_move: z.number().nullable(),
});
export type SharedItem = z.infer<typeof SharedItem>;

/** How alike the two lists are. */
export const OverlapFigures = z.object({
  /** Shared distinct items over all distinct items, 0..1. */
  jaccard: z.number().min(0).max(1),
  /** Extrapolated rank-biased overlap, 0..1. */
  rbo: z.number().min(0).max(1),
  /** RBO's persistence p. */
  rbo_p: z.number().gt(0).lt(1),
});
export type OverlapFigures = z.infer<typeof OverlapFigures>;

/** Only-A, only-B and both, in rank order, with the overlap figures. */
export const RunDiff = z.object({
  only_a: z.array(RankedItem),
  only_b: z.array(RankedItem),
  both: z.array(SharedItem),
  overlap: OverlapFigures,
});
export type RunDiff = z.infer<typeof RunDiff>;

/** An item's identity: its claim when it is one, else its (first) chunk. */
export function itemIdentity(item: Pick<ContextItem, 'claim_id' | 'chunk_id'>): { key: string; kind: ItemKind } {
  return item.claim_id ? { key: `claim:${item.claim_id}`, kind: 'claim' } : { key: `chunk:${item.chunk_id}`, kind: 'chunk' };
}

/** The score of the last stage that scored an item (graph, then fused, vector, full-text), as packing ranks by. */
export function finalScore(item: Pick<ContextItem, 'retrieval_scores'>): number | null {
  const s = item.retrieval_scores;
  return s.graph ?? s.fused ?? s.vector ?? s.fulltext ?? null;
}

/** A run's items as ranked items, in their order; the rank is the place in the list. */
export function rankedItems(items: readonly ContextItem[]): RankedItem[] {
  return items.map((item, index) => ({ ...itemIdentity(item), rank: index + 1, score: finalScore(item) }));
}

/** Each key at its first (best) place: a repeated key counts once, so no count exceeds the list. */
function firstPlaces(list: readonly RankedItem[]): Map<string, RankedItem> {
  const first = new Map<string, RankedItem>();
  for (const item of list) if (!first.has(item.key)) first.set(item.key, item);
  return first;
}

const moved = (from: number | null, to: number | null) => (from === null || to === null ? null : to - from);

/** A figure to nine places: what a person reads, and identical lists give exactly 1 despite float sums. */
const figure = (value: number) => Math.round(value * 1e9) / 1e9;

/** Diffs two ranked lists (A's and B's) by item identity. */
export function diffRankedItems(a: readonly RankedItem[], b: readonly RankedItem[], rboP: number = DEFAULT_RBO_PERSISTENCE): RunDiff {
  const inA = firstPlaces(a);
  const inB = firstPlaces(b);
  const both: SharedItem[] = [];
  for (const [key, left] of inA) {
    const right = inB.get(key);
    if (!right) continue;
    both.push({
      key,
      kind: left.kind,
      rank_a: left.rank,
      rank_b: right.rank,
      rank_move: left.rank - right.rank,
      score_a: left.score,
      score_b: right.score,
      score_move: moved(left.score, right.score),
    });
  }
  const keysA = distinctInOrder(a.map((item) => item.key));
  const keysB = distinctInOrder(b.map((item) => item.key));
  return {
    only_a: [...inA.values()].filter((item) => !inB.has(item.key)),
    only_b: [...inB.values()].filter((item) => !inA.has(item.key)),
    both,
    overlap: { jaccard: figure(jaccard(keysA, keysB)), rbo: figure(rankBiasedOverlap(keysA, keysB, rboP)), rbo_p: rboP },
  };
}

/** Diffs two runs' items. */
export function diffRuns(itemsA: readonly ContextItem[], itemsB: readonly ContextItem[], rboP: number = DEFAULT_RBO_PERSISTENCE): RunDiff {
  return diffRankedItems(rankedItems(itemsA), rankedItems(itemsB), rboP);
}

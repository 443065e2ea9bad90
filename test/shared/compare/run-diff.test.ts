import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContextItem } from '../../../shared/context-contract';
import { diffRankedItems, diffRuns, itemIdentity, type RankedItem } from '../../../shared/compare/run-diff';

/** A context item with only what identity, rank and score read filled in meaningfully. */
function item(chunkId: string, extra: Partial<ContextItem> = {}): ContextItem {
  return {
    content: `text of ${chunkId}`,
    source_uri: 'file:///doc.md',
    document_id: 'doc',
    chunk_id: chunkId,
    chunk_ids: [chunkId],
    document_version: null,
    span: { start_char: 0, end_char: 10 },
    freshness: { state: 'current', reason: 'test' },
    provenance_path: [{ label: 'Document', id: 'doc' }],
    retrieval_scores: {},
    ranks: { final: 1 },
    tokens: 3,
    ...extra,
  };
}

/** Ranked lists over a small set of keys (so they overlap often), repeats included, with scores. */
const rankedList = fc
  .array(
    fc.record({
      key: fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'),
      score: fc.option(fc.double({ noNaN: true, min: 0, max: 1 })),
    }),
    {
      maxLength: 10,
    },
  )
  .map((entries): RankedItem[] => entries.map((entry, index) => ({ key: entry.key, kind: 'chunk', rank: index + 1, score: entry.score })));

describe('itemIdentity', () => {
  it('names a claim item by its claim, whatever chunk carried it', () => {
    expect(itemIdentity(item('c-1', { claim_id: 'clm-9' }))).toEqual({ key: 'claim:clm-9', kind: 'claim' });
    expect(itemIdentity(item('c-2', { claim_id: 'clm-9' })).key).toBe(itemIdentity(item('c-1', { claim_id: 'clm-9' })).key);
  });

  it('names any other item by its chunk', () => {
    expect(itemIdentity(item('c-1'))).toEqual({ key: 'chunk:c-1', kind: 'chunk' });
  });
});

describe('diffRuns', () => {
  it('splits items into only-A, only-B and both, with the rank and score moves of the shared ones', () => {
    const a = [
      item('c-1', { retrieval_scores: { fused: 0.9 } }),
      item('c-2', { retrieval_scores: { fused: 0.8 } }),
      item('c-3', { retrieval_scores: { vector: 0.5 } }),
    ];
    const b = [
      item('c-3', { retrieval_scores: { fused: 0.7, vector: 0.5 } }),
      item('c-4'),
      item('c-1', { retrieval_scores: { fused: 0.6 } }),
    ];
    const diff = diffRuns(a, b);
    expect(diff.only_a).toEqual([{ key: 'chunk:c-2', kind: 'chunk', rank: 2, score: 0.8 }]);
    expect(diff.only_b).toEqual([{ key: 'chunk:c-4', kind: 'chunk', rank: 2, score: null }]);
    expect(diff.both).toEqual([
      { key: 'chunk:c-1', kind: 'chunk', rank_a: 1, rank_b: 3, rank_move: -2, score_a: 0.9, score_b: 0.6, score_move: 0.6 - 0.9 },
      { key: 'chunk:c-3', kind: 'chunk', rank_a: 3, rank_b: 1, rank_move: 2, score_a: 0.5, score_b: 0.7, score_move: 0.7 - 0.5 },
    ]);
    expect(diff.overlap.jaccard).toBeCloseTo(2 / 4, 9);
    expect(diff.overlap.rbo_p).toBe(0.9);
  });

  it('takes the graph score over the fused one, and the fused over vector and full-text', () => {
    const diff = diffRuns([item('c-1', { retrieval_scores: { vector: 0.1, fulltext: 3, fused: 0.2, graph: 0.4 } })], []);
    expect(diff.only_a[0]?.score).toBe(0.4);
  });

  it('gives Jaccard and RBO of exactly 1 for identical runs and 0 for disjoint ones', () => {
    const a = [item('c-1'), item('c-2'), item('c-3')];
    expect(diffRuns(a, a).overlap).toMatchObject({ jaccard: 1, rbo: 1 });
    expect(diffRuns(a, [item('c-7'), item('c-8')]).overlap).toMatchObject({ jaccard: 0, rbo: 0 });
  });

  it('uses the persistence it is given', () => {
    expect(diffRuns([item('c-1')], [item('c-1')], 0.5).overlap.rbo_p).toBe(0.5);
  });
});

describe('diffRankedItems: properties', () => {
  it('never counts more items than a list holds: only-A + both ≤ |A| and only-B + both ≤ |B|', () => {
    fc.assert(
      fc.property(rankedList, rankedList, (a, b) => {
        const diff = diffRankedItems(a, b);
        expect(diff.only_a.length + diff.both.length).toBeLessThanOrEqual(a.length);
        expect(diff.only_b.length + diff.both.length).toBeLessThanOrEqual(b.length);
        expect(diff.only_a.length + diff.both.length).toBe(new Set(a.map((entry) => entry.key)).size);
        expect(diff.only_b.length + diff.both.length).toBe(new Set(b.map((entry) => entry.key)).size);
      }),
    );
  });

  it('puts every key in exactly one of only-A, only-B and both', () => {
    fc.assert(
      fc.property(rankedList, rankedList, (a, b) => {
        const diff = diffRankedItems(a, b);
        const keys = [...diff.only_a, ...diff.only_b, ...diff.both].map((entry) => entry.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set(keys)).toEqual(new Set([...a, ...b].map((entry) => entry.key)));
      }),
    );
  });

  it('is symmetric: swapping A and B swaps only-A and only-B, negates the moves and keeps the figures', () => {
    fc.assert(
      fc.property(rankedList, rankedList, (a, b) => {
        const forward = diffRankedItems(a, b);
        const backward = diffRankedItems(b, a);
        expect(backward.only_a).toEqual(forward.only_b);
        expect(backward.only_b).toEqual(forward.only_a);
        expect(backward.overlap).toEqual(forward.overlap);
        const moves = new Map(forward.both.map((entry) => [entry.key, entry.rank_move]));
        for (const entry of backward.both) expect(entry.rank_move).toBe(0 - (moves.get(entry.key) as number));
      }),
    );
  });

  it('keeps the figures in [0, 1], and both are 1 for a list against itself', () => {
    fc.assert(
      fc.property(rankedList, rankedList, (a, b) => {
        const { jaccard, rbo } = diffRankedItems(a, b).overlap;
        for (const value of [jaccard, rbo]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
        expect(diffRankedItems(a, a).overlap).toMatchObject({ jaccard: 1, rbo: 1 });
        expect(diffRankedItems(a, a).only_a).toEqual([]);
      }),
    );
  });

  it('takes a repeated key at its first (best) rank', () => {
    const a: RankedItem[] = [
      { key: 'k1', kind: 'chunk', rank: 1, score: 0.9 },
      { key: 'k1', kind: 'chunk', rank: 2, score: 0.1 },
    ];
    const b: RankedItem[] = [{ key: 'k1', kind: 'chunk', rank: 1, score: 0.5 }];
    expect(diffRankedItems(a, b).both).toEqual([
      { key: 'k1', kind: 'chunk', rank_a: 1, rank_b: 1, rank_move: 0, score_a: 0.9, score_b: 0.5, score_move: 0.5 - 0.9 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../../electron/retrieval/candidate';
import { fuseRankings } from '../../../electron/retrieval/rank-fusion';

type Side = 'vector' | 'fulltext';

/** A side's list in rank order: each id with its score, ranked 1, 2, … as given. */
function ranked(side: Side, hits: readonly (readonly [string, number])[]): Candidate[] {
  return hits.map(([id, score], index) => ({
    chunk_id: id,
    chunk: {},
    document: {},
    documents: [],
    scores: { [side]: score },
    ranks: { [side]: index + 1 },
    path: [],
  }));
}

const order = (fused: readonly Candidate[]) => fused.map((candidate) => candidate.chunk_id);

describe('fuseRankings: equal RRF scores', () => {
  it("puts the vector side's first hit before the full-text side's first hit, whatever their ids", () => {
    const fused = fuseRankings(
      { vector: ranked('vector', [['z-answer', 0.71]]), fulltext: ranked('fulltext', [['a-other', 4.2]]) },
      { kind: 'rrf', k: 60 },
    );
    expect(fused.map((candidate) => candidate.scores.fused)).toEqual([1 / 61, 1 / 61]);
    expect(order(fused)).toEqual(['z-answer', 'a-other']);
    expect(fused.map((candidate) => candidate.ranks.fused)).toEqual([1, 2]);
  });

  it('orders two chunks both sides found at swapped ranks by vector rank', () => {
    const fused = fuseRankings(
      {
        vector: ranked('vector', [
          ['v1', 0.9],
          ['y-vector-2nd', 0.8],
          ['v3', 0.7],
          ['v4', 0.6],
          ['b-vector-5th', 0.5],
        ]),
        fulltext: ranked('fulltext', [
          ['f1', 9],
          ['b-vector-5th', 8],
          ['f3', 7],
          ['f4', 6],
          ['y-vector-2nd', 5],
        ]),
      },
      { kind: 'rrf', k: 60 },
    );
    const both = order(fused).filter((id) => id === 'y-vector-2nd' || id === 'b-vector-5th');
    expect(both).toEqual(['y-vector-2nd', 'b-vector-5th']);
    expect(fused.slice(0, 2).map((candidate) => candidate.scores.fused)).toEqual([1 / 62 + 1 / 65, 1 / 62 + 1 / 65]);
  });

  it('leaves ties of the naive ranker in chunk-id order', () => {
    const fused = fuseRankings(
      { vector: ranked('vector', [['z-vector', 0.71]]), fulltext: ranked('fulltext', [['a-fulltext', 4.2]]) },
      { kind: 'naive' },
    );
    expect(order(fused)).toEqual(['a-fulltext', 'z-vector']);
  });
});

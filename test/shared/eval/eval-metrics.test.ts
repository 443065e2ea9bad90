import { describe, expect, it } from 'vitest';
import { dcg, meanMetrics, percentile, rankMetrics } from '../../../shared/eval/eval-metrics';

const binary = (...ids: string[]) => new Map(ids.map((id) => [id, 1]));

describe('retrieval metrics on hand-worked lists', () => {
  it('scores a binary list: recall 2/3, precision 2/4, MRR 1/2, nDCG as worked out below', () => {
    // Expected a, b, c (grade 1). Handed over x, a, y, b (k = 10).
    // recall = |{a, b}| / 3 = 0.6667; precision = 2 / 4 = 0.5; first relevant at rank 2 → MRR = 0.5.
    // DCG = 1/log2(3) + 1/log2(5) = 0.63093 + 0.43068 = 1.06161.
    // IDCG (a, b, c at ranks 1..3) = 1 + 0.63093 + 0.5 = 2.13093. nDCG = 1.06161 / 2.13093 = 0.49819.
    const metrics = rankMetrics(['x', 'a', 'y', 'b'], binary('a', 'b', 'c'), 10);
    expect(metrics.recall).toBeCloseTo(2 / 3, 6);
    expect(metrics.precision).toBe(0.5);
    expect(metrics.mrr).toBe(0.5);
    expect(metrics.ndcg).toBeCloseTo(0.49819, 4);
  });

  it('uses grades for nDCG: a grade-3 hit at rank 2 behind a grade-1 one scores below the ideal order', () => {
    // Grades: a 3, b 1. Handed over b, a.
    // DCG = (2^1−1)/log2(2) + (2^3−1)/log2(3) = 1 + 7/1.58496 = 1 + 4.41651 = 5.41651.
    // IDCG = 7/1 + 1/1.58496 = 7.63093. nDCG = 5.41651 / 7.63093 = 0.70981.
    const metrics = rankMetrics(
      ['b', 'a'],
      new Map([
        ['a', 3],
        ['b', 1],
      ]),
      10,
    );
    expect(metrics.ndcg).toBeCloseTo(0.70981, 4);
    expect(metrics.recall).toBe(1);
    expect(metrics.mrr).toBe(1);
    // The ideal order scores 1 exactly.
    expect(
      rankMetrics(
        ['a', 'b'],
        new Map([
          ['a', 3],
          ['b', 1],
        ]),
        10,
      ).ndcg,
    ).toBeCloseTo(1, 10);
  });

  it('cuts the ideal list to k: with k = 1 and two relevant ids, finding one at rank 1 is a perfect nDCG@1 but recall 1/2', () => {
    // IDCG@1 = 1 (one grade-1 id at rank 1); DCG = 1. recall = 1/2.
    const metrics = rankMetrics(['a'], binary('a', 'b'), 1);
    expect(metrics.ndcg).toBe(1);
    expect(metrics.recall).toBe(0.5);
  });

  it('counts a grade-0 expected id as not relevant', () => {
    // a grade 0, b grade 1. Handed over a: nothing relevant found → recall 0, MRR 0, nDCG 0, precision 0/1.
    const metrics = rankMetrics(
      ['a'],
      new Map([
        ['a', 0],
        ['b', 1],
      ]),
      10,
    );
    expect(metrics).toEqual({ recall: 0, precision: 0, mrr: 0, ndcg: 0 });
  });

  it('never divides by zero: nothing expected and nothing handed over is a perfect score', () => {
    expect(rankMetrics([], new Map(), 10)).toEqual({ recall: 1, precision: 1, mrr: 1, ndcg: 1 });
  });

  it('nothing expected but something handed over: nothing was missed (recall, MRR, nDCG 1) but all of it is irrelevant (precision 0)', () => {
    expect(rankMetrics(['x', 'y'], new Map(), 10)).toEqual({ recall: 1, precision: 0, mrr: 1, ndcg: 1 });
  });

  it('something expected and nothing handed over scores 0 everywhere, precision included', () => {
    expect(rankMetrics([], binary('a'), 10)).toEqual({ recall: 0, precision: 0, mrr: 0, ndcg: 0 });
  });

  it('computes DCG as the sum of (2^g − 1) / log2(rank + 1)', () => {
    // 7/1 + 3/log2(3) + 1/2 = 7 + 1.89279 + 0.5 = 9.39279.
    expect(dcg([3, 2, 1])).toBeCloseTo(9.39279, 4);
  });

  it('averages figures and gives null for no lists', () => {
    const mean = meanMetrics([
      { recall: 1, precision: 0.5, mrr: 1, ndcg: 0.8 },
      { recall: 0, precision: 0.5, mrr: 0, ndcg: 0.2 },
    ]);
    expect(mean).toEqual({ recall: 0.5, precision: 0.5, mrr: 0.5, ndcg: 0.5 });
    expect(meanMetrics([])).toBeNull();
  });

  it('takes nearest-rank percentiles: p50 of 1..10 is 5, p95 is 10, p50 of one value is that value', () => {
    const values = [10, 3, 1, 7, 2, 9, 4, 8, 6, 5];
    expect(percentile(values, 0.5)).toBe(5); // ceil(0.5 × 10) = 5th smallest
    expect(percentile(values, 0.95)).toBe(10); // ceil(9.5) = 10th smallest
    expect(percentile([42], 0.5)).toBe(42);
    expect(percentile([], 0.5)).toBeNull();
  });
});

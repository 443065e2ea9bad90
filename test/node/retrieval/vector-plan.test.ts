import { describe, expect, it } from 'vitest';
import type { VectorCosts } from '../../../electron/retrieval/vector-calibration';
import {
  annAllowedWanted,
  annCanFindTopK,
  annEndedShort,
  JOIN_BELOW_ESTIMATED_MS,
  joinsOtherReads,
  planVector,
  type VectorPlanFacts,
} from '../../../electron/retrieval/vector-plan';

/** A graph of 100,000 chunks on a 2026 server whose index can filter by workspace, with a semantic embedder. */
const facts = (changes: Partial<VectorPlanFacts>): VectorPlanFacts => ({
  total: 100_000,
  allowedCount: 50_000,
  exactScanLimit: 20_000,
  k: 10,
  embedderKind: 'semantic',
  prefilter: true,
  searchClause: true,
  filterable: ['workspace_id'],
  workspaceProperty: 'workspace_id',
  workspaceKnown: true,
  ...changes,
});

describe('planVector', () => {
  it('scans exactly when the allowed chunks are at most the limit, and not one more', () => {
    expect(planVector(facts({ allowedCount: 20_000 }))).toEqual({ strategy: 'exact_scan' });
    expect(planVector(facts({ allowedCount: 0 }))).toEqual({ strategy: 'exact_scan' });
    expect(planVector(facts({ allowedCount: 20_001 })).strategy).not.toBe('exact_scan');
  });

  it('filters the workspace inside the index when the server has SEARCH, the index declares the property and the pre-filter is on', () => {
    expect(planVector(facts({})).strategy).toBe('search_in_index_then_postfilter');
  });

  it.each<[string, Partial<VectorPlanFacts>]>([
    ['the server has no SEARCH clause (before 2026.01)', { searchClause: false }],
    ['the index does not declare the workspace property', { filterable: ['acl_partition'] }],
    ['the pre-filter is switched off', { prefilter: false }],
    ['the run has no workspace value to filter by', { workspaceKnown: false }],
  ])('falls back to ANN over the whole index when %s', (_why, changes) => {
    expect(planVector(facts(changes)).strategy).toBe('ann_postfilter');
  });

  it('starts the fetch at three times k over the selectivity, but never below 10 × k', () => {
    // 1 in 10 allowed: 10 / 0.1 × 3 = 300 hits.
    expect(planVector(facts({ total: 1_000_000, allowedCount: 100_000 }))).toMatchObject({ firstFetch: 300, maxFetch: 1_000_000 });
    // 1 in 4 allowed: 10 / 0.25 × 3 = 120 hits.
    expect(planVector(facts({ allowedCount: 25_000 }))).toMatchObject({ firstFetch: 120, maxFetch: 100_000 });
    // 1 in 2 allowed: 10 / 0.5 × 3 = 60, below the minimum of 10 × 10.
    expect(planVector(facts({ allowedCount: 50_000 }))).toMatchObject({ firstFetch: 100, maxFetch: 100_000 });
  });

  it('fetches at least 1000 × k for lexical vectors, whose ANN neighbourhoods are poor', () => {
    expect(planVector(facts({ embedderKind: 'lexical' }))).toMatchObject({ firstFetch: 10_000 });
    expect(planVector(facts({ embedderKind: 'semantic' }))).toMatchObject({ firstFetch: 100 });
  });

  it('never asks for more than every chunk in the graph, which is also where the fetch stops growing', () => {
    expect(planVector(facts({ total: 30_000, allowedCount: 25_000, embedderKind: 'lexical', k: 50 }))).toEqual({
      strategy: 'search_in_index_then_postfilter',
      firstFetch: 30_000,
      maxFetch: 30_000,
    });
  });
});

/**
 * Both ways cost the same per item (re-scoring an ANN hit costs nothing apart), ANN 1 ms more up
 * front: the choice then turns on how many items each way touches.
 */
const EVEN: VectorCosts = {
  exactPerChunkMs: 0.01,
  exactFixedMs: 1,
  annPerHitMs: 0.01,
  annFixedMs: 2,
  annScorePerHitMs: 0,
  source: 'calibrated',
};

/** The plan chosen by cost (no fixed limit), with even costs, for a lexical embedder whose allowed chunks the index enumerates. */
const byCost = (changes: Partial<VectorPlanFacts>) =>
  planVector(facts({ exactScanLimit: null, enumerable: true, costs: EVEN, embedderKind: 'lexical', ...changes }));

describe('planVector by cost (no fixed limit)', () => {
  it('scans exactly when the enumerated allowed chunks cost less than the first ANN fetch, and says what it estimated', () => {
    // 100 allowed chunks: 1 + 100 × 0.01 = 2 ms; ANN fetches 10 / 0.001 × 3 = 30,000 hits: 2 + 300 = 302 ms.
    const plan = byCost({ allowedCount: 100 });
    expect(plan.strategy).toBe('exact_scan');
    expect(plan.estimate?.exactMs).toBeCloseTo(2, 9);
    expect(plan.estimate?.annMs).toBeCloseTo(302, 9);
  });

  it('goes to ANN when the allowed chunks cost more to score than the fetch', () => {
    const plan = byCost({ allowedCount: 50_000 });
    expect(plan.strategy).toBe('search_in_index_then_postfilter');
    expect(plan.estimate?.exactMs).toBeCloseTo(501, 9);
    expect(plan.estimate?.annMs).toBeCloseTo(102, 9);
  });

  it('counts every chunk of the graph for an exact scan that cannot enumerate the allowed ones through an index', () => {
    expect(byCost({ allowedCount: 100, enumerable: false }).strategy).not.toBe('exact_scan');
    expect(byCost({ allowedCount: 100, enumerable: false }).estimate?.exactMs).toBeCloseTo(1001, 9);
  });

  it('gives a tie to the exact scan, which is also exact', () => {
    const tie: VectorCosts = { ...EVEN, exactFixedMs: 2 };
    expect(byCost({ allowedCount: 10_000, costs: tie }).strategy).toBe('exact_scan');
  });

  it('follows the calibrated costs: a dearer ANN hit moves the crossover up', () => {
    const dearAnn: VectorCosts = { ...EVEN, annPerHitMs: 0.1 };
    expect(byCost({ allowedCount: 50_000 }).strategy).not.toBe('exact_scan');
    expect(byCost({ allowedCount: 50_000, costs: dearAnn }).strategy).toBe('exact_scan');
  });

  it('grows the lexical fetch with the graph (a tenth of it), since a fixed fetch loses recall as the graph grows', () => {
    expect(byCost({ total: 300_000, allowedCount: 150_000 })).toMatchObject({ firstFetch: 30_000 });
    expect(byCost({ total: 30_000, allowedCount: 15_000 })).toMatchObject({ firstFetch: 10_000 });
  });

  it("charges ANN's re-scoring only for the allowed share of its fetch, as its post-filter scores only those hits", () => {
    // As the bench graph calibrates: judging a hit is cheap, scoring a chunk (reading its embedding) dear.
    const measured: VectorCosts = { ...EVEN, exactPerChunkMs: 0.01, annPerHitMs: 0.002, annScorePerHitMs: 0.009 };
    // 10 % reach: exact 1 + 10,000 × 0.01 = 101 ms; ANN 2 + 10,000 × 0.002 + 1,000 × 0.009 = 31 ms.
    const tenth = byCost({ allowedCount: 10_000, costs: measured });
    expect(tenth.strategy).toBe('search_in_index_then_postfilter');
    expect(tenth.estimate?.exactMs).toBeCloseTo(101, 9);
    expect(tenth.estimate?.annMs).toBeCloseTo(31, 9);
    // Had every hit been scored (the calibration before), ANN would have cost 2 + 10,000 × 0.011 = 112 ms and lost.
    expect(byCost({ allowedCount: 10_000, costs: { ...measured, annPerHitMs: 0.011, annScorePerHitMs: 0 } }).strategy).toBe('exact_scan');
    // 1 % reach: exact 1 + 1,000 × 0.01 = 11 ms against ANN 2 + 20 + 100 × 0.009 ≈ 23 ms: exact.
    expect(byCost({ allowedCount: 1_000, costs: measured }).strategy).toBe('exact_scan');
  });

  it('keeps the fixed limit when one is given, without estimates', () => {
    expect(planVector(facts({ allowedCount: 100, costs: EVEN }))).toEqual({ strategy: 'exact_scan' });
  });

  it('scans exactly, whatever ANN would cost, for lexical vectors over a binary-quantized index, and says why', () => {
    const cheapAnn = { allowedCount: 50_000 };
    expect(byCost(cheapAnn).strategy).toBe('search_in_index_then_postfilter');
    expect(byCost({ ...cheapAnn, binaryQuantized: true })).toEqual({ strategy: 'exact_scan', reason: 'binary_quantized_lexical' });
  });

  it('says ANN cannot find the top k only for lexical vectors over a binary-quantized index (then no costs are calibrated)', () => {
    expect(annCanFindTopK({ embedderKind: 'lexical', binaryQuantized: true })).toBe(false);
    expect(annCanFindTopK({ embedderKind: 'semantic', binaryQuantized: true })).toBe(true);
    expect(annCanFindTopK({ embedderKind: 'lexical', binaryQuantized: false })).toBe(true);
    expect(annCanFindTopK({ embedderKind: 'lexical' })).toBe(true);
  });

  it('leaves model vectors over a binary-quantized index, and a forced path, to cost and limit as before', () => {
    const semantic = byCost({ allowedCount: 50_000, embedderKind: 'semantic', binaryQuantized: true });
    expect(semantic.strategy).toBe('search_in_index_then_postfilter');
    expect(semantic.estimate).toBeDefined();
    expect(planVector(facts({ allowedCount: 50_000, embedderKind: 'lexical', binaryQuantized: true })).strategy).toBe(
      'search_in_index_then_postfilter',
    );
  });
});

describe('joinsOtherReads: whether the vector read shares one query with the word sides', () => {
  it('joins a read the planner estimates below the threshold, by the estimate of the way it chose', () => {
    // 100 allowed chunks: the exact scan is estimated at 2 ms (its ANN alternative at 302 ms).
    const plan = byCost({ allowedCount: 100 });
    expect(plan.strategy).toBe('exact_scan');
    expect(plan.estimate?.exactMs).toBeLessThan(JOIN_BELOW_ESTIMATED_MS);
    expect(joinsOtherReads(plan)).toBe(true);
  });

  it('sends a read estimated at or above the threshold apart, whichever way was chosen', () => {
    // 2,000 allowed chunks: exact 21 ms against ANN's 152 ms; 50,000: ANN at 102 ms.
    const exact = byCost({ allowedCount: 2_000 });
    expect(exact.strategy).toBe('exact_scan');
    expect(joinsOtherReads(exact)).toBe(false);
    const ann = byCost({ allowedCount: 50_000 });
    expect(ann.strategy).not.toBe('exact_scan');
    expect(joinsOtherReads(ann)).toBe(false);
    // ANN at 50–100 % reach on the bench's 100,000 clustered chunks was estimated at 5.7–9.9 ms, and its read apart
    // from full-text's took 0.80–0.95 of the joined query's time (vector-plan.ts): such a read goes apart.
    expect(
      joinsOtherReads({ strategy: 'ann_postfilter', firstFetch: 100, maxFetch: 100_000, estimate: { exactMs: 1_800, annMs: 5.7 } }),
    ).toBe(false);
    // The threshold itself goes apart; just below it joins.
    expect(joinsOtherReads({ strategy: 'exact_scan', estimate: { exactMs: JOIN_BELOW_ESTIMATED_MS, annMs: 1_000 } })).toBe(false);
    expect(joinsOtherReads({ strategy: 'exact_scan', estimate: { exactMs: JOIN_BELOW_ESTIMATED_MS - 0.1, annMs: 1_000 } })).toBe(true);
  });

  it('joins when nothing was estimated: a fixed exact-scan limit, or a binary index that leaves only the exact scan', () => {
    expect(joinsOtherReads(planVector(facts({ allowedCount: 50_000 })))).toBe(true);
    expect(joinsOtherReads(planVector(facts({ allowedCount: 100 })))).toBe(true);
    expect(joinsOtherReads(planVector(facts({ allowedCount: 50_000, embedderKind: 'lexical', binaryQuantized: true })))).toBe(true);
  });
});

describe('annEndedShort: when ANN needs an exact scan after it', () => {
  it('when the index gave fewer hits than asked (a 10,000-hit cap) and fewer allowed were kept than the fetch was sized for (k three times over)', () => {
    expect(annEndedShort({ kept: 4, asked: 100_000, fetched: 10_000 }, { k: 10, allowedCount: 100 })).toBe(true);
    expect(annEndedShort({ kept: 12, asked: 30_000, fetched: 10_000 }, { k: 10, allowedCount: 100 })).toBe(true);
    expect(annEndedShort({ kept: 0, asked: 30_000, fetched: 10_000 }, { k: 10, allowedCount: 1 })).toBe(true);
  });

  it('not when it kept what the fetch was sized for, nor when it kept every allowed chunk there is', () => {
    expect(annEndedShort({ kept: 30, asked: 100_000, fetched: 10_000 }, { k: 10, allowedCount: 100 })).toBe(false);
    expect(annEndedShort({ kept: 3, asked: 100_000, fetched: 10_000 }, { k: 10, allowedCount: 3 })).toBe(false);
    expect(annEndedShort({ kept: 0, asked: 100_000, fetched: 10_000 }, { k: 10, allowedCount: 0 })).toBe(false);
    expect(annAllowedWanted({ k: 10, allowedCount: 100 })).toBe(30);
    expect(annAllowedWanted({ k: 10, allowedCount: 12 })).toBe(12);
  });

  it('not when the last round got all it asked for, however few it kept', () => {
    expect(annEndedShort({ kept: 4, asked: 100_000, fetched: 100_000 }, { k: 10, allowedCount: 100 })).toBe(false);
    expect(annEndedShort({ kept: 12, asked: 300, fetched: 300 }, { k: 10, allowedCount: 10_000 })).toBe(false);
  });
});

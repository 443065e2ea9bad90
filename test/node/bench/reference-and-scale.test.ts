import { describe, expect, it } from 'vitest';
import { summarise, type RequestSample } from '../../bench/bench-report';
import {
  REFERENCE_VARIANT,
  SAME_FETCH_VARIANT,
  pairedRatio,
  plannerFetch,
  referenceCypher,
  referenceFetch,
  referenceRatios,
  modeRatios,
} from '../../bench/reference-query';
import { formatScaleTable, groundTruthBytes, scaleFeasibility, smallestReachCost, type ScaleRow } from '../../bench/scale-report';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

const sample = (e2e: number, server: number, recall: number | null): RequestSample => ({
  query: 'q',
  outcome: 'ok',
  items: 10,
  e2e_ms: e2e,
  server_ms: server,
  server_critical_ms: server,
  driver_ms: 0,
  driver_critical_ms: 0,
  packing_ms: 0,
  candidates_in: 0,
  rounds: 0,
  queries: 1,
  server_by_query: {},
  strategy: 'x',
  recall,
});
const cell = (variant: string, principal: string, samples: RequestSample[]) =>
  summarise({ variant, mode: 'vector', principal_id: principal, selectivity: 0.01, allowed_chunks: 1000 }, samples);

describe('the reference row', () => {
  it("uses main's first fetch: 1000 × k for lexical vectors, 4 × k for model-like ones, k ÷ selectivity × 1.5 when larger, never more than every chunk", () => {
    expect(referenceFetch(100_000, 50_000, 10, 'lexical')).toBe(10_000);
    expect(referenceFetch(100_000, 50_000, 10, 'semantic')).toBe(40);
    expect(referenceFetch(100_000, 1_000, 10, 'semantic')).toBe(1_500);
    expect(referenceFetch(100_000, 100, 10, 'lexical')).toBe(15_000);
    expect(referenceFetch(3_000, 3, 10, 'lexical')).toBe(3_000);
  });

  it("has a like-for-like twin whose fetch is the planner's own first fetch, which grows with the graph for lexical vectors", () => {
    // 10 % of the graph for lexical vectors (the frozen reference stays at 1000 × k).
    expect(plannerFetch(300_000, 30_000, 10, 'lexical')).toBe(30_000);
    expect(referenceFetch(300_000, 30_000, 10, 'lexical')).toBe(10_000);
    expect(plannerFetch(100_000, 50_000, 10, 'lexical')).toBe(10_000);
    // Model vectors: k allowed hits three times over, at least 10 × k.
    expect(plannerFetch(100_000, 1_000, 10, 'semantic')).toBe(3_000);
    expect(plannerFetch(100_000, 100_000, 10, 'semantic')).toBe(100);
  });

  it('compares a variant with either reference row, never a reference with the other', () => {
    const cells = [
      cell('vector', 'p1', [sample(30, 20, 1)]),
      cell(REFERENCE_VARIANT, 'p1', [sample(10, 10, 0.9)]),
      cell(SAME_FETCH_VARIANT, 'p1', [sample(20, 10, 1)]),
    ];
    expect(referenceRatios(cells).map((r) => [r.variant, r.p50_ratio])).toEqual([['vector', 3]]);
    expect(referenceRatios(cells, () => [], SAME_FETCH_VARIANT).map((r) => [r.variant, r.p50_ratio])).toEqual([['vector', 1.5]]);
  });

  it('is one query: ANN, the access predicate, exact re-scoring, LIMIT $k', () => {
    const cypher = referenceCypher(DEFAULT_SCHEMA_PROFILE, 'ACL(c, d)');
    expect(cypher).toMatch(/^CALL db\.index\.vector\.queryNodes\(\$index, \$fetch, \$query_vector\)/);
    expect(cypher).toContain('WHERE ACL(c, d)');
    expect(cypher).toContain('vector.similarity.cosine(c.`embedding`, $query_vector) AS score');
    expect(cypher).toMatch(/ORDER BY score DESC\s+LIMIT \$k/);
  });

  it('divides each variant by the reference of the same principal', () => {
    const cells = [
      cell('vector', 'p1', [sample(30, 20, 1), sample(50, 20, 1), sample(40, 20, 0.9)]),
      cell(REFERENCE_VARIANT, 'p1', [sample(20, 10, 1), sample(20, 10, 0.8), sample(20, 10, 0.9)]),
      cell('vector', 'p2', [sample(10, 5, 1)]),
    ];
    const ratios = referenceRatios(cells);
    expect(ratios).toHaveLength(1);
    expect(ratios[0]?.principal_id).toBe('p1');
    expect(ratios[0]?.p50_ratio).toBeCloseTo(2, 10);
    expect(ratios[0]?.mean_ratio).toBeCloseTo(2, 10);
    expect(ratios[0]?.server_ratio).toBeCloseTo(2, 10);
    expect(ratios[0]?.variant_recall).toBeCloseTo(2.9 / 3, 10);
    expect(ratios[0]?.reference_min_recall).toBeCloseTo(0.8, 10);
    // Client overhead at p50, per request (e2e − server): 20 for vector (10, 30, 20), 10 for the reference.
    expect(ratios[0]?.variant_p50_overhead_ms).toBe(20);
    expect(ratios[0]?.reference_p50_overhead_ms).toBe(10);
    // Without the requests the paired ratio is not made up.
    expect(ratios[0]?.paired_ratio).toBeNull();
    // Nor the client's CPU time, where no request measured it.
    expect([ratios[0]?.variant_p50_cpu_ms, ratios[0]?.reference_p50_cpu_ms]).toEqual([null, null]);
  });

  it("sets the median of each side's client CPU time per request beside the other, over the requests that measured it", () => {
    const withCpu = (cpu: number | undefined): RequestSample => ({
      ...sample(30, 20, 1),
      ...(cpu === undefined ? {} : { client_cpu_ms: cpu }),
    });
    const cells = [
      cell('vector', 'p1', [withCpu(6), withCpu(9), withCpu(5), withCpu(undefined)]),
      cell(REFERENCE_VARIANT, 'p1', [withCpu(2), withCpu(3), withCpu(1)]),
    ];
    const [ratio] = referenceRatios(cells);
    expect([ratio?.variant_p50_cpu_ms, ratio?.reference_p50_cpu_ms]).toEqual([6, 2]);
  });

  it('pairs each request with the reference of the same query: the median of their ratios, drift over the run cancelled out', () => {
    const at = (query: string, e2e: number, outcome = 'ok'): RequestSample => ({ ...sample(e2e, 1, 1), query, outcome });
    // The machine slows down tenfold half-way: each pair moves alike, so every pair says 1.5×, while the p50s do not.
    const variant = [at('a', 15), at('b', 15), at('c', 150), at('d', 150), at('e', 150)];
    const reference = [at('a', 10), at('b', 10), at('c', 100), at('d', 100), at('e', 100), at('f', 1)];
    expect(pairedRatio(variant, reference)).toBeCloseTo(1.5, 10);
    // A failed request has no pair; with no pair at all there is no ratio.
    expect(pairedRatio([at('a', 30), at('b', 50, 'timeout')], [at('a', 10), at('b', 10)])).toBeCloseTo(3, 10);
    expect(pairedRatio([at('a', 10, 'unavailable')], [at('a', 10)])).toBeNull();
    const cells = [cell('vector', 'p1', variant), cell(REFERENCE_VARIANT, 'p1', reference)];
    const samples = new Map([
      ['vector', variant],
      [REFERENCE_VARIANT, reference],
    ]);
    expect(referenceRatios(cells, (name) => samples.get(name) ?? [])[0]?.paired_ratio).toBeCloseTo(1.5, 10);
  });
});

describe('the ratios between modes (goal 5)', () => {
  it('divides hybrid by vector and graph by hybrid for the same principal, by p50 and paired per query, with the goal of each', () => {
    const at = (query: string, e2e: number): RequestSample => ({ ...sample(e2e, 1, null), query });
    const vector = [at('a', 10), at('b', 20), at('c', 100)];
    const hybrid = [at('a', 12), at('b', 26), at('c', 110)];
    const graph = [at('a', 24), at('b', 26), at('c', 220)];
    const samples = new Map([
      ['vector', vector],
      ['hybrid', hybrid],
      ['graph', graph],
    ]);
    const cells = [cell('vector', 'p1', vector), cell('hybrid', 'p1', hybrid), cell('graph', 'p1', graph), cell('hybrid', 'p2', hybrid)];
    const ratios = modeRatios(cells, (name) => samples.get(name) ?? []);
    // p2 has no vector cell: no hybrid ÷ vector for it, and no graph cell for a graph ÷ hybrid.
    expect(ratios.map((r) => [`${r.variant}/${r.base}`, r.principal_id, r.goal])).toEqual([
      ['hybrid/vector', 'p1', 1.3],
      ['graph/hybrid', 'p1', 1.5],
    ]);
    // Pairs: 1.2, 1.3, 1.1 → median 1.2; 2, 1, 2 → median 2.
    expect(ratios[0]?.paired_ratio).toBeCloseTo(1.2, 10);
    expect(ratios[1]?.paired_ratio).toBeCloseTo(2, 10);
    expect(ratios[0]?.p50_ratio).toBeCloseTo(26 / 20, 10);
  });
});

const row = (chunks: number, principal: string, selectivity: number, p50: number, ref: number): ScaleRow => ({
  chunks,
  vectors: 'hashing',
  strategies: 'exact_scan',
  variant: 'vector',
  principal_id: principal,
  selectivity,
  allowed_chunks: Math.round(chunks * selectivity),
  p50_ratio: p50 / ref,
  mean_ratio: p50 / ref,
  paired_ratio: p50 / ref,
  server_ratio: 1,
  variant_p50_ms: p50,
  reference_p50_ms: ref,
  variant_server_ms: 1,
  reference_server_ms: 1,
  variant_p50_overhead_ms: 1,
  reference_p50_overhead_ms: 1,
  variant_p50_cpu_ms: null,
  reference_p50_cpu_ms: null,
  variant_recall: 1,
  reference_recall: 0.9,
  variant_min_recall: 1,
  reference_min_recall: 0.8,
});

describe('the benchmark across sizes', () => {
  it("tracks the smallest reach's cost from the smallest graph to the largest", () => {
    const rows = [row(300_000, 's0.1', 0.001, 90, 30), row(30_000, 's0.1', 0.001, 30, 30), row(30_000, 's100', 1, 10, 10)];
    const cost = smallestReachCost(rows, 'hashing');
    expect(cost?.sizes.map((s) => s.chunks)).toEqual([30_000, 300_000]);
    expect(cost?.growth).toBeCloseTo(3, 10);
    expect(formatScaleTable(rows)).toContain('3.00× from the smallest graph to the largest');
    const withSame: ScaleRow = {
      ...row(300_000, 's10', 0.1, 80, 40),
      same_fetch: { fetch: 30_000, reference_p50_ms: 80, p50_ratio: 1, paired_ratio: 0.98, reference_recall: 1, reference_min_recall: 1 },
    };
    const table = formatScaleTable([withSame]);
    expect(table).toContain('30000');
    expect(table).toContain('0.98×');
  });

  it('refuses a size whose ground truth does not fit in the heap, or whose load would take too long, saying why', () => {
    const base = { dimensions: 384, freeMemoryBytes: 16 * 2 ** 30, heapLimitBytes: 4 * 2 ** 30, maxLoadMs: 60 * 60_000, measuredLoads: [] };
    expect(scaleFeasibility({ ...base, chunks: 300_000 })).toEqual({ run: true });
    const heap = scaleFeasibility({ ...base, chunks: 1_500_000 });
    expect(heap.run).toBe(false);
    expect(!heap.run && heap.reason).toMatch(/Node heap/);
    const slow = scaleFeasibility({
      ...base,
      chunks: 1_000_000,
      heapLimitBytes: 16 * 2 ** 30,
      measuredLoads: [{ chunks: 300_000, writeMs: 20 * 60_000 }],
    });
    expect(!slow.run && slow.reason).toMatch(/about 67 min .*300000 took 20 min/);
    expect(groundTruthBytes(1_000, 10).total).toBeGreaterThan(groundTruthBytes(1_000, 10).heap);
  });
});

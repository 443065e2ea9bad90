import { describe, expect, it } from 'vitest';
import type { GraphGateway } from '../../../electron/graph/read-gateway';
import {
  DEFAULT_VECTOR_COSTS,
  describeCosts,
  observeVectorCost,
  vectorCosts,
  vectorCostsWithin,
  type VectorCosts,
} from '../../../electron/retrieval/vector-calibration';
import { planVector } from '../../../electron/retrieval/vector-plan';
import { Deadline } from '../../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

/** A gateway whose server takes `fixed + perItem × $n` ms per calibration query (plus noise on the first run of each), counting its reads. */
function timedGateway(costs: Record<string, [number, number]>): GraphGateway & { reads: number } {
  const seen = new Set<string>();
  const gateway = {
    reads: 0,
    async read(query: { name: string }, params: Record<string, unknown>) {
      gateway.reads += 1;
      const [fixed, perItem] = costs[query.name] ?? [0, 0];
      const key = `${query.name}/${String(params.n)}`;
      const noise = seen.has(key) ? 0 : 50;
      seen.add(key);
      return { rows: [], serverMs: { available: fixed + perItem * Number(params.n) + noise, consumed: 0 } };
    },
  };
  return gateway as unknown as GraphGateway & { reads: number };
}

/** The planner's choice by `costs` on a 5.26-style server (no SEARCH) whose allowed chunks can be enumerated. */
function planByCost(costs: VectorCosts, total: number, allowedCount: number, embedderKind: 'lexical' | 'semantic') {
  return planVector({
    total,
    allowedCount,
    exactScanLimit: null,
    enumerable: true,
    costs,
    k: 10,
    embedderKind,
    prefilter: true,
    searchClause: false,
    filterable: [],
    workspaceProperty: 'workspace_id',
    workspaceKnown: false,
  });
}

describe('vectorCosts: the planner costs calibrated on the connected graph', () => {
  it('recovers the fixed and per-item cost of each way from the fastest of its runs, once per connection', async () => {
    // Scoring every hit of the ANN fetch costs 0.015 ms a hit more than judging it.
    const gateway = timedGateway({ 'calibrate-exact-scan': [3, 0.02], 'calibrate-ann': [5, 0.004], 'calibrate-ann-scored': [5, 0.019] });
    const costs = await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [0.1, 0.2]);
    expect(costs.source).toBe('calibrated');
    expect(costs.exactPerChunkMs).toBeCloseTo(0.02, 6);
    expect(costs.exactFixedMs).toBeCloseTo(3, 6);
    expect(costs.annPerHitMs).toBeCloseTo(0.004, 6);
    expect(costs.annFixedMs).toBeCloseTo(5, 6);
    expect(costs.annScorePerHitMs).toBeCloseTo(0.015, 6);
    const reads = gateway.reads;
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [0.3, 0.1]);
    expect(gateway.reads).toBe(reads);
    expect(describeCosts(costs)).toMatch(
      /calibrated on this connection: exact 3\.0 ms \+ 0\.0200 ms per chunk, ANN 5\.0 ms \+ 0\.0040 ms per hit judged \+ 0\.0150 ms per allowed hit re-scored/,
    );
  });

  it('uses the defaults on a graph too small to time, without reading anything', async () => {
    const gateway = timedGateway({});
    expect(await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 500, [1])).toBe(DEFAULT_VECTOR_COSTS);
    expect(gateway.reads).toBe(0);
  });

  it('does not keep a failed calibration, so the next request measures again', async () => {
    let fail = true;
    const ok = timedGateway({ 'calibrate-exact-scan': [1, 0.01], 'calibrate-ann': [1, 0.01] });
    const flaky = {
      read: (query: { name: string }, params: Record<string, unknown>) =>
        fail ? Promise.reject(new Error('server went away')) : ok.read(query as never, params, {} as never),
    } as unknown as GraphGateway;
    await expect(vectorCosts(flaky, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1])).rejects.toThrow('server went away');
    fail = false;
    expect((await vectorCosts(flaky, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1])).source).toBe('calibrated');
  });
});

describe('observeVectorCost: the connection refines its calibration with the queries it ran', () => {
  it('moves the per-item cost of the way observed towards what it cost, leaves the other way, and says so in the trace', async () => {
    const gateway = timedGateway({ 'calibrate-exact-scan': [0, 0.05], 'calibrate-ann': [0, 0.05] });
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    observeVectorCost(gateway, 'exact', 10_000, 1_500); // 0.15 ms per chunk observed
    const costs = await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    // The median of the calibrated 0.05 and the observed 0.15.
    expect(costs.exactPerChunkMs).toBeCloseTo(0.1, 6);
    expect(costs.annPerHitMs).toBeCloseTo(0.05, 6);
    expect(describeCosts(costs)).toMatch(/refined by 1 of its queries/);
    // A second observation like the first: the cost the queries show takes over.
    observeVectorCost(gateway, 'exact', 10_000, 1_500);
    expect((await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1])).exactPerChunkMs).toBeCloseTo(0.15, 6);
  });

  it('is not moved by one slow query among steady ones, so a busy server does not flip the planner', async () => {
    const gateway = timedGateway({ 'calibrate-exact-scan': [0, 0.05], 'calibrate-ann': [0, 0.03] });
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 300_000, [1]);
    for (let i = 0; i < 4; i++) observeVectorCost(gateway, 'ann', 30_000, 600); // 0.02 ms per hit
    observeVectorCost(gateway, 'ann', 30_000, 3_000); // one query five times as slow
    const costs = await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 300_000, [1]);
    expect(costs.annPerHitMs).toBeCloseTo(0.02, 6);
    // At 10 % reach ANN (30,000 hits) stays cheaper than an exact scan of the 30,000 allowed chunks.
    const plan = planByCost(costs, 300_000, 30_000, 'lexical');
    expect(plan.strategy).toBe('ann_postfilter');
    // Only the latest observations count: steady slower queries do move it.
    for (let i = 0; i < 6; i++) observeVectorCost(gateway, 'ann', 30_000, 1_200);
    expect((await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 300_000, [1])).annPerHitMs).toBeCloseTo(0.04, 6);
  });

  it("takes an ANN query's re-scoring of its allowed hits out before it refines the cost per hit judged", async () => {
    const gateway = timedGateway({ 'calibrate-exact-scan': [0, 0.05], 'calibrate-ann': [0, 0.01], 'calibrate-ann-scored': [0, 0.03] });
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    // 10,000 hits fetched, 1,000 of them allowed and re-scored at 0.02 ms: 20 ms of the 220 ms; 0.02 ms per hit judged.
    observeVectorCost(gateway, 'ann', 10_000, 220, 1_000);
    const costs = await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    // The median of the calibrated 0.01 and the observed 0.02.
    expect(costs.annPerHitMs).toBeCloseTo(0.015, 6);
    expect(costs.annScorePerHitMs).toBeCloseTo(0.02, 6);
    expect(costs.exactPerChunkMs).toBeCloseTo(0.05, 6);
  });

  it('learns the cost of re-scoring an allowed hit from ANN queries at different reaches, so the planner is right between them', async () => {
    // The bench at 100,000 chunks (Neo4j 5.26): a calibration whose re-scoring cost came out next to
    // nothing (0.001 ms a hit); ANN of 10,000 hits then took 147 ms at 50 % reach and 206 ms at 100 %,
    // an exact scan of 10,000 allowed chunks 166 ms, and ANN at 10 % reach 102 ms.
    const gateway = timedGateway({
      'calibrate-exact-scan': [5, 0.014],
      'calibrate-ann': [20, 0.0075],
      'calibrate-ann-scored': [20, 0.0085],
    });
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    for (let i = 0; i < 6; i++) {
      observeVectorCost(gateway, 'exact', 10_000, 166);
      observeVectorCost(gateway, 'ann', 10_000, 147, 5_000);
      observeVectorCost(gateway, 'ann', 10_000, 206, 10_000);
    }
    const costs = await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    // (206 − 147) ms over 5,000 more allowed hits re-scored.
    expect(costs.annScorePerHitMs).toBeCloseTo(0.0118, 4);
    const plan = planByCost(costs, 100_000, 10_000, 'lexical');
    expect(plan.strategy).toBe('ann_postfilter');
    expect(plan.estimate?.annMs).toBeGreaterThan(90);
    expect(plan.estimate?.annMs).toBeLessThan(115);
    // Both reaches still estimated as they ran.
    expect(planByCost(costs, 100_000, 50_000, 'lexical').estimate?.annMs).toBeCloseTo(147, 0);
    expect(planByCost(costs, 100_000, 100_000, 'lexical').estimate?.annMs).toBeCloseTo(206, 0);
  });

  it('keeps the calibrated re-scoring cost while every ANN query has one share of allowed hits', async () => {
    const gateway = timedGateway({ 'calibrate-exact-scan': [0, 0.05], 'calibrate-ann': [0, 0.01], 'calibrate-ann-scored': [0, 0.03] });
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    for (let i = 0; i < 6; i++) observeVectorCost(gateway, 'ann', 10_000, 300 + i, 5_000 + i * 100);
    const costs = await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    expect(costs.annScorePerHitMs).toBeCloseTo(0.02, 6);
    // What the queries cost at that share is what the estimate says.
    const annMs = planByCost(costs, 100_000, 52_500, 'lexical').estimate?.annMs ?? 0;
    expect(Math.abs(annMs - 302.5)).toBeLessThan(5);
  });

  it('bounds a calibrated fixed cost by the cheapest real query of its way, so exact scans cannot look free', async () => {
    // A calibration on a cold server (Neo4j 2026.08.1, 100,000 chunks): exact 40 ms + 0.015 ms per
    // chunk, ANN 62 ms + 0.0126 ms per hit. Then an exact scan of 100 chunks takes 13 ms, and of 1,000 chunks 37 ms.
    const gateway = timedGateway({
      'calibrate-exact-scan': [40, 0.015],
      'calibrate-ann': [62, 0.0126],
      'calibrate-ann-scored': [62, 0.0296],
    });
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    observeVectorCost(gateway, 'exact', 100, 13);
    for (let i = 0; i < 6; i++) observeVectorCost(gateway, 'exact', 1_000, 37);
    const costs = await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    expect(costs.exactFixedMs).toBeCloseTo(13, 6);
    expect(costs.exactPerChunkMs).toBeCloseTo(0.024, 6);
    expect(costs.annPerHitMs).toBeCloseTo(0.0126, 6);
    // At 10 % reach (10,000 allowed chunks, a first fetch of 300 model-vector hits) ANN stays the cheaper way.
    const plan = planByCost(costs, 100_000, 10_000, 'semantic');
    expect(plan.strategy).toBe('ann_postfilter');
    expect(plan.estimate?.exactMs).toBeCloseTo(13 + 0.024 * 10_000, 6);
  });

  it('never lets the fixed cost take more than half of the cheapest large query, though no small one was seen', async () => {
    const gateway = timedGateway({ 'calibrate-exact-scan': [40, 0.015], 'calibrate-ann': [62, 0.0126] });
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    for (let i = 0; i < 6; i++) observeVectorCost(gateway, 'exact', 1_000, 37);
    const costs = await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    expect(costs.exactFixedMs).toBeCloseTo(18.5, 6);
    expect(costs.exactPerChunkMs).toBeCloseTo(0.0185, 6);
    expect(planByCost(costs, 100_000, 10_000, 'semantic').strategy).toBe('ann_postfilter');
  });

  it('ignores small queries, whose time is mostly fixed cost and noise', async () => {
    const gateway = timedGateway({ 'calibrate-exact-scan': [0, 0.05], 'calibrate-ann': [0, 0.05] });
    await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    observeVectorCost(gateway, 'ann', 100, 500);
    expect((await vectorCosts(gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1])).annPerHitMs).toBeCloseTo(0.05, 6);
  });
});

describe('vectorCostsWithin: a run waits for the calibration only as long as its deadline', () => {
  /** A gateway whose server never answers until `release` is called, counting its reads. */
  function stalledGateway() {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const gateway = {
      reads: 0,
      async read() {
        gateway.reads += 1;
        await released;
        return { rows: [], serverMs: { available: 1, consumed: 0 } };
      },
    };
    return { gateway: gateway as unknown as GraphGateway & { reads: number }, release };
  }

  it("ends in timeout at the run's deadline, and leaves the calibration going for the next run", async () => {
    const { gateway, release } = stalledGateway();
    const waiting = vectorCostsWithin(Deadline.after(20), 'vector', gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    await expect(waiting).rejects.toMatchObject({ kind: 'timeout' });
    const next = vectorCostsWithin(Deadline.after(10_000), 'vector', gateway, DEFAULT_SCHEMA_PROFILE, 'chunk_embedding', 100_000, [1]);
    expect(gateway.reads).toBe(1);
    release();
    expect((await next).source).toBe('calibrated');
  });

  it('ends in cancelled when the run is stopped while the connection is calibrated', async () => {
    const { gateway } = stalledGateway();
    const controller = new AbortController();
    const waiting = vectorCostsWithin(
      Deadline.after(10_000, Date.now, controller.signal),
      'vector',
      gateway,
      DEFAULT_SCHEMA_PROFILE,
      'chunk_embedding',
      100_000,
      [1],
    );
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

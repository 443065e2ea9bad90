import { Deadline } from '../../shared/deadline';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { stageNote } from '../../shared/stage-note-messages';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { GraphGateway } from '../graph/read-gateway';
import { raceDeadline } from '../graph/read-deadline';
import { calibrateAnn, calibrateAnnScored, calibrateExactScan } from './retrieval-queries';

/** Server milliseconds of the vector planner's two ways, as `fixed + perItem × items`. */
export interface VectorCosts {
  /** Per chunk scored exactly (its document matched, its cosine computed). */
  readonly exactPerChunkMs: number;
  readonly exactFixedMs: number;
  /** Per hit fetched from the ANN index and judged (matched to its document), whether or not it is allowed. */
  readonly annPerHitMs: number;
  readonly annFixedMs: number;
  /**
   * Per hit re-scored by exact cosine: the post-filter scores only the hits the principal may see,
   * so at 10 % reach a fetch of 10,000 scores about 1,000 (calibrated before as if it scored all).
   */
  readonly annScorePerHitMs: number;
  /** How the costs were found, for the trace. */
  readonly source: 'calibrated' | 'default';
  /** How many of the connection's own exact scans and ANN fetches refined the calibration since. */
  readonly observed?: number;
}

/**
 * Costs for a graph too small to measure: a judged ANN hit, a re-scored one and an exact-scored chunk
 * cost about the same (a document match or a cosine each), and ANN pays a fixed index search on
 * top, so an exact scan over the allowed chunks is never dearer than a fetch of as many hits.
 */
export const DEFAULT_VECTOR_COSTS: VectorCosts = {
  exactPerChunkMs: 0.01,
  exactFixedMs: 1,
  annPerHitMs: 0.01,
  annFixedMs: 2,
  annScorePerHitMs: 0.01,
  source: 'default',
};

/** The two sizes each way is timed at; the slope between them is the cost per item, so fixed costs drop out. */
const SMALL = 500;
const LARGE = 4000;
/** Each size is timed this many times; the fastest counts (the first warms the plan cache and pages). */
const REPEATS = 3;
const CALIBRATION_TIMEOUT_MS = 20_000;

const byGateway = new WeakMap<GraphGateway, Promise<VectorCosts>>();
/** The calibrated costs once known, refined by every large enough query the planner's choice ran. */
const settled = new WeakMap<GraphGateway, VectorCosts>();
/** A query touching fewer items says more about fixed costs and noise than about the cost per item. */
const MIN_OBSERVED_ITEMS = 1000;
/**
 * The most of a large query's time its way's fixed cost may take: measured, an exact scan of 1,000
 * allowed chunks spent 37–89 ms where the fixed part was 2–13 ms.
 */
const MAX_FIXED_SHARE = 0.5;
/**
 * How many of a way's latest observations refine its cost: the median of them and the calibrated
 * value is used, so one slow query on a busy server (a p95 twice the p50 is common there) moves
 * nothing, while a cost that really differs from the calibration takes over within two queries.
 * Before, a moving average took 30 % of each observation, and one slow ANN query could make the
 * planner's never-observed exact estimate look cheaper: 1 to 2 of 10 queries at 10 % reach took an
 * exact scan twice as slow as ANN.
 */
const OBSERVED_WINDOW = 6;

/**
 * One query the planner's choice ran: items scored (exact) or hits judged (ANN), its server time,
 * and for ANN the share of its hits that were allowed and re-scored.
 */
interface Observed {
  readonly items: number;
  readonly ms: number;
  readonly share: number;
}
/**
 * Two ANN queries whose shares of allowed hits differ by at least this much tell the cost of
 * re-scoring a hit apart from judging one; closer shares mostly measure noise.
 */
const MIN_SHARE_SPREAD = 0.1;

/** A way's latest large queries, and the cheapest query of it the connection has run at any size. */
interface WayObservations {
  readonly latest: Observed[];
  cheapestMs: number;
}

/** A connection's calibrated costs and what each way's real queries cost. */
interface Observations {
  readonly calibrated: VectorCosts;
  readonly exact: WayObservations;
  readonly ann: WayObservations;
}
const observationsOf = new WeakMap<GraphGateway, Observations>();

/** The median of `values` (at least one): the middle one, or the mean of the two middle ones. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function fastestServerMs(gateway: GraphGateway, query: BuiltInQuery, params: Record<string, unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < REPEATS; i += 1) {
    const result = await gateway.read(query, params, { deadline: Deadline.after(CALIBRATION_TIMEOUT_MS), stage: 'vector_calibration' });
    best = Math.min(best, result.serverMs.available + result.serverMs.consumed);
  }
  return best;
}

/** `fixed + perItem × n` through the two timings; never negative, and the slope at least a microsecond. */
async function fit(gateway: GraphGateway, query: BuiltInQuery, params: Record<string, unknown>): Promise<[number, number]> {
  const small = await fastestServerMs(gateway, query, { ...params, n: SMALL });
  const large = await fastestServerMs(gateway, query, { ...params, n: LARGE });
  const perItem = Math.max(0.001, (large - small) / (LARGE - SMALL));
  return [perItem, Math.max(0, small - perItem * SMALL)];
}

/**
 * Both ways in the shapes the planner's queries have: the exact scan scores every chunk it reads;
 * ANN judges every hit it fetches (timed at two sizes) and re-scores only the allowed ones, so the
 * cost of re-scoring a hit is timed apart, as what scoring every hit of the larger fetch adds.
 */
async function measure(gateway: GraphGateway, profile: SchemaProfile, index: string, queryVector: readonly number[]): Promise<VectorCosts> {
  const params = { index, query_vector: queryVector, k: 10 };
  const [exactPerChunkMs, exactFixedMs] = await fit(gateway, calibrateExactScan(profile), params);
  const [annPerHitMs, annFixedMs] = await fit(gateway, calibrateAnn(profile), params);
  const scored = await fastestServerMs(gateway, calibrateAnnScored(profile), { ...params, n: LARGE });
  const annScorePerHitMs = Math.max(0.001, (scored - (annFixedMs + annPerHitMs * LARGE)) / LARGE);
  return { exactPerChunkMs, exactFixedMs, annPerHitMs, annFixedMs, annScorePerHitMs, source: 'calibrated' };
}

/**
 * The vector planner's costs on this connection's graph, measured once per connection with the
 * first query vector that asks (both ways at two sizes, the fastest of three runs each, server time
 * only), then kept. A graph of fewer than twice the larger size gets the defaults: there both ways
 * cost next to nothing. A failed calibration is not kept, so the next request tries again.
 */
export function vectorCosts(
  gateway: GraphGateway,
  profile: SchemaProfile,
  index: string,
  totalChunks: number,
  queryVector: readonly number[],
): Promise<VectorCosts> {
  if (totalChunks < 2 * LARGE) return Promise.resolve(DEFAULT_VECTOR_COSTS);
  const known = settled.get(gateway);
  if (known) return Promise.resolve(known);
  const cached = byGateway.get(gateway);
  if (cached) return cached;
  const pending = measure(gateway, profile, index, queryVector).then((costs) => {
    settled.set(gateway, costs);
    return costs;
  });
  byGateway.set(gateway, pending);
  pending.catch(() => byGateway.delete(gateway));
  return pending;
}

/**
 * `vectorCosts` as one run waits for it: within the run's `deadline` and its cancellation, so the
 * request's timeout and Stop hold while the connection is calibrated. The calibration is the
 * connection's, shared by every run that asks: a run that stops waiting leaves it going for the next.
 */
export function vectorCostsWithin(deadline: Deadline, stage: string, ...args: Parameters<typeof vectorCosts>): Promise<VectorCosts> {
  return raceDeadline(deadline, stage, vectorCosts(...args), () => undefined);
}

/**
 * A way's fixed cost as its real queries bound it: a query cannot cost less than its fixed part, so
 * never more than the cheapest one the connection ran, nor than half of its cheapest large one; and
 * never more than the calibration found.
 */
function boundedFixed(calibratedMs: number, way: WayObservations): number {
  const cheapestLarge = Math.min(...way.latest.map((o) => o.ms));
  return Math.max(0, Math.min(calibratedMs, way.cheapestMs, cheapestLarge * MAX_FIXED_SHARE));
}

/**
 * Refines the connection's calibrated costs with a query the planner ran: `items` chunks scored
 * exactly, or ANN hits fetched of which `scored` were allowed and re-scored, in `serverMs` of
 * server time. The calibration queries carry no access predicate and no index enumeration; the
 * real ones do, so what they cost moves the per-item estimate to the median of the calibrated value
 * and the way's latest large queries (for ANN, per hit judged, once the re-scoring of its allowed
 * hits is taken out), each less the way's fixed cost. That fixed cost is bounded by what the real
 * queries cost (`boundedFixed`): a calibration on a cold server once put the exact scan's at 40 ms
 * where a scan of 100 chunks took 13 ms (Neo4j 2026.08.1, 100,000 chunks), so queries of 1,000 chunks
 * at 37 ms left a cost per chunk of nearly nothing, and the planner scanned 10,000–50,000 chunks
 * exactly (268–891 ms of server time) where ANN took 21–28 ms. Queries of every size bound the fixed
 * cost; only large ones refine the cost per item. Ignored before calibration.
 */
export function observeVectorCost(gateway: GraphGateway, way: 'exact' | 'ann', items: number, serverMs: number, scored = 0): void {
  const costs = settled.get(gateway);
  if (!costs) return;
  const kept = observationsOf.get(gateway) ?? {
    calibrated: costs,
    exact: { latest: [], cheapestMs: Number.POSITIVE_INFINITY },
    ann: { latest: [], cheapestMs: Number.POSITIVE_INFINITY },
  };
  observationsOf.set(gateway, kept);
  const base = kept.calibrated;
  const observed = kept[way];
  // A query cannot cost less than its fixed part: its whole server time bounds it.
  observed.cheapestMs = Math.min(observed.cheapestMs, serverMs);
  if (items >= MIN_OBSERVED_ITEMS) {
    observed.latest.push({ items, ms: serverMs, share: way === 'ann' ? Math.min(1, scored / items) : 0 });
    if (observed.latest.length > OBSERVED_WINDOW) observed.latest.shift();
  }
  const count = (costs.observed ?? 0) + 1;
  if (way === 'exact') {
    const fixed = boundedFixed(base.exactFixedMs, observed);
    const perItem = median([base.exactPerChunkMs, ...observed.latest.map((o) => Math.max(0.001, (o.ms - fixed) / o.items))]);
    settled.set(gateway, { ...costs, exactFixedMs: fixed, exactPerChunkMs: perItem, observed: count });
    return;
  }
  const fixed = boundedFixed(base.annFixedMs, observed);
  const rescoring = refinedRescoring(base.annScorePerHitMs, observed.latest, fixed);
  const perHit = median([base.annPerHitMs, ...observed.latest.map((o) => Math.max(0.001, (o.ms - fixed) / o.items - rescoring * o.share))]);
  settled.set(gateway, { ...costs, annFixedMs: fixed, annPerHitMs: perHit, annScorePerHitMs: rescoring, observed: count });
}

/**
 * The cost of re-scoring an allowed ANN hit, as the connection's ANN queries show it: each costs
 * `fixed + fetched × (perHit + share × rescoring)`, so between two queries of different shares of
 * allowed hits the cost per hit fetched changes by `rescoring` per unit of share. The median of
 * those slopes over every pair whose shares differ enough, and of the calibrated value, so one odd
 * query moves nothing; with every query at one share (one principal) the calibrated value stays.
 * Calibrated alone, it is the difference of two timings (every hit scored or none) and was once so
 * low that ANN at 50 % and 100 % reach made judging a hit look twice its cost: at 10 % reach the
 * planner then scanned 10,000 chunks exactly (166 ms) where ANN took 102 ms (Neo4j 5.26, 100,000 chunks).
 */
function refinedRescoring(calibratedMs: number, latest: readonly Observed[], fixed: number): number {
  const slopes: number[] = [];
  for (const [i, a] of latest.entries())
    for (const b of latest.slice(i + 1)) {
      if (Math.abs(a.share - b.share) < MIN_SHARE_SPREAD) continue;
      slopes.push(((a.ms - fixed) / a.items - (b.ms - fixed) / b.items) / (a.share - b.share));
    }
  return slopes.length === 0 ? calibratedMs : Math.max(0.001, median([calibratedMs, ...slopes]));
}

/** The costs in a sentence (English) for the trace. */
export function describeCosts(costs: VectorCosts): string {
  return coreEnglish(costsNote(costs));
}

/** The costs as a stage-note clause for the trace. */
export function costsNote(costs: VectorCosts): CoreMessage {
  const ms = (value: number) => value.toFixed(value < 0.1 ? 4 : 1);
  const code =
    costs.source === 'default' ? 'costs_default_rescored' : costs.observed ? 'costs_refined_rescored' : 'costs_calibrated_rescored';
  return stageNote(code, {
    observed: costs.observed ?? 0,
    exact_fixed: ms(costs.exactFixedMs),
    exact_per_chunk: ms(costs.exactPerChunkMs),
    ann_fixed: ms(costs.annFixedMs),
    ann_per_hit: ms(costs.annPerHitMs),
    ann_score_per_hit: ms(costs.annScorePerHitMs),
  });
}

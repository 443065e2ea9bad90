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
/** The least ratio one observation counts as, so a query that cost next to nothing cannot make a way free. */
const MIN_OBSERVED_RATIO = 0.05;
/**
 * How many of a way's latest observations refine its cost: the median of them and the calibrated
 * value is used, so one slow query on a busy server (a p95 twice the p50 is common there) moves
 * nothing, while a cost that really differs from the calibration takes over within two queries.
 * Before, a moving average took 30 % of each observation, and one slow ANN query could make the
 * planner's never-observed exact estimate look cheaper: 1 to 2 of 10 queries at 10 % reach took an
 * exact scan twice as slow as ANN.
 */
const OBSERVED_WINDOW = 6;

/** A connection's calibrated costs and, per way, the latest observed ratios of cost to the calibrated estimate. */
interface Observations {
  readonly calibrated: VectorCosts;
  readonly exact: number[];
  readonly ann: number[];
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
 * Refines the connection's calibrated costs with a query the planner ran: `items` chunks scored
 * exactly, or ANN hits fetched of which `scored` were allowed and re-scored, in `serverMs` of
 * server time. The calibration queries carry no access predicate and no index enumeration; the
 * real ones do, so each observation is the ratio of what the query cost to what the calibrated
 * line (fixed + per item) said it would (for ANN, its re-scoring of allowed hits taken out first),
 * and the way's line — fixed cost and cost per item alike — is scaled by the median of those ratios
 * and the calibration's own 1. Scaling the whole line keeps every estimate positive: before, an
 * observation refined only the cost per item after taking out the calibrated fixed cost, and where a
 * calibration on a cold or busy server had inflated that fixed cost (40 ms for an exact scan that
 * costs 2 ms warm, measured on Neo4j 2026.08.1) queries of 1,000 chunks left a cost per chunk of
 * nearly nothing, and the planner scanned 10,000–50,000 chunks exactly (268–891 ms of server time)
 * where ANN took 21–28 ms. Ignored before calibration and for small queries.
 */
export function observeVectorCost(gateway: GraphGateway, way: 'exact' | 'ann', items: number, serverMs: number, scored = 0): void {
  const costs = settled.get(gateway);
  if (!costs || items < MIN_OBSERVED_ITEMS) return;
  const kept = observationsOf.get(gateway) ?? { calibrated: costs, exact: [], ann: [] };
  observationsOf.set(gateway, kept);
  const base = kept.calibrated;
  const [estimated, spent] =
    way === 'exact'
      ? [base.exactFixedMs + base.exactPerChunkMs * items, serverMs]
      : [base.annFixedMs + base.annPerHitMs * items, serverMs - scored * base.annScorePerHitMs];
  const latest = kept[way];
  latest.push(Math.max(MIN_OBSERVED_RATIO, spent / Math.max(estimated, Number.MIN_VALUE)));
  if (latest.length > OBSERVED_WINDOW) latest.shift();
  const scale = median([1, ...latest]);
  const observed = (costs.observed ?? 0) + 1;
  settled.set(
    gateway,
    way === 'exact'
      ? { ...costs, exactFixedMs: base.exactFixedMs * scale, exactPerChunkMs: base.exactPerChunkMs * scale, observed }
      : { ...costs, annFixedMs: base.annFixedMs * scale, annPerHitMs: base.annPerHitMs * scale, observed },
  );
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

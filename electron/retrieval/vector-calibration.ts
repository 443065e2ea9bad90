import { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { GraphGateway } from '../graph/read-gateway';
import { calibrateAnn, calibrateExactScan } from './retrieval-queries';

/** Server milliseconds of the vector planner's two ways, as `fixed + perItem × items`. */
export interface VectorCosts {
  /** Per chunk scored exactly (its document matched, its cosine computed). */
  readonly exactPerChunkMs: number;
  readonly exactFixedMs: number;
  /** Per hit fetched from the ANN index (matched, judged and re-scored). */
  readonly annPerHitMs: number;
  readonly annFixedMs: number;
  /** How the costs were found, for the trace. */
  readonly source: 'calibrated' | 'default';
}

/**
 * Costs for a graph too small to measure: an ANN hit and an exact-scored chunk cost about the same
 * (each is one document match and one cosine), and ANN pays a fixed index search on top.
 */
export const DEFAULT_VECTOR_COSTS: VectorCosts = {
  exactPerChunkMs: 0.01,
  exactFixedMs: 1,
  annPerHitMs: 0.01,
  annFixedMs: 2,
  source: 'default',
};

/** The two sizes each way is timed at; the slope between them is the cost per item, so fixed costs drop out. */
const SMALL = 500;
const LARGE = 4000;
/** Each size is timed this many times; the fastest counts (the first warms the plan cache and pages). */
const REPEATS = 3;
const CALIBRATION_TIMEOUT_MS = 20_000;

const byGateway = new WeakMap<GraphGateway, Promise<VectorCosts>>();

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

async function measure(gateway: GraphGateway, profile: SchemaProfile, index: string, queryVector: readonly number[]): Promise<VectorCosts> {
  const params = { index, query_vector: queryVector, k: 10 };
  const [exactPerChunkMs, exactFixedMs] = await fit(gateway, calibrateExactScan(profile), params);
  const [annPerHitMs, annFixedMs] = await fit(gateway, calibrateAnn(profile), params);
  return { exactPerChunkMs, exactFixedMs, annPerHitMs, annFixedMs, source: 'calibrated' };
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
  const cached = byGateway.get(gateway);
  if (cached) return cached;
  const pending = measure(gateway, profile, index, queryVector);
  byGateway.set(gateway, pending);
  pending.catch(() => byGateway.delete(gateway));
  return pending;
}

/** The costs in a sentence for the trace. */
export function describeCosts(costs: VectorCosts): string {
  const ms = (value: number) => value.toFixed(value < 0.1 ? 4 : 1);
  return `${costs.source === 'calibrated' ? 'costs calibrated on this connection' : 'default costs (graph too small to calibrate)'}: exact ${ms(costs.exactFixedMs)} ms + ${ms(costs.exactPerChunkMs)} ms per chunk, ANN ${ms(costs.annFixedMs)} ms + ${ms(costs.annPerHitMs)} ms per hit`;
}

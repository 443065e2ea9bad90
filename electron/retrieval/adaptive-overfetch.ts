import type { BuiltInQuery } from '../graph/built-in-query';
import type { ReadOptions, ReadResult } from '../graph/read-gateway';
import { BEFORE_CANDIDATES, postfilterIfEnabled } from './acl-enforcement';
import type { Candidate } from './candidate';
import { candidatesFromRows, postfilteredHits, type PostfilteredHits } from './candidate-rows';
import type { RetrievalRun } from './retrieval-run';

/** Each adaptive round multiplies the fetch by this until there are `k` allowed hits or no more. */
const GROWTH = 4;

/** One post-filtered candidate query and how far its fetch may grow. */
export interface OverfetchRequest {
  /** A post-filtered candidate query (see `postfilterTail` in retrieval-queries.ts) taking `$fetch`. */
  readonly query: BuiltInQuery;
  /** The query's parameters but `fetch`. */
  readonly params: Record<string, unknown>;
  readonly k: number;
  readonly firstFetch: number;
  /** The most one round asks for; a round that asked for this many is the last. */
  readonly maxFetch: number;
  /**
   * Whether a round that returned fewer hits than it asked for proves the index gives no more: true
   * for full-text, and for a vector index searched whole (`queryNodes` returns as many as asked up to
   * what the index holds or the most it returns at once, measured: 10,000 on Neo4j 2026.08's
   * provider); not for search with a filter inside the index, which may return fewer while more exist.
   */
  readonly shortRoundIsLast: boolean;
  /** The stage whose score and rank the candidates carry. */
  readonly source: 'vector' | 'fulltext';
  /** `joinable: false` keeps the first round out of a joined read (joined-reads.ts); it may join by default. */
  readonly options: ReadOptions & { stage: string; joinable?: boolean };
  /**
   * The first round read together with another read in one round trip (see `withEntityHits`): the
   * combined query, its further parameters, and what of its result is the round's own.
   */
  readonly firstRound?: {
    readonly query: BuiltInQuery;
    readonly params: Record<string, unknown>;
    readonly own: (result: ReadResult) => ReadResult;
  };
}

/** The allowed candidates, and what it took to find them, for the stage note. */
export interface OverfetchResult {
  readonly candidates: Candidate[];
  readonly rounds: number;
  /** Hits the index returned in the last round. */
  readonly fetched: number;
  /** Hits of the last round that the access rule and the request's filters kept. */
  readonly kept: number;
  /** What the last round asked the index for. */
  readonly asked: number;
  /**
   * The last round's server time, null when its round trip was shared with another read (joined-reads.ts),
   * whose time is not the round's own. A read carrying the run's principal (riding-read.ts) counts: its
   * rider costs about a millisecond.
   */
  readonly serverMs: number | null;
}

/** One round of the over-fetch: what it asked for and what came back. */
export interface OverfetchRound {
  readonly asked: number;
  readonly fetched: number;
  readonly allowedTotal: number;
}

/**
 * Whether the over-fetch ends after `round`: it holds `k` allowed hits; or the index can give no
 * more — it returned fewer than asked where that proves so, or no more than the round before
 * (`previous`) though asked for more, or the round asked for `maxFetch`.
 */
export function overfetchEnds(
  round: OverfetchRound,
  previous: OverfetchRound | null,
  request: Pick<OverfetchRequest, 'k' | 'maxFetch' | 'shortRoundIsLast'>,
): boolean {
  const short = round.fetched < round.asked;
  const noGain = short && previous !== null && round.fetched <= previous.fetched;
  return round.allowedTotal >= request.k || (request.shortRoundIsLast && short) || noGain || round.asked >= request.maxFetch;
}

/**
 * Counts what one round's query kept out: hits the principal may not see (access) and visible hits
 * the request's filters leave out (filter), out of the hits fetched. Each round fetches again, and
 * more, so a later round's count replaces an earlier one; none is added to another.
 */
export function countKeptOut(run: RetrievalRun, mechanism: string, hits: PostfilteredHits): void {
  const at = { stage: BEFORE_CANDIDATES, mechanism, counts: 'hits' } as const;
  if (run.acl) run.log.withheld.measured({ ...at, kind: 'access', reason: 'excluded_by_postfilter' }, hits.notVisible, hits.fetched);
  if (run.filters.parts.length > 0)
    run.log.withheld.measured({ ...at, kind: 'filter', reason: 'request_filters' }, hits.filtered, hits.fetched);
}

/**
 * The adaptive over-fetch of mechanisms that cannot pre-filter: asks the index for more hits each
 * round until `k` of them are allowed or the index has no more, then post-filters the kept rows.
 * What the access rule kept out is counted as `excluded_by_postfilter` and what the request's
 * filters kept out as `request_filters`, never returned.
 */
export async function overfetchUntilAllowed(run: RetrievalRun, request: OverfetchRequest): Promise<OverfetchResult> {
  const mechanism = request.options.stage;
  let fetch = request.firstFetch;
  let previous: OverfetchRound | null = null;
  for (let rounds = 1; ; rounds += 1) {
    const carrying = rounds === 1 ? request.firstRound : undefined;
    // The first round may carry the run's waiting rider (riding-read.ts).
    const options = { ...request.options, carrier: rounds === 1, joinable: rounds === 1 && request.options.joinable !== false };
    const result = carrying
      ? carrying.own(await run.log.read(carrying.query, { ...request.params, ...carrying.params, fetch }, options))
      : await run.log.read(request.query, { ...request.params, fetch }, options);
    const hits = postfilteredHits(result);
    countKeptOut(run, mechanism, hits);
    const round = { asked: fetch, fetched: hits.fetched, allowedTotal: hits.allowedTotal };
    if (overfetchEnds(round, previous, request)) {
      const rows = postfilterIfEnabled(run.acl !== null, hits.rows, run.checker, run.principal, run.log, {
        mechanism,
        filters: run.filters,
      });
      return {
        candidates: candidatesFromRows(rows, request.source),
        rounds,
        fetched: hits.fetched,
        kept: hits.allowedTotal,
        asked: fetch,
        serverMs: result.sharedRoundTrip === true ? null : result.serverMs.available + result.serverMs.consumed,
      };
    }
    previous = round;
    fetch = Math.min(request.maxFetch, fetch * GROWTH);
  }
}

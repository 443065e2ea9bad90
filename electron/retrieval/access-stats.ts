import { SETUP_READ_SHARE } from '../../shared/deadline';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { GraphGateway, PlainRow } from '../graph/read-gateway';
import { graphStateOf, readRunState, runGraphState, type GraphState } from './graph-state';
import type { RetrievalRun } from './retrieval-run';
import type { RunLog } from './retrieval-stages';
import { StaleCache } from './stale-cache';

/** The stage whose reads (the marker, and the counts when they are made) the trace shows. */
const STATS_STAGE = 'access_scope';
/** On a graph without the loader's marker, counts are made again after this long (edits that keep the counts would go unseen). */
const UNMARKED_MAX_AGE_MS = 60_000;
/** The most cached count rows per connection (principals × filter combinations); the oldest goes first. */
const MAX_ENTRIES = 500;

/** A count row of the whole graph for one principal and one set of filters, and the graph state it was counted on. */
export interface AccessCounts {
  readonly row: PlainRow;
  /** True when the row came from the cache, made by an earlier request on the same graph state. */
  readonly cached: boolean;
  readonly countedAt: Date;
}

interface Entry {
  readonly marker: string;
  readonly marked: boolean;
  readonly countedAt: Date;
  readonly row: PlainRow;
}

const byGateway = new WeakMap<GraphGateway, Map<string, Promise<Entry>>>();
/** The keys each run counted itself, so a second reader in the same run does not call that count cached. */
const countedByRun = new WeakMap<RetrievalRun, Set<string>>();
/** Each run's answer per key, shared by its readers (the planner and the counts beside the retrieval). */
const readsByRun = new WeakMap<RetrievalRun, Map<string, Promise<AccessCounts>>>();
/** The keys each run planned with from the cache before the graph's state was read (see `plannerCounts`). */
const speculatedByRun = new WeakMap<RetrievalRun, Set<string>>();
/** Runs (by their log) that wait for the graph's state before they use a cached count: a run redone after `GraphStateChanged`. */
const distrusting = new WeakSet<RunLog>();

/** The graph changed since the cached counts a run planned with were made: the run is redone with counts that hold now. */
export class GraphStateChanged extends StaleCache {
  constructor() {
    super("The graph changed since the planner's cached counts were made; the run is redone with the graph's state read now.");
    this.name = 'GraphStateChanged';
  }
}

/** From now on the run of `log` waits for the graph's state before it plans with a cached count (see `plannerCounts`). */
export function distrustCachedCounts(log: RunLog): void {
  distrusting.add(log);
}

/**
 * A count's key: its text and parameters, the chunk rule written the one way whether or not the run
 * left the every-document clause out — in the same graph state both count the same chunks (the clause
 * is left out only where it finds nothing), so a connection that checked its graph mid-way keeps its counts.
 */
const keyOf = (run: RetrievalRun, query: BuiltInQuery, params: Record<string, unknown>) =>
  `${query.text.split(run.countedAlike.everyDocument).join(run.countedAlike.oneDocument)}\u0000${JSON.stringify(params)}`;

function entriesOf(gateway: GraphGateway): Map<string, Promise<Entry>> {
  const found = byGateway.get(gateway);
  if (found) return found;
  const made = new Map<string, Promise<Entry>>();
  byGateway.set(gateway, made);
  return made;
}

/**
 * The graph's state now: one read per run, shared by everything in the run that asks — the one its
 * principal read carried (graph-state.ts), or, when the run read no principal (one given inline, or
 * a local one), a read of the run's state of its own, which rides in the run's first retrieval read
 * (riding-read.ts). It is read as the run's principal id, though only the graph's state is used: the
 * warm-up's stand-in principals are given inline, and so plan the very query a real principal's run makes.
 */
export function graphStateOfRun(run: RetrievalRun): Promise<GraphState> {
  return (
    runGraphState(run.log) ??
    readRunState(run.log, run.profile, run.principal.principal_id, run.deadline.stage(SETUP_READ_SHARE), true).then((row) =>
      graphStateOf(row),
    )
  );
}

function stillValid(entry: Entry, marker: string, now: number): boolean {
  return entry.marker === marker && (entry.marked || now - entry.countedAt.getTime() < UNMARKED_MAX_AGE_MS);
}

/**
 * The row of a whole-graph count query (access-scope counts), from the connection's cache when the
 * graph is in the state it was counted on, else counted now and cached. The state is the loader's
 * marker (every load changes it) with count-store counts of chunks and their document links; a
 * graph without the marker is also counted again after a minute. The key is the query's text and
 * parameters, so another principal, policy or filter is another entry. Counting is the cost the
 * cache saves: a full pass over the chunks, on the hot path of every request before.
 */
export function cachedCounts(
  run: RetrievalRun,
  query: BuiltInQuery,
  params: Record<string, unknown>,
  deadlineShare: number,
): Promise<AccessCounts> {
  // Every reader in one run shares one answer: two readers finding a stale entry at once count once.
  const key = keyOf(run, query, params);
  const mine = readsByRun.get(run) ?? new Map<string, Promise<AccessCounts>>();
  readsByRun.set(run, mine);
  const found = mine.get(key);
  if (found) return found;
  const reading = countsNow(run, query, params, deadlineShare);
  mine.set(key, reading);
  return reading;
}

async function countsNow(
  run: RetrievalRun,
  query: BuiltInQuery,
  params: Record<string, unknown>,
  deadlineShare: number,
): Promise<AccessCounts> {
  const entries = entriesOf(run.connection);
  const key = keyOf(run, query, params);
  const state = graphStateOfRun(run);
  // Nothing cached to check: the count is read once the state is known, so the state's read must not wait for a carrier.
  if (!entries.has(key)) run.log.hurryRider();
  const { marker, marked } = await state;
  const found = entries.get(key);
  if (found) {
    const entry = await found.catch(() => null);
    const ownCount = countedByRun.get(run)?.has(key) === true;
    if (entry && stillValid(entry, marker, Date.now())) return { row: entry.row, cached: !ownCount, countedAt: entry.countedAt };
    // The run planned with this entry and the graph has moved on: it is redone, and the redo counts (and says so).
    if (entry && speculatedByRun.get(run)?.has(key) === true) throw new GraphStateChanged();
  }
  const countedAt = new Date();
  const pending = run.log
    .read(query, params, { deadline: run.deadline.stage(deadlineShare), stage: STATS_STAGE })
    .then((result): Entry => ({ marker, marked, countedAt, row: result.rows[0] ?? {} }));
  entries.delete(key);
  entries.set(key, pending);
  countedByRun.set(run, new Set([...(countedByRun.get(run) ?? []), key]));
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  pending.catch(() => {
    if (entries.get(key) === pending) entries.delete(key);
  });
  return { row: (await pending).row, cached: false, countedAt };
}

/** Counts to plan with, and the graph's word that they still hold (rejected with `GraphStateChanged` when not). */
export interface PlannerCounts extends AccessCounts {
  readonly confirmed: Promise<void>;
}

/**
 * The counts the vector planner plans with. With a cached entry for this principal and these
 * filters, the entry at once, so the retrieval query is not held up by the round trip that reads
 * the graph's state; that read goes on beside it, and `confirmed` rejects with `GraphStateChanged`
 * when the graph is no longer in the state the entry was counted on. The caller waits for both before
 * it hands on anything, and the run is then redone (distrusting the cache). Without an entry, or in
 * a redone run, it is `cachedCounts`: the graph's state first.
 */
export async function plannerCounts(
  run: RetrievalRun,
  query: BuiltInQuery,
  params: Record<string, unknown>,
  deadlineShare: number,
): Promise<PlannerCounts> {
  const key = keyOf(run, query, params);
  const found = distrusting.has(run.log) ? undefined : entriesOf(run.connection).get(key);
  const entry = found ? await found.catch(() => null) : null;
  if (!entry) return { ...(await cachedCounts(run, query, params, deadlineShare)), confirmed: Promise.resolve() };
  speculatedByRun.set(run, new Set([...(speculatedByRun.get(run) ?? []), key]));
  const confirmed = graphStateOfRun(run).then(({ marker }) => {
    if (!stillValid(entry, marker, Date.now())) throw new GraphStateChanged();
  });
  // Observed by the caller; a run that fails before it waits must not leave it unhandled.
  confirmed.catch(() => undefined);
  return { row: entry.row, cached: true, countedAt: entry.countedAt, confirmed };
}

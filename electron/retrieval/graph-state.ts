import type { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { PlainRow, ReadOptions, ReadResult } from '../graph/read-gateway';
import { runState } from './retrieval-queries';
import { riderRowOf, type Rider } from './riding-read';

/**
 * The graph's state as one read of a run saw it: the loader's marker and the count-store counts of
 * chunks and their document links (see `graphMarker`), as one comparable string, and whether the
 * graph carries the loader's marker at all. The caches of access counts hold while it is unchanged.
 */
export interface GraphState {
  readonly marker: string;
  readonly marked: boolean;
  /**
   * The count-store count of evidence links into chunks (the profile's located-in relationship), or
   * null where the row did not hold it. Not part of `marker`: no access count depends on it.
   */
  readonly located: number | null;
}

/** The state in a row with the columns of `graphMarker` (plan_hash, loaded_at, chunks, links, located). */
export function graphStateOf(row: PlainRow | undefined): GraphState {
  const found = row ?? {};
  const located = typeof found.located === 'number' && Number.isFinite(found.located) ? found.located : null;
  return {
    marker: JSON.stringify([found.plan_hash, found.loaded_at, found.chunks, found.links]),
    marked: typeof found.plan_hash === 'string',
    located,
  };
}

/**
 * Each run's one read of the graph's state, by the reader the run reads through — its log, one per
 * attempt, so a redone run reads it again; never a connection's gateway, which outlives runs. The
 * run's principal read carries it when the run reads a principal, so a run pays one round trip for
 * both; otherwise the access counts read it on their own (access-stats.ts).
 */
const stateByLog = new WeakMap<object, Promise<GraphState>>();

/** The graph's state this run has read or is reading, if any. */
export function runGraphState(log: object): Promise<GraphState> | undefined {
  return stateByLog.get(log);
}

/** Keeps `state` as this run's read of the graph's state (the first one kept wins). */
export function keepRunGraphState(log: object, state: Promise<GraphState>): Promise<GraphState> {
  const found = stateByLog.get(log);
  if (found) return found;
  // Observed by whoever asks for it; a run that ends before then must not leave it unhandled.
  state.catch(() => undefined);
  stateByLog.set(log, state);
  return state;
}

/** What reads a run's state: the run's log (which can carry a rider), or anything that runs built-in reads. */
export interface RunStateReader {
  read(query: BuiltInQuery, params: Record<string, unknown>, options: ReadOptions & { stage: string }): Promise<ReadResult>;
  offerRider?(rider: Rider): Promise<PlainRow>;
}

/**
 * The run's state row (`runState`: the graph's principal of `principalId` and the graph's state),
 * kept as the run's read of the graph's state. With `ride`, and a reader that can carry it, the read
 * rides in the run's first retrieval read (riding-read.ts): for a run that starts from cached
 * state and only confirms it beside its retrieval. Otherwise it is read now, on its own.
 */
export function readRunState(
  log: RunStateReader,
  profile: SchemaProfile,
  principalId: string,
  deadline: Deadline,
  ride: boolean,
): Promise<PlainRow> {
  const params = { run_principal_id: principalId };
  const row =
    ride && log.offerRider
      ? log.offerRider({ query: runState(profile), params, stage: 'principal', deadline })
      : log.read(runState(profile), params, { deadline, stage: 'principal' }).then(riderRowOf);
  keepRunGraphState(
    log,
    row.then((found) => graphStateOf(found)),
  );
  return row;
}

import type { PlainRow } from '../graph/read-gateway';

/**
 * The graph's state as one read of a run saw it: the loader's marker and the count-store counts of
 * chunks and their document links (see `graphMarker`), as one comparable string, and whether the
 * graph carries the loader's marker at all. The caches of access counts hold while it is unchanged.
 */
export interface GraphState {
  readonly marker: string;
  readonly marked: boolean;
}

/** The state in a row with the columns of `graphMarker` (plan_hash, loaded_at, chunks, links). */
export function graphStateOf(row: PlainRow | undefined): GraphState {
  const found = row ?? {};
  return {
    marker: JSON.stringify([found.plan_hash, found.loaded_at, found.chunks, found.links]),
    marked: typeof found.plan_hash === 'string',
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

import { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { GraphGateway } from '../graph/read-gateway';
import { capabilitiesState, type GraphCapabilities } from './graph-capabilities';
import { graphStateOf } from './graph-state';
import { chunkOfManyDocuments, graphMarker } from './retrieval-queries';

/**
 * Whether the access rule's every-document clause can be left out of a run's queries.
 *
 * A chunk is visible only when every document it is part of is (deny overrides). The Cypher chunk rule
 * says so with a subquery per judged chunk (`documentsOfChunk` in compile-acl-to-cypher.ts), which
 * doubles the database hits of a post-filter. On a graph where no chunk is part of two nodes, the
 * subquery can only ever find the row's own document, so it is left out. Whether that holds is read
 * once per connection and graph state (the loader's marker and the count-store counts of chunks and
 * their links), in the background, on connections the warm-up opts in: until it is known, and wherever the check fails or the graph
 * changes under it, the clause stays in.
 *
 * A stale answer cannot leak: every returned row carries all of its chunk's documents, and the
 * TypeScript re-check denies a chunk when any of them is hidden (a `policy_mismatch`). A loaded graph's
 * run confirms that the state its capabilities were read in still holds before any item is shaped
 * (`confirmCapabilities`), and a new link changes the counts; a graph without the loader's marker is
 * read again once its capabilities age (`UNMARKED_CAPABILITIES_MAX_AGE_MS`).
 */

/** The check's own time: it scans every chunk's links once, in the background. */
export const CHUNK_DOCUMENTS_CHECK_TIMEOUT_MS = 60_000;

interface Check {
  /** The graph state (`GraphState.marker`) the check ran in. */
  readonly marker: string;
  /** True: no chunk has two part-of links; false: one has, or the check failed or saw the graph change; null: still running. */
  outcome: boolean | null;
  readonly done: Promise<boolean>;
}

const checks = new WeakMap<GraphGateway, Check>();

async function runCheck(gateway: GraphGateway, profile: SchemaProfile, marker: string): Promise<boolean> {
  const deadline = Deadline.after(CHUNK_DOCUMENTS_CHECK_TIMEOUT_MS);
  const options = { deadline, stage: 'capabilities' };
  const found = (await gateway.read(chunkOfManyDocuments(profile), {}, options)).rows[0];
  // The state after the scan must be the one the capabilities were read in, or the scan may have seen a graph half-written.
  const after = graphStateOf((await gateway.read(graphMarker(profile), {}, options)).rows[0]);
  return found?.found === false && after.marker === marker;
}

/**
 * The check for the state `capabilities` were read in: the one already made or running on this
 * connection for that state, or one started now. Undefined for capabilities read outside the
 * connection's cache, which name no state to check against.
 */
export function checkChunkDocuments(
  gateway: GraphGateway,
  profile: SchemaProfile,
  capabilities: GraphCapabilities,
): Promise<boolean> | undefined {
  const state = capabilitiesState(capabilities);
  if (!state) return undefined;
  const found = checks.get(gateway);
  if (found && found.marker === state.marker) return found.done;
  const done = runCheck(gateway, profile, state.marker).catch(() => false);
  const check: Check = { marker: state.marker, outcome: null, done };
  void done.then((outcome) => {
    check.outcome = outcome;
  });
  checks.set(gateway, check);
  return done;
}

/**
 * True only when this connection has finished checking, in the state `capabilities` were read in,
 * that no chunk is part of two nodes; never waits for it. A connection is checked first by its
 * warm-up (connection-warmup.ts: the app's and browser mode's, not a one-shot CLI command's, which
 * would scan for nothing); once checked, a graph state it has not checked is checked in the background.
 */
export function chunksHaveOneDocument(gateway: GraphGateway, profile: SchemaProfile, capabilities: GraphCapabilities): boolean {
  if (!checks.has(gateway) || !checkChunkDocuments(gateway, profile, capabilities)) return false;
  return checks.get(gateway)?.outcome === true;
}

import { ACL_TERMS_SCHEME, type AclTermProperties } from '../../shared/acl/compile-acl-to-lucene';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { stageNote } from '../../shared/stage-note-messages';
import type { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import { INDEXES, RECORDED_ACL_TERMS, RECORDED_EMBEDDING, SERVER_COMPONENTS } from '../graph/introspection-queries';
import type { GraphGateway } from '../graph/read-gateway';
import { graphStateOf, type GraphState } from './graph-state';
import { graphMarker } from './retrieval-queries';
import { StaleCache } from './stale-cache';

/** What the connected graph can do for retrieval, read once per gateway. */
export interface GraphCapabilities {
  readonly version: string;
  /** True from Neo4j 2026.01: the Cypher 25 SEARCH clause with in-index filters. */
  readonly searchClause: boolean;
  readonly vectorIndex: {
    readonly name: string;
    readonly dimensions: number | null;
    readonly filterable: readonly string[];
    readonly online: boolean;
    /**
     * The index's `vector.quantization.type` (2026.08's index provider: `BINARY` by default), or null
     * where the index has no such setting (5.x: `vector.quantization.enabled`, a scalar quantization).
     */
    readonly quantization?: string | null;
  } | null;
  /** The embedder the loader recorded for the vector index (a `LensEmbeddingInfo` node), or null when none is recorded for it. */
  readonly recordedEmbedding: {
    readonly embedder: string;
    /** The embedder's features version, when the load recorded one (a load before it was recorded: none). */
    readonly features?: number | null;
    readonly dimensions: number | null;
    readonly kind: string;
  } | null;
  readonly fulltextIndex: { readonly name: string; readonly properties: readonly string[]; readonly online: boolean } | null;
  /** The entity-names full-text index (profile `indexes.entityNames`), the entity signal's source, or null when the graph has none. */
  readonly entityIndex: { readonly name: string; readonly properties: readonly string[] } | null;
  /**
   * ACL terms on the chunks, indexed in the full-text index, in the encoding this build writes, so
   * full-text search can filter inside the index; or why not (no index, no terms in it, terms in
   * another encoding), for the trace.
   */
  readonly fulltextAclTerms:
    | { readonly present: true; readonly property: string; readonly covered: AclTermProperties }
    | { readonly present: false; readonly reason: string; readonly reasonNote?: CoreMessage };
}

/** Capabilities as one read found them, with the graph's state read just before them and when. */
interface Entry {
  readonly capabilities: GraphCapabilities;
  readonly state: GraphState;
  readonly readAt: number;
}

const cache = new WeakMap<GraphGateway, Promise<Entry>>();
/** The graph's state each cached capabilities object was read in, to confirm a run's capabilities against its own read of the state. */
const stateOf = new WeakMap<GraphCapabilities, GraphState>();
/**
 * On a graph without the loader's marker, capabilities are read again after this long: an index
 * made or dropped there changes no count the state holds. (A loaded graph's marker moves with
 * every load, re-embedding included.)
 */
export const UNMARKED_CAPABILITIES_MAX_AGE_MS = 60_000;

/**
 * The graph changed (it was loaded again, or re-embedded) since the connection read what it can do:
 * the run planned with capabilities that may no longer hold (an index gone, ACL terms of another
 * encoding) is redone with capabilities read now.
 */
export class CapabilitiesChanged extends StaleCache {
  constructor() {
    super('The graph changed since its capabilities were read; the run is redone with capabilities read now.');
    this.name = 'CapabilitiesChanged';
  }
}

/** Whether the chunk full-text index holds ACL terms this build can read, from the index and the loader's record. */
function aclTermsCapability(
  indexName: string | null,
  indexProperties: readonly string[],
  recorded: Record<string, unknown> | undefined,
  property: string,
): GraphCapabilities['fulltextAclTerms'] {
  const missing = (reasonNote: CoreMessage) => ({ present: false, reason: coreEnglish(reasonNote), reasonNote }) as const;
  if (indexName === null) return missing(stageNote('acl_no_fulltext_index'));
  if (!indexProperties.includes(property)) return missing(stageNote('acl_no_terms_field', { property }));
  if (!recorded || recorded.property !== property || recorded.index !== indexName)
    return missing(stageNote('acl_terms_unrecorded', { property }));
  if (recorded.scheme !== ACL_TERMS_SCHEME)
    return missing(stageNote('acl_terms_encoding', { property, scheme: String(recorded.scheme), expected: ACL_TERMS_SCHEME }));
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  return {
    present: true,
    property,
    covered: { document: strings(recorded.document_properties), chunk: strings(recorded.chunk_properties) },
  };
}

/** The loader's record of the embedder behind the chunk vector index; a record of another index says nothing about it. */
function recordedEmbedding(row: Record<string, unknown> | undefined, indexName: string): GraphCapabilities['recordedEmbedding'] {
  if (!row || typeof row.embedder !== 'string' || (row.index !== undefined && row.index !== null && row.index !== indexName)) return null;
  const dimensions = Number(row.dimensions);
  const features = Number(row.features);
  return {
    embedder: row.embedder,
    features: row.features !== null && row.features !== undefined && Number.isInteger(features) ? features : null,
    dimensions: Number.isInteger(dimensions) && dimensions > 0 ? dimensions : null,
    kind: typeof row.kind === 'string' ? row.kind : 'unknown',
  };
}

function releaseYear(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '0', 10);
}

async function read(gateway: GraphGateway, profile: SchemaProfile, deadline: Deadline, now: () => number): Promise<Entry> {
  const options = { deadline, stage: 'capabilities' };
  // The state first: a graph that changes while the rest is read then shows a state older than what was read, and is read again.
  const state = graphStateOf((await gateway.read(graphMarker(profile), {}, options)).rows[0]);
  const readAt = now();
  const capabilities = await readCapabilities(gateway, profile, options);
  stateOf.set(capabilities, state);
  return { capabilities, state, readAt };
}

async function readCapabilities(
  gateway: GraphGateway,
  profile: SchemaProfile,
  options: { readonly deadline: Deadline; readonly stage: string },
): Promise<GraphCapabilities> {
  const kernel = (await gateway.read(SERVER_COMPONENTS, {}, options)).rows.find((row) => row.name === 'Neo4j Kernel');
  const version = Array.isArray(kernel?.versions) ? String(kernel.versions[0]) : 'unknown';
  const indexes = (await gateway.read(INDEXES, {}, options)).rows;
  const vector = indexes.find((row) => row.name === profile.indexes.chunkVector && row.type === 'VECTOR');
  const fulltext = indexes.find((row) => row.name === profile.indexes.chunkFulltext && row.type === 'FULLTEXT');
  const entities = indexes.find((row) => row.name === profile.indexes.entityNames && row.type === 'FULLTEXT');
  const recorded = (await gateway.read(RECORDED_ACL_TERMS, { index: profile.indexes.chunkFulltext }, options)).rows[0];
  const embedding = (await gateway.read(RECORDED_EMBEDDING, { index: profile.indexes.chunkVector }, options)).rows[0];
  const fulltextProperties = Array.isArray(fulltext?.properties) ? fulltext.properties.map(String) : [];
  const config = ((vector?.options as Record<string, unknown> | undefined)?.indexConfig ?? {}) as Record<string, unknown>;
  const vectorProperties = Array.isArray(vector?.properties) ? vector.properties.map(String) : [];
  return {
    version,
    searchClause: releaseYear(version) >= 2026,
    // Properties after the embedding are the index's additional, filterable ones (2026.01+).
    vectorIndex: vector
      ? {
          name: String(vector.name),
          dimensions: typeof config['vector.dimensions'] === 'number' ? config['vector.dimensions'] : null,
          filterable: vectorProperties.slice(1),
          online: vector.state === 'ONLINE',
          quantization: typeof config['vector.quantization.type'] === 'string' ? config['vector.quantization.type'] : null,
        }
      : null,
    recordedEmbedding: recordedEmbedding(embedding, profile.indexes.chunkVector),
    fulltextIndex: fulltext ? { name: String(fulltext.name), properties: fulltextProperties, online: fulltext.state === 'ONLINE' } : null,
    entityIndex: entities
      ? { name: String(entities.name), properties: Array.isArray(entities.properties) ? entities.properties.map(String) : [] }
      : null,
    fulltextAclTerms: aclTermsCapability(
      fulltext ? String(fulltext.name) : null,
      fulltextProperties,
      recorded,
      profile.properties.chunk.aclTerms,
    ),
  };
}

function readInto(gateway: GraphGateway, profile: SchemaProfile, deadline: Deadline, now: () => number): Promise<Entry> {
  const pending = read(gateway, profile, deadline, now);
  cache.set(gateway, pending);
  pending.catch(() => {
    if (cache.get(gateway) === pending) cache.delete(gateway);
  });
  return pending;
}

/**
 * The capabilities of the gateway's graph, read on first use and then cached (a failed read is not
 * cached); read again when `fresh` (a run redone because they no longer held), and on a graph
 * without the loader's marker once they are older than `UNMARKED_CAPABILITIES_MAX_AGE_MS`. A run
 * that uses cached ones confirms them against its own read of the graph's state (`confirmCapabilities`).
 */
export async function graphCapabilities(
  gateway: GraphGateway,
  profile: SchemaProfile,
  deadline: Deadline,
  { fresh = false }: { readonly fresh?: boolean } = {},
  now: () => number = Date.now,
): Promise<GraphCapabilities> {
  if (!fresh) {
    const cached = cache.get(gateway);
    const entry = cached ? await cached.catch(() => null) : null;
    if (entry && (entry.state.marked || now() - entry.readAt < UNMARKED_CAPABILITIES_MAX_AGE_MS)) return entry.capabilities;
    // Two runs that find the same stale entry share one read.
    const current = cache.get(gateway);
    const renewed = current && current !== cached ? await current.catch(() => null) : null;
    if (renewed) return renewed.capabilities;
  }
  return (await readInto(gateway, profile, deadline, now)).capabilities;
}

/** The graph's state `capabilities` were read in, or undefined for capabilities not read through this cache (a test's own). */
export function capabilitiesState(capabilities: GraphCapabilities): GraphState | undefined {
  return stateOf.get(capabilities);
}

/**
 * Rejects with `CapabilitiesChanged` when the graph's state a run read (`state`) is not the one its
 * capabilities were read in (a load, a re-embedding, or a graph that gained or lost the loader's
 * marker), and drops them from the connection so the redo reads them again.
 * Capabilities not read through this cache (a test's own) have nothing to confirm.
 */
export async function confirmCapabilities(
  gateway: GraphGateway,
  capabilities: GraphCapabilities,
  state: Promise<GraphState>,
): Promise<void> {
  const readIn = stateOf.get(capabilities);
  if (!readIn) return;
  const now = await state;
  // A graph no loader marked is one whose counts move as it is written to: its capabilities age instead (see `graphCapabilities`).
  if (now.marker === readIn.marker || (!now.marked && !readIn.marked)) return;
  const cached = cache.get(gateway);
  if (cached && (await cached.catch(() => null))?.capabilities === capabilities) cache.delete(gateway);
  throw new CapabilitiesChanged();
}

import type { z } from 'zod';
import type { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { NodeRef } from '../../shared/compare/node-access';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { GraphGateway } from '../graph/read-gateway';
import {
  ChunkScopeRow,
  chunkScope,
  DocumentScopeRow,
  documentScope,
  entityScope,
  EntityScopeRow,
  ViaChunkRow,
  viaChunkScope,
} from './scope-queries';

/** What the scope reads the graph through: the read gateway, or a run's log of it (which records each query). */
export type GraphReader = Pick<GraphGateway, 'read'>;

/** The stage name the leak check's reads carry in the trace of the graph's transactions. */
export const LEAK_CHECK_STAGE = 'compare_leak_check';
/** How many chunks of one claim or evidence are read to find one the principal may see. */
export const VIA_LIMIT = 50;

/** What kind of node a path step names, by the profile's labels (an ADR is a document). */
export type NodeKind = 'chunk' | 'document' | 'claim' | 'evidence' | 'entity';

/** The kind of node a label names. */
export function nodeKindOf(label: string, profile: SchemaProfile): NodeKind {
  const L = profile.labels;
  if (label === L.chunk) return 'chunk';
  if (label === L.document || label === L.adr) return 'document';
  if (label === L.claim) return 'claim';
  if (label === L.evidence) return 'evidence';
  return 'entity';
}

/** The nodes the items draw on, read from the graph once: looked up by kind and id. */
export interface GraphScope {
  chunk(id: string): ChunkScopeRow | undefined;
  document(id: string): DocumentScopeRow | undefined;
  claim(id: string): ViaChunkRow | undefined;
  evidence(id: string): ViaChunkRow | undefined;
  entity(label: string, id: string): EntityScopeRow | undefined;
  /** How many distinct nodes were looked up. */
  readonly size: number;
}

/** Runs one scope query and parses its rows; a truncated answer fails closed rather than checking part of the items. */
async function readRows<S extends z.ZodType>(
  gateway: GraphReader,
  query: BuiltInQuery,
  params: Record<string, unknown>,
  schema: S,
  deadline: Deadline,
  stage: string,
): Promise<z.output<S>[]> {
  const result = await gateway.read(query, params, { deadline, stage });
  if (result.truncated)
    throw codedError('unavailable', retrievalError('leak_check_row_cap', { cap: result.rowCap, query: query.name }), {
      hint: retrievalError('leak_check_row_cap_hint'),
    });
  return result.rows.map((row) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success)
      throw codedError('internal', retrievalError('leak_check_row_shape', { query: query.name, problem: parsed.error.message }));
    return parsed.data as z.output<S>;
  });
}

/** Distinct ids of the nodes of each kind among `nodes`. */
function idsByKind(nodes: readonly NodeRef[], profile: SchemaProfile): Record<NodeKind, string[]> {
  const ids: Record<NodeKind, Set<string>> = {
    chunk: new Set(),
    document: new Set(),
    claim: new Set(),
    evidence: new Set(),
    entity: new Set(),
  };
  for (const node of nodes) {
    const kind = nodeKindOf(node.label, profile);
    ids[kind].add(kind === 'entity' ? JSON.stringify([node.label, node.id]) : node.id);
  }
  return Object.fromEntries(Object.entries(ids).map(([kind, set]) => [kind, [...set]])) as Record<NodeKind, string[]>;
}

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]));

/**
 * Reads every node of `nodes` with what decides who may see it, in one query per kind, under
 * `deadline`, named `stage` in the trace of the graph's transactions. An outage or an expired
 * deadline is thrown as the gateway's LensError: the caller reports the check as failed, never as clean.
 */
export async function readGraphScope(
  gateway: GraphReader,
  profile: SchemaProfile,
  nodes: readonly NodeRef[],
  deadline: Deadline,
  stage: string = LEAK_CHECK_STAGE,
): Promise<GraphScope> {
  const ids = idsByKind(nodes, profile);
  const entities = ids.entity.map((key) => {
    const [label, id] = JSON.parse(key) as [string, string];
    return { label, id };
  });
  const viaParams = (list: string[]) => ({ ids: list, via_limit: VIA_LIMIT });
  const [chunks, documents, claims, evidence, entityRows] = await Promise.all([
    readRows(gateway, chunkScope(profile), { ids: ids.chunk }, ChunkScopeRow, deadline, stage),
    readRows(gateway, documentScope(profile), { ids: ids.document }, DocumentScopeRow, deadline, stage),
    ids.claim.length > 0 ? readRows(gateway, viaChunkScope(profile, 'claim'), viaParams(ids.claim), ViaChunkRow, deadline, stage) : [],
    ids.evidence.length > 0
      ? readRows(gateway, viaChunkScope(profile, 'evidence'), viaParams(ids.evidence), ViaChunkRow, deadline, stage)
      : [],
    entities.length > 0 ? readRows(gateway, entityScope(profile), { entities }, EntityScopeRow, deadline, stage) : [],
  ]);
  const chunkMap = byId(chunks);
  const documentMap = byId(documents);
  const claimMap = byId(claims);
  const evidenceMap = byId(evidence);
  const entityMap = new Map(entityRows.map((row) => [JSON.stringify([row.label, row.id]), row]));
  return {
    chunk: (id) => chunkMap.get(id),
    document: (id) => documentMap.get(id),
    claim: (id) => claimMap.get(id),
    evidence: (id) => evidenceMap.get(id),
    entity: (label, id) => entityMap.get(JSON.stringify([label, id])),
    size: Object.values(ids).reduce((sum, list) => sum + list.length, 0),
  };
}

import { LensError } from '../../shared/lens-error';
import { Principal } from '../../shared/principal';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { Deadline } from '../../shared/deadline';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { GraphGateway, ReadOptions, ReadResult } from '../graph/read-gateway';
import { principalFromGraph, principalsFromGraph } from './retrieval-queries';

/** Anything that runs built-in reads: the gateway, or a run's log (which also records the query). */
export interface GraphReader {
  read(query: BuiltInQuery, params: Record<string, unknown>, options: ReadOptions & { stage: string }): Promise<ReadResult>;
}

/** Where principals are kept locally (the trace store implements this). */
export interface PrincipalDirectory {
  getPrincipal(principalId: string): Principal | null;
  listPrincipals(): Principal[];
}

function fromGraphRow(row: Record<string, unknown>): Principal {
  const props = (row.principal ?? {}) as Record<string, unknown>;
  return Principal.parse({
    principal_id: props.principal_id,
    workspace_id: props.workspace_id,
    groups: Array.isArray(row.groups) ? row.groups : [],
    acl_partitions: Array.isArray(props.acl_partitions) ? props.acl_partitions : [],
    ...(typeof props.display_name === 'string' ? { display_name: props.display_name } : {}),
    ...(typeof props.description === 'string' ? { description: props.description } : {}),
    source: 'graph',
  });
}

/** All principals of the graph's Principal/Group nodes. */
export async function graphPrincipals(gateway: GraphGateway, profile: SchemaProfile, deadline: Deadline): Promise<Principal[]> {
  const result = await gateway.read(principalsFromGraph(profile), {}, { deadline, stage: 'principals' });
  return result.rows.map(fromGraphRow);
}

/**
 * The principals a retrieval can run as: the local list first, each flagged `overrides_graph` when
 * the graph has a principal of the same id (the local copy wins), then the graph's other principals.
 * Every local entry carries the flag, true or false.
 */
export function mergePrincipals(local: readonly Principal[], graph: readonly Principal[]): Principal[] {
  const graphIds = new Set(graph.map((entry) => entry.principal_id));
  const localIds = new Set(local.map((entry) => entry.principal_id));
  // The flag is always worked out here, never taken from what was imported.
  return [
    ...local.map((entry) => ({ ...entry, overrides_graph: graphIds.has(entry.principal_id) })),
    ...graph.filter((entry) => !localIds.has(entry.principal_id)),
  ];
}

/** The local list and the graph's principals, merged as `mergePrincipals` says. */
export async function listPrincipals(
  directory: PrincipalDirectory,
  gateway: GraphGateway,
  profile: SchemaProfile,
  deadline: Deadline,
): Promise<Principal[]> {
  const local = directory.listPrincipals();
  return mergePrincipals(local, await graphPrincipals(gateway, profile, deadline));
}

/**
 * The principal a request runs as: given inline, or by id from the local list, then from the graph.
 * A local principal that overrides the graph's principal of the same id says so in the snapshot
 * (`overrides_graph`), so a run made with a widened local copy is never mistaken for one made as
 * the graph's principal. An unknown id is an `invalid_input` error naming where it looked.
 */
export async function resolvePrincipal(
  principal: string | Principal,
  directory: PrincipalDirectory | null,
  reader: GraphReader,
  profile: SchemaProfile,
  deadline: Deadline,
): Promise<Principal> {
  if (typeof principal !== 'string') {
    // A principal given in the request is taken as it is; whatever it claims about overriding is not.
    const { overrides_graph: _claimed, ...given } = principal;
    return { ...given, source: 'inline' };
  }
  const local = directory?.getPrincipal(principal) ?? null;
  const row = (await reader.read(principalFromGraph(profile), { principal_id: principal }, { deadline, stage: 'principal' })).rows[0];
  if (local) return { ...local, overrides_graph: row !== undefined };
  if (row) return fromGraphRow(row);
  throw new LensError(
    'invalid_input',
    `Unknown principal "${principal}": it is neither in the local list nor a :${profile.labels.principal} node of the graph.`,
    {
      hint: '`lens principals list` shows the known principals; `lens principals import FILE` adds some.',
    },
  );
}

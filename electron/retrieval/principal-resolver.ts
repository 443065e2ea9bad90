import { codedError, problemFields } from '../../shared/coded-error';
import { isLensError, type LensError } from '../../shared/lens-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { Principal, type PrincipalList, type UnreadablePrincipal } from '../../shared/principal';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { Deadline } from '../../shared/deadline';
import type { GraphGateway } from '../graph/read-gateway';
import { samePrincipal, type PrincipalCache } from './principal-cache';
import { readRunState, type RunStateReader } from './graph-state';
import { principalFromGraph, principalsFromGraph } from './retrieval-queries';
import { StaleCache } from './stale-cache';
import { codePointName } from '../../shared/code-point';

/** Anything that runs built-in reads: the gateway, or a run's log (which also records the query, and can carry a rider). */
export type GraphReader = RunStateReader;

/** Where principals are kept locally (the trace store implements this). */
export interface PrincipalDirectory {
  getPrincipal(principalId: string): Principal | null;
  listPrincipals(): Principal[];
}

/** A value as an error shows it: JSON, cut short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const isName = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A graph principal's list of names (its partitions, its groups' ids) as the access policy reads a
 * node's lists: a lone string is a list of one, a missing value none. Anything else is refused rather
 * than read as no names: no partitions pass every partition (`in_principal_when_both_set`), so a
 * principal whose `acl_partitions: 'general'` was read as none saw every chunk of its documents.
 */
function graphNames(value: unknown, refuse: (value: unknown) => LensError): string[] {
  if (value === undefined || value === null) return [];
  if (isName(value)) return [value];
  if (!Array.isArray(value) || !value.every(isName)) throw refuse(value);
  return [...value];
}

/** The error for a graph principal whose access properties cannot be read as the policy reads them. */
function principalRefused(...message: Parameters<typeof retrievalError>): LensError {
  return codedError('invalid_input', retrievalError(...message), { hint: retrievalError('graph_principal_invalid_hint') });
}

/** A principal read from the graph: its node's properties under the profile's names (`properties.principal`) and its groups' ids. */
function fromGraphRow(row: Record<string, unknown>, profile: SchemaProfile): Principal {
  const props = (row.principal ?? {}) as Record<string, unknown>;
  const P = profile.properties.principal;
  const id = props[P.id];
  const principal = isName(id) ? id : shown(id);
  const refuse = (code: 'graph_principal_list_invalid' | 'graph_principal_name_invalid', property: string) => (value: unknown) =>
    principalRefused(code, { principal, property, value: shown(value) });
  if (!isName(id)) throw refuse('graph_principal_name_invalid', P.id)(id);
  const workspace = props[P.workspaceId];
  if (workspace === undefined || workspace === null)
    throw principalRefused('graph_principal_property_missing', { principal, property: P.workspaceId });
  if (!isName(workspace)) throw refuse('graph_principal_name_invalid', P.workspaceId)(workspace);
  const groups = graphNames(row.groups, (value) => {
    const group = Array.isArray(value) ? value.find((item) => !isName(item)) : value;
    return principalRefused('graph_principal_group_invalid', {
      principal,
      label: profile.labels.group,
      property: profile.properties.group.id,
      value: shown(group),
    });
  });
  const displayName = props[P.displayName];
  const description = props[P.description];
  return Principal.parse({
    principal_id: id,
    workspace_id: workspace,
    // Sorted: collect() gives no fixed order, and a run's snapshot (and what an explanation names) must not depend on the read.
    groups: groups.sort(),
    acl_partitions: graphNames(props[P.aclPartitions], refuse('graph_principal_list_invalid', P.aclPartitions)),
    ...(typeof displayName === 'string' ? { display_name: displayName } : {}),
    ...(typeof description === 'string' ? { description } : {}),
    source: 'graph',
  });
}

/** A graph Principal node that cannot be read as a principal, named with what is wrong and what to do. */
function unreadable(row: Record<string, unknown>, profile: SchemaProfile, error: LensError): UnreadablePrincipal {
  const id = ((row.principal ?? {}) as Record<string, unknown>)[profile.properties.principal.id];
  const { problem, problem_code, problem_params } = problemFields(error);
  return {
    principal_id: isName(id) ? id : shown(id),
    problem,
    ...(problem_code === undefined ? {} : { problem_code, problem_params }),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    ...(error.hintSaid ? { hint_code: error.hintSaid.code, hint_params: error.hintSaid.params ?? {} } : {}),
  };
}

/**
 * All principals of the graph's Principal/Group nodes. A node the access policy cannot read (one with
 * an invalid partition list, say) is set apart in `unreadable`, naming it, rather than failing the
 * list: every other principal stays listed, and the unreadable one is never run as.
 */
export async function graphPrincipals(gateway: GraphGateway, profile: SchemaProfile, deadline: Deadline): Promise<PrincipalList> {
  const result = await gateway.read(principalsFromGraph(profile), {}, { deadline, stage: 'principals' });
  const list: PrincipalList = { principals: [], unreadable: [] };
  for (const row of result.rows) {
    try {
      list.principals.push(fromGraphRow(row, profile));
    } catch (error) {
      if (!isLensError(error)) throw error;
      list.unreadable.push(unreadable(row, profile, error));
    }
  }
  return list;
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

/** The local list and the graph's principals, merged as `mergePrincipals` says, with the graph's unreadable Principal nodes named. */
export async function listPrincipals(
  directory: PrincipalDirectory,
  gateway: GraphGateway,
  profile: SchemaProfile,
  deadline: Deadline,
): Promise<PrincipalList> {
  const local = directory.listPrincipals();
  const graph = await graphPrincipals(gateway, profile, deadline);
  return { principals: mergePrincipals(local, graph.principals), unreadable: graph.unreadable };
}

/** The graph's principal of this id, or null when the graph has none. */
export async function readGraphPrincipal(
  principalId: string,
  reader: GraphReader,
  profile: SchemaProfile,
  deadline: Deadline,
): Promise<Principal | null> {
  const row = (await reader.read(principalFromGraph(profile), { principal_id: principalId }, { deadline, stage: 'principal' })).rows[0];
  return row ? fromGraphRow(row, profile) : null;
}

/**
 * The graph's principal of this id, or null when the graph has none, read in one round trip with the
 * graph's state, which the run keeps for its access counts (graph-state.ts); with `ride`, in the
 * round trip of the run's first retrieval read.
 */
async function readRunPrincipal(
  principalId: string,
  log: GraphReader,
  profile: SchemaProfile,
  deadline: Deadline,
  ride: boolean,
): Promise<Principal | null> {
  const row = await readRunState(log, profile, principalId, deadline, ride);
  return row.principal !== null && row.principal !== undefined ? fromGraphRow(row, profile) : null;
}

/** Characters no font draws (zero-width joiners and spaces, soft hyphens, variation selectors, Hangul fillers, tags). */
const DOES_NOT_SHOW = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The error for an id no principal has. An id that holds characters that do not show reads as a
 * known one (`u-guest` and a zero-width joiner, pasted from a chat): the error names them and the
 * id written without them, and never resolves it to that principal. So does one written in
 * decomposed Unicode (`하나` as jamo, pasted from a macOS file name), which reads as its composed form,
 * and one written in look-alike compatibility forms (`ｕ-ｇｕｅｓｔ`, fullwidth), which reads as its plain form.
 */
export function unknownPrincipal(principalId: string, profile: SchemaProfile): LensError {
  const hidden = [...new Set(principalId.match(DOES_NOT_SHOW) ?? [])];
  const composed = principalId.normalize('NFC');
  if (hidden.length > 0) {
    const characters = hidden.map(codePointName).join(', ');
    return codedError('invalid_input', retrievalError('unknown_principal_hidden', { principal: principalId, characters }), {
      hint: retrievalError('unknown_principal_hidden_hint', { visible: composed.replace(DOES_NOT_SHOW, '') }),
    });
  }
  // The first way the id reads as another that it is written: decomposed (NFD); with a space pasted
  // before or after it (`u-guest `); in look-alike compatibility forms (`ｕ-ｇｕｅｓｔ`, a fullwidth input mode).
  const lookalikes = [
    ['unknown_principal_decomposed', composed],
    ['unknown_principal_spaced', principalId.trim()],
    ['unknown_principal_compatibility', composed.normalize('NFKC')],
  ] as const;
  const [code, visible] = lookalikes.find(([, plain]) => plain !== principalId) ?? [];
  if (code !== undefined)
    return codedError('invalid_input', retrievalError(code, { principal: principalId }), {
      hint: retrievalError(`${code}_hint`, { visible }),
    });
  return codedError('invalid_input', retrievalError('unknown_principal', { principal: principalId, label: profile.labels.principal }), {
    hint: retrievalError('unknown_principal_hint'),
  });
}

/** The principal a run uses from the local copy (which wins) and the graph's; neither is an `invalid_input` error. */
function chosenPrincipal(principalId: string, local: Principal | null, graph: Principal | null, profile: SchemaProfile): Principal {
  if (local) return { ...local, overrides_graph: graph !== null };
  if (graph) return graph;
  throw unknownPrincipal(principalId, profile);
}

/** A principal given in the request is taken as it is; whatever it claims about overriding is not. */
function inlinePrincipal(principal: Principal): Principal {
  const { overrides_graph: _claimed, ...given } = principal;
  return { ...given, source: 'inline' };
}

/** How `given` differs from `held` in what it may see (`workspace ws-b; groups +g-hr; partitions +hr`), or null when it does not. */
function accessDifferences(given: Principal, held: Principal): string | null {
  const out: string[] = [];
  if (given.workspace_id !== held.workspace_id) out.push(`workspace ${given.workspace_id}`);
  for (const [name, mine, theirs] of [
    ['groups', given.groups, held.groups],
    ['partitions', given.acl_partitions, held.acl_partitions],
  ] as const) {
    const added = mine.filter((entry) => !theirs.includes(entry)).map((entry) => `+${entry}`);
    const removed = theirs.filter((entry) => !mine.includes(entry)).map((entry) => `-${entry}`);
    if (added.length + removed.length > 0) out.push(`${name} ${[...added, ...removed].join(' ')}`);
  }
  return out.length > 0 ? out.join('; ') : null;
}

/**
 * An inline principal may take the id of a principal the graph or the local list holds only with the
 * same access (a stored run's snapshot asked again): otherwise its run would be listed, compared and
 * audited as that principal with whatever it claimed (a red-team pass ran as "u-guest" with g-hr and
 * got HR items, listed as u-guest, with "No leaks" in Compare). Throws when it differs.
 */
function refuseImpostor(given: Principal, held: Principal | null | undefined, where: 'graph' | 'local'): void {
  if (!held) return;
  const differences = accessDifferences(given, held);
  if (differences === null) return;
  const principal = given.principal_id;
  throw codedError(
    'invalid_input',
    retrievalError('inline_principal_taken', {
      principal,
      where: [retrievalError(where === 'graph' ? 'inline_taken_graph' : 'inline_taken_local')],
      differences,
    }),
    { hint: retrievalError('inline_principal_taken_hint', { principal }) },
  );
}

/**
 * An inline principal, refused when it passes for a principal of the same id with other access: the
 * local list and the connection's cache are asked now, the graph beside the retrieval (the run's
 * state read, riding in its first read), so `confirmed` rejects before any item is shaped.
 */
function inlineResolved(
  principal: Principal,
  directory: PrincipalDirectory | null,
  log: GraphReader,
  profile: SchemaProfile,
  deadline: Deadline,
  cache: PrincipalCache,
): ResolvedPrincipal {
  const given = inlinePrincipal(principal);
  const id = given.principal_id;
  refuseImpostor(given, directory?.getPrincipal(id), 'local');
  refuseImpostor(given, cache.get(id), 'graph');
  const confirmed = readRunPrincipal(id, log, profile, deadline, true).then((graph) => refuseImpostor(given, graph, 'graph'));
  confirmed.catch(() => undefined);
  return { principal: given, confirmed };
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
    const given = inlinePrincipal(principal);
    refuseImpostor(given, directory?.getPrincipal(given.principal_id), 'local');
    refuseImpostor(given, await readGraphPrincipal(given.principal_id, reader, profile, deadline), 'graph');
    return given;
  }
  const local = directory?.getPrincipal(principal) ?? null;
  return chosenPrincipal(principal, local, await readGraphPrincipal(principal, reader, profile, deadline), profile);
}

/** The graph's principal changed between the connection's last read and this run's: the run is redone as the graph now says. */
export class PrincipalChanged extends StaleCache {
  constructor(readonly principalId: string) {
    super(`The graph's principal ${principalId} changed since it was cached; the run is redone with the principal read now.`);
    this.name = 'PrincipalChanged';
  }
}

/** A principal to run as now, and the graph's confirmation that it still holds (rejected with `PrincipalChanged` when not). */
export interface ResolvedPrincipal {
  readonly principal: Principal;
  readonly confirmed: Promise<void>;
}

const CONFIRMED: Promise<void> = Promise.resolve();

/**
 * `resolvePrincipal` with the connection's cache: the first run as an id reads the graph and waits
 * for it (as `resolvePrincipal` does); a later run starts at once from the cached read, re-reads the
 * graph's principal beside its retrieval, and `confirmed` rejects with `PrincipalChanged` when the
 * graph now says otherwise, so no item leaves a run made as a principal the graph no longer grants.
 * The local list is read every time. Without `trustCache` the graph is read and waited for.
 */
export async function resolvePrincipalCached(
  principal: string | Principal,
  directory: PrincipalDirectory | null,
  log: GraphReader,
  profile: SchemaProfile,
  deadline: Deadline,
  cache: PrincipalCache,
  trustCache = true,
): Promise<ResolvedPrincipal> {
  if (typeof principal !== 'string') return inlineResolved(principal, directory, log, profile, deadline, cache);
  const local = directory?.getPrincipal(principal) ?? null;
  const cached = trustCache ? cache.get(principal) : undefined;
  // An id the cache knows as absent is read again: it may have been added since, and an error is no place to guess.
  if (cached === undefined || (cached === null && local === null)) {
    const graph = await readRunPrincipal(principal, log, profile, deadline, false);
    cache.set(principal, graph);
    return { principal: chosenPrincipal(principal, local, graph, profile), confirmed: CONFIRMED };
  }
  const confirmed = readRunPrincipal(principal, log, profile, deadline, true).then((graph) => {
    cache.set(principal, graph);
    if (!samePrincipal(graph, cached)) throw new PrincipalChanged(principal);
  });
  // Awaited beside the retrieval; a run that fails before then must not leave it unhandled.
  confirmed.catch(() => undefined);
  return { principal: chosenPrincipal(principal, local, cached, profile), confirmed };
}

/** Fills the connection's cache from one read of all the graph's principals (the warm-up at connect). */
export async function cacheGraphPrincipals(
  gateway: GraphGateway,
  profile: SchemaProfile,
  deadline: Deadline,
  cache: PrincipalCache,
): Promise<Principal[]> {
  const { principals } = await graphPrincipals(gateway, profile, deadline);
  for (const entry of principals) cache.set(entry.principal_id, entry);
  return principals;
}

import { z } from 'zod';
import { alikeHow, alikeIdWarnings } from '../../shared/alike-ids';
import type { CoreMessage, CoreParam } from '../../shared/core-message';
import { countedMessage, demoLoadMessage } from '../../shared/demo-load-messages';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { FALLBACK_ACL } from './acl-defaults';
import { PrincipalRecord, type GroupRecord, type LoadedDocument } from './corpus-model';
import { appendTo } from '../../shared/map-list';

/**
 * The groups and principals an ACL mapping file defines, so a folder load has someone to ask as
 * beyond its public readers: the shape of the demo corpus's principals.yaml, strict (a misspelt
 * `group:` would otherwise drop the principal's groups without a word), and a principal's
 * `workspace_id` may be left to the mapping's `defaults`.
 */

/** A group of the mapping: an id, and a name to show. */
export const MappingGroup = z.object({ group_id: z.string().min(1), name: z.string().min(1).optional() }).strict();

/** A principal of the mapping; without `workspace_id` it is in the workspace of the mapping's defaults, else `default`. */
export const MappingPrincipal = PrincipalRecord.extend({ workspace_id: PrincipalRecord.shape.workspace_id.optional() }).strict();

/** A path in a mapping file: `['principals', 1, 'groups']`. */
export type MappingPath = readonly (string | number)[];

/** What a mapping's principals and groups need of it (a structural slice of `AclMapping`). */
interface MappingPeople {
  readonly defaults: { readonly workspace_id?: string | undefined; readonly allowed_groups?: readonly string[] | undefined };
  readonly files?: Readonly<Record<string, { readonly allowed_groups?: readonly string[] | undefined }>>;
  readonly groups: readonly z.infer<typeof MappingGroup>[];
  readonly principals: readonly z.infer<typeof MappingPrincipal>[];
}

/** A problem of the mapping's principals or groups, at its path; worded once the file and line are known. */
export interface MappingPrincipalProblem {
  readonly path: MappingPath;
  readonly said: (where: { readonly file: CoreParam; readonly at: CoreMessage[]; readonly path: string }) => CoreMessage;
}

/** Each id used a second time in a list, at the second use, naming the first. */
function duplicateIds(list: 'groups' | 'principals', key: string, ids: readonly string[]): MappingPrincipalProblem[] {
  const first = new Map<string, number>();
  const problems: MappingPrincipalProblem[] = [];
  ids.forEach((id, index) => {
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, index);
    else
      problems.push({
        path: [list, index, key],
        said: (where) => retrievalError('acl_mapping_duplicate_id', { ...where, id, other: `${list}[${earlier}]` }),
      });
  });
  return problems;
}

/**
 * What refuses a mapping's principals before anything is written: an id given twice (the graph
 * keeps ids unique, and the load would stop part way).
 */
export function mappingPrincipalProblems(mapping: MappingPeople): MappingPrincipalProblem[] {
  return [
    ...duplicateIds(
      'groups',
      'group_id',
      mapping.groups.map((group) => group.group_id),
    ),
    ...duplicateIds(
      'principals',
      'principal_id',
      mapping.principals.map((principal) => principal.principal_id),
    ),
  ];
}

/** The principals and groups a mapping defines, as the loader writes them. */
export interface MappingPrincipals {
  readonly principals: PrincipalRecord[];
  /** The groups listed, then each group a principal names that the list does not (id only). */
  readonly groups: GroupRecord[];
}

/** The mapping's principals in their workspaces (the defaults' where left out, else `default`), and every group they name. */
export function mappingPrincipals(mapping: MappingPeople): MappingPrincipals {
  const principals = mapping.principals.map((principal): PrincipalRecord => ({
    ...principal,
    // Neither given: the workspace a document without one is put in, so the two meet as they would by default.
    workspace_id: principal.workspace_id ?? mapping.defaults.workspace_id ?? FALLBACK_ACL.workspace_id,
    groups: [...new Set(principal.groups)],
    acl_partitions: [...new Set(principal.acl_partitions)],
  }));
  const groups: GroupRecord[] = mapping.groups.map((group) => ({ ...group }));
  const listed = new Set(groups.map((group) => group.group_id));
  for (const groupId of principals.flatMap((principal) => principal.groups)) {
    if (listed.has(groupId)) continue;
    listed.add(groupId);
    groups.push({ group_id: groupId });
  }
  return { principals, groups };
}

/**
 * A warning for each principal whose workspace, groups or partitions no loaded document or chunk
 * names: most likely a typo, which leaves the principal seeing less than meant. `where` words the
 * principal's place in the mapping (the file and its line).
 */
export function principalReachWarnings(
  principals: readonly PrincipalRecord[],
  documents: readonly LoadedDocument[],
  where: (index: number) => CoreMessage,
): CoreMessage[] {
  const workspaces = new Set(documents.map((doc) => doc.acl.workspace_id));
  const groups = new Set(documents.flatMap((doc) => doc.acl.allowed_groups));
  const partitions = new Set(
    documents.flatMap((doc) => doc.chunks.flatMap((chunk) => (chunk.acl_partition === null ? [] : [chunk.acl_partition]))),
  );
  return principals.flatMap((principal, index) => {
    const params = { where: [where(index)], principal: principal.principal_id };
    const warnings: CoreMessage[] = [];
    if (!workspaces.has(principal.workspace_id))
      warnings.push(demoLoadMessage('principal_workspace_unmatched', { ...params, workspace: principal.workspace_id }));
    const strayGroups = principal.groups.filter((group) => !groups.has(group));
    if (strayGroups.length > 0)
      warnings.push(countedMessage('principal_groups_unmatched', strayGroups.length, { ...params, groups: strayGroups.join(', ') }));
    const strayPartitions = principal.acl_partitions.filter((partition) => !partitions.has(partition));
    if (strayPartitions.length > 0)
      warnings.push(
        countedMessage('principal_partitions_unmatched', strayPartitions.length, { ...params, partitions: strayPartitions.join(', ') }),
      );
    return warnings;
  });
}

/**
 * A warning for each group a document's access names (front matter or mapping) that differs from a
 * principal's group only in letter case, surrounding spaces or Unicode form (`Eng` for `eng`): groups
 * are compared exactly, so access is not widened to the principal, but the writer most likely meant
 * that group. Once per file, written group and principal group; a group the mapping names itself is left
 * to the mapping's own warning of alike ids.
 */
export function documentGroupAlikeWarnings(
  mapping: MappingPeople,
  principals: readonly PrincipalRecord[],
  documents: readonly LoadedDocument[],
  localPrincipals: readonly { readonly principal_id: string; readonly groups: readonly string[] }[] = [],
): CoreMessage[] {
  const inMapping = new Set(mappingIds(mapping).groups.map((named) => named.id));
  // The mapping's principals first, then the local list's (imported with `lens principals import`), each said as such.
  const people = [
    ...principals.map((principal) => ({ principal, code: 'document_group_alike' as const })),
    ...localPrincipals.map((principal) => ({ principal, code: 'document_group_alike_local' as const })),
  ];
  // Each group spelling once: a local list of thousands of groups is looked up, not walked once per document.
  const byGroup = new Map<string, { principal: string; code: (typeof people)[number]['code'] }[]>();
  for (const { principal, code } of people)
    for (const other of principal.groups) appendTo(byGroup, other, { principal: principal.principal_id, code });
  const said = new Map<string, CoreMessage>();
  for (const document of documents)
    for (const group of document.acl.allowed_groups.filter((written) => !inMapping.has(written)))
      for (const [other, holders] of byGroup) {
        const how = alikeHow(group, other);
        const key = JSON.stringify([document.file, group, other]);
        if (how === null || said.has(key)) continue;
        const [{ principal, code }] = holders as [(typeof holders)[number]];
        said.set(key, demoLoadMessage(code, { file: document.file, group, other, principal, how: [demoLoadMessage(`alike_${how}`)] }));
      }
  return [...said.values()];
}

/** Each id where a mapping names it, in the file's order: principal ids, and group ids wherever a group is named. */
function mappingIds(mapping: MappingPeople): {
  principals: { id: string; path: MappingPath }[];
  groups: { id: string; path: MappingPath }[];
} {
  const groups: { id: string; path: MappingPath }[] = [];
  (mapping.defaults.allowed_groups ?? []).forEach((id, j) => groups.push({ id, path: ['defaults', 'allowed_groups', j] }));
  for (const [glob, acl] of Object.entries(mapping.files ?? {}))
    (acl.allowed_groups ?? []).forEach((id, j) => groups.push({ id, path: ['files', glob, 'allowed_groups', j] }));
  mapping.groups.forEach((group, i) => groups.push({ id: group.group_id, path: ['groups', i, 'group_id'] }));
  mapping.principals.forEach((principal, i) =>
    principal.groups.forEach((id, j) => groups.push({ id, path: ['principals', i, 'groups', j] })),
  );
  const principals = mapping.principals.map((principal, i) => ({ id: principal.principal_id, path: ['principals', i] as MappingPath }));
  return { principals, groups };
}

/**
 * A warning for each principal or group id of the mapping that differs from another only in letter
 * case, surrounding spaces or Unicode normal form (`Hana` and `hana`, NFC and NFD `한나`): ids are
 * compared exactly, so they are two, and a principal meant to be one sees less than meant.
 * `where` words a path's place in the mapping (the file and its line).
 */
export function mappingAlikeIdWarnings(mapping: MappingPeople, where: (path: MappingPath) => CoreMessage): CoreMessage[] {
  const { principals, groups } = mappingIds(mapping);
  const placed = (named: readonly { id: string; path: MappingPath }[]) => named.map(({ id, path }) => ({ id, where: where(path) }));
  return [...alikeIdWarnings('principal', placed(principals)), ...alikeIdWarnings('group', placed(groups))];
}

import type { DocumentAcl, PrincipalRecord } from '../../electron/corpus/corpus-model';

/**
 * The default access rule of DESIGN.md, written out independently of the app's compiled policy,
 * so the demo corpus can be checked against the rule itself.
 */
export function referenceDocumentVisible(acl: DocumentAcl, principal: PrincipalRecord): boolean {
  if (acl.workspace_id !== principal.workspace_id) return false;
  return (
    acl.visibility === 'public' ||
    acl.owner_id === principal.principal_id ||
    acl.allowed_groups.some((group) => principal.groups.includes(group))
  );
}

/** A chunk also needs its partition among the principal's, when both are set. */
export function referenceChunkVisible(acl: DocumentAcl, partition: string | null, principal: PrincipalRecord): boolean {
  if (!referenceDocumentVisible(acl, principal)) return false;
  return partition === null || principal.acl_partitions.length === 0 || principal.acl_partitions.includes(partition);
}

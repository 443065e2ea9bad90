// A principal for every workspace a load writes, so the first query after `lens demo load --docs`
// needs no hand-written principal file. It is written to the graph as a Principal node like the
// demo's own principals (the retrieval finds it there by id), and sees exactly the public documents
// of its workspace: no groups, no partitions, owner of nothing.
import type { LoadedDocument, PrincipalRecord, ReadyPrincipal } from '../corpus/corpus-model';

/** Where the ready principals come from: those the corpus defines, and those the loader adds. */
export interface ReadyPrincipals {
  /** The principals the loader adds, one per workspace that has none. */
  readonly added: PrincipalRecord[];
  /** One per workspace, in workspace order. */
  readonly ready: ReadyPrincipal[];
}

/** The id of the principal made for a workspace: `<workspace>-reader`, numbered when that id is taken. */
function readerId(workspace: string, taken: ReadonlySet<string>): string {
  const base = `${workspace}-reader`;
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * For each workspace of `documents`: one of the corpus's own principals of that workspace (the one
 * with the fewest groups and partitions, since any principal of a workspace sees its public
 * documents), or else a new `<workspace>-reader` principal with no groups and no partitions.
 */
export function readyPrincipals(documents: readonly LoadedDocument[], principals: readonly PrincipalRecord[]): ReadyPrincipals {
  const publicCount = new Map<string, number>();
  for (const doc of documents) {
    const workspace = doc.acl.workspace_id;
    publicCount.set(workspace, (publicCount.get(workspace) ?? 0) + (doc.acl.visibility === 'public' ? 1 : 0));
  }
  const taken = new Set(principals.map((p) => p.principal_id));
  const added: PrincipalRecord[] = [];
  const ready: ReadyPrincipal[] = [];
  for (const [workspace, count] of [...publicCount].sort(([a], [b]) => a.localeCompare(b))) {
    const own = principals
      .filter((p) => p.workspace_id === workspace)
      .sort((a, b) => a.groups.length + a.acl_partitions.length - (b.groups.length + b.acl_partitions.length))[0];
    if (own) {
      ready.push({ workspace_id: workspace, principal_id: own.principal_id, created: false, public_documents: count });
      continue;
    }
    const id = readerId(workspace, taken);
    taken.add(id);
    added.push({
      principal_id: id,
      display_name: `Reader of ${workspace}`,
      workspace_id: workspace,
      groups: [],
      acl_partitions: [],
      description: `Made by the loader: sees the ${count} public documents of workspace ${workspace}.`,
    });
    ready.push({ workspace_id: workspace, principal_id: id, created: true, public_documents: count });
  }
  return { added, ready };
}

import type { CoreMessage } from '../../shared/core-message';
import { countedMessage, demoLoadMessage, namedFilesMessage, type CountedStem } from '../../shared/demo-load-messages';

/** The access fields a document may give in front matter or an ACL mapping file. */
export const ACL_KEYS = ['workspace_id', 'visibility', 'owner_id', 'allowed_groups', 'acl_partition'] as const;
export type AclKey = (typeof ACL_KEYS)[number];

/** The ACL a document gets when neither its front matter nor a mapping says anything about access. */
export const FALLBACK_ACL = { workspace_id: 'default', visibility: 'public' } as const;

/** Each default the loader may apply to a document's access fields. */
export const ACL_DEFAULT_KINDS = ['visibility_restricted', 'visibility_private', 'workspace_default', 'no_acl_public'] as const;
export type AclDefaultKind = (typeof ACL_DEFAULT_KINDS)[number];

/** How often each default was applied, and to which files (relative paths). */
export type AclDefaultsApplied = Record<AclDefaultKind, { readonly count: number; readonly files: readonly string[] }>;

/** The access fields to validate for one document, and the defaults that filled them in. */
export interface AclWithDefaults {
  /** The given fields plus the defaults; still to be validated against `DocumentAcl`. */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly applied: readonly AclDefaultKind[];
  /** True when the result names neither an owner nor a group, so no principal can see it. */
  readonly visibleToNobody: boolean;
}

const hasValue = (fields: Readonly<Record<string, unknown>>, key: AclKey) => Object.hasOwn(fields, key) && fields[key] !== undefined;
const isNonEmptyString = (value: unknown) => typeof value === 'string' && value.length > 0;

/**
 * Fills in what a document's access fields leave out, failing closed.
 *
 * - No access field at all (the folder was written without access control in mind): public in
 *   workspace `default`, as before; counted as `no_acl_public` so the summary says how many.
 * - Some access field but no `visibility`: the writer meant to restrict access but did not say
 *   how far, so the least visible reading that still honours what was given wins. Under the
 *   access policy (shared/acl/access-policy.ts) `restricted` and `private` both admit exactly the
 *   owner and the allowed groups; the demo README uses `private` for owner-only documents and
 *   `restricted` for group-shared ones. So only `owner_id` (no groups) gives `private`, anything
 *   else `restricted`: with groups they are honoured, with neither owner nor groups nobody sees
 *   the document until its visibility is written.
 * - Some access field but no `workspace_id`: workspace `default`, counted as `workspace_default`.
 *
 * A field given with a wrong type is passed through unchanged, so validation names it; nothing
 * here turns a wrong value into a wider one.
 */
export function withAclDefaults(given: Readonly<Record<string, unknown>>): AclWithDefaults {
  const present = ACL_KEYS.filter((key) => hasValue(given, key));
  if (present.length === 0) return { fields: { ...FALLBACK_ACL }, applied: ['no_acl_public'], visibleToNobody: false };

  const fields: Record<string, unknown> = Object.fromEntries(present.map((key) => [key, given[key]]));
  const applied: AclDefaultKind[] = [];
  const groups = fields['allowed_groups'];
  const hasGroups = groups !== null && groups !== undefined && !(Array.isArray(groups) && groups.length === 0);
  const hasOwner = isNonEmptyString(fields['owner_id']);
  if (!hasValue(fields, 'visibility')) {
    const ownerOnly = hasOwner && !hasGroups;
    fields['visibility'] = ownerOnly ? 'private' : 'restricted';
    applied.push(ownerOnly ? 'visibility_private' : 'visibility_restricted');
  }
  if (!hasValue(fields, 'workspace_id')) {
    fields['workspace_id'] = FALLBACK_ACL.workspace_id;
    applied.push('workspace_default');
  }
  const visibleToNobody = fields['visibility'] !== 'public' && !hasOwner && !hasGroups;
  return { fields, applied, visibleToNobody };
}

/** Tallies the defaults applied per file into counts with the files' names, in the order given. */
export function tallyAclDefaults(
  perFile: ReadonlyArray<{ readonly file: string; readonly applied: readonly AclDefaultKind[] }>,
): AclDefaultsApplied {
  const files = new Map<AclDefaultKind, string[]>(ACL_DEFAULT_KINDS.map((kind) => [kind, []]));
  for (const entry of perFile) for (const kind of entry.applied) files.get(kind)?.push(entry.file);
  const entry = (kind: AclDefaultKind) => ({ count: files.get(kind)?.length ?? 0, files: files.get(kind) ?? [] });
  return {
    visibility_restricted: entry('visibility_restricted'),
    visibility_private: entry('visibility_private'),
    workspace_default: entry('workspace_default'),
    no_acl_public: entry('no_acl_public'),
  };
}

/** The sentence of each default, agreeing with the number of files it was applied to. */
const DEFAULT_SENTENCES: Record<AclDefaultKind, CountedStem> = {
  no_acl_public: 'default_no_acl_public',
  visibility_restricted: 'default_visibility_restricted',
  visibility_private: 'default_visibility_private',
  workspace_default: 'default_workspace_default',
};

/**
 * One warning per default applied, naming the first files, so nobody is surprised by what a document
 * became. Counted in files: the defaults are given per file (front matter, or a mapping glob), and a
 * file may hold several documents (a decision log).
 */
export function aclDefaultWarnings(counts: AclDefaultsApplied): CoreMessage[] {
  return ACL_DEFAULT_KINDS.filter((kind) => counts[kind].count > 0).map((kind) =>
    countedMessage(DEFAULT_SENTENCES[kind], counts[kind].count, {
      workspace: FALLBACK_ACL.workspace_id,
      files: [namedFilesMessage(counts[kind].files)],
    }),
  );
}

/** The label of each default, as the load summary prints it. */
export function aclDefaultLabel(kind: AclDefaultKind): CoreMessage {
  return demoLoadMessage(`label_${kind}`, { workspace: FALLBACK_ACL.workspace_id });
}

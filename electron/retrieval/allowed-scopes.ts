import { SCOPE_KINDS, type AllowedScopes, type FilterNote, type ScopeKind } from '../../shared/context-contract';
import type { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { RunLog } from './retrieval-stages';
import { scopeDocumentsQuery, visibleScopeDocumentsQuery } from './scope-queries';

/** The parameter the compiled scope condition reads: the ids of every document in scope. */
export const SCOPE_PARAM = 'scope_document_ids';

/**
 * A request's scopes resolved against the graph: the documents in scope, and the values that cover
 * none — none the principal may see, when a run resolves them (`visibleTo`): a note that told a value
 * held only by documents it may not see from one held by none would let it learn, one probe at a
 * time, which forbidden documents and source URIs exist.
 */
export interface ResolvedScopes {
  readonly scopes: AllowedScopes;
  readonly documentIds: ReadonlySet<string>;
  /** Values as `kind: value` that cover no document of the graph (an entity not found, or one no document is about). */
  readonly unmatched: readonly string[];
}

/** The parameter each kind's values go in; every list is given, empty for kinds the request does not name. */
const KIND_PARAMS: Readonly<Record<ScopeKind, string>> = {
  document_ids: 'scope_document_ids',
  source_uri_prefixes: 'scope_uri_prefixes',
  services: 'scope_services',
  repositories: 'scope_repositories',
};

/** A scope value as the notes and the compiled part name it. */
export const scopeValueText = (kind: string, value: string): string => `${kind}: ${value}`;

/**
 * Resolves the scopes to the ids of the documents they cover, with one parameterised read through
 * the read-only gateway, within the request's deadline. Once per request: service and repository
 * membership is a claim-evidence pattern of several hops, so it is computed once here rather than in
 * every candidate query, and the Cypher and TypeScript forms then test the same set of ids.
 */
export async function resolveAllowedScopes(
  scopes: AllowedScopes,
  profile: SchemaProfile,
  log: RunLog,
  deadline: Deadline,
  visibleTo?: ScopeViewer,
): Promise<ResolvedScopes> {
  const params = Object.fromEntries(SCOPE_KINDS.map((kind) => [KIND_PARAMS[kind], scopes[kind] ?? []]));
  const result = await log.read(scopeDocumentsQuery(profile), params, { deadline, stage: 'allowed_scopes' });
  const documentIds = new Set<string>();
  const covered = result.rows.map((row) => {
    const ids = Array.isArray(row.ids) ? row.ids.map(String) : [];
    ids.forEach((id) => documentIds.add(id));
    return { value: scopeValueText(String(row.kind), String(row.value)), ids };
  });
  const visible = visibleTo && documentIds.size > 0 ? await visibleDocuments(profile, log, deadline, visibleTo, documentIds) : null;
  const unmatched = covered
    .filter(({ ids }) => (visible === null ? ids.length === 0 : !ids.some((id) => visible.has(id))))
    .map(({ value }) => value);
  return { scopes, documentIds, unmatched };
}

/** The principal a run's scopes are noted for: its compiled document rule over `d`, with its parameters. */
export interface ScopeViewer {
  readonly documentRule: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** Which of the ids name documents the principal may see (one read). */
async function visibleDocuments(
  profile: SchemaProfile,
  log: RunLog,
  deadline: Deadline,
  viewer: ScopeViewer,
  ids: ReadonlySet<string>,
): Promise<Set<string>> {
  const result = await log.read(
    visibleScopeDocumentsQuery(profile, viewer.documentRule),
    { ...viewer.params, scope_covered_ids: [...ids] },
    {
      deadline,
      stage: 'allowed_scopes',
    },
  );
  return new Set(result.rows.map((row) => String(row.document_id)));
}

/** The note for scope values that cover no document, or null when each covers some. */
export function scopeNote(resolved: ResolvedScopes): FilterNote | null {
  return resolved.unmatched.length === 0
    ? null
    : { code: 'filter_matches_nothing', filter: 'allowed_scopes', values: [...resolved.unmatched], present: [] };
}

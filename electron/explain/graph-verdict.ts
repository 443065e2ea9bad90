import type { AclPrincipal } from '../../shared/acl/access-policy';
import { accessDenialOf } from '../../shared/acl/access-verdict';
import type { AccessExplainer } from '../../shared/acl/explain-access';
import { RequestFilters } from '../../shared/context-contract';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { FilterName, FailedFilter, WhyNotVerdict } from '../../shared/why-not';
import { text, type NodeProps } from '../retrieval/candidate';
import { compileFilters } from '../retrieval/request-filters';

/**
 * What the graph says about a chunk for a run: whether its principal may see it (the policy's
 * explainer, on the access fields as the graph holds them now) and whether the run's filters let its
 * document through (the pipeline's own filter compilation, one filter at a time).
 */

/** Why the principal may not see a document, or null when it may. */
export function documentAccessVerdict(explainer: AccessExplainer, document: NodeProps, principal: AclPrincipal): WhyNotVerdict | null {
  const denial = accessDenialOf(explainer.document(document, principal));
  return denial ? { kind: 'not_visible', access: denial } : null;
}

/**
 * Why the principal may not see a chunk (its document's rule first, then every other document it is
 * part of: a chunk is visible only when all of them are), or null when it may.
 */
export function chunkAccessVerdict(
  explainer: AccessExplainer,
  chunk: NodeProps,
  document: NodeProps,
  others: readonly NodeProps[],
  principal: AclPrincipal,
): WhyNotVerdict | null {
  const ofDocument = documentAccessVerdict(explainer, document, principal);
  if (ofDocument) return ofDocument;
  for (const other of others) {
    const hidden = documentAccessVerdict(explainer, other, principal);
    if (hidden) return hidden;
  }
  const denial = accessDenialOf(explainer.chunk(chunk, document, principal));
  return denial ? { kind: 'not_visible', access: denial } : null;
}

/** The filters of the request's `filters` field; allowed scopes are a field of their own (`scopeVerdict`). */
const REQUEST_FILTERS = ['document_types', 'valid_at', 'language'] as const satisfies readonly FilterName[];
type RequestFilterName = (typeof REQUEST_FILTERS)[number];

/** What a document holds for one filter, as shown beside what the request asked (null: not set). */
function foundValue(filter: RequestFilterName, document: NodeProps, profile: SchemaProfile): string | null {
  const P = profile.properties.document;
  if (filter === 'document_types') return text(document, P.docType);
  if (filter === 'language') return text(document, 'language');
  const from = text(document, P.validFrom);
  const to = text(document, P.validTo);
  return from === null && to === null ? null : `${from ?? '…'} – ${to ?? '…'}`;
}

/**
 * The filters of a stored request that leave a document out, each with what it asked and what the
 * document holds; null when none does, or when the request holds no filters this build reads (such
 * a run ended in `unsupported_filter` and returned nothing).
 */
export function filterVerdict(storedFilters: unknown, document: NodeProps, profile: SchemaProfile): WhyNotVerdict | null {
  const parsed = RequestFilters.safeParse(storedFilters ?? {});
  if (!parsed.success) return null;
  const failed: FailedFilter[] = [];
  for (const filter of REQUEST_FILTERS) {
    const value = parsed.data[filter];
    if (value === undefined || compileFilters({ [filter]: value }, profile).test(document)) continue;
    failed.push({ filter, expected: Array.isArray(value) ? value.join(', ') : value, found: foundValue(filter, document, profile) });
  }
  return failed.length > 0 ? { kind: 'filtered', filters: failed } : null;
}

/**
 * Why a document is outside the stored request's allowed scopes (`scopes`: the values asked for, and
 * the documents they cover in the graph now), or null when it is inside them or the request named none.
 */
export function scopeVerdict(
  scopes: { readonly requested: readonly string[]; readonly documentIds: ReadonlySet<string> } | null,
  documentId: string,
): WhyNotVerdict | null {
  if (!scopes || scopes.documentIds.has(documentId)) return null;
  return { kind: 'filtered', filters: [{ filter: 'allowed_scopes', expected: scopes.requested.join('; '), found: documentId }] };
}

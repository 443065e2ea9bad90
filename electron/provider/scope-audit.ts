import type { ContextItem, ParsedContextRequest } from '../../shared/context-contract';
import type { Deadline } from '../../shared/deadline';
import type { ProviderViolation } from '../../shared/provider/provider-audit';
import type { SchemaProfile } from '../../shared/schema-profile';
import { resolveAllowedScopes } from '../retrieval/allowed-scopes';
import type { RunLog } from '../retrieval/retrieval-stages';

/**
 * The items of a provider's answer whose document is outside the request's allowed scopes, each an
 * `outside_scope` violation. The scopes are resolved against the graph as the pipeline resolves them
 * (one read through the read-only gateway), so the provider is held to the same membership. None
 * when the request names no scopes.
 */
export async function scopeViolations(
  items: readonly ContextItem[],
  context: { readonly request: ParsedContextRequest; readonly log: RunLog; readonly deadline: Deadline },
  profile: SchemaProfile,
): Promise<ProviderViolation[]> {
  const scopes = context.request.allowed_scopes;
  if (!scopes) return [];
  const resolved = await resolveAllowedScopes(scopes, profile, context.log, context.deadline);
  return items.flatMap((item, index) =>
    resolved.documentIds.has(item.document_id)
      ? []
      : [
          {
            kind: 'outside_scope' as const,
            item: { rank: index + 1, document_id: item.document_id, chunk_id: item.chunk_id },
            evidence: { node: { label: profile.labels.document, id: item.document_id } },
          },
        ],
  );
}

import type { LoadPlan } from '../../electron/corpus/corpus-model';
import type { AllowedScopes } from '../../shared/context-contract';

/**
 * The documents a request's scopes cover, worked out from the demo load plan by hand (not by the
 * app's query): a document by id or source-URI prefix; a service's documents are those with evidence
 * for a claim about the service, an API it exposes, its repository or an incident affecting it, and
 * those incidents' report documents; a repository's, those with evidence for a claim about it or a
 * service implemented by it. A document is in scope when any scope covers it.
 */
export function referenceScopeDocuments(plan: LoadPlan, scopes: AllowedScopes): Set<string> {
  const inScope = new Set<string>();
  const documentOfChunk = new Map(plan.documents.flatMap((doc) => doc.chunks.map((chunk) => [chunk.chunk_id, doc.document_id] as const)));
  const known = new Set(plan.documents.map((doc) => doc.document_id));
  const named = (label: string, value: string) =>
    plan.entities.filter((entity) => entity.label === label && (entity.id === value || entity.properties.name === value));
  const aboutAny = (subjects: ReadonlySet<string>) => {
    for (const claim of plan.claims)
      if (claim.about.some((id) => subjects.has(id)))
        for (const evidence of claim.evidence) inScope.add(documentOfChunk.get(evidence.chunk_id) as string);
  };
  for (const id of scopes.document_ids ?? []) if (known.has(id)) inScope.add(id);
  for (const prefix of scopes.source_uri_prefixes ?? [])
    for (const doc of plan.documents) if (doc.source_uri.startsWith(prefix)) inScope.add(doc.document_id);
  for (const value of scopes.services ?? [])
    for (const service of named('Service', value)) {
      const links = plan.entityLinks.filter((link) => link.from_id === service.id && link.type !== 'OWNED_BY');
      aboutAny(new Set([service.id, ...links.map((link) => link.to_id)]));
      for (const link of links.filter((l) => l.type === 'AFFECTED_BY')) {
        const report = plan.entities.find((entity) => entity.id === link.to_id)?.properties.document_id;
        if (report !== undefined && known.has(report)) inScope.add(report);
      }
    }
  for (const value of scopes.repositories ?? [])
    for (const repository of named('Repository', value)) {
      const services = plan.entityLinks.filter((link) => link.to_id === repository.id && link.type === 'IMPLEMENTED_BY');
      aboutAny(new Set([repository.id, ...services.map((link) => link.from_id)]));
    }
  return inScope;
}

import type { BuiltinTemplateId } from '../../shared/builtin-template-ids';
import type { SavedQuery } from '../../shared/trace-record';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { AclFragments } from './retrieval-queries';

// Where a built-in template's own query holds the principal's access rule: a chunk `c` of a document
// `d`, or a document `d`. Valid Cypher as written (`true`), so the text can be read and checked alone.
const CHUNK_RULE = '/* access rule: chunk c of document d */ true';
const DOCUMENT_RULE = '/* access rule: document d */ true';

/**
 * Templates every installation has, for `cypher` mode. Each runs through the read-only gateway
 * like any saved template; `$query`, `$top_k` and `$principal_id` are always supplied. Their ids,
 * in this order, are BUILTIN_TEMPLATE_IDS in shared/, which the workbench offers. Unlike a saved
 * template, each holds the principal's access rule in its own MATCH (`withAccessRule`), so nothing it
 * counts depends on what the principal may not see: a substring search whose row count covered
 * every chunk told a principal, one probe at a time, the text of chunks it may not read.
 */
export const BUILTIN_TEMPLATES: readonly (SavedQuery & { readonly id: BuiltinTemplateId })[] = [
  {
    id: 'claims-about-service',
    name: 'Claims about a service, with their evidence chunks',
    description:
      'Finds services whose name contains $service (or the query text) and returns the chunks that hold evidence for claims about them.',
    cypher: `MATCH (s:Service) WHERE toLower(s.name) CONTAINS toLower(coalesce($service, $query))
MATCH (s)<-[:ABOUT]-(cl:Claim)-[:SUPPORTED_BY]->(:Evidence)-[:LOCATED_IN]->(c:Chunk)-[:PART_OF]->(d:Document)
WHERE ${CHUNK_RULE}
RETURN DISTINCT c.chunk_id AS chunk_id, d.source_uri AS source_uri, cl.claim_id AS claim_id
LIMIT $top_k`,
    parameters: ['service'],
    created_at: '2026-12-01T00:00:00Z',
  },
  {
    id: 'chunks-containing',
    name: 'Chunks whose text contains the query',
    description: 'A plain substring search over chunk text, for comparing with the indexed modes.',
    cypher: `MATCH (c:Chunk)-[:PART_OF]->(d:Document) WHERE toLower(c.text) CONTAINS toLower($query) AND ${CHUNK_RULE}
RETURN c.chunk_id AS chunk_id, d.source_uri AS source_uri
ORDER BY d.updated_at DESC LIMIT $top_k`,
    parameters: [],
    created_at: '2026-12-01T00:00:00Z',
  },
  {
    id: 'documents-by-title',
    name: 'Documents by title (no chunk, so no provenance)',
    description:
      'Returns document titles only: rows without chunk_id are reported as lacking provenance, which is what this template shows.',
    cypher: `MATCH (d:Document) WHERE toLower(d.title) CONTAINS toLower($query) AND ${DOCUMENT_RULE}
RETURN d.title AS title, d.document_id AS document_id
LIMIT $top_k`,
    parameters: [],
    created_at: '2026-12-01T00:00:00Z',
  },
];

/**
 * The nodes a built-in template cannot answer without, and the count-store read of how many the
 * graph holds. Read only when the template returned no row: on a graph that holds none at all (a
 * folder of one's own has no services), "no evidence this principal may see" would blame access
 * for what the graph lacks. The count does not depend on the principal, so it tells nothing about
 * what the principal may not see.
 */
export const TEMPLATE_NEEDS: Partial<Record<BuiltinTemplateId, { readonly label: string; readonly count: BuiltInQuery }>> = {
  'claims-about-service': {
    label: 'Service',
    count: defineQuery('template_services_present', 'MATCH (s:Service) RETURN count(s) AS nodes', ['nodes']),
  },
};

/** True for a template of {@link BUILTIN_TEMPLATES}, whose text holds the access rule's places. */
export function isBuiltinTemplate(template: SavedQuery): boolean {
  return BUILTIN_TEMPLATES.some((builtin) => builtin === template);
}

/**
 * A built-in template's Cypher with the principal's compiled access rule in its places (its
 * parameters are the run's `acl_…` ones); as written when the run has no rule (access off).
 */
export function withAccessRule(cypher: string, acl: AclFragments | null): string {
  if (acl === null) return cypher;
  return cypher.replaceAll(CHUNK_RULE, `(${acl.chunk ?? acl.document})`).replaceAll(DOCUMENT_RULE, `(${acl.document})`);
}

import type { BuiltinTemplateId } from '../../shared/builtin-template-ids';
import type { SavedQuery } from '../../shared/trace-record';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { quoteName as q } from '../../shared/cypher/quote-name';
import { DEFAULT_SCHEMA_PROFILE, type SchemaProfile } from '../../shared/schema-profile';
import type { AclFragments } from './retrieval-queries';

// Where a built-in template's own query holds the principal's access rule: a chunk `c` of a document
// `d`, or a document `d`. Valid Cypher as written (`true`), so the text can be read and checked alone.
const CHUNK_RULE = '/* access rule: chunk c of document d */ true';
const DOCUMENT_RULE = '/* access rule: document d */ true';

type BuiltinTemplate = SavedQuery & { readonly id: BuiltinTemplateId };

/**
 * Templates every installation has, for `cypher` mode, in the schema profile's names (a graph whose
 * chunks are `:Passage` nodes is searched as such). Each runs through the read-only gateway
 * like any saved template; `$query`, `$top_k` and `$principal_id` are always supplied. Their ids,
 * in this order, are BUILTIN_TEMPLATE_IDS in shared/, which the workbench offers. Unlike a saved
 * template, each holds the principal's access rule in its own MATCH (`withAccessRule`), so nothing it
 * counts depends on what the principal may not see: a substring search whose row count covered
 * every chunk told a principal, one probe at a time, the text of chunks it may not read.
 * A service is found by the profile's entity name property (`properties.entity.name`).
 * Each orders its rows to the last tie (ids), so which rows `$top_k` keeps, and in what order, never
 * follows the order the server happens to store them in.
 */
function templatesOf(profile: SchemaProfile): readonly BuiltinTemplate[] {
  const { labels: L, relationships: R, properties: P } = profile;
  const D = P.document;
  const C = P.chunk;
  return [
    {
      id: 'claims-about-service',
      name: 'Claims about a service, with their evidence chunks',
      description:
        'Finds services whose name contains $service (or the query text) and returns the chunks that hold evidence for claims about them.',
      cypher: `MATCH (s:${q(L.service)}) WHERE toLower(s.${q(P.entity.name)}) CONTAINS toLower(coalesce($service, $query))
MATCH (s)<-[:${q(R.about)}]-(cl:${q(L.claim)})-[:${q(R.supportedBy)}]->(:${q(L.evidence)})-[:${q(R.locatedIn)}]->(c:${q(L.chunk)})-[:${q(R.partOf)}]->(d:${q(L.document)})
WHERE ${CHUNK_RULE}
RETURN DISTINCT c.${q(C.id)} AS chunk_id, d.${q(D.sourceUri)} AS source_uri, cl.${q(P.claim.id)} AS claim_id
ORDER BY chunk_id, claim_id LIMIT $top_k`,
      parameters: ['service'],
      created_at: '2026-12-01T00:00:00Z',
    },
    {
      id: 'chunks-containing',
      name: 'Chunks whose text contains the query',
      description: 'A plain substring search over chunk text, for comparing with the indexed modes.',
      cypher: `MATCH (c:${q(L.chunk)})-[:${q(R.partOf)}]->(d:${q(L.document)}) WHERE toLower(c.${q(C.text)}) CONTAINS toLower($query) AND ${CHUNK_RULE}
RETURN c.${q(C.id)} AS chunk_id, d.${q(D.sourceUri)} AS source_uri
ORDER BY d.${q(D.updatedAt)} DESC, d.${q(D.id)}, c.${q(C.position)}, c.${q(C.id)} LIMIT $top_k`,
      parameters: [],
      created_at: '2026-12-01T00:00:00Z',
    },
    {
      id: 'documents-by-title',
      name: 'Documents by title (no chunk, so no provenance)',
      description:
        'Returns document titles only: rows without chunk_id are reported as lacking provenance, which is what this template shows.',
      cypher: `MATCH (d:${q(L.document)}) WHERE toLower(d.${q(D.title)}) CONTAINS toLower($query) AND ${DOCUMENT_RULE}
RETURN d.${q(D.title)} AS title, d.${q(D.id)} AS document_id
ORDER BY document_id LIMIT $top_k`,
      parameters: [],
      created_at: '2026-12-01T00:00:00Z',
    },
  ];
}

/** The templates made for each profile, so one profile's are the same objects on every call (`isBuiltinTemplate` goes by identity). */
const made = new WeakMap<SchemaProfile, readonly BuiltinTemplate[]>();
const builtins = new WeakSet<SavedQuery>();

/** The built-in templates in the profile's names. */
export function builtinTemplates(profile: SchemaProfile): readonly BuiltinTemplate[] {
  const known = made.get(profile);
  if (known) return known;
  const templates = templatesOf(profile);
  templates.forEach((template) => builtins.add(template));
  made.set(profile, templates);
  return templates;
}

/** The built-in templates in the default profile's names (the demo graph's). */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = builtinTemplates(DEFAULT_SCHEMA_PROFILE);

/**
 * The nodes a built-in template cannot answer without, and the count-store read of how many the
 * graph holds. Read only when the template returned no row: on a graph that holds none at all (a
 * folder of one's own has no services), "no evidence this principal may see" would blame access
 * for what the graph lacks. The count does not depend on the principal, so it tells nothing about
 * what the principal may not see.
 */
export function templateNeeds(id: string, profile: SchemaProfile): { readonly label: string; readonly count: BuiltInQuery } | undefined {
  if (id !== 'claims-about-service') return undefined;
  const label = profile.labels.service;
  return { label, count: defineQuery('template_services_present', `MATCH (s:${q(label)}) RETURN count(s) AS nodes`, ['nodes']) };
}

/** True for a built-in template (of any profile), whose text holds the access rule's places. */
export function isBuiltinTemplate(template: SavedQuery): boolean {
  return builtins.has(template);
}

/**
 * A built-in template's Cypher with the principal's compiled access rule in its places (its
 * parameters are the run's `acl_…` ones); as written when the run has no rule (access off).
 */
export function withAccessRule(cypher: string, acl: AclFragments | null): string {
  if (acl === null) return cypher;
  return cypher.replaceAll(CHUNK_RULE, `(${acl.chunk ?? acl.document})`).replaceAll(DOCUMENT_RULE, `(${acl.document})`);
}

// The Cypher that resolves a request's allowed_scopes to the documents they cover, built from the
// schema profile (labels and relationship types are validated identifiers; values are parameters).
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';

/** The path from a claim's subject back to the documents whose chunks give evidence for the claim. */
function evidenceDocuments(profile: SchemaProfile, subject: string): string {
  const L = profile.labels;
  const R = profile.relationships;
  return `(${subject})<-[:${q(R.about)}]-(:${q(L.claim)})-[:${q(R.supportedBy)}]->(:${q(L.evidence)})-[:${q(R.locatedIn)}]->(:${q(L.chunk)})-[:${q(R.partOf)}]->(d:${q(L.document)})`;
}

/**
 * The documents of each entity scope value: its subjects (the entity matched by id or name, plus the
 * related entities `related` reaches), the documents with evidence for a claim about a subject, and
 * the report documents of the incidents among them. One row per requested value, with how many
 * entities the value named.
 */
function entityScope(profile: SchemaProfile, kind: string, param: string, match: string, related: string): string {
  const D = profile.properties.document;
  return `UNWIND $${param} AS value
  OPTIONAL MATCH ${match}
  OPTIONAL MATCH ${related}
  WITH value, collect(DISTINCT e) + collect(DISTINCT rel) AS subjects, count(DISTINCT e) AS entities,
       collect(DISTINCT CASE WHEN rel:${q(profile.labels.incident)} THEN rel.${q(profile.properties.incident.document)} END) AS incident_documents
  UNWIND CASE WHEN size(subjects) = 0 THEN [null] ELSE subjects END AS subject
  OPTIONAL MATCH ${evidenceDocuments(profile, 'subject')}
  WITH value, entities, incident_documents, collect(DISTINCT d.${q(D.id)}) AS claimed
  OPTIONAL MATCH (report:${q(profile.labels.document)}) WHERE report.${q(D.id)} IN incident_documents
  WITH value, entities, claimed, collect(DISTINCT report.${q(D.id)}) AS reports
  RETURN '${kind}' AS kind, value, entities, claimed + reports AS ids`;
}

/**
 * Every scope value with the ids of the documents it covers (`ids`) and, for services and
 * repositories, how many entities it named (`entities`). Parameters: `scope_document_ids`,
 * `scope_uri_prefixes`, `scope_services`, `scope_repositories` (empty lists for kinds not asked).
 */
export function scopeDocumentsQuery(profile: SchemaProfile): BuiltInQuery {
  const L = profile.labels;
  const R = profile.relationships;
  const D = profile.properties.document;
  const P = profile.properties;
  const service = `(e:${q(L.service)}) WHERE e.${q(P.service.id)} = value OR e.${q(P.entity.name)} = value`;
  const serviceRelated = `(e)-[:${q(R.exposes)}|${q(R.implementedBy)}|${q(R.affectedBy)}]->(rel)`;
  const repository = `(e:${q(L.repository)}) WHERE e.${q(P.repository.id)} = value OR e.${q(P.entity.name)} = value`;
  const repositoryRelated = `(rel:${q(L.service)})-[:${q(R.implementedBy)}]->(e)`;
  return defineQuery(
    'allowed-scope-documents',
    `UNWIND $scope_document_ids AS value
  OPTIONAL MATCH (d:${q(L.document)}) WHERE d.${q(D.id)} = value
  RETURN 'document_ids' AS kind, value, 0 AS entities, collect(DISTINCT d.${q(D.id)}) AS ids
UNION ALL
  UNWIND $scope_uri_prefixes AS value
  OPTIONAL MATCH (d:${q(L.document)}) WHERE d.${q(D.sourceUri)} STARTS WITH value
  RETURN 'source_uri_prefixes' AS kind, value, 0 AS entities, collect(DISTINCT d.${q(D.id)}) AS ids
UNION ALL
  ${entityScope(profile, 'services', 'scope_services', service, serviceRelated)}
UNION ALL
  ${entityScope(profile, 'repositories', 'scope_repositories', repository, repositoryRelated)}`,
  );
}

/** The documents among `$scope_covered_ids` that `documentRule` (the principal's compiled rule over `d`) lets through. */
export function visibleScopeDocumentsQuery(profile: SchemaProfile, documentRule: string): BuiltInQuery {
  const D = profile.properties.document;
  return defineQuery(
    'allowed-scope-visible-documents',
    `MATCH (d:${q(profile.labels.document)}) WHERE d.${q(D.id)} IN $scope_covered_ids AND (${documentRule})
     RETURN d.${q(D.id)} AS document_id`,
  );
}

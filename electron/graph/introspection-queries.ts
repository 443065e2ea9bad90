import { quoteName } from '../../shared/cypher/quote-name';
import { defineQuery, type BuiltInQuery } from './built-in-query';

/** Server name, version and edition. */
export const SERVER_COMPONENTS = defineQuery(
  'server-components',
  'CALL dbms.components() YIELD name, versions, edition RETURN name, versions, edition',
);

/** The account the app is connected as. */
export const CURRENT_USER = defineQuery('current-user', 'SHOW CURRENT USER YIELD user, roles RETURN user, roles');

/** The account's privileges; Enterprise only (Community has no role-based access control). */
export const USER_PRIVILEGES = defineQuery(
  'user-privileges',
  'SHOW USER PRIVILEGES YIELD access, action, graph, segment RETURN access, action, graph, segment',
);

/** Every index with the options that matter here (vector dimensions, similarity, analyzer). */
export const INDEXES = defineQuery(
  'indexes',
  'SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties, state, options RETURN name, type, entityType, labelsOrTypes, properties, state, options',
);

/** Label and relationship type names. */
export const LABELS = defineQuery('labels', 'CALL db.labels() YIELD label RETURN label ORDER BY label');
export const RELATIONSHIP_TYPES = defineQuery(
  'relationship-types',
  'CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType ORDER BY relationshipType',
);

/** Every property key the database has made (a key stays once made, even when no node has it any more). */
export const PROPERTY_KEYS = defineQuery(
  'property-keys',
  'CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey ORDER BY propertyKey',
);

/**
 * Whether some node of `label` has `property` now: the first such node ends the read (a property index,
 * where there is one, answers it; else the label's nodes are read until one has it).
 */
export function propertyHeldQuery(label: string, property: string): BuiltInQuery {
  return defineQuery(
    'property-held',
    `MATCH (n:${quoteName(label)}) WHERE n.${quoteName(property)} IS NOT NULL RETURN true AS held LIMIT 1`,
  );
}

/** Whether some relationship of `type` has `property` now: the first such relationship ends the read. */
export function relationshipPropertyHeldQuery(type: string, property: string): BuiltInQuery {
  return defineQuery(
    'relationship-property-held',
    `MATCH ()-[r:${quoteName(type)}]->() WHERE r.${quoteName(property)} IS NOT NULL RETURN true AS held LIMIT 1`,
  );
}

/** Totals, answered from the count store. */
export const NODE_COUNT = defineQuery('node-count', 'MATCH (n) RETURN count(n) AS count');
export const RELATIONSHIP_COUNT = defineQuery('relationship-count', 'MATCH ()-[r]->() RETURN count(r) AS count');

/** What the app's loader last loaded (the demo corpus, or a folder's path), and whether that load finished (its plan hash is set last). */
export const LOADED_FROM = defineQuery(
  'loaded-from',
  'MATCH (m:LensLoadInfo) RETURN m.source AS source, m.plan_hash IS NOT NULL AS finished LIMIT 1',
);

/**
 * The embedder the loader recorded: the record of the vector index `$index` first, then one naming no
 * index (as older loads wrote), then another index's. A database may hold records of other indexes,
 * another graph's beside this one, and which came first was chance; the capabilities take only the
 * first two as this index's (`recordedEmbedding`), while `lens connect` still shows what was recorded.
 */
export const RECORDED_EMBEDDING = defineQuery(
  'recorded-embedding',
  'MATCH (m:LensEmbeddingInfo) RETURN m.index AS index, m.embedder AS embedder, m.features AS features, m.dimensions AS dimensions, m.kind AS kind, toString(m.recorded_at) AS recorded_at ORDER BY CASE WHEN m.index = $index THEN 0 WHEN m.index IS NULL THEN 1 ELSE 2 END LIMIT 1',
);

/** Per-label counts from the count store, for names read from `db.labels()`. */
export function labelCountQuery(label: string): BuiltInQuery {
  return defineQuery('label-count', `MATCH (n:${quoteName(label)}) RETURN count(n) AS count`);
}

/**
 * The chunk label's `partOf` links, from the count store: fewer links than chunks means some chunk is
 * part of no document (the exact count, `chunksWithoutDocumentQuery`, is read only then).
 */
export function chunkLinkCountQuery(chunk: string, partOf: string): BuiltInQuery {
  return defineQuery('chunk-link-count', `MATCH (:${quoteName(chunk)})-[r:${quoteName(partOf)}]->() RETURN count(r) AS count`);
}

/** The chunks that are part of no document: never visible to anyone (the access rule fails a chunk of no document). */
export function chunksWithoutDocumentQuery(chunk: string, partOf: string, document: string): BuiltInQuery {
  return defineQuery(
    'chunks-without-document',
    `MATCH (c:${quoteName(chunk)}) WHERE NOT EXISTS { (c)-[:${quoteName(partOf)}]->(:${quoteName(document)}) } RETURN count(c) AS count`,
  );
}

/** Per-type counts from the count store, for names read from `db.relationshipTypes()`. */
export function relationshipCountQuery(type: string): BuiltInQuery {
  return defineQuery('relationship-type-count', `MATCH ()-[r:${quoteName(type)}]->() RETURN count(r) AS count`);
}

/**
 * Which ACL terms the loader put on the chunks of the full-text index `$index` for in-index filtering
 * (compile-acl-to-lucene.ts); a record of another index says nothing about this one.
 */
export const RECORDED_ACL_TERMS = defineQuery(
  'recorded-acl-terms',
  'MATCH (m:LensAclTermsInfo) WHERE m.index = $index RETURN m.index AS index, m.property AS property, m.scheme AS scheme, m.document_properties AS document_properties, m.chunk_properties AS chunk_properties LIMIT 1',
);

/** Every label combination's properties and their types (built in, no APOC): the schema Text2Cypher is prompted with. */
export const NODE_TYPE_PROPERTIES = defineQuery(
  'node-type-properties',
  'CALL db.schema.nodeTypeProperties() YIELD nodeLabels, propertyName, propertyTypes RETURN nodeLabels, propertyName, propertyTypes',
);

/** Every relationship type's properties and their types (built in, no APOC). */
export const RELATIONSHIP_TYPE_PROPERTIES = defineQuery(
  'relationship-type-properties',
  'CALL db.schema.relTypeProperties() YIELD relType, propertyName, propertyTypes RETURN relType, propertyName, propertyTypes',
);

/** Which labels each relationship type connects, as the server's schema view (virtual nodes and relationships). */
export const SCHEMA_VISUALIZATION = defineQuery(
  'schema-visualization',
  'CALL db.schema.visualization() YIELD nodes, relationships RETURN nodes, relationships',
);

// The loader's Cypher, in one place. These are the only writing queries in the project; they run
// only against the local demo server (see demo-target.ts).
import { quoteName } from '../../shared/cypher/quote-name';

/** Removes every node in batches, so a large synthetic graph does not need one huge transaction. */
export const WIPE_GRAPH = 'MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS';

export const SHOW_CONSTRAINTS = 'SHOW CONSTRAINTS YIELD name RETURN name';
export const SHOW_DROPPABLE_INDEXES =
  "SHOW INDEXES YIELD name, type, owningConstraint WHERE type <> 'LOOKUP' AND owningConstraint IS NULL RETURN name";
export const dropConstraint = (name: string) => `DROP CONSTRAINT ${quoteName(name)} IF EXISTS`;
export const dropIndex = (name: string) => `DROP INDEX ${quoteName(name)} IF EXISTS`;

/** Uniqueness constraints on the ids the loader merges on (they also index those ids). */
export const CONSTRAINTS = [
  'CREATE CONSTRAINT document_id IF NOT EXISTS FOR (d:Document) REQUIRE d.document_id IS UNIQUE',
  'CREATE CONSTRAINT chunk_id IF NOT EXISTS FOR (c:Chunk) REQUIRE c.chunk_id IS UNIQUE',
  'CREATE CONSTRAINT evidence_id IF NOT EXISTS FOR (e:Evidence) REQUIRE e.evidence_id IS UNIQUE',
  'CREATE CONSTRAINT claim_id IF NOT EXISTS FOR (c:Claim) REQUIRE c.claim_id IS UNIQUE',
  'CREATE CONSTRAINT service_id IF NOT EXISTS FOR (s:Service) REQUIRE s.service_id IS UNIQUE',
  'CREATE CONSTRAINT api_id IF NOT EXISTS FOR (a:API) REQUIRE a.api_id IS UNIQUE',
  'CREATE CONSTRAINT repository_id IF NOT EXISTS FOR (r:Repository) REQUIRE r.repository_id IS UNIQUE',
  'CREATE CONSTRAINT owner_id IF NOT EXISTS FOR (o:Owner) REQUIRE o.owner_id IS UNIQUE',
  'CREATE CONSTRAINT incident_id IF NOT EXISTS FOR (i:Incident) REQUIRE i.incident_id IS UNIQUE',
  'CREATE CONSTRAINT principal_id IF NOT EXISTS FOR (p:Principal) REQUIRE p.principal_id IS UNIQUE',
  'CREATE CONSTRAINT group_id IF NOT EXISTS FOR (g:Group) REQUIRE g.group_id IS UNIQUE',
];

/** Date-only front matter values become midnight UTC, so every instant compares as a datetime. */
const instant = (expression: string) => `CASE WHEN ${expression} IS NULL THEN null ELSE datetime(${expression}) END`;

export const WRITE_DOCUMENTS = `
UNWIND $documents AS doc
CREATE (d:Document {document_id: doc.document_id})
SET d.title = doc.title, d.doc_type = doc.doc_type, d.language = doc.language, d.source_uri = doc.source_uri,
    d.source_version = doc.source_version, d.file = doc.file,
    d.workspace_id = doc.workspace_id, d.visibility = doc.visibility, d.owner_id = doc.owner_id,
    d.allowed_groups = doc.allowed_groups,
    d.created_at = ${instant('doc.created_at')}, d.updated_at = ${instant('doc.updated_at')},
    d.valid_from = ${instant('doc.valid_from')}, d.valid_to = ${instant('doc.valid_to')},
    d.ingested_at = datetime($ingested_at)
WITH d, doc WHERE doc.adr IS NOT NULL
SET d:ADR, d.adr_id = doc.adr.adr_id, d.status = doc.adr.status, d.status_raw = doc.adr.status_raw,
    d.status_text = doc.adr.status_text, d.status_source = doc.adr.status_source, d.decided_at = ${instant('doc.adr.decided_at')},
    d.dated_by = doc.adr.dated_by, d.successor_outside = doc.adr.successor_outside,
    d.supersession = CASE WHEN doc.adr.successor_outside IS NULL THEN null WHEN doc.adr.successor_outside_partial THEN 'partial' ELSE 'full' END`;

export const WRITE_CHUNKS = `
UNWIND $chunks AS row
MATCH (d:Document {document_id: row.document_id})
CREATE (c:Chunk {chunk_id: row.chunk_id})
SET c.text = row.text, c.position = row.position, c.start_char = row.start_char, c.end_char = row.end_char,
    c.heading_path = row.heading_path, c.search_context = row.search_context, c.search_runs = row.search_runs, c.acl_partition = row.acl_partition, c.acl_terms = row.acl_terms, c.document_id = row.document_id,
    c.workspace_id = d.workspace_id
CREATE (c)-[:PART_OF]->(d)`;

/**
 * Chunks a load still has to embed: none embedded yet, or by another embedder (a resumed load with a
 * new one), with their headings and document title (what is embedded, embedding-input.ts). `embedded_with` is written with the vector, so it says the chunk is done even when its
 * vector was the zero vector and no `embedding` was stored.
 */
export const PENDING_CHUNKS = `
MATCH (c:Chunk)
WHERE c.embedded_with IS NULL OR c.embedded_with <> $embedder
OPTIONAL MATCH (c)-[:PART_OF]->(d:Document)
RETURN c.chunk_id AS chunk_id, c.text AS text, c.heading_path AS heading_path, d.title AS title ORDER BY chunk_id`;

export const CHUNK_COUNT = 'MATCH (c:Chunk) RETURN count(c) AS chunks';

/**
 * One batch of vectors, each chunk marked with the embedder that made it, so a rerun knows what is
 * done. A zero vector (text without a word, for the hashing embedder) is stored as no vector: it has
 * no cosine with anything, and one such vector would make every cosine query over it fail.
 */
export const WRITE_CHUNK_EMBEDDINGS = `
UNWIND $rows AS row
MATCH (c:Chunk {chunk_id: row.chunk_id})
SET c.embedded_with = $embedder, c.embedding = null
WITH c, row WHERE any(x IN row.embedding WHERE x <> 0.0)
CALL db.create.setNodeVectorProperty(c, 'embedding', row.embedding)`;

/** The length of a stored vector, for a resumed load with nothing left to embed by a model that was given no length. */
export const STORED_VECTOR_LENGTH = 'MATCH (c:Chunk) WHERE c.embedding IS NOT NULL RETURN size(c.embedding) AS dimensions LIMIT 1';

export const DROP_VECTOR_INDEX = 'DROP INDEX chunk_embedding IF EXISTS';

export const WRITE_SUPERSESSIONS = `
UNWIND $edges AS edge
MATCH (old:ADR {document_id: edge.from_document_id}), (new:ADR {document_id: edge.to_document_id})
CREATE (old)-[:SUPERSEDED_BY {partial: edge.partial, stated_in: edge.stated_in, drift: edge.drift}]->(new)`;

/** `superseded_by` on the older document names its successor: a full successor wins over a partial one. */
export const SET_SUPERSEDED_BY = `
MATCH (old:ADR)-[s:SUPERSEDED_BY]->(new:ADR)
WITH old, s, new ORDER BY s.partial ASC, new.decided_at DESC
WITH old, collect({id: new.document_id, partial: s.partial})[0] AS successor
SET old.superseded_by = successor.id, old.supersession = CASE WHEN successor.partial THEN 'partial' ELSE 'full' END`;

/** Entities of one label; `label` and `idProperty` come from the fixed set in corpus-model.ts, never from input. */
export const writeEntities = (label: string, idProperty: string) => `
UNWIND $entities AS entity
CREATE (n:${label}:LensEntity {${idProperty}: entity.id, entity_key: entity.id})
SET n += entity.properties`;

/** Entity relationships of one type; the type comes from the fixed set in corpus-model.ts. */
export const writeEntityLinks = (type: string) => `
UNWIND $links AS link
MATCH (a:LensEntity {entity_key: link.from_id}), (b:LensEntity {entity_key: link.to_id})
CREATE (a)-[:${type}]->(b)`;

export const WRITE_CLAIMS = `
UNWIND $claims AS claim
CREATE (c:Claim {claim_id: claim.claim_id, text: claim.text})
WITH c, claim
UNWIND claim.evidence AS ev
MATCH (chunk:Chunk {chunk_id: ev.chunk_id})
CREATE (c)-[:SUPPORTED_BY]->(e:Evidence {evidence_id: ev.evidence_id, quote: ev.quote, start_char: ev.start_char, end_char: ev.end_char})
CREATE (e)-[:LOCATED_IN]->(chunk)`;

export const WRITE_CLAIM_ABOUT = `
UNWIND $about AS link
MATCH (c:Claim {claim_id: link.claim_id}), (n:LensEntity {entity_key: link.entity_id})
CREATE (c)-[:ABOUT]->(n)`;

export const WRITE_PRINCIPALS = `
UNWIND $groups AS g
CREATE (:Group {group_id: g.group_id, name: g.name})
WITH count(*) AS _
UNWIND $principals AS p
CREATE (principal:Principal {principal_id: p.principal_id, display_name: p.display_name, workspace_id: p.workspace_id,
                             acl_partitions: p.acl_partitions, description: p.description})
WITH principal, p
UNWIND p.groups AS groupId
MATCH (g:Group {group_id: groupId})
CREATE (principal)-[:MEMBER_OF]->(g)`;

/** A helper key on every entity so links resolve across labels; removed at the end of the load. */
export const ENTITY_KEY_INDEX = 'CREATE INDEX entity_key IF NOT EXISTS FOR (n:LensEntity) ON (n.entity_key)';
export const DROP_ENTITY_KEYS = 'MATCH (n:LensEntity) REMOVE n:LensEntity, n.entity_key';
export const DROP_ENTITY_KEY_INDEX = 'DROP INDEX entity_key IF EXISTS';

/**
 * The chunk vector index. On Neo4j 2026.01+ it also declares the chunk's workspace and partition as
 * filterable, so the SEARCH clause can filter by workspace inside the index. `unquantized` keeps
 * full-precision vectors in the index (`vector.quantization.enabled: false`, which 2026.08's provider
 * reads as quantization type NONE): its default, BINARY, keeps a bit per dimension, and ANN over
 * lexical vectors so quantized found 0.2–0.7 of the exact top 10 at any fetch.
 */
export const vectorIndex = (dimensions: number, filterable: boolean, unquantized = false) => {
  const config = `{\`vector.dimensions\`: ${dimensions}, \`vector.similarity_function\`: 'cosine'${unquantized ? ', `vector.quantization.enabled`: false' : ''}}`;
  return filterable
    ? `CYPHER 25 CREATE VECTOR INDEX chunk_embedding IF NOT EXISTS FOR (c:Chunk) ON c.embedding WITH [c.workspace_id, c.acl_partition] OPTIONS {indexConfig: ${config}}`
    : `CREATE VECTOR INDEX chunk_embedding IF NOT EXISTS FOR (c:Chunk) ON c.embedding OPTIONS {indexConfig: ${config}}`;
};

/** The server's release, to pick index syntax. */
export const SERVER_VERSION = "CALL dbms.components() YIELD name, versions WHERE name = 'Neo4j Kernel' RETURN versions[0] AS version";
/**
 * The chunk full-text index: the text; the chunk's context, its document's title and the headings it
 * sits under (`chunkContext`, what the embedder sees before the text), so a question that names the
 * subject finds the section that never says it; the runs of its words that glue a Korean particle to
 * a Latin term (`search_runs`: `kubelet` of `kubelet의`, which the analyzer keeps as one token); and
 * the ACL terms that let a query filter inside the index. A query searches every property but the ACL terms (`wordFields`), so no profile field names it.
 */
export const CHUNK_FULLTEXT_INDEX =
  "CREATE FULLTEXT INDEX chunk_fulltext IF NOT EXISTS FOR (c:Chunk) ON EACH [c.text, c.search_context, c.search_runs, c.acl_terms] OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}";
export const ENTITY_NAMES_INDEX =
  "CREATE FULLTEXT INDEX entity_names IF NOT EXISTS FOR (n:Service|API|Repository|Owner|Incident) ON EACH [n.name, n.path, n.title, n.service_id, n.api_id, n.repository_id, n.owner_id, n.incident_id] OPTIONS {indexConfig: {`fulltext.analyzer`: 'cjk'}}";
export const AWAIT_INDEXES = 'CALL db.awaitIndexes(300)';

/**
 * Written once everything but the embeddings is in the graph: the content (the plan without its
 * embedder), so a load that failed while embedding can be resumed; `plan_hash` stays null until the
 * load completes.
 */
export const RECORD_CONTENT = `
CREATE (:LensLoadInfo {source: $source, content_hash: $content_hash, documents: $documents, plan_hash: null})`;
/** What was loaded, so a later load (or a test) can tell whether the graph already holds this plan. */
export const RECORD_LOAD = 'MATCH (m:LensLoadInfo) SET m.plan_hash = $plan_hash, m.loaded_at = datetime()';
export const LOADED_PLAN_HASH = 'OPTIONAL MATCH (m:LensLoadInfo) RETURN m.plan_hash AS plan_hash LIMIT 1';
/** The content of an unfinished load (its plan hash still null), or nothing. */
export const UNFINISHED_CONTENT = 'MATCH (m:LensLoadInfo) WHERE m.plan_hash IS NULL RETURN m.content_hash AS content_hash LIMIT 1';
/** While vectors change, the graph claims no embedder and no completed load. */
export const FORGET_EMBEDDING =
  'OPTIONAL MATCH (e:LensEmbeddingInfo) DETACH DELETE e WITH count(*) AS _ MATCH (m:LensLoadInfo) SET m.plan_hash = null';

/** Which properties the chunks' ACL terms cover and how they are encoded, so a query knows when the in-index clause is exact. */
export const RECORD_ACL_TERMS = `
CREATE (:LensAclTermsInfo {index: 'chunk_fulltext', property: 'acl_terms', scheme: $scheme,
                           document_properties: $document_properties, chunk_properties: $chunk_properties, recorded_at: datetime()})`;

export const RECORD_EMBEDDING = `
CREATE (:LensEmbeddingInfo {index: 'chunk_embedding', embedder: $embedder, features: $features, dimensions: $dimensions, kind: $kind, recorded_at: datetime()})`;

// The Cypher every retrieval mode runs, built in one place from the schema profile (labels and
// property names are validated identifiers) and the compiled ACL predicate (values are parameters).
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { storedIdColumn, storedIdForms, storedIdTwin } from '../graph/stored-id';
import { temporalAsText } from '../graph/temporal-text';
import type { ProjectionKeys } from './chunk-keys';
import { RIDER_COLUMN } from './riding-read';

/** The compiled ACL fragments for `d` (document) and `c` (chunk), or null when pre-filtering is off. */
export interface AclFragments {
  readonly document: string;
  /** The whole rule for a chunk `c` of document `d`: the document rule and the chunk's own (null when compiled without a chunk). */
  readonly chunk: string | null;
}

/** Map-projection entries that blank a chunk's bulky machine properties (its embedding and ACL terms). */
export function chunkMachineProperties(profile: SchemaProfile): string {
  return `${q(profile.properties.chunk.embedding)}: null, ${q(profile.properties.chunk.aclTerms)}: null`;
}

/**
 * Every document chunk `chunk` is part of, as a list of property maps: the TypeScript re-checks judge
 * them all, since a chunk is visible only when every one of its documents is (a row's `d` is one).
 */
export function documentsOfChunk(profile: SchemaProfile, chunk: string, keys: readonly string[] | null = null): string {
  return `[(${chunk})-[:${q(profile.relationships.partOf)}]->(of_chunk:${q(profile.labels.document)}) | ${documentMap(profile, 'of_chunk', keys)}]`;
}

/** Dated document properties the loader writes that the schema profile does not name (loader-queries.ts, WRITE_DOCUMENTS). */
const LOADER_DATE_PROPERTIES = ['created_at', 'ingested_at'];

/** The name `documentMap` binds a document's property map to; no query names a variable so. */
const DOCUMENT_PROPERTIES = 'lens_doc';

/**
 * A document `v` as a property map whose dates come as text (temporal-text.ts): the named `keys`
 * (chunk-keys.ts, `documentKeys`), or with no keys every property, the loader's dated ones too. The
 * retrieval rows carry many documents, and the driver's datetimes were most of a hybrid request's
 * decoding. A property the document lacks comes back null, which the readers drop (`documentProps`).
 *
 * The node's properties are read once, as a map (the named projection, or `properties(v)`), bound by
 * a one-element list comprehension, since an expression cannot hold a WITH, and the dates are tested
 * and written out from that map. Projecting the node and then reading each dated property from it
 * again read every such property two or three more times: a vector query at 50 % reach on 100,000
 * chunks went from 1,472 to 1,292 database hits (PROFILE, `bench:retrieval`'s graph).
 */
export function documentMap(profile: SchemaProfile, v: string, keys: readonly string[] | null = null): string {
  const { document, adr } = profile.properties;
  const datedInProfile = [document.updatedAt, document.validFrom, document.validTo, adr.decidedAt];
  const dated = [
    ...new Set(keys === null ? [...datedInProfile, ...LOADER_DATE_PROPERTIES] : datedInProfile.filter((key) => keys.includes(key))),
  ];
  const read = keys === null ? `properties(${v})` : `${v} { ${keys.map((key) => `.${q(key)}`).join(', ')} }`;
  if (dated.length === 0) return read;
  const p = DOCUMENT_PROPERTIES;
  const entries = dated.map((key) => `${q(key)}: ${temporalAsText(`${p}.${q(key)}`)}`).join(', ');
  return `[${p} IN [${read}] | ${p} { .*, ${entries} }][0]`;
}

/**
 * The chunk and document properties a query names (chunk-keys.ts), or null to read every property
 * of both and blank the chunk's machine ones.
 */
export type NamedKeys = ProjectionKeys | null;

/**
 * A chunk `v` as a property map without its embedding and ACL terms: the named `keys` (a key the
 * chunk lacks comes back null, which the reader drops), or every property with those two blanked.
 */
export function chunkMap(profile: SchemaProfile, v: string, keys: readonly string[] | null): string {
  if (keys === null) return `${v} { .*, ${chunkMachineProperties(profile)} }`;
  return `${v} { ${keys.map((key) => `.${q(key)}`).join(', ')} }`;
}

/** The chunk (without its embedding and ACL terms), its document and all its documents, for the rows `chunksById` returns. */
function keptProjection(profile: SchemaProfile, keys: NamedKeys): string {
  return `${chunkMap(profile, 'c', keys?.chunk ?? null)} AS chunk, ${documentMap(profile, 'd', keys?.document ?? null)} AS document, ${documentsOfChunk(profile, 'c', keys?.document ?? null)} AS documents`;
}

/**
 * The chunk `c` of a row a candidate query keeps (without its embedding and ACL terms), and every
 * document it is part of, each read once with the Cypher compilation's verdict on the chunk and it
 * (`judged`: a list of `{document, allowed, id_twin}`; the reader makes a row per document, see
 * candidate-rows.ts). Matching the documents again and returning the row's own beside the list read
 * each document twice. `c` must be the only one of `c` and `d` in scope. `chunk_id_twin` and each
 * `id_twin` (the document's id as text, else null) say the id prints the same as another node's of
 * the other type (stored-id.ts).
 */
function judgedProjection(profile: SchemaProfile, acl: AclFragments | null, keys: NamedKeys): string {
  const documents = `(c)-[:${q(profile.relationships.partOf)}]->(d:${q(profile.labels.document)})`;
  const twin = storedIdTwin('c', q(profile.labels.chunk), q(profile.properties.chunk.id));
  const documentTwin = storedIdTwin('d', q(profile.labels.document), q(profile.properties.document.id));
  return `${chunkMap(profile, 'c', keys?.chunk ?? null)} AS chunk, [${documents} | { document: ${documentMap(profile, 'd', keys?.document ?? null)}, allowed: coalesce(${aclWhere(acl)}, false), id_twin: CASE WHEN ${documentTwin} THEN toString(d.${q(profile.properties.document.id)}) END }] AS judged, ${twin} AS chunk_id_twin`;
}

/**
 * The access rule over `c` and `d` as one condition (`true` when pre-filtering is off): the chunk
 * fragment, which holds the document rule too (compile-acl-to-cypher.ts), else the document one.
 * Both before meant the document rule was judged twice for every hit an ANN fetch returned.
 */
export function aclWhere(acl: AclFragments | null): string {
  if (!acl) return 'true';
  return `(${acl.chunk ?? acl.document})`;
}

/** The request's filter condition on `d`, never null: a document without the filtered property fails it. */
function filterWhere(filter: string | null): string {
  return filter ? `coalesce(${filter}, false)` : 'true';
}

/** The pre-filter of a candidate query: the access rule and the request's filters. */
function candidateWhere(acl: AclFragments | null, filter: string | null): string {
  return filter ? `${aclWhere(acl)} AND ${filterWhere(filter)}` : aclWhere(acl);
}

/** The Cypher compilation's verdict on a returned row's chunk `c` and document `d`, as the `allowed` column (the access rule alone). */
function allowedColumn(acl: AclFragments | null): string {
  return `coalesce(d IS NOT NULL AND ${aclWhere(acl)}, false) AS allowed`;
}

function chunkDocumentMatch(profile: SchemaProfile): string {
  return `(c:${q(profile.labels.chunk)})-[:${q(profile.relationships.partOf)}]->(d:${q(profile.labels.document)})`;
}

/** The columns of a post-filtered candidate query (`postfilterTail`, `vectorPostfilterTail`). */
export const CANDIDATE_COLUMNS = [
  'chunk_id',
  'score',
  'fetched',
  'not_visible',
  'filtered',
  'allowed_total',
  'chunk',
  'judged',
  'chunk_id_twin',
];

/**
 * The tail of a post-filtered candidate query. Every hit is judged by the access rule and, apart,
 * by the request's filters; only the hits both keep are kept, with the index's score, cut to `$k`, and returned with their properties; the rest come back as counts: hits the
 * principal may not see (`not_visible`) and visible hits the filters leave out (`filtered`). One row
 * per kept chunk, or one row with a null chunk when none was kept (so the counts always arrive).
 */
export function postfilterTail(profile: SchemaProfile, acl: AclFragments | null, filter: string | null, keys: NamedKeys = null): string {
  const partOf = `(c)-[:${q(profile.relationships.partOf)}]->(d:${q(profile.labels.document)})`;
  return `OPTIONAL MATCH ${partOf}
     WITH c, hit_score, d IS NOT NULL AND ${aclWhere(acl)} AS visible, d IS NOT NULL AND ${filterWhere(filter)} AS matching
     WITH collect(DISTINCT CASE WHEN visible AND matching THEN {c: c, score: hit_score} END) AS kept, count(DISTINCT c) AS fetched,
          count(DISTINCT CASE WHEN NOT visible THEN c END) AS not_visible, count(DISTINCT CASE WHEN visible AND NOT matching THEN c END) AS filtered
     UNWIND (CASE WHEN size(kept) = 0 THEN [null] ELSE kept END) AS hit
     WITH hit.c AS c, hit, fetched, not_visible, filtered, size(kept) AS allowed_total
     WITH c, hit.score AS score, fetched, not_visible, filtered, allowed_total
     ORDER BY score DESC, c.${q(profile.properties.chunk.id)} LIMIT $k
     RETURN ${storedIdColumn(`c.${q(profile.properties.chunk.id)}`)} AS chunk_id, score, fetched, not_visible, filtered, allowed_total, ${judgedProjection(profile, acl, keys)}`;
}

/**
 * The tail of a post-filtered vector query: what `postfilterTail` returns, with every kept hit
 * re-scored by exact cosine, in less work. The counts are aggregated in the same pass that judges
 * each hit, which keeps only the allowed chunks themselves (not a map per hit), and the top `$k` of
 * those are scored and cut in a subquery, so nothing but the `k` rows returned is carried further.
 */
function vectorPostfilterTail(profile: SchemaProfile, acl: AclFragments | null, filter: string | null, keys: NamedKeys): string {
  const partOf = `(c)-[:${q(profile.relationships.partOf)}]->(d:${q(profile.labels.document)})`;
  const id = `c.${q(profile.properties.chunk.id)}`;
  return `OPTIONAL MATCH ${partOf}
     WITH c, d IS NOT NULL AND ${aclWhere(acl)} AS visible, d IS NOT NULL AND ${filterWhere(filter)} AS matching
     WITH count(DISTINCT c) AS fetched, count(DISTINCT CASE WHEN NOT visible THEN c END) AS not_visible,
          count(DISTINCT CASE WHEN visible AND NOT matching THEN c END) AS filtered, collect(DISTINCT CASE WHEN visible AND matching THEN c END) AS kept
     UNWIND (CASE WHEN size(kept) = 0 THEN [null] ELSE kept END) AS c
     WITH c, fetched, not_visible, filtered, size(kept) AS allowed_total,
          CASE WHEN c IS NULL THEN null ELSE vector.similarity.cosine(c.${q(profile.properties.chunk.embedding)}, $query_vector) END AS score
     ORDER BY score DESC, ${id} LIMIT $k
     RETURN ${storedIdColumn(id)} AS chunk_id, score, fetched, not_visible, filtered, allowed_total, ${judgedProjection(profile, acl, keys)}`;
}

/**
 * The vector planner's first query: counts the allowed chunks, stopping at `$limit + 1`, and when
 * there are at most `$limit` scores them exactly, all in one pass over the allowed chunks. So a
 * principal who may see little pays for one scan, not a count and then a scan; one who may see much
 * pays only for the capped count, and the planner goes on to ANN. The pre-filter is the WHERE, so
 * nothing denied is scored; the collect is a barrier, so the planner cannot score first and filter
 * after; over the limit no embedding is read at all. One row per scored chunk, or one row with
 * a null chunk (so the counts always arrive).
 */
export function vectorCountAndExactScan(
  profile: SchemaProfile,
  acl: AclFragments | null,
  filter: string | null,
  keys: NamedKeys = null,
): BuiltInQuery {
  const embedding = q(profile.properties.chunk.embedding);
  return defineQuery(
    'vector-count-and-exact-scan',
    `CALL () { MATCH (n:${q(profile.labels.chunk)}) RETURN count(n) AS total }
     CALL () {
       MATCH ${chunkDocumentMatch(profile)} WHERE ${candidateWhere(acl, filter)}
       WITH c LIMIT $cap
       RETURN collect(c) AS allowed
     }
     WITH total, allowed, size(allowed) AS allowed_count
     WITH total, allowed_count, CASE WHEN allowed_count > $limit THEN [] ELSE [x IN allowed WHERE x.${embedding} IS NOT NULL] END AS scorable
     UNWIND (CASE WHEN size(scorable) = 0 THEN [null] ELSE scorable END) AS c
     WITH c, total, allowed_count, CASE WHEN c IS NULL THEN null ELSE vector.similarity.cosine(c.${embedding}, $query_vector) END AS score
     ORDER BY score DESC, c.${q(profile.properties.chunk.id)} LIMIT $k
     RETURN ${storedIdColumn(`c.${q(profile.properties.chunk.id)}`)} AS chunk_id, score, total, allowed_count, ${judgedProjection(profile, acl, keys)}`,
    ['chunk_id', 'score', 'total', 'allowed_count', 'chunk', 'judged', 'chunk_id_twin'],
  );
}

/**
 * The allowed chunks enumerated through the full-text index's ACL terms (`$acl_lucene` is the
 * principal's rule as a Lucene clause, see compile-acl-to-lucene.ts) and scored exactly: the cost
 * follows what the principal may see, not the size of the graph. The clause only narrows (a hash
 * collision could let an extra chunk through, never keep one out), so the Cypher predicate re-judges
 * every chunk in the WHERE before it is scored. The top `$k` rows, like the single query a
 * neo4j-graphrag user writes (the allowed count is known from the cached whole-graph counts).
 */
export function vectorExactOverAclTerms(
  profile: SchemaProfile,
  acl: AclFragments,
  filter: string | null,
  keys: NamedKeys = null,
): BuiltInQuery {
  const embedding = q(profile.properties.chunk.embedding);
  return defineQuery(
    'vector-exact-over-acl-terms',
    `CALL db.index.fulltext.queryNodes($fulltext_index, $acl_lucene) YIELD node AS c
     MATCH ${chunkDocumentMatch(profile)} WHERE c.${embedding} IS NOT NULL AND ${candidateWhere(acl, filter)}
     WITH c, vector.similarity.cosine(c.${embedding}, $query_vector) AS score
     ORDER BY score DESC, c.${q(profile.properties.chunk.id)} LIMIT $k
     RETURN ${storedIdColumn(`c.${q(profile.properties.chunk.id)}`)} AS chunk_id, score, ${judgedProjection(profile, acl, keys)}`,
    ['chunk_id', 'score', 'chunk', 'judged', 'chunk_id_twin'],
  );
}

/**
 * What the graph looks like now, for the caches of access counts: the loader's marker (changed by
 * every load) and count-store counts of chunks and their links to documents, which Neo4j answers
 * without reading a node; and the count of evidence links into chunks (`located`), by which graph
 * mode knows there is nothing to expand (graph-retriever.ts). Cheap enough to read on every request.
 */
export function graphMarker(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'graph-marker',
    `${markerCalls(profile)}
     RETURN plan_hash, loaded_at, chunks, links, located`,
  );
}

/**
 * One chunk linked by the profile's part-of relationship to more than one node, if the graph has any
 * (`found`). Counted by degree, whatever the other end is, so it can only over-report; one label scan,
 * stopped at the first such chunk. See chunk-documents.ts.
 */
export function chunkOfManyDocuments(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'chunk-of-many-documents',
    `OPTIONAL MATCH (c:${q(profile.labels.chunk)}) WHERE COUNT { (c)-[:${q(profile.relationships.partOf)}]->() } > 1
     WITH c LIMIT 1
     RETURN c IS NOT NULL AS found`,
  );
}

/** The subqueries of `graphMarker`: plan_hash, loaded_at, chunks, links and located, one row. */
function markerCalls(profile: SchemaProfile): string {
  return `CALL () { OPTIONAL MATCH (m:LensLoadInfo) RETURN m.plan_hash AS plan_hash, toString(m.loaded_at) AS loaded_at LIMIT 1 }
     CALL () { MATCH (c:${q(profile.labels.chunk)}) RETURN count(c) AS chunks }
     CALL () { MATCH (:${q(profile.labels.chunk)})-[r:${q(profile.relationships.partOf)}]->() RETURN count(r) AS links }
     CALL () { MATCH ()-[r:${q(profile.relationships.locatedIn)}]->(:${q(profile.labels.chunk)}) RETURN count(r) AS located }`;
}

/**
 * The vector planner's calibration of an exact scan: `$n` chunks with their documents, each scored
 * by cosine, the top `$k` kept (the work an exact scan does per allowed chunk, without a principal).
 */
export function calibrateExactScan(profile: SchemaProfile): BuiltInQuery {
  const embedding = q(profile.properties.chunk.embedding);
  return defineQuery(
    'calibrate-exact-scan',
    `MATCH (c:${q(profile.labels.chunk)}) WHERE c.${embedding} IS NOT NULL WITH c LIMIT $n
     MATCH ${chunkDocumentMatch(profile)}
     WITH c, vector.similarity.cosine(c.${embedding}, $query_vector) AS score ORDER BY score DESC LIMIT $k
     RETURN count(c) AS scored`,
  );
}

/**
 * The vector planner's calibration of ANN as its post-filter works: `$n` hits from the index, each
 * matched to its document and a document property read (what judging a hit by the access rule
 * costs), none scored — the post-filter scores only the allowed hits, timed apart by `calibrateAnnScored`.
 */
export function calibrateAnn(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'calibrate-ann',
    `CALL db.index.vector.queryNodes($index, $n, $query_vector) YIELD node AS c
     MATCH ${chunkDocumentMatch(profile)}
     RETURN count(d.${q(profile.properties.document.workspaceId)}) AS judged`,
  );
}

/** `calibrateAnn` with every hit re-scored by exact cosine and the top `$k` kept: what re-scoring adds per hit. */
export function calibrateAnnScored(profile: SchemaProfile): BuiltInQuery {
  const embedding = q(profile.properties.chunk.embedding);
  return defineQuery(
    'calibrate-ann-scored',
    `CALL db.index.vector.queryNodes($index, $n, $query_vector) YIELD node AS c
     MATCH ${chunkDocumentMatch(profile)}
     WITH c, d.${q(profile.properties.document.workspaceId)} AS judged, vector.similarity.cosine(c.${embedding}, $query_vector) AS score
     ORDER BY score DESC LIMIT $k
     RETURN count(c) AS scored`,
  );
}

/** A request filter as the access-scope query counts it: its condition on `d`, and the document value it compares (to list the values present). */
export interface ScopeFilter {
  readonly cypher: string;
  readonly valueOf: string | null;
}

/**
 * What the graph holds for this principal and request, each chunk counted once: every chunk
 * (`total`), the chunks the access rule lets the principal see (`visible`), and per request filter
 * `i` the visible chunks it leaves out (`left_out_i`), the documents it matches whoever may see
 * them (`matching_i`) and the values present (`present_i`, for filters on a value), plus the visible
 * chunks all filters together leave out (`left_out_all`). One pass over the chunks; reads only.
 */
export function accessScopeCounts(profile: SchemaProfile, acl: AclFragments, filters: readonly ScopeFilter[]): BuiltInQuery {
  const perFilter = filters.flatMap((filter, i) => [
    `count(DISTINCT CASE WHEN visible AND NOT ${filterWhere(filter.cypher)} THEN c END) AS left_out_${i}`,
    // Over what the principal may see: a note naming values only documents it may not see hold would tell it they exist.
    `count(DISTINCT CASE WHEN visible AND ${filterWhere(filter.cypher)} THEN d END) AS matching_${i}`,
    ...(filter.valueOf ? [`collect(DISTINCT CASE WHEN visible THEN ${filter.valueOf} END) AS present_${i}`] : []),
  ]);
  const all = filters.map((filter) => filterWhere(filter.cypher)).join(' AND ');
  const together = filters.length > 0 ? [`count(DISTINCT CASE WHEN visible AND NOT (${all}) THEN c END) AS left_out_all`] : [];
  return defineQuery(
    'access-scope-counts',
    `MATCH (c:${q(profile.labels.chunk)})
     OPTIONAL MATCH (c)-[:${q(profile.relationships.partOf)}]->(d:${q(profile.labels.document)})
     WITH c, d, d IS NOT NULL AND ${aclWhere(acl)} AS visible
     RETURN ${['count(DISTINCT c) AS total', 'count(DISTINCT CASE WHEN visible THEN c END) AS visible', ...perFilter, ...together].join(', ')}`,
  );
}

/**
 * ANN over the whole index, then the ACL predicate on what came back (a post-filter). The allowed
 * hits are re-scored exactly, so a quantised index does not reorder them.
 */
export function vectorAnn(profile: SchemaProfile, acl: AclFragments | null, filter: string | null, keys: NamedKeys = null): BuiltInQuery {
  return defineQuery(
    'vector-ann-postfilter',
    `CALL db.index.vector.queryNodes($index, $fetch, $query_vector) YIELD node AS c
     ${vectorPostfilterTail(profile, acl, filter, keys)}`,
    CANDIDATE_COLUMNS,
  );
}

/**
 * The Cypher 25 SEARCH clause (Neo4j 2026.01+) with the workspace filtered inside the index, then
 * the rest of the ACL predicate as a post-filter.
 */
export function vectorSearchInIndex(
  profile: SchemaProfile,
  acl: AclFragments | null,
  filter: string | null,
  indexName: string,
  workspaceProperty: string,
  keys: NamedKeys = null,
): BuiltInQuery {
  return defineQuery(
    'vector-search-in-index',
    `CYPHER 25 MATCH (c:${q(profile.labels.chunk)})
     SEARCH c IN (VECTOR INDEX ${q(indexName)} FOR $query_vector WHERE c.${q(workspaceProperty)} = $acl_in_index_workspace LIMIT $fetch) SCORE AS hit_score
     ${vectorPostfilterTail(profile, acl, filter, keys)}`,
  );
}

/** Full-text candidates with the ACL predicate evaluated on each hit (a post-filter: the index holds no ACL fields). */
export function fulltextPostfilter(
  profile: SchemaProfile,
  acl: AclFragments | null,
  filter: string | null,
  keys: NamedKeys = null,
): BuiltInQuery {
  return defineQuery(
    'fulltext-postfilter',
    `CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $fetch}) YIELD node AS c, score AS hit_score
     ${postfilterTail(profile, acl, filter, keys)}`,
    CANDIDATE_COLUMNS,
  );
}

/**
 * Full-text candidates whose Lucene query carries the access rule as a boost-0 clause, with the ACL
 * predicate re-judging each hit. A hit of score 0 matched the rule but none of the user's words
 * (Lucene drops a text part the analyzer empties, such as a lone stop word), so it is no hit.
 */
export function fulltextInIndexAcl(profile: SchemaProfile, acl: AclFragments, filter: string | null, keys: NamedKeys = null): BuiltInQuery {
  return defineQuery(
    'fulltext-in-index-acl',
    `CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $fetch}) YIELD node AS c, score AS hit_score
     WHERE hit_score > 0
     ${postfilterTail(profile, acl, filter, keys)}`,
    CANDIDATE_COLUMNS,
  );
}

/** The key of an entity map (`entityMap`) that holds the entity's first `…_id` property, for an entity without its profile id. */
export const FIRST_ID_KEY = 'lens_first_id';

/**
 * An entity `v` as a property map: the named `keys` (chunk-keys.ts, `entityKeys`) and its first
 * `…_id` property's value under {@link FIRST_ID_KEY} (its keys are read, not its values), or with no
 * keys every property.
 */
export function entityMap(v: string, keys: readonly string[] | null): string {
  if (keys === null) return `${v} { .* }`;
  return `${v} { ${[...keys.map((key) => `.${q(key)}`), `${FIRST_ID_KEY}: [lens_key IN keys(${v}) WHERE lens_key ENDS WITH '_id' | ${v}[lens_key]][0]`].join(', ')} }`;
}

/**
 * One and two hops out from the seed chunks along the profile's patterns: chunk ← evidence ← claim,
 * the claim's other evidence chunks and their documents, and the entities the claim is about with
 * their own relationships. Nothing is filtered here on purpose: every node on every path is
 * re-checked by the after-expansion enforcement point, which must see what it cuts.
 */
export function graphExpansion(profile: SchemaProfile, keys: NamedKeys = null): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  const entityRels = [R.exposes, R.implementedBy, R.ownedBy, R.affectedBy].map(q).join('|');
  const entityLabels = [L.service, L.api, L.repository, L.owner, L.incident].map(q).join('|');
  return defineQuery(
    'graph-expansion',
    `UNWIND $seeds AS seed
     MATCH (c:${q(L.chunk)}) WHERE c.${q(P.chunk.id)} IN ${storedIdForms('seed')}
     MATCH (c)<-[:${q(R.locatedIn)}]-(e:${q(L.evidence)})<-[:${q(R.supportedBy)}]-(cl:${q(L.claim)})
     CALL (cl) {
       MATCH (cl)-[:${q(R.supportedBy)}]->(e2:${q(L.evidence)})-[:${q(R.locatedIn)}]->(c2:${q(L.chunk)})
       RETURN collect({ evidence: e2 { .* }, chunk: ${chunkMap(profile, 'c2', keys?.chunk ?? null)}, documents: ${documentsOfChunk(profile, 'c2', keys?.document ?? null)} }) AS evidence
     }
     CALL (cl) {
       OPTIONAL MATCH (cl)-[:${q(R.about)}]->(ent:${entityLabels})
       OPTIONAL MATCH (ent)-[rel:${entityRels}]-(near:${entityLabels}) WHERE $hops >= 2
       RETURN collect(DISTINCT { labels: labels(ent), props: ${entityMap('ent', keys?.entity ?? null)}, via: type(rel), near_labels: labels(near), near: ${entityMap('near', keys?.entity ?? null)} }) AS entities
     }
     RETURN seed AS seed_chunk_id, e { .* } AS seed_evidence, cl { .* } AS claim, evidence, entities`,
  );
}

/**
 * Chunks and their documents by id, for rows of a cypher template that name a chunk, each judged by
 * the Cypher compilation of the access policy (`allowed`), so the post-filter compares two verdicts.
 */
export function chunksById(profile: SchemaProfile, acl: AclFragments | null, keys: NamedKeys = null): BuiltInQuery {
  return defineQuery(
    'chunks-by-id',
    `UNWIND $ids AS id
     MATCH (c:${q(profile.labels.chunk)})-[:${q(profile.relationships.partOf)}]->(d:${q(profile.labels.document)}) WHERE c.${q(profile.properties.chunk.id)} IN ${storedIdForms('id')}
     RETURN id AS chunk_id, ${allowedColumn(acl)}, ${keptProjection(profile, keys)}`,
  );
}

/**
 * The text and document title of the first `$sample` chunks the principal may see that the request's
 * filters keep (`c`, `d` as in the candidate queries): a full-text run that found no hit reads them to
 * tell whether the pages hold any word in the script of the question's terms (script-sample.ts).
 */
export function visibleChunkTexts(profile: SchemaProfile, acl: AclFragments, filter: string | null): BuiltInQuery {
  return defineQuery(
    'visible-chunk-texts',
    `MATCH ${chunkDocumentMatch(profile)}
     WHERE ${candidateWhere(acl, filter)}
     WITH c, d LIMIT $sample
     RETURN c.${q(profile.properties.chunk.text)} AS text, d.${q(profile.properties.document.title)} AS title`,
  );
}

/**
 * A run's state: a principal and its groups (as `principalFromGraph`, `principal` null when the
 * graph has none) with the graph's state (as `graphMarker`), in one row whose one column
 * (`RIDER_COLUMN`) is a map of plan_hash, loaded_at, chunks, links, located, principal and groups. Every run
 * that reads its principal also needs the state for its access counts, so it reads both at once;
 * and the read can ride in the run's first retrieval read (riding-read.ts). Its parameter,
 * `$run_principal_id`, is named so no carrier's parameter takes it.
 */
export function runState(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'principal-and-graph-marker',
    `${markerCalls(profile)}
     CALL () {
       OPTIONAL MATCH (p:${q(profile.labels.principal)} {${q(profile.properties.principal.id)}: $run_principal_id})
       OPTIONAL MATCH (p)-[:${q(profile.relationships.memberOf)}]->(g:${q(profile.labels.group)})
       RETURN p { .* } AS principal, ${groupIds(profile)} AS groups
     }
     RETURN { plan_hash: plan_hash, loaded_at: loaded_at, chunks: chunks, links: links, located: located, principal: principal, groups: groups } AS ${RIDER_COLUMN}`,
  );
}

/**
 * The commonest length of a chunk id among the first `$sample` chunks (lengths only, no id read
 * out): the warm-up's stand-in seeds for the expansion query take it, since Neo4j plans a string
 * parameter of another size apart.
 */
export function chunkIdLength(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'chunk-id-length',
    `MATCH (c:${q(profile.labels.chunk)}) WITH c LIMIT $sample
     WITH size(toString(c.${q(profile.properties.chunk.id)})) AS length, count(*) AS chunks
     RETURN length ORDER BY chunks DESC, length LIMIT 1`,
  );
}

/** The ids of the groups `g` a principal `p` is a member of, under the profile's group id property. */
function groupIds(profile: SchemaProfile): string {
  return `[x IN collect(g.${q(profile.properties.group.id)}) WHERE x IS NOT NULL]`;
}

/** A principal and its groups from the graph's Principal/Group nodes. */
export function principalFromGraph(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'principal-from-graph',
    `MATCH (p:${q(profile.labels.principal)} {${q(profile.properties.principal.id)}: $principal_id})
     OPTIONAL MATCH (p)-[:${q(profile.relationships.memberOf)}]->(g:${q(profile.labels.group)})
     RETURN p { .* } AS principal, ${groupIds(profile)} AS groups`,
  );
}

/** Every principal in the graph, for `lens principals list --graph`. */
export function principalsFromGraph(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'principals-from-graph',
    `MATCH (p:${q(profile.labels.principal)})
     OPTIONAL MATCH (p)-[:${q(profile.relationships.memberOf)}]->(g:${q(profile.labels.group)})
     RETURN p { .* } AS principal, ${groupIds(profile)} AS groups ORDER BY principal.${q(profile.properties.principal.id)}`,
  );
}

/**
 * Whether some document has the profile's language property, which the language filter reads: the first
 * such document ends the read. Not `db.propertyKeys()`, which keeps a name after every node has lost it.
 */
export function languageHeld(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'language-property',
    `OPTIONAL MATCH (d:${q(profile.labels.document)}) WHERE d.${q(profile.properties.document.language)} IS NOT NULL
     WITH d LIMIT 1
     RETURN count(d) AS present`,
  );
}

// The Cypher of the entity signal (entity-retriever.ts), built from the schema profile (labels and
// property names are validated identifiers) and the compiled ACL predicate (values are parameters).
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { PlainRow, ReadResult } from '../graph/read-gateway';
import { CANDIDATE_COLUMNS, postfilterTail, type AclFragments, type NamedKeys } from './retrieval-queries';

/** How much a chunk that a claim about the entity cites counts, against 1 for a chunk of the entity's own document. */
export const CLAIM_CHUNK_WEIGHT = 0.5;

/**
 * The entities a question may name: hits of the entity-names full-text index for the question's
 * words (`$entity_lucene`, escaped, in `$entity_index`, at most `$entity_limit`), and ADR documents
 * whose ADR number is among `$adr_ids` (ADR numbers are not in that index). Only names and ids are
 * read here; which of them the question really names is judged in TypeScript, and no content leaves
 * this query: with `keys` (`entityHitKeys`) a hit carries only those properties, not a GraphRAG
 * entity's description embedding or a long text. Its parameters have names of their own, so it can
 * ride in another query's round trip (`withEntityHits`).
 */
export function entityHits(profile: SchemaProfile, withIndex: boolean, keys: readonly string[] | null = null): BuiltInQuery {
  return defineQuery(withIndex ? 'entity-hits' : 'entity-hits-adr-only', entityHitsText(profile, withIndex, keys));
}

function entityHitsText(profile: SchemaProfile, withIndex: boolean, keys: readonly string[] | null): string {
  const props = keys === null ? 'ent { .* }' : `ent { ${keys.map((key) => `.${q(key)}`).join(', ')} }`;
  const adr = `MATCH (ent:${q(profile.labels.adr)}) WHERE ent.${q(profile.properties.adr.id)} IN $adr_ids
     RETURN ent, null AS score`;
  const fromIndex = `CALL db.index.fulltext.queryNodes($entity_index, $entity_lucene, {limit: $entity_limit}) YIELD node, score
     RETURN node AS ent, score
     UNION ALL
     `;
  return `CALL () {
     ${withIndex ? fromIndex : ''}${adr}
     }
     RETURN elementId(ent) AS key, labels(ent) AS labels, ${props} AS props, score`;
}

/** The columns of a post-filtered candidate query (`postfilterTail`) and of `entityHits`, and the column that tells their rows apart. */
const ENTITY_COLUMNS = ['key', 'labels', 'props', 'score'];
export const SIDE_COLUMN = 'side';

/**
 * A post-filtered candidate query (full-text's first round) and `entityHits` in one round trip: the
 * rows of each as they are, told apart by `side` ('candidate' or 'entity'), every other column the
 * other side lacks null. Hybrid mode's word sides read both at once, one read fewer per request.
 */
export function withEntityHits(
  candidates: BuiltInQuery,
  profile: SchemaProfile,
  withIndex: boolean,
  keys: readonly string[] | null = null,
): BuiltInQuery {
  const columns = [...new Set([...CANDIDATE_COLUMNS, ...ENTITY_COLUMNS])];
  const select = (own: readonly string[]) => columns.map((column) => (own.includes(column) ? column : `null AS ${column}`)).join(', ');
  return defineQuery(
    `${candidates.name}+${withIndex ? 'entity-hits' : 'entity-hits-adr-only'}`,
    `CALL () {
     ${candidates.text}
     }
     RETURN 'candidate' AS ${SIDE_COLUMN}, ${select(CANDIDATE_COLUMNS)}
     UNION ALL
     CALL () {
     ${entityHitsText(profile, withIndex, keys)}
     }
     RETURN 'entity' AS ${SIDE_COLUMN}, ${select(ENTITY_COLUMNS)}`,
    [SIDE_COLUMN, ...columns],
  );
}

/**
 * The chunks about the named entities (`$keys`, element ids from `entityHits`): chunks a claim ABOUT
 * the entity cites as evidence (weight CLAIM_CHUNK_WEIGHT), and the chunks of the entity's own
 * document (weight 1): the document whose id the entity carries (an Incident's report,
 * under the profile's `incident.document`) or the entity itself when it is a document (an ADR). Each chunk is then judged by the access rule and, apart, by
 * the request's filters inside this query, exactly as the full-text side does (`postfilterTail`):
 * only allowed rows leave it, the rest come back as counts.
 */
export function entityChunks(
  profile: SchemaProfile,
  acl: AclFragments | null,
  filter: string | null,
  keys: NamedKeys = null,
): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  const documentId = q(P.document.id);
  // An ADR is its own document; an incident names its report under the profile's incident document property.
  const ownDocument =
    P.incident.document === P.document.id
      ? `ent.${documentId}`
      : `CASE WHEN ent:${q(L.incident)} THEN ent.${q(P.incident.document)} ELSE ent.${documentId} END`;
  return defineQuery(
    'entity-chunks',
    `UNWIND $keys AS key
     MATCH (ent) WHERE elementId(ent) = key
     CALL (ent) {
       MATCH (ent)<-[:${q(R.about)}]-(:${q(L.claim)})-[:${q(R.supportedBy)}]->(:${q(L.evidence)})-[:${q(R.locatedIn)}]->(c:${q(L.chunk)})
       RETURN c, $claim_weight AS weight
       UNION
       MATCH (c:${q(L.chunk)})-[:${q(R.partOf)}]->(:${q(L.document)} {${documentId}: ${ownDocument}})
       RETURN c, 1.0 AS weight
     }
     WITH c, max(weight) AS hit_score
     ${postfilterTail(profile, acl, filter, keys)}`,
  );
}

/** The rows of a `withEntityHits` read apart: the candidate query's as its own result, the entity hits' as rows of `entityHits`. */
export function splitEntityHits(result: ReadResult): { candidates: ReadResult; entities: PlainRow[] } {
  const candidates: PlainRow[] = [];
  const entities: PlainRow[] = [];
  for (const row of result.rows) {
    const own = row[SIDE_COLUMN] === 'entity' ? ENTITY_COLUMNS : CANDIDATE_COLUMNS;
    (row[SIDE_COLUMN] === 'entity' ? entities : candidates).push(Object.fromEntries(own.map((column) => [column, row[column] ?? null])));
  }
  return { candidates: { ...result, rows: candidates }, entities };
}

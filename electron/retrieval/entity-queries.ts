// The Cypher of the entity signal (entity-retriever.ts), built from the schema profile (labels and
// property names are validated identifiers) and the compiled ACL predicate (values are parameters).
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { postfilterTail, type AclFragments } from './retrieval-queries';

/** How much a chunk that a claim about the entity cites counts, against 1 for a chunk of the entity's own document. */
export const CLAIM_CHUNK_WEIGHT = 0.5;

/**
 * The entities a question may name: hits of the entity-names full-text index for the question's
 * words (`$lucene`, escaped), and ADR documents whose ADR number is among `$adr_ids` (ADR numbers are
 * not in that index). Only names and ids are read here; which of them the question really names is
 * judged in TypeScript, and no content leaves this query.
 */
export function entityHits(profile: SchemaProfile, withIndex: boolean): BuiltInQuery {
  const adr = `MATCH (ent:${q(profile.labels.adr)}) WHERE ent.${q(profile.properties.adr.id)} IN $adr_ids
     RETURN ent, null AS score`;
  const fromIndex = `CALL db.index.fulltext.queryNodes($index, $lucene, {limit: $limit}) YIELD node, score
     RETURN node AS ent, score
     UNION ALL
     `;
  return defineQuery(
    withIndex ? 'entity-hits' : 'entity-hits-adr-only',
    `CALL () {
     ${withIndex ? fromIndex : ''}${adr}
     }
     RETURN elementId(ent) AS key, labels(ent) AS labels, ent { .* } AS props, score`,
  );
}

/**
 * The chunks about the named entities (`$keys`, element ids from `entityHits`): chunks a claim ABOUT
 * the entity cites as evidence (weight CLAIM_CHUNK_WEIGHT), and the chunks of the entity's own
 * document (weight 1): the document whose id the entity carries (an Incident's report) or the entity
 * itself when it is a document (an ADR). Each chunk is then judged by the access rule and, apart, by
 * the request's filters inside this query, exactly as the full-text side does (`postfilterTail`):
 * only allowed rows leave it, the rest come back as counts.
 */
export function entityChunks(profile: SchemaProfile, acl: AclFragments | null, filter: string | null): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  const documentId = q(P.document.id);
  return defineQuery(
    'entity-chunks',
    `UNWIND $keys AS key
     MATCH (ent) WHERE elementId(ent) = key
     CALL (ent) {
       MATCH (ent)<-[:${q(R.about)}]-(:${q(L.claim)})-[:${q(R.supportedBy)}]->(:${q(L.evidence)})-[:${q(R.locatedIn)}]->(c:${q(L.chunk)})
       RETURN c, $claim_weight AS weight
       UNION
       MATCH (c:${q(L.chunk)})-[:${q(R.partOf)}]->(:${q(L.document)} {${documentId}: ent.${documentId}})
       RETURN c, 1.0 AS weight
     }
     WITH c, max(weight) AS hit_score
     ${postfilterTail(profile, acl, filter)}`,
  );
}

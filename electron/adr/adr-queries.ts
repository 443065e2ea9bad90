// The Cypher of the stale-ADR operations, read-only, built in one place from the schema profile
// (labels, relationship types and property names are validated identifiers); ids are parameters.
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { storedIdForms } from '../graph/stored-id';

/**
 * Every ADR with its properties and the records that supersede it (by the supersession edges the
 * loader writes, with their partial and drift flags under the profile's `supersededBy` names), in ADR id order.
 */
export function adrsWithSuccessors(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  return defineQuery(
    'adr-list',
    `MATCH (d:${q(L.document)}:${q(L.adr)})
     OPTIONAL MATCH (d)-[s:${q(R.supersededBy)}]->(n:${q(L.document)})
     WITH d, s, n ORDER BY n.${q(P.document.id)}
     WITH d, collect(CASE WHEN n IS NULL THEN null ELSE {
       document_id: n.${q(P.document.id)}, adr_id: n.${q(P.adr.id)},
       partial: coalesce(s.${q(P.supersededBy.partial)}, false), drift: coalesce(s.${q(P.supersededBy.drift)}, false)
     } END) AS successors
     RETURN d { .* } AS document, successors
     ORDER BY d.${q(P.adr.id)}, d.${q(P.document.id)}`,
  );
}

/** The documents of the given ids (`$ids`) with their properties and whether each is an ADR; unknown ids give no row. */
export function documentsByIds(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, properties: P } = profile;
  return defineQuery(
    'adr-documents-by-id',
    `UNWIND $ids AS id
     MATCH (d:${q(L.document)}) WHERE d.${q(P.document.id)} IN ${storedIdForms('id')}
     RETURN d { .* } AS document, d:${q(L.adr)} AS is_adr`,
  );
}

/**
 * The text of every ADR for the suggestions, in one bounded read: its chunks in `position` order
 * joined by a blank line and cut at `$maxChars` (the concatenation stops growing once it reaches the
 * cap), the full length (to say when the text was cut), the loader's relative path (profile `document.file`, absent
 * on graphs it did not write) and the address, and up to `$maxEntities` entities that the claims
 * evidenced in its chunks are about, by element id (stable within the read).
 */
export function adrSuggestionTexts(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  const chunkText = `coalesce(c.${q(P.chunk.text)}, '')`;
  return defineQuery(
    'adr-suggestion-texts',
    `MATCH (d:${q(L.document)}:${q(L.adr)})
     CALL (d) {
       MATCH (c:${q(L.chunk)})-[:${q(R.partOf)}]->(d)
       WITH c ORDER BY c.${q(P.chunk.position)}
       RETURN collect(${chunkText}) AS texts
     }
     RETURN d.${q(P.document.id)} AS document_id, d.${q(P.document.file)} AS file, d.${q(P.document.sourceUri)} AS source_uri,
       left(reduce(s = '', t IN texts | CASE WHEN size(s) >= $maxChars THEN s WHEN s = '' THEN t ELSE s + '\\n\\n' + t END), $maxChars) AS text,
       reduce(n = 0, t IN texts | n + size(t)) + 2 * CASE WHEN size(texts) > 1 THEN size(texts) - 1 ELSE 0 END AS total_chars,
       [(d)<-[:${q(R.partOf)}]-(:${q(L.chunk)})<-[:${q(R.locatedIn)}]-(:${q(L.evidence)})<-[:${q(R.supportedBy)}]-(:${q(L.claim)})-[:${q(R.about)}]->(e) | elementId(e)][0..$maxEntities] AS entities
     ORDER BY document_id`,
  );
}

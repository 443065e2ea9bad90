// The Cypher of the stale-ADR operations, read-only, built in one place from the schema profile
// (labels, relationship types and property names are validated identifiers); ids are parameters.
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';

/**
 * Every ADR with its properties and the records that supersede it (by the supersession edges the
 * loader writes, with their `partial` and `drift` flags), in `adr_id` order.
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
       partial: coalesce(s.partial, false), drift: coalesce(s.drift, false)
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
     MATCH (d:${q(L.document)} {${q(P.document.id)}: id})
     RETURN d { .* } AS document, d:${q(L.adr)} AS is_adr`,
  );
}

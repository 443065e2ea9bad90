// The Cypher of "why not this chunk?", built in one place from the schema profile (labels,
// relationship types and property names are validated identifiers) with ids passed as parameters.
// Each reads the access fields of a chunk or document as the graph holds them, without embeddings.
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { chunkMachineProperties } from '../retrieval/retrieval-queries';

/** A chunk by id with the document it is part of (null when it has none): one row, or none for an unknown id. */
export function chunkWithDocument(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  return defineQuery(
    'why-not-chunk',
    `MATCH (c:${q(L.chunk)} {${q(P.chunk.id)}: $id})
     OPTIONAL MATCH (c)-[:${q(R.partOf)}]->(d:${q(L.document)})
     RETURN c { .*, ${chunkMachineProperties(profile)} } AS chunk, d { .* } AS document
     LIMIT 1`,
  );
}

/**
 * A document by id with its first `$limit` chunks in position order and how many it has: one row,
 * or none for an unknown id.
 */
export function documentWithChunks(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  return defineQuery(
    'why-not-document',
    `MATCH (d:${q(L.document)} {${q(P.document.id)}: $id})
     WITH d LIMIT 1
     CALL (d) {
       OPTIONAL MATCH (c:${q(L.chunk)})-[:${q(R.partOf)}]->(d)
       WITH c ORDER BY c.${q(P.chunk.position)}, c.${q(P.chunk.id)}
       RETURN count(c) AS total, collect(c { .*, ${chunkMachineProperties(profile)} })[0..$limit] AS chunks
     }
     RETURN d { .* } AS document, chunks, total`,
  );
}

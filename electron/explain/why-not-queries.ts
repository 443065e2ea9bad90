// The Cypher of "why not this chunk?", built in one place from the schema profile (labels,
// relationship types and property names are validated identifiers) with ids passed as parameters.
// Each reads the access fields of a chunk or document as the graph holds them, without embeddings.
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { chunkMachineProperties, documentsOfChunk } from '../retrieval/retrieval-queries';
import { storedIdForms } from '../graph/stored-id';

/**
 * A chunk by id with a document it is part of (the first by id; null when it has none) and all of
 * them (`documents`: the chunk is visible only when every one is): one row, or none for an unknown id.
 * `matched` counts the chunks the id names: two when a text "4242" and an INTEGER 4242 both exist.
 */
export function chunkWithDocument(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  return defineQuery(
    'why-not-chunk',
    `MATCH (c:${q(L.chunk)}) WHERE c.${q(P.chunk.id)} IN ${storedIdForms('$id')}
     WITH collect(c) AS found
     UNWIND found[0..1] AS c
     OPTIONAL MATCH (c)-[:${q(R.partOf)}]->(d:${q(L.document)})
     WITH c, d, size(found) AS matched ORDER BY d.${q(P.document.id)} LIMIT 1
     RETURN c { .*, ${chunkMachineProperties(profile)} } AS chunk, d { .* } AS document, ${documentsOfChunk(profile, 'c')} AS documents, matched`,
  );
}

/**
 * A document by id with its first `$limit` chunks in position order, every document each of them is
 * part of (`chunk_documents`, in the same order) and how many it has: one row, or none for an unknown id;
 * `matched` counts the documents the id names, as in `chunkWithDocument`.
 */
export function documentWithChunks(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  return defineQuery(
    'why-not-document',
    `MATCH (d:${q(L.document)}) WHERE d.${q(P.document.id)} IN ${storedIdForms('$id')}
     WITH collect(d) AS found
     UNWIND found[0..1] AS d
     WITH d, size(found) AS matched
     CALL (d) {
       OPTIONAL MATCH (c:${q(L.chunk)})-[:${q(R.partOf)}]->(d)
       WITH c ORDER BY c.${q(P.chunk.position)}, c.${q(P.chunk.id)}
       RETURN count(c) AS total, collect(c { .*, ${chunkMachineProperties(profile)} })[0..$limit] AS chunks,
              collect(${documentsOfChunk(profile, 'c')})[0..$limit] AS chunk_documents
     }
     RETURN d { .* } AS document, chunks, chunk_documents, total, matched`,
  );
}

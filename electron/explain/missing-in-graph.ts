import { quoteName as q } from '../../shared/cypher/quote-name';
import { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { GraphGateway } from '../graph/read-gateway';
import { documentOfSourcePath } from '../graph/source-path';
import { storedIdListForms } from '../graph/stored-id';

/**
 * Which of some document and chunk ids the graph does not hold: a golden set's must_not_appear item
 * that is not in the graph can never be handed over, so its check guards nothing. One read for all
 * the ids (only whether each exists, nothing of its access or content), then, for a missing document
 * id that reads as a path (`hr/pay.md`), the one document whose source ends in it, to write instead.
 */

/** What the lookup reads through: the read-only gateway. */
type Reader = Pick<GraphGateway, 'read'>;

const READ_TIMEOUT_MS = 30_000;

/** Of `$documents` and `$chunks`, the ids the graph holds: one row. */
function existingIds(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, properties: P } = profile;
  return defineQuery(
    'missing-in-graph',
    `CALL () {
       MATCH (d:${q(L.document)}) WHERE d.${q(P.document.id)} IN ${storedIdListForms('$documents')}
       RETURN collect(DISTINCT d.${q(P.document.id)}) AS documents
     }
     CALL () {
       MATCH (c:${q(L.chunk)}) WHERE c.${q(P.chunk.id)} IN ${storedIdListForms('$chunks')}
       RETURN collect(DISTINCT c.${q(P.chunk.id)}) AS chunks
     }
     RETURN documents, chunks`,
  );
}

/** The ids asked about that the graph does not hold, in the order asked, each once. */
export interface MissingInGraph {
  readonly documents: { id: string; suggestion?: string }[];
  readonly chunks: { id: string }[];
}

/** The documents and chunks of `ids` that the graph does not hold, with the id a document's path stands for. */
export async function missingInGraph(
  gateway: Reader,
  profile: SchemaProfile,
  ids: { readonly documents: readonly string[]; readonly chunks: readonly string[] },
): Promise<MissingInGraph> {
  const documents = [...new Set(ids.documents)];
  const chunks = [...new Set(ids.chunks)];
  if (documents.length === 0 && chunks.length === 0) return { documents: [], chunks: [] };
  const deadline = Deadline.after(READ_TIMEOUT_MS);
  const { rows } = await gateway.read(existingIds(profile), { documents, chunks }, { deadline, stage: 'missing-in-graph', rowCap: 1 });
  const held = (value: unknown) => new Set(Array.isArray(value) ? value.map(String) : []);
  const heldDocuments = held(rows[0]?.documents);
  const heldChunks = held(rows[0]?.chunks);
  const missingDocuments: MissingInGraph['documents'] = [];
  for (const id of documents.filter((id) => !heldDocuments.has(id))) {
    const found = await documentOfSourcePath(gateway, profile, id, deadline);
    missingDocuments.push({ id, ...(found ? { suggestion: found.document_id } : {}) });
  }
  return { documents: missingDocuments, chunks: chunks.filter((id) => !heldChunks.has(id)).map((id) => ({ id })) };
}

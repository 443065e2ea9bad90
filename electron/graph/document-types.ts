import { quoteName as q } from '../../shared/cypher/quote-name';
import { Deadline } from '../../shared/deadline';
import { DOCUMENT_TYPES_CAP, type DocumentTypes } from '../../shared/document-types';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from './built-in-query';
import type { GraphGateway } from './read-gateway';

/**
 * The document types the connected graph holds, for the Workbench's document-type filter: the
 * string values of the profile's document-type property on its document label, counted per value
 * in one read through the read-only gateway. A value that is not a string (a list, a number) is
 * not a type the filter can match, so it is not offered.
 */

/** What the read goes through: the read-only gateway. */
type Reader = Pick<GraphGateway, 'read'>;

const READ_TIMEOUT_MS = 10_000;

/** One row: the first `$cap` types with their document counts (most first, then by value), and how many types there are. */
function documentTypeCounts(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, properties: P } = profile;
  const docType = `d.${q(P.document.docType)}`;
  return defineQuery(
    'document-types',
    `MATCH (d:${q(L.document)}) WHERE ${docType} IS :: STRING NOT NULL
     WITH ${docType} AS value, count(*) AS documents
     ORDER BY documents DESC, value
     WITH collect({value: value, documents: documents}) AS types
     RETURN types[0..$cap] AS types, size(types) AS total`,
  );
}

/** The graph's document types with their document counts, at most `cap` of them. */
export async function documentTypesInGraph(gateway: Reader, profile: SchemaProfile, cap = DOCUMENT_TYPES_CAP): Promise<DocumentTypes> {
  const { rows } = await gateway.read(
    documentTypeCounts(profile),
    { cap },
    { deadline: Deadline.after(READ_TIMEOUT_MS), stage: 'document-types', rowCap: 1 },
  );
  const listed = Array.isArray(rows[0]?.types) ? rows[0].types : [];
  const document_types = listed.flatMap((entry) => {
    const { value, documents } = (entry ?? {}) as { value?: unknown; documents?: unknown };
    return typeof value === 'string' && typeof documents === 'number' ? [{ value, documents }] : [];
  });
  const total = Number(rows[0]?.total ?? document_types.length);
  const more = Math.max(0, total - document_types.length);
  return { document_types, truncated: more > 0, more };
}

import { describe, expect, it } from 'vitest';
import { missingInGraph } from '../../../electron/explain/missing-in-graph';
import type { BuiltInQuery } from '../../../electron/graph/built-in-query';
import type { ReadResult } from '../../../electron/graph/read-gateway';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

const DOCUMENTS = [
  { id: 'hr--pay', source_uri: 'file:///docs/hr/pay.md' },
  { id: 'runbook-db', source_uri: 'https://wiki.example/runbooks/db' },
];
const CHUNKS = ['hr--pay#1', 'runbook-db#1'];

/** A reader over DOCUMENTS and CHUNKS that answers the existence read and the source-path lookup, and lists the reads. */
function fakeReader() {
  const reads: string[] = [];
  const read = async (query: BuiltInQuery, params: Record<string, unknown>): Promise<ReadResult> => {
    reads.push(query.name);
    let rows: Record<string, unknown>[];
    if (query.name === 'missing-in-graph') {
      const documents = params['documents'] as string[];
      const chunks = params['chunks'] as string[];
      rows = [
        {
          documents: DOCUMENTS.filter((doc) => documents.includes(doc.id)).map((doc) => doc.id),
          chunks: CHUNKS.filter((chunk) => chunks.includes(chunk)),
        },
      ];
    } else if (query.name === 'document-by-source-path') {
      rows = DOCUMENTS.filter((doc) => doc.source_uri.endsWith(String(params['suffix']))).map((doc) => ({ id: doc.id }));
    } else throw new Error(`unexpected query ${query.name}`);
    return { rows, truncated: false, rowCap: 1, queryName: query.name } as ReadResult;
  };
  return { reader: { read }, reads };
}

describe('the ids the graph does not hold', () => {
  it('reads every id in one read, each once, and names the document a missing path stands for', async () => {
    const { reader, reads } = fakeReader();
    const missing = await missingInGraph(reader, DEFAULT_SCHEMA_PROFILE, {
      documents: ['hr--pay', 'hr/pay.md', 'doc-gone', 'doc-gone'],
      chunks: ['runbook-db#1', 'c-gone'],
    });
    expect(missing).toEqual({ documents: [{ id: 'hr/pay.md', suggestion: 'hr--pay' }, { id: 'doc-gone' }], chunks: [{ id: 'c-gone' }] });
    // One existence read, then one source lookup for the missing id that reads as a path (doc-gone does not).
    expect(reads).toEqual(['missing-in-graph', 'document-by-source-path']);
  });

  it('reads nothing when asked about nothing', async () => {
    const { reader, reads } = fakeReader();
    expect(await missingInGraph(reader, DEFAULT_SCHEMA_PROFILE, { documents: [], chunks: [] })).toEqual({ documents: [], chunks: [] });
    expect(reads).toEqual([]);
  });
});

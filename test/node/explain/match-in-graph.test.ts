import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import type { BuiltInQuery } from '../../../electron/graph/built-in-query';
import type { ReadOptions, ReadResult } from '../../../electron/graph/read-gateway';
import { unmatchedCriteria } from '../../../electron/explain/match-in-graph';

const DOCUMENTS = [
  { id: 'adr-001', doc_type: 'adr', source_uri: 'file:///docs/adr/0001-x.md' },
  { id: 'hr--pay', doc_type: 'policy', source_uri: 'file:///docs/hr/pay.md' },
  { id: 'readme', doc_type: null, source_uri: 'file:///docs/README.md' },
  { id: 'runbook-db', doc_type: 'runbook', source_uri: 'https://wiki.example/runbooks/db' },
  { id: 'zz-last', doc_type: 'note', source_uri: 'https://wiki.example/notes/last' },
];

/** A reader over DOCUMENTS that answers the page query as Neo4j would (ids after $after, in order, $page of them) and the source-path lookup. */
function fakeReader() {
  const pages: (string | null)[] = [];
  const read = async (query: BuiltInQuery, params: Record<string, unknown>, _options: ReadOptions): Promise<ReadResult> => {
    let rows: Record<string, unknown>[];
    if (query.name === 'match-in-graph-page') {
      const after = params['after'] as string | null;
      pages.push(after);
      rows = DOCUMENTS.filter((doc) => after === null || doc.id > after).slice(0, Number(params['page']));
    } else if (query.name === 'document-by-source-path') {
      rows = DOCUMENTS.filter((doc) => doc.source_uri.endsWith(String(params['suffix']))).map((doc) => ({ id: doc.id }));
    } else throw new Error(`unexpected query ${query.name}`);
    return {
      rows,
      truncated: false,
      rowCap: 10,
      queryName: query.name,
      cypher: query.text,
      paramsHash: '',
      serverMs: { available: 0, consumed: 0 },
      elapsedMs: 0,
    } as ReadResult;
  };
  return { reader: { read }, pages };
}

describe('the criteria of a suite match that no document in the graph matches', () => {
  it('reads the documents page by page and names each criterion none matches, with the document a source path stands for', async () => {
    const { reader, pages } = fakeReader();
    const unmatched = await unmatchedCriteria(
      reader,
      DEFAULT_SCHEMA_PROFILE,
      {
        document_ids: ['zz-last', 'hr/pay.md', 'adr-01'],
        document_id_glob: ['adr-*', 'policy-*'],
        document_id_regex: '^runbook-',
        doc_types: ['policy', 'design'],
        source_uri_glob: 'https://wiki.example/*',
      },
      2,
    );
    expect(unmatched).toEqual([
      { criterion: 'document_ids', value: 'hr/pay.md', suggestion: 'hr--pay' },
      { criterion: 'document_ids', value: 'adr-01' },
      { criterion: 'document_id_glob', value: 'policy-*' },
      { criterion: 'doc_types', value: 'design' },
    ]);
    // Every page was read, each after the last id of the one before, until a short page.
    expect(pages).toEqual([null, 'hr--pay', 'runbook-db']);
  });

  it('stops reading once every criterion has matched a document', async () => {
    const { reader, pages } = fakeReader();
    expect(await unmatchedCriteria(reader, DEFAULT_SCHEMA_PROFILE, { document_ids: ['adr-001'], doc_types: ['policy'] }, 2)).toEqual([]);
    expect(pages).toEqual([null]);
  });
});

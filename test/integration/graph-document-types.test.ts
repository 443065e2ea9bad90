import { describe, expect, inject, it } from 'vitest';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import type { OperationOutput } from '../../shared/api/lens-api';
import { useDemoHubDoor } from '../support/demo-hub-door';
import { useDemoDriver } from '../support/demo-graph';

const server = inject('neo4j');

describe('graph.document_types on the demo graph', () => {
  const { value } = useDemoHubDoor(server, 'lens-document-types-');
  const driver = useDemoDriver(server);

  it('names the demo corpus’s document types with the number of documents of each the graph holds, most first', async () => {
    const held = await value<OperationOutput<'graph.document_types'>>('graph.document_types', {});

    // What the graph holds, counted here on a raw session, apart from the app's query.
    const session = driver().session();
    let counted: Map<string, number>;
    try {
      const result = await session.run('MATCH (d:Document) RETURN d.doc_type AS value');
      counted = new Map();
      for (const record of result.records) {
        const type = record.get('value') as unknown;
        if (typeof type === 'string') counted.set(type, (counted.get(type) ?? 0) + 1);
      }
    } finally {
      await session.close();
    }
    const expected = [...counted.entries()]
      .map(([type, documents]) => ({ value: type, documents }))
      .sort((a, b) => b.documents - a.documents || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    expect(held).toEqual({ document_types: expected, truncated: false, more: 0 });

    // The types are the demo corpus's own, each document of the plan counted once.
    const planned = new Map<string, number>();
    for (const document of buildLoadPlan().documents) planned.set(document.doc_type, (planned.get(document.doc_type) ?? 0) + 1);
    expect(new Map(held.document_types.map((type) => [type.value, type.documents]))).toEqual(planned);
    expect(held.document_types.length).toBeGreaterThan(1);
  });
});

import { describe, expect, it } from 'vitest';
import { findNodes } from '../../renderer/screens/provenance-graph/graph-find';
import type { GraphNode } from '../../shared/api/provenance-graph';

// A graph of hundreds of nodes had no way to find one by a part of its id or title: the node list in
// the properties panel matches only what an option starts with, as a select does.

const node = (id: string, label: string, caption: string, properties: Record<string, unknown>, visible = true): GraphNode => ({
  id,
  label,
  key: String(properties.chunk_id ?? properties.document_id ?? id),
  caption: visible ? caption : '',
  layer: 'chunk',
  visible_to_principal: visible,
  on_item_path: true,
  properties: visible ? properties : {},
});

const nodes = [
  node('n1', 'Chunk', 'runbook-payments-db-failover#c3', { chunk_id: 'runbook-payments-db-failover#c3', text: 'Promote the replica' }),
  node('n2', 'Document', 'Payments DB failover', { document_id: 'runbook-payments-db-failover', title: 'Payments DB failover' }),
  node('n3', 'Chunk', 'adr-014#c1', { chunk_id: 'adr-014#c1', text: 'We chose Patroni' }),
  // A node this principal may not see: its key is the hidden id.
  { ...node('n4', 'Document', '', {}, false), key: 'policy-hr-salary-bands' },
];

describe('provenance graph: finding a node', () => {
  it('finds by a part of the id, the title or the text, ignoring case, in the order drawn', () => {
    expect(findNodes(nodes, 'FAILOVER').map((found) => found.id)).toEqual(['n1', 'n2']);
    expect(findNodes(nodes, '  patroni ').map((found) => found.id)).toEqual(['n3']);
    expect(findNodes(nodes, '#c1').map((found) => found.id)).toEqual(['n3']);
    expect(findNodes(nodes, 'nothing like it')).toEqual([]);
    expect(findNodes(nodes, '   ')).toEqual([]);
  });

  it('never finds a node the principal may not see by what it hides', () => {
    expect(findNodes(nodes, 'salary')).toEqual([]);
    expect(findNodes(nodes, 'policy-hr')).toEqual([]);
    // By its label it is found, as the canvas shows it.
    expect(findNodes(nodes, 'document').map((found) => found.id)).toEqual(['n2', 'n4']);
  });
});

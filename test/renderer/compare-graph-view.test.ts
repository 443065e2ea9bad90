import { describe, expect, it } from 'vitest';
import type { GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import { leakOf, tableOrder, visibilityCounts } from '../../renderer/screens/compare/compare-graph-view';
import { nodeDisplayText, toElementDefinitions } from '../../renderer/screens/provenance-graph/graph-elements';
import { graphNode } from '../support/graph-node-factory';

const node = graphNode;
const graph = (nodes: GraphNode[]): ProvenanceGraph => ({
  nodes,
  edges: [],
  not_drawn: { nodes: 0, edges: 0 },
  principal_id: 'u-a vs u-b',
});
const texts = {
  notVisible: 'not visible',
  visibility: {
    visibleTo: { a: 'A only', b: 'B only', both: 'A and B', neither: 'neither' },
    leakedTo: { a: 'LEAK to A', b: 'LEAK to B', both: 'LEAK to A and B' },
  },
};

const NODES = [
  node('hr', { visible_to: 'a', returned_to: 'a' }),
  node('pub', { visible_to: 'both', returned_to: 'b' }),
  node('leak', { visible_to: 'a', returned_to: 'both' }),
  node('secret', { visible_to: 'neither', visible_to_principal: false }),
  node('mine', { visible_to: 'b' }),
];

describe("a comparison graph's classes on the canvas and in the legend", () => {
  it('gives each node its class, and a leaked node the leak classes', () => {
    const classes = new Map(
      toElementDefinitions(graph(NODES), texts).elements.map((element) => [element.data.id, String(element.classes).split(',')]),
    );
    expect(classes.get('hr')).toEqual(expect.arrayContaining(['seen-a']));
    expect(classes.get('hr')).not.toContain('leak-node');
    expect(classes.get('pub')).toContain('seen-both');
    expect(classes.get('leak')).toEqual(expect.arrayContaining(['seen-a', 'leak-node', 'leak-b']));
    expect(classes.get('secret')).toEqual(expect.arrayContaining(['seen-neither', 'hidden-node']));
  });

  it('draws the class in words on the node, the leak first, and nothing extra on a node of an ordinary view', () => {
    expect(nodeDisplayText(NODES[2] as GraphNode, texts)).toBe('LEAK to B · A only\nDocument\nCaption of leak');
    expect(nodeDisplayText(NODES[3] as GraphNode, texts)).toBe('neither\nDocument\nnot visible');
    expect(nodeDisplayText(node('plain', {}), texts)).toBe('Document\nCaption of plain');
    expect(toElementDefinitions(graph([node('plain', {})]), texts).elements[0]?.classes).not.toContain('seen-');
  });

  it('counts the nodes of each class and the leaks, and lists leaks first', () => {
    expect(visibilityCounts(graph(NODES))).toEqual({ seen: { a: 2, b: 1, both: 1, neither: 1 }, leaks: 1 });
    expect(tableOrder(NODES).map((entry) => entry.id)).toEqual(['leak', 'hr', 'mine', 'pub', 'secret']);
    expect(leakOf(NODES[1] as GraphNode)).toBeNull();
  });
});

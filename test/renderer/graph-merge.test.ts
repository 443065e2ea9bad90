import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GraphEdge, GraphLayer, GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import {
  holdProvenance,
  MAX_ELEMENTS,
  mergeExpansion,
  totalNotDrawn,
  type HeldGraph,
} from '../../renderer/screens/provenance-graph/graph-merge';

const node = (id: string, extra: Partial<GraphNode> = {}): GraphNode => ({
  id,
  label: 'Chunk',
  key: id,
  caption: id,
  layer: 'chunk' as GraphLayer,
  visible_to_principal: true,
  on_item_path: false,
  properties: {},
  ...extra,
});
const edge = (source: string, target: string): GraphEdge => ({ id: `${source}->${target}`, source, target, type: 'PART_OF' });
const graph = (nodes: GraphNode[], edges: GraphEdge[], notDrawn = { nodes: 0, edges: 0 }): ProvenanceGraph => ({
  nodes,
  edges,
  not_drawn: notDrawn,
  principal_id: 'u-sora',
});
const ids = (held: HeldGraph) => ({ nodes: held.graph.nodes.map((n) => n.id), edges: held.graph.edges.map((e) => e.id) });

describe('holdProvenance', () => {
  it("counts the server's own cut as the paths beyond the cap", () => {
    expect(holdProvenance(graph([node('a')], [], { nodes: 4, edges: 2 })).notDrawn).toEqual([{ reason: 'paths', nodes: 4, edges: 2 }]);
  });

  it('counts nothing when the server cut nothing', () => {
    expect(holdProvenance(graph([node('a')], [])).notDrawn).toEqual([]);
  });
});

describe('totalNotDrawn', () => {
  it('adds the nodes and edges of every part', () => {
    expect(
      totalNotDrawn([
        { reason: 'paths', nodes: 1, edges: 2 },
        { reason: 'cap', from: 'x', nodes: 3, edges: 4 },
      ]),
    ).toEqual({ nodes: 4, edges: 6 });
    expect(totalNotDrawn([])).toEqual({ nodes: 0, edges: 0 });
  });
});

describe('mergeExpansion', () => {
  const start = holdProvenance(graph([node('a'), node('b')], [edge('a', 'b')]));

  it('adds the new nodes with their edges to what is drawn, after the nodes already drawn', () => {
    const merged = mergeExpansion(start, graph([node('b'), node('c')], [edge('b', 'c')]), 'B');
    expect(ids(merged)).toEqual({ nodes: ['a', 'b', 'c'], edges: ['a->b', 'b->c'] });
    expect(merged.notDrawn).toEqual([]);
  });

  it('adds an edge between two new nodes once both are drawn', () => {
    const merged = mergeExpansion(start, graph([node('c'), node('d')], [edge('c', 'd'), edge('b', 'c')]), 'B');
    expect(ids(merged)).toEqual({ nodes: ['a', 'b', 'c', 'd'], edges: ['a->b', 'b->c', 'c->d'] });
  });

  it('adds a node repeated in the answer once', () => {
    expect(ids(mergeExpansion(start, graph([node('c'), node('c')], [edge('b', 'c')]), 'B')).nodes).toEqual(['a', 'b', 'c']);
  });

  it('keeps the data of a node already drawn', () => {
    const merged = mergeExpansion(start, graph([node('a', { caption: 'changed' }), node('c')], [edge('a', 'c')]), 'A');
    expect(merged.graph.nodes[0]?.caption).toBe('a');
  });

  it('emphasises a drawn node that the answer puts on an item path, without adding anything else', () => {
    const merged = mergeExpansion(start, graph([node('a', { on_item_path: true })], []), 'A');
    expect(merged).not.toBe(start);
    expect(merged.graph.nodes.map((n) => n.on_item_path)).toEqual([true, false]);
    expect(start.graph.nodes[0]?.on_item_path).toBe(false);
  });

  it('keeps the very same view when the answer holds nothing new, so the canvas is not laid out again', () => {
    expect(mergeExpansion(start, graph([node('a'), node('b')], [edge('a', 'b')]), 'A')).toBe(start);
    expect(mergeExpansion(start, graph([], []), 'A')).toBe(start);
  });

  it('never un-emphasises a node on an item path', () => {
    const onPath = holdProvenance(graph([node('a', { on_item_path: true })], []));
    expect(mergeExpansion(onPath, graph([node('a', { on_item_path: false })], []), 'A')).toBe(onPath);
  });

  it("records the expansion's own cut with the node it started from", () => {
    const merged = mergeExpansion(start, graph([node('c')], [edge('b', 'c')], { nodes: 5, edges: 6 }), 'B');
    expect(merged.notDrawn).toEqual([{ reason: 'expansion', from: 'B', nodes: 5, edges: 6 }]);
    expect(merged.graph.not_drawn).toEqual({ nodes: 5, edges: 6 });
  });

  it('counts what does not fit under the element cap instead of drawing it', () => {
    // 2 nodes + 1 edge drawn; room for 2 more elements: c with its edge, then nothing.
    const merged = mergeExpansion(start, graph([node('c'), node('d')], [edge('b', 'c'), edge('b', 'd')]), 'B', 5);
    expect(ids(merged)).toEqual({ nodes: ['a', 'b', 'c'], edges: ['a->b', 'b->c'] });
    expect(merged.notDrawn).toEqual([{ reason: 'cap', from: 'B', nodes: 1, edges: 1 }]);
    expect(merged.graph.not_drawn).toEqual({ nodes: 1, edges: 1 });
  });

  it('does not draw a linked node it cannot also connect', () => {
    // Room for one element: c alone would float unconnected, so it is counted instead.
    const merged = mergeExpansion(start, graph([node('c')], [edge('b', 'c')]), 'B', 4);
    expect(ids(merged)).toEqual(ids(start));
    expect(merged.notDrawn).toEqual([{ reason: 'cap', from: 'B', nodes: 1, edges: 1 }]);
  });

  it('draws an unlinked node into the last free place', () => {
    expect(ids(mergeExpansion(start, graph([node('c')], []), 'B', 4)).nodes).toEqual(['a', 'b', 'c']);
  });

  it('keeps earlier parts of the count and adds the new ones after them', () => {
    const cut = holdProvenance(graph([node('a')], [], { nodes: 2, edges: 0 }));
    const merged = mergeExpansion(cut, graph([node('c')], [edge('a', 'c')], { nodes: 1, edges: 1 }), 'A');
    expect(merged.notDrawn.map((part) => part.reason)).toEqual(['paths', 'expansion']);
    expect(merged.graph.not_drawn).toEqual({ nodes: 3, edges: 1 });
  });

  it('uses a cap of 300 elements by default', () => {
    const many = graph(
      Array.from({ length: 400 }, (_, i) => node(`n${i}`)),
      [],
    );
    const merged = mergeExpansion(holdProvenance(graph([], [])), many, 'X');
    expect(MAX_ELEMENTS).toBe(300);
    expect(merged.graph.nodes).toHaveLength(300);
    expect(merged.notDrawn).toEqual([{ reason: 'cap', from: 'X', nodes: 100, edges: 0 }]);
  });

  it('never exceeds the cap, draws only edges between drawn nodes, and accounts for every new element', () => {
    const names = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g');
    const answers = fc.record({
      nodes: fc.array(names, { maxLength: 7 }),
      // The server sends each edge once (a repeated edge that cannot be drawn would be counted twice).
      edges: fc.uniqueArray(fc.tuple(names, names), { maxLength: 10, selector: ([s, t]) => `${s}->${t}` }),
      max: fc.integer({ min: 3, max: 12 }),
    });
    fc.assert(
      fc.property(answers, ({ nodes, edges, max }) => {
        const answer = graph(
          nodes.map((id) => node(id)),
          edges.map(([s, t]) => edge(s, t)),
        );
        const merged = mergeExpansion(start, answer, 'B', max);
        const drawn = new Set(merged.graph.nodes.map((n) => n.id));
        expect(merged.graph.nodes.length + merged.graph.edges.length).toBeLessThanOrEqual(max);
        for (const e of merged.graph.edges) expect(drawn.has(e.source) && drawn.has(e.target)).toBe(true);
        expect(new Set(merged.graph.edges.map((e) => e.id)).size).toBe(merged.graph.edges.length);
        const newNodes = new Set(nodes.filter((id) => id !== 'a' && id !== 'b')).size;
        const newEdges = new Set(edges.map(([s, t]) => `${s}->${t}`).filter((id) => id !== 'a->b')).size;
        const counted = totalNotDrawn(merged.notDrawn);
        expect(drawn.size - 2 + counted.nodes).toBe(newNodes);
        expect(merged.graph.edges.length - 1 + counted.edges).toBe(newEdges);
      }),
      { numRuns: 500 },
    );
  });
});

import type { GraphEdge, GraphNode, ProvenanceGraph } from '../../../shared/api/provenance-graph';

/** The most elements (nodes plus edges) drawn at once. */
export const MAX_ELEMENTS = 300;

/** One reason some nodes and edges are not drawn, counted for the notice under the canvas. */
export interface NotDrawnPart {
  /** `paths`: the items' paths beyond the cap; `expansion`: neighbours beyond an expansion's limit; `cap`: an expansion's answer that did not fit. */
  readonly reason: 'paths' | 'expansion' | 'cap';
  /** The node an expansion started from, for `expansion` and `cap`. */
  readonly from?: string;
  readonly nodes: number;
  readonly edges: number;
}

/** The view held by the screen: the graph drawn and every count of what is not. */
export interface HeldGraph {
  readonly graph: ProvenanceGraph;
  readonly notDrawn: readonly NotDrawnPart[];
}

/** Adds up the parts (an expansion may later draw a node an earlier part counted, so this can only over-count). */
export function totalNotDrawn(parts: readonly NotDrawnPart[]): { nodes: number; edges: number } {
  return parts.reduce((sum, part) => ({ nodes: sum.nodes + part.nodes, edges: sum.edges + part.edges }), { nodes: 0, edges: 0 });
}

/** The view as first loaded for the selected items. */
export function holdProvenance(graph: ProvenanceGraph): HeldGraph {
  const notDrawn: NotDrawnPart[] = graph.not_drawn.nodes + graph.not_drawn.edges > 0 ? [{ reason: 'paths', ...graph.not_drawn }] : [];
  return { graph, notDrawn };
}

/**
 * Merges an expansion of `fromCaption`'s node into the view, keeping the view within `maxElements`:
 * a new node comes with its edges to what is drawn; what does not fit is counted, never dropped silently.
 */
export function mergeExpansion(held: HeldGraph, expansion: ProvenanceGraph, fromCaption: string, maxElements = MAX_ELEMENTS): HeldGraph {
  const nodes = new Map<string, GraphNode>(held.graph.nodes.map((node) => [node.id, node]));
  const edgeIds = new Set(held.graph.edges.map((edge) => edge.id));
  const addedNodes: GraphNode[] = [];
  const addedEdges: GraphEdge[] = [];
  let room = maxElements - held.graph.nodes.length - held.graph.edges.length;

  let promoted = 0;
  for (const node of expansion.nodes) {
    const known = nodes.get(node.id);
    // A node already drawn keeps its data; it stays emphasised if either answer put it on an item's path.
    if (known && node.on_item_path && !known.on_item_path) {
      nodes.set(node.id, { ...known, on_item_path: true });
      promoted += 1;
    }
  }
  const newEdges = expansion.edges.filter((edge) => !edgeIds.has(edge.id));
  const newNodes = expansion.nodes.filter(
    (node, index, all) => !nodes.has(node.id) && all.findIndex((other) => other.id === node.id) === index,
  );
  let cutNodes = 0;
  for (const node of newNodes) {
    const links = newEdges.filter(
      (edge) =>
        !edgeIds.has(edge.id) &&
        ((edge.source === node.id && nodes.has(edge.target)) || (edge.target === node.id && nodes.has(edge.source))),
    );
    if (room < 1 + Math.min(1, links.length)) {
      cutNodes += 1;
      continue;
    }
    nodes.set(node.id, node);
    addedNodes.push(node);
    room -= 1;
    for (const edge of links) {
      if (room < 1) break;
      edgeIds.add(edge.id);
      addedEdges.push(edge);
      room -= 1;
    }
  }
  let cutEdges = 0;
  for (const edge of newEdges) {
    if (edgeIds.has(edge.id)) continue;
    if (room >= 1 && nodes.has(edge.source) && nodes.has(edge.target)) {
      edgeIds.add(edge.id);
      addedEdges.push(edge);
      room -= 1;
    } else {
      cutEdges += 1;
    }
  }

  const notDrawn = [...held.notDrawn];
  const unchanged =
    addedNodes.length + addedEdges.length + promoted === 0 &&
    expansion.not_drawn.nodes + expansion.not_drawn.edges + cutNodes + cutEdges === 0;
  // Nothing new: keep the same view, so the canvas is not laid out again.
  if (unchanged) return held;
  if (expansion.not_drawn.nodes + expansion.not_drawn.edges > 0)
    notDrawn.push({ reason: 'expansion', from: fromCaption, ...expansion.not_drawn });
  if (cutNodes + cutEdges > 0) notDrawn.push({ reason: 'cap', from: fromCaption, nodes: cutNodes, edges: cutEdges });
  const keptNodes = held.graph.nodes.map((node) => nodes.get(node.id) ?? node);
  const total = totalNotDrawn(notDrawn);
  return {
    graph: { ...held.graph, nodes: [...keptNodes, ...addedNodes], edges: [...held.graph.edges, ...addedEdges], not_drawn: total },
    notDrawn,
  };
}

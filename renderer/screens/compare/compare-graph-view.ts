import type { GraphNode, ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { leakedTo, VisibleTo, type ReturnedTo } from '../../../shared/compare/node-visibility';

/** The figures of a comparison's graph for its legend: nodes per class, and the leaked nodes drawn. */
export interface VisibilityCounts {
  readonly seen: Readonly<Record<VisibleTo, number>>;
  readonly leaks: number;
}

/** The side(s) a node leaked to, or null (also on a node of an ordinary view, which has no class). */
export function leakOf(node: GraphNode): ReturnedTo | null {
  return node.visible_to ? leakedTo(node.visible_to, node.returned_to) : null;
}

/** How many nodes of each class the graph holds, and how many of them are leaks. */
export function visibilityCounts(graph: ProvenanceGraph): VisibilityCounts {
  const seen = Object.fromEntries(VisibleTo.options.map((entry) => [entry, 0])) as Record<VisibleTo, number>;
  let leaks = 0;
  for (const node of graph.nodes) {
    if (node.visible_to) seen[node.visible_to] += 1;
    if (leakOf(node)) leaks += 1;
  }
  return { seen, leaks };
}

/** The nodes in the order the node table lists them: leaks first, then A only, B only, both, neither. */
export function tableOrder(nodes: readonly GraphNode[]): GraphNode[] {
  const rank = (node: GraphNode) => (leakOf(node) ? -1 : VisibleTo.options.indexOf(node.visible_to ?? 'neither'));
  return [...nodes].sort((x, y) => rank(x) - rank(y));
}

import type { GraphNode } from '../../../shared/api/provenance-graph';
import { nodeName } from './use-provenance-view';

/** What a node is found by: its name, and for a node the principal may see, its key and text properties. */
function searchable(node: GraphNode): string[] {
  if (!node.visible_to_principal) return [nodeName(node)];
  const texts = Object.values(node.properties).filter((value): value is string => typeof value === 'string');
  return [nodeName(node), node.key, ...texts];
}

/**
 * The nodes whose name, key or text properties hold `text` (case and surrounding spaces ignored), in
 * the order drawn. A node the principal may not see is found by its label only: its hidden key and
 * properties never match, so a search cannot tell what it holds.
 */
export function findNodes(nodes: readonly GraphNode[], text: string): GraphNode[] {
  const wanted = text.trim().toLocaleLowerCase();
  if (wanted === '') return [];
  return nodes.filter((node) => searchable(node).some((value) => value.toLocaleLowerCase().includes(wanted)));
}

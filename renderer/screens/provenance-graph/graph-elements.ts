import type { ElementDefinition } from 'cytoscape';
import type { GraphNode, ProvenanceGraph } from '../../../shared/api/provenance-graph';
import {
  adrNodeClasses,
  adrNodeHeading,
  supersessionEdgeCaption,
  supersessionEdgeClasses,
  type AdrCanvasTexts,
} from './adr-freshness-elements';
import { colourSlotOf } from './graph-palette';
import { cutToWidth } from './text-width';
import { visibilityClasses, visibilityLine, type VisibilityTexts } from './visibility-style';
import { revealHidden } from '../../../shared/revealed-text';

/** The words drawn on nodes, in the UI's language. */
export interface NodeTexts {
  /** Second line of a node the principal may not see, in place of its caption. */
  readonly notVisible: string;
  /** In a comparison's graph: who may see each node, and its leak, as drawn on it. */
  readonly visibility?: VisibilityTexts;
  /** Freshness and supersession words for ADR nodes and edges; without them an ADR node shows its label alone. */
  readonly adr?: AdrCanvasTexts;
}

/** Elements of the view that could not be put on the canvas (a dangling edge, a repeated id). */
export interface SkippedElements {
  readonly nodes: number;
  readonly edges: number;
}

/** About two lines of a node: a wide (CJK) character counts as two. */
const CAPTION_WIDTH = 42;

function shorten(text: string): string {
  return cutToWidth(text, CAPTION_WIDTH);
}

/** Lets cytoscape wrap long ids (`incident-2025-0907-event-bus#2`) after their separators instead of overflowing the node. */
function breakable(text: string): string {
  return text.replace(/\S{16,}/g, (word) => word.replace(/([-/_#.:·])(?=\S)/g, '$1\u200b'));
}

/** The text drawn on a node: its label and caption, or only its label and "not visible" — never any content of a hidden node. */
export function nodeDisplayText(node: GraphNode, texts: NodeTexts): string {
  const seen = visibilityLine(node, texts.visibility);
  const lines = seen ? [seen] : [];
  if (!node.visible_to_principal) return [...lines, node.label, texts.notVisible].join('\n');
  const caption = breakable(shorten(revealHidden(node.caption || node.key)));
  const heading = adrNodeHeading(node, texts.adr);
  return [...lines, heading, ...(caption ? [caption] : [])].join('\n');
}

function nodeClasses(node: GraphNode): string[] {
  return [
    `slot-${colourSlotOf(node.label, node.layer)}`,
    node.visible_to_principal ? 'visible-node' : 'hidden-node',
    node.on_item_path ? 'path-node' : 'reached-node',
    ...visibilityClasses(node),
    ...adrNodeClasses(node),
  ];
}

/** Turns the view into cytoscape elements; whatever cannot be drawn is counted, not dropped silently. */
export function toElementDefinitions(
  graph: ProvenanceGraph,
  texts: NodeTexts,
): { elements: ElementDefinition[]; skipped: SkippedElements } {
  const elements: ElementDefinition[] = [];
  const nodes = new Map<string, GraphNode>();
  let skippedNodes = 0;
  for (const node of graph.nodes) {
    if (nodes.has(node.id)) {
      skippedNodes += 1;
      continue;
    }
    nodes.set(node.id, node);
    elements.push({
      group: 'nodes',
      data: { id: node.id, label: node.label, layer: node.layer, display: nodeDisplayText(node, texts) },
      classes: nodeClasses(node),
    });
  }
  const edgeIds = new Set<string>();
  let skippedEdges = 0;
  for (const edge of graph.edges) {
    const source = nodes.get(edge.source);
    const target = nodes.get(edge.target);
    if (!source || !target || edgeIds.has(edge.id) || nodes.has(edge.id)) {
      skippedEdges += 1;
      continue;
    }
    edgeIds.add(edge.id);
    const classes = [source.on_item_path && target.on_item_path ? 'path-edge' : 'reached-edge'];
    // An edge within one layer (ADR superseded by ADR, service exposes API) runs along a column; it bows out so it does not cross the nodes between its ends.
    if (source.layer === target.layer) classes.push('same-layer-edge');
    if (!source.visible_to_principal || !target.visible_to_principal) classes.push('hidden-edge');
    classes.push(...supersessionEdgeClasses(edge));
    const caption = supersessionEdgeCaption(edge, texts.adr);
    const data = { id: edge.id, source: edge.source, target: edge.target, type: edge.type };
    elements.push({ group: 'edges', data: caption === null ? data : { ...data, caption }, classes });
  }
  return { elements, skipped: { nodes: skippedNodes, edges: skippedEdges } };
}

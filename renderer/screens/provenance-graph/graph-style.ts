import type { StylesheetJson } from 'cytoscape';
import { adrFreshnessRules } from './adr-freshness-style';
import { LABEL_FLOOR_PX, UNLABELLED_RULE } from './graph-labels';
import { COLOUR_SLOTS, type GraphPalette } from './graph-palette';
import { visibilityStyleRules } from './visibility-style';

/** Node size in model units; the layered layout spaces its columns and rows by it. */
export const NODE_WIDTH = 168;
export const NODE_HEIGHT = 54;

/**
 * The cytoscape stylesheet for a palette: fill by label, a dashed muted outline for nodes the
 * principal may not see, a heavier outline for nodes on an item's path.
 */
export function buildGraphStylesheet(palette: GraphPalette): StylesheetJson {
  const slotRules: StylesheetJson = COLOUR_SLOTS.map((slot) => ({
    selector: `node.slot-${slot}`,
    style: { 'background-color': palette.slots[slot], 'border-color': palette.slots[slot] },
  }));
  return [
    {
      selector: 'node',
      style: {
        shape: 'round-rectangle',
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        'background-opacity': 0.16,
        'border-width': 1.5,
        label: 'data(display)',
        color: palette.text,
        'font-family': palette.font,
        'font-size': 11,
        'line-height': 1.15,
        'text-wrap': 'wrap',
        'text-max-width': `${NODE_WIDTH - 14}px`,
        'text-valign': 'center',
        'text-halign': 'center',
        'min-zoomed-font-size': LABEL_FLOOR_PX,
      },
    },
    ...slotRules,
    { selector: 'node.path-node', style: { 'border-width': 3.5, 'background-opacity': 0.26 } },
    { selector: 'node.reached-node', style: { opacity: 0.9 } },
    {
      selector: 'node.hidden-node',
      style: {
        'background-color': palette.hidden,
        'background-opacity': 0.08,
        'border-color': palette.hidden,
        'border-style': 'dashed',
        color: palette.muted,
        'font-style': 'italic',
      },
    },
    {
      selector: 'node:selected',
      style: { 'overlay-color': palette.focus, 'overlay-opacity': 0.25, 'overlay-padding': 6, 'border-color': palette.focus },
    },
    {
      selector: 'edge',
      style: {
        width: 1.3,
        'curve-style': 'bezier',
        'line-color': palette.muted,
        'line-opacity': 0.55,
        'target-arrow-shape': 'triangle',
        'target-arrow-color': palette.muted,
        'arrow-scale': 0.8,
        label: 'data(type)',
        'font-family': palette.font,
        'font-size': 8,
        color: palette.muted,
        'text-rotation': 'autorotate',
        'text-background-color': palette.panel,
        'text-background-opacity': 0.85,
        'text-background-padding': '1px',
        'min-zoomed-font-size': LABEL_FLOOR_PX,
      },
    },
    {
      selector: 'edge.same-layer-edge',
      style: { 'curve-style': 'unbundled-bezier', 'control-point-distances': [70], 'control-point-weights': [0.5] },
    },
    {
      selector: 'edge.path-edge',
      style: { width: 2.2, 'line-opacity': 0.9, 'line-color': palette.text, 'target-arrow-color': palette.text },
    },
    { selector: 'edge.hidden-edge', style: { 'line-style': 'dashed', 'line-color': palette.hidden, 'target-arrow-color': palette.hidden } },
    ...adrFreshnessRules(palette),
    { selector: 'edge:selected', style: { 'line-color': palette.focus, 'target-arrow-color': palette.focus } },
    // An expansion that found nothing new: its node is lit for a moment.
    { selector: 'node.flash-node', style: { 'overlay-color': palette.focus, 'overlay-opacity': 0.4, 'overlay-padding': 12 } },
    // A comparison's graph: who may see each node (ordinary views have none of these classes).
    ...visibilityStyleRules(),
    UNLABELLED_RULE,
  ];
}

import type { StylesheetJson } from 'cytoscape';
import type { GraphPalette } from './graph-palette';
import { LABEL_FLOOR_PX } from './graph-labels';

/** Freshness colours where the palette has none (a page without the app's stylesheet, a hand-built palette). */
const FALLBACK = { current: '#1f7a3d', stale: '#9a6400', unknown: '#5b6170', drift: '#b3261e' };

/**
 * The rules for ADR freshness and supersession, after the base rules: an ADR's outline is coloured
 * by its freshness and drawn double when stale, dotted when unknown (so the state does not rest on
 * colour; the node's first line names it too); a supersession edge is thicker, dotted when partial
 * and red when only the newer record states it (drift), and shows its caption.
 */
export function adrFreshnessRules(palette: GraphPalette): StylesheetJson {
  const colours = { ...FALLBACK, ...palette.freshness };
  return [
    { selector: 'node.adr-current', style: { 'border-color': colours.current, 'border-style': 'solid', 'border-width': 3 } },
    {
      selector: 'node.adr-stale',
      style: { 'border-color': colours.stale, 'border-style': 'double', 'border-width': 7, 'background-color': colours.stale },
    },
    { selector: 'node.adr-unknown', style: { 'border-color': colours.unknown, 'border-style': 'dotted', 'border-width': 3 } },
    { selector: 'node.decision-rejected, node.decision-deprecated', style: { 'font-style': 'italic' } },
    {
      selector: 'edge.supersession-edge',
      style: {
        width: 2.4,
        'line-opacity': 0.9,
        'line-color': colours.stale,
        'target-arrow-color': colours.stale,
        label: 'data(caption)',
        'font-size': 9,
        'min-zoomed-font-size': LABEL_FLOOR_PX,
      },
    },
    { selector: 'edge.supersession-partial', style: { 'line-style': 'dotted' } },
    { selector: 'edge.supersession-drift', style: { 'line-color': colours.drift, 'target-arrow-color': colours.drift } },
  ];
}

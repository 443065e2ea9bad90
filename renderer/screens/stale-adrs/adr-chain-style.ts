import type { StylesheetJson } from 'cytoscape';
import type { GraphPalette } from '../provenance-graph/graph-palette';

const FALLBACK = { current: '#1f7a3d', stale: '#9a6400', unknown: '#5b6170', drift: '#b3261e' };

/**
 * The chains' stylesheet: nodes outlined by freshness (solid current, double stale, dotted unknown:
 * the outline and the first line name the state, not the colour alone), links labelled by kind
 * (dotted partial, red drift, dashed for a successor a person named in a mark).
 */
export function buildChainStylesheet(palette: GraphPalette): StylesheetJson {
  const colours = { ...FALLBACK, ...palette.freshness };
  return [
    {
      selector: 'node',
      style: {
        shape: 'round-rectangle',
        width: 200,
        height: 52,
        'background-color': palette.panel,
        'border-width': 3,
        label: 'data(display)',
        color: palette.text,
        'font-family': palette.font,
        'font-size': 11,
        'text-wrap': 'wrap',
        'text-max-width': '186px',
        'line-height': 1.2,
        'text-valign': 'center',
        'text-halign': 'center',
      },
    },
    { selector: 'node.adr-current', style: { 'border-color': colours.current, 'border-style': 'solid' } },
    {
      selector: 'node.adr-stale',
      style: {
        'border-color': colours.stale,
        'border-style': 'double',
        'border-width': 7,
        'background-color': colours.stale,
        'background-opacity': 0.14,
      },
    },
    { selector: 'node.adr-unknown', style: { 'border-color': colours.unknown, 'border-style': 'dotted' } },
    { selector: 'node.adr-outside', style: { opacity: 0.6 } },
    { selector: 'node:selected', style: { 'overlay-color': palette.focus, 'overlay-opacity': 0.25, 'overlay-padding': 6 } },
    {
      selector: 'edge',
      style: {
        width: 2,
        'curve-style': 'bezier',
        'line-color': palette.muted,
        'target-arrow-shape': 'triangle',
        'target-arrow-color': palette.muted,
        label: 'data(caption)',
        'font-family': palette.font,
        'font-size': 10,
        color: palette.text,
        'text-rotation': 'autorotate',
        'text-background-color': palette.panel,
        'text-background-opacity': 0.9,
        'text-background-padding': '2px',
      },
    },
    { selector: 'edge.link-partial', style: { 'line-style': 'dotted' } },
    { selector: 'edge.link-drift', style: { 'line-color': colours.drift, 'target-arrow-color': colours.drift } },
    { selector: 'edge.link-marked', style: { 'line-style': 'dashed', 'line-color': colours.stale, 'target-arrow-color': colours.stale } },
  ];
}

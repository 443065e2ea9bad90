import cytoscape, { type ElementDefinition, type Position, type StylesheetJson } from 'cytoscape';
import { placeGraph } from './graph-layout';
import type { GraphDirection, GraphLayoutMode } from './graph-layout-mode';

/** The style properties that set a node's layout size (`outerWidth`, `outerHeight`); the rest only colour and label it. */
const SIZE_PROPERTIES = new Set(['width', 'height', 'border-width', 'padding', 'display']);

/** The stylesheet's rules cut down to the properties that size nodes, with the same selectors, so every node keeps its size. */
export function sizeRules(stylesheet: StylesheetJson): StylesheetJson {
  const rules: StylesheetJson = [];
  for (const rule of stylesheet) {
    if (!('selector' in rule) || !('style' in rule)) continue;
    const style = Object.fromEntries(Object.entries(rule.style).filter(([property]) => SIZE_PROPERTIES.has(property)));
    if (Object.keys(style).length > 0) rules.push({ selector: rule.selector, style } as StylesheetJson[number]);
  }
  return rules;
}

/**
 * Lays the view out on a headless instance that carries only the size rules, and returns each node's
 * position. The drawn instance is then built with its nodes already in place: its full style, labels and
 * edge shapes are computed once, where they end up, instead of during the layout and again after it.
 */
export function layoutPositions(
  elements: readonly ElementDefinition[],
  stylesheet: StylesheetJson,
  mode: GraphLayoutMode,
  direction: GraphDirection,
): Map<string, Position> {
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    elements: elements.map(({ group, data, classes }) => ({ group, data, classes })),
    style: sizeRules(stylesheet),
  });
  try {
    placeGraph(cy, mode, direction);
    return new Map(cy.nodes().map((node) => [node.id(), { ...node.position() }]));
  } finally {
    cy.destroy();
  }
}

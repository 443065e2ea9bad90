import cytoscape, { type ElementDefinition, type Position, type StylesheetJson } from 'cytoscape';
import { placeGraph, refineOverview, type LayoutQuality } from './graph-layout';
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
  quality: LayoutQuality = 'proof',
): Map<string, Position> {
  return onHeadless(elements, stylesheet, null, (cy) => placeGraph(cy, mode, direction, quality));
}

/**
 * The full overview layout run from the positions `from` (a draft), on a headless instance like
 * `layoutPositions`; the nodes in `fixed` (those the user has moved) keep their positions in `from`.
 */
export function refinedPositions(
  elements: readonly ElementDefinition[],
  stylesheet: StylesheetJson,
  from: ReadonlyMap<string, Position>,
  fixed: ReadonlySet<string>,
): Map<string, Position> {
  const placed = onHeadless(elements, stylesheet, from, refineOverview);
  for (const id of fixed) {
    const position = from.get(id);
    if (position && placed.has(id)) placed.set(id, { ...position });
  }
  return placed;
}

function onHeadless(
  elements: readonly ElementDefinition[],
  stylesheet: StylesheetJson,
  from: ReadonlyMap<string, Position> | null,
  place: (cy: cytoscape.Core) => void,
): Map<string, Position> {
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    elements: elements.map(({ group, data, classes }) => {
      const position = group === 'nodes' ? from?.get(String(data.id)) : undefined;
      return { group, data, classes, ...(position ? { position: { ...position } } : {}) };
    }),
    style: sizeRules(stylesheet),
  });
  try {
    place(cy);
    return new Map(cy.nodes().map((node) => [node.id(), { ...node.position() }]));
  } finally {
    cy.destroy();
  }
}

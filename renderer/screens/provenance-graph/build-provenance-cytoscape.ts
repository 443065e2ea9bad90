import cytoscape, { type Core, type ElementDefinition, type EventObject, type Position, type StylesheetJson } from 'cytoscape';
import type { GraphLayer } from '../../../shared/api/provenance-graph';
import dagre from 'cytoscape-dagre';
import fcose from 'cytoscape-fcose';
import type { ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { toElementDefinitions, type NodeTexts, type SkippedElements } from './graph-elements';
import { legibleZoom, showLabelsWhenLegible, UNLABELLED } from './graph-labels';
import { DRAFT_FIRST_NODES, fitGraph, openGraphView, runGraphLayout } from './graph-layout';
import type { GraphDirection, GraphLayoutMode } from './graph-layout-mode';
import { readGraphPalette, type GraphPalette } from './graph-palette';
import { layoutPositions, refinedPositions } from './graph-positions';
import { placeExpansion, type PlacedNode } from './graph-expansion-placement';
import { buildGraphStylesheet, NODE_HEIGHT, NODE_WIDTH } from './graph-style';

let registered = false;

/** Registers the layout extensions once per page (the Stale ADRs chains use dagre too). */
export function registerExtensions(): void {
  if (registered) return;
  cytoscape.use(dagre);
  cytoscape.use(fcose);
  registered = true;
}

/** How to draw the view. */
export interface ProvenanceCytoscapeOptions {
  readonly layout: GraphLayoutMode;
  readonly direction: GraphDirection;
  readonly texts: NodeTexts;
  /** Defaults to the palette read from the container's CSS variables. */
  readonly palette?: GraphPalette;
  /**
   * The view grew by expanding `origin`: the nodes in `positions` stay where they were drawn and the new
   * ones are placed beside the origin (layered layout only; otherwise the view is laid out anew).
   */
  readonly grown?: { readonly origin: string; readonly positions: ReadonlyMap<string, Position> };
}

/** A drawn view: the cytoscape instance, what could not be drawn, and when the layout has stopped. */
export interface ProvenanceCytoscape {
  readonly cy: Core;
  readonly skipped: SkippedElements;
  readonly layoutDone: Promise<void>;
  /** When the view is in its final positions: a large overview is drawn from a draft and refined after its first frame. */
  readonly refined: Promise<void>;
  /** The view opened at the legible zoom on the items' paths instead of fitted (see `openGraphView`). */
  readonly openedReadable: boolean;
}

/**
 * Builds the cytoscape instance for a provenance view in `container`: elements, theme-aware style and
 * layout. The screen and `npm run bench:graph` both draw through this function.
 */
export function buildProvenanceCytoscape(
  graph: ProvenanceGraph,
  container: HTMLElement,
  options: ProvenanceCytoscapeOptions,
): ProvenanceCytoscape {
  registerExtensions();
  const { elements, skipped } = toElementDefinitions(graph, options.texts);
  const style = buildGraphStylesheet(options.palette ?? readGraphPalette(container));
  // fCoSE measures the whole view before it starts, every node still on one spot, and the view is measured
  // again once placed; laid out headless first, the drawn instance is measured once, where its nodes end up.
  // dagre reads node sizes only, so the layered view is laid out in place.
  const grownPositions = options.layout === 'layered' ? positionsAfterGrowth(elements, options) : null;
  const placedFirst = options.layout === 'overview' || grownPositions !== null;
  const nodeCount = elements.filter((element) => element.group === 'nodes').length;
  const draftFirst = options.layout === 'overview' && nodeCount > DRAFT_FIRST_NODES;
  const positions =
    grownPositions ??
    (placedFirst ? layoutPositions(elements, style, options.layout, options.direction, draftFirst ? 'draft' : 'proof') : null);
  const cy = cytoscape({
    container,
    // Drawn without labels until the layout has placed the view and its zoom is known (see graph-labels.ts).
    elements: elements.map((element) => ({
      ...element,
      classes: [...classList(element.classes), UNLABELLED],
      ...(positions && element.group === 'nodes' ? { position: positions.get(String(element.data.id)) } : {}),
    })),
    style,
    layout: { name: 'preset', fit: false },
    minZoom: 0.05,
    maxZoom: 3,
    boxSelectionEnabled: false,
    selectionType: 'single',
    // Large views pan and zoom as a bitmap, so moving around stays smooth.
    textureOnViewport: elements.length > 1000,
  });
  if (placedFirst && !grownPositions) fitGraph(cy);
  const laidOut = placedFirst ? Promise.resolve() : runGraphLayout(cy, options.layout, options.direction);
  // A small view that a fit would leave unlabelled opens where its labels are drawn (not a grown view: it keeps its viewport).
  const openedReadable = !grownPositions && !draftFirst && openGraphView(cy, legibleZoom(style), options.layout, options.direction);
  const layoutDone = laidOut.then(() => showLabelsWhenLegible(cy, legibleZoom(style)));
  const refined = draftFirst ? refineAfterFirstFrame(cy, elements, style) : layoutDone;
  return { cy, skipped, layoutDone, refined, openedReadable };
}

/**
 * Once the draft has been drawn, runs the full overview layout from it and moves the nodes there, except
 * those the user has dragged meanwhile; the view is fitted again unless the user has panned or zoomed.
 */
function refineAfterFirstFrame(cy: Core, elements: readonly ElementDefinition[], style: StylesheetJson): Promise<void> {
  const touched = new Set<string>();
  let viewportMoved = false;
  const onGrab = (event: EventObject) => touched.add(event.target.id() as string);
  const onViewport = () => {
    viewportMoved = true;
  };
  cy.on('grab', 'node', onGrab);
  cy.on('viewport', onViewport);
  return new Promise<void>((resolve) => {
    cy.one('render', () =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (cy.destroyed()) return resolve();
          const current = new Map(cy.nodes().map((node) => [node.id(), { ...node.position() }]));
          const fixed = new Set([...touched].filter((id) => current.has(id)));
          const placed = refinedPositions(elements, style, current, fixed);
          cy.off('grab', 'node', onGrab);
          cy.off('viewport', onViewport);
          if (cy.destroyed()) return resolve();
          cy.batch(() => {
            cy.nodes().forEach((node) => {
              const position = placed.get(node.id());
              if (position && !fixed.has(node.id())) node.position(position);
            });
          });
          if (!viewportMoved) fitGraph(cy);
          resolve();
        }, 0),
      ),
    );
  });
}

const classList = (classes: string | readonly string[] | undefined): string[] =>
  typeof classes === 'string' ? classes.split(/\s+/).filter(Boolean) : [...(classes ?? [])];

/** Every node's position after an expansion: drawn ones where they were, new ones beside the origin; null when the origin was not drawn. */
function positionsAfterGrowth(elements: readonly ElementDefinition[], options: ProvenanceCytoscapeOptions): Map<string, Position> | null {
  const grown = options.grown;
  if (!grown?.positions.has(grown.origin)) return null;
  const placed = new Map<string, PlacedNode>();
  const added: { id: string; layer: GraphLayer }[] = [];
  for (const element of elements) {
    if (element.group !== 'nodes') continue;
    const id = String(element.data.id);
    const layer = element.data.layer as GraphLayer;
    const position = grown.positions.get(id);
    if (position) placed.set(id, { x: position.x, y: position.y, layer });
    else added.push({ id, layer });
  }
  const placement = placeExpansion({
    placed,
    origin: grown.origin,
    added,
    direction: options.direction,
    nodeWidth: NODE_WIDTH,
    nodeHeight: NODE_HEIGHT,
  });
  const positions = new Map<string, Position>();
  for (const [id, { x, y }] of placed) positions.set(id, { x, y });
  for (const [id, point] of placement) positions.set(id, { ...point });
  return positions;
}

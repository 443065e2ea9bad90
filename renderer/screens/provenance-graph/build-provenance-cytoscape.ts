import cytoscape, { type Core, type ElementDefinition, type EventObject, type StylesheetJson } from 'cytoscape';
import dagre from 'cytoscape-dagre';
import fcose from 'cytoscape-fcose';
import type { ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { toElementDefinitions, type NodeTexts, type SkippedElements } from './graph-elements';
import { legibleZoom, showLabelsWhenLegible, UNLABELLED } from './graph-labels';
import { DRAFT_FIRST_NODES, fitGraph, runGraphLayout } from './graph-layout';
import type { GraphDirection, GraphLayoutMode } from './graph-layout-mode';
import { readGraphPalette, type GraphPalette } from './graph-palette';
import { layoutPositions, refinedPositions } from './graph-positions';
import { buildGraphStylesheet } from './graph-style';

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
}

/** A drawn view: the cytoscape instance, what could not be drawn, and when the layout has stopped. */
export interface ProvenanceCytoscape {
  readonly cy: Core;
  readonly skipped: SkippedElements;
  readonly layoutDone: Promise<void>;
  /** When the view is in its final positions: a large overview is drawn from a draft and refined after its first frame. */
  readonly refined: Promise<void>;
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
  const placedFirst = options.layout === 'overview';
  const nodeCount = elements.filter((element) => element.group === 'nodes').length;
  const draftFirst = placedFirst && nodeCount > DRAFT_FIRST_NODES;
  const positions = placedFirst
    ? layoutPositions(elements, style, options.layout, options.direction, draftFirst ? 'draft' : 'proof')
    : null;
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
  if (placedFirst) fitGraph(cy);
  const laidOut = placedFirst ? Promise.resolve() : runGraphLayout(cy, options.layout, options.direction);
  const layoutDone = laidOut.then(() => showLabelsWhenLegible(cy, legibleZoom(style)));
  const refined = draftFirst ? refineAfterFirstFrame(cy, elements, style) : layoutDone;
  return { cy, skipped, layoutDone, refined };
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

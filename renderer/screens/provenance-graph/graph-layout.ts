import type { CollectionReturnValue, Core, EdgeSingular, LayoutOptions, NodeCollection, NodeSingular } from 'cytoscape';
import type { DagreLayoutOptions } from 'cytoscape-dagre';
import type { FcoseLayoutOptions } from 'cytoscape-fcose';
import type { GraphLayer } from '../../../shared/api/provenance-graph';
import { BESIDE_LAYERS, LAYER_ORDER } from './graph-layers';
import type { GraphDirection, GraphLayoutMode } from './graph-layout-mode';
import { NODE_HEIGHT, NODE_WIDTH } from './graph-style';

const FIT_PADDING = 30;
/** Space between two columns (LR) or rows (TB) of layers. */
const LAYER_GAP = { LR: 80, TB: 110 } as const;
/** Least space between two nodes of one layer. */
const SIBLING_GAP = { LR: 14, TB: 18 } as const;

const layerOf = (node: NodeSingular) => node.data('layer') as GraphLayer;

/** The layers present, each mapped to its column: empty layers take no room. */
function columnsOf(nodes: NodeCollection): Map<GraphLayer, number> {
  const present = new Set<GraphLayer>();
  nodes.forEach((node) => {
    present.add(layerOf(node));
  });
  return new Map(LAYER_ORDER.filter((layer) => present.has(layer)).map((layer, column) => [layer, column]));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * dagre orders the provenance chain (only edges that run forward through the layers take part, each
 * spanning as many ranks as layers it crosses); each node's position along the layer axis is then
 * pinned to its layer's column, so the layer order holds for every node, connected or not.
 */
function placeLayered(cy: Core, direction: GraphDirection): void {
  const nodes = cy.nodes();
  const columns = columnsOf(nodes);
  const column = (node: NodeSingular) => columns.get(layerOf(node)) ?? 0;
  const forward = cy.edges().filter((edge) => column(edge.source()) < column(edge.target()));
  const horizontal = direction === 'LR';
  const step = (horizontal ? NODE_WIDTH : NODE_HEIGHT) + LAYER_GAP[direction];
  const options: DagreLayoutOptions = {
    name: 'dagre',
    rankDir: direction,
    nodeSep: SIBLING_GAP[direction],
    rankSep: LAYER_GAP[direction],
    minLen: (edge: EdgeSingular) => column(edge.target()) - column(edge.source()),
    ranker: 'longest-path',
    fit: false,
    animate: false,
    transform: (node: NodeSingular, position) =>
      horizontal ? { x: column(node) * step, y: position.y } : { x: position.x, y: column(node) * step },
  };
  runToStop(nodes.union(forward), options as LayoutOptions);
  placeBeside(cy, nodes, horizontal);
  spreadColumns(cy, nodes, column, horizontal, direction);
}

/**
 * Entities (and other nodes) sit level with the middle of the chain nodes they link to; those linked
 * only to other entities then sit level with those.
 */
function placeBeside(cy: Core, nodes: NodeCollection, horizontal: boolean): void {
  const cross = (node: NodeSingular) => (horizontal ? node.position('y') : node.position('x'));
  const moveTo = (node: NodeSingular, level: number) =>
    node.position(horizontal ? { x: node.position('x'), y: level } : { x: level, y: node.position('y') });
  const beside = nodes.filter((node) => BESIDE_LAYERS.has(layerOf(node)));
  const placed = new Set<string>();
  cy.batch(() => {
    beside.forEach((node) => {
      const level = median(
        node
          .neighborhood()
          .nodes()
          .filter((other) => !BESIDE_LAYERS.has(layerOf(other)))
          .map(cross),
      );
      if (level === null) return;
      moveTo(node, level);
      placed.add(node.id());
    });
    beside.forEach((node) => {
      if (placed.has(node.id())) return;
      const level = median(
        node
          .neighborhood()
          .nodes()
          .filter((other) => placed.has(other.id()))
          .map(cross),
      );
      if (level !== null) moveTo(node, level);
    });
  });
}

/** Pushes apart nodes of one column that overlap, keeping their order and the column's centre. */
function spreadColumns(
  cy: Core,
  nodes: NodeCollection,
  column: (node: NodeSingular) => number,
  horizontal: boolean,
  direction: GraphDirection,
): void {
  const gap = (horizontal ? NODE_HEIGHT : NODE_WIDTH) + SIBLING_GAP[direction];
  const byColumn = new Map<number, NodeSingular[]>();
  nodes.forEach((node) => {
    const list = byColumn.get(column(node)) ?? [];
    list.push(node);
    byColumn.set(column(node), list);
  });
  const cross = (node: NodeSingular) => (horizontal ? node.position('y') : node.position('x'));
  cy.batch(() => {
    for (const list of byColumn.values()) {
      const placed = list.map((node) => ({ node, at: cross(node) })).sort((a, b) => a.at - b.at);
      const before = placed.reduce((sum, entry) => sum + entry.at, 0) / placed.length;
      for (let i = 1; i < placed.length; i += 1) {
        const previous = placed[i - 1];
        const current = placed[i];
        if (previous && current && current.at < previous.at + gap) current.at = previous.at + gap;
      }
      const shift = before - placed.reduce((sum, entry) => sum + entry.at, 0) / placed.length;
      for (const { node, at } of placed)
        node.position(horizontal ? { x: node.position('x'), y: at + shift } : { x: at + shift, y: node.position('y') });
    }
  });
}

/**
 * Above this many nodes the overview's first frame shows fCoSE's draft (its spectral phase only, a
 * fraction of the full layout's time); the full layout then refines it once that frame is shown.
 */
export const DRAFT_FIRST_NODES = 100;

/** `draft`: fCoSE's spectral phase only; `proof`: the full layout. */
export type LayoutQuality = 'draft' | 'proof';

const OVERVIEW_OPTIONS: FcoseLayoutOptions = {
  name: 'fcose',
  quality: 'default',
  randomize: true,
  animate: false,
  fit: false,
  uniformNodeDimensions: true,
  packComponents: false,
  nodeSeparation: 60,
  nodeRepulsion: 6000,
  idealEdgeLength: 70,
  tilingPaddingVertical: 20,
  tilingPaddingHorizontal: 20,
};

function placeOverview(cy: Core, quality: LayoutQuality): void {
  const options: FcoseLayoutOptions = { ...OVERVIEW_OPTIONS, quality: quality === 'draft' ? 'draft' : 'default' };
  runToStop(cy.elements(), options as unknown as LayoutOptions);
}

/** Runs the full overview layout from where the nodes are now (a draft), without placing them at random first. */
export function refineOverview(cy: Core): void {
  if (cy.nodes().length === 0) return;
  runToStop(cy.elements(), { ...OVERVIEW_OPTIONS, randomize: false } as unknown as LayoutOptions);
}

/** Runs a layout that stops synchronously (both do with `animate: false`), so its positions are final on return. */
function runToStop(elements: CollectionReturnValue, options: LayoutOptions): void {
  let stopped = false;
  const layout = elements.layout(options);
  layout.one('layoutstop', () => {
    stopped = true;
  });
  layout.run();
  if (!stopped) throw new Error(`the ${options.name} layout did not stop synchronously`);
}

/** Places the view's nodes in `cy` (model positions only: the viewport is left as it is). */
export function placeGraph(cy: Core, mode: GraphLayoutMode, direction: GraphDirection, quality: LayoutQuality = 'proof'): void {
  if (cy.nodes().length === 0) return;
  if (mode === 'layered') placeLayered(cy, direction);
  else placeOverview(cy, quality);
}

/** Fits the whole view into the canvas. */
export function fitGraph(cy: Core): void {
  if (!cy.destroyed()) cy.fit(undefined, FIT_PADDING);
}

/**
 * Views of at most this many nodes open where their labels are drawn when fitting the whole would hide
 * them all: a few items' paths, which one reads node by node. Larger views open fitted (their shape is
 * the point, and drawing no labels is what keeps their first frame fast).
 */
export const READABLE_OPEN_MAX_NODES = 60;

/** A box in model coordinates, as cytoscape's `boundingBox` gives it. */
export interface ModelBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** What `readableViewport` needs: the canvas, the zoom a fit gave, the zoom labels need, and what to show first. */
export interface ReadableOpening {
  readonly canvas: { readonly width: number; readonly height: number };
  readonly fitZoom: number;
  /** The least zoom at which a label is drawn (`legibleZoom`). */
  readonly legibleZoom: number;
  readonly nodeCount: number;
  /** The nodes to show first: the items' paths, else the whole view. */
  readonly focus: ModelBox;
  /** The whole view: the canvas is kept filled with it where it is larger than the canvas. */
  readonly whole: ModelBox;
  /** The layered view's direction (its start is shown first when the focus is wider than the canvas); null for the overview. */
  readonly direction: GraphDirection | null;
}

/**
 * The viewport a small view opens at when a fit would draw no label: the legible zoom, centred on the
 * focus, or on its start (left, or top) where the focus is larger than the canvas; then moved so that
 * no side of the canvas is left empty while the view reaches past the other. Null: the fit stays (the
 * view is large, the fit is legible already, or the canvas has no size yet).
 */
export function readableViewport(opening: ReadableOpening): { zoom: number; pan: { x: number; y: number } } | null {
  const { canvas, fitZoom, legibleZoom: zoom, nodeCount, focus, whole } = opening;
  if (nodeCount === 0 || nodeCount > READABLE_OPEN_MAX_NODES) return null;
  if (!(zoom > 0) || fitZoom >= zoom || canvas.width <= 0 || canvas.height <= 0) return null;
  const along = (axis: 'x' | 'y', size: number, startFirst: boolean) => {
    const [low, high] = axis === 'x' ? [focus.x1, focus.x2] : [focus.y1, focus.y2];
    const [first, last] = axis === 'x' ? [whole.x1, whole.x2] : [whole.y1, whole.y2];
    const visible = Math.max(1, size - 2 * FIT_PADDING) / zoom;
    if (last - first <= visible) return (first + last) / 2;
    const centre = startFirst && high - low > visible ? low + visible / 2 : (low + high) / 2;
    return Math.min(Math.max(centre, first + visible / 2), last - visible / 2);
  };
  const x = along('x', canvas.width, opening.direction !== 'TB');
  const y = along('y', canvas.height, opening.direction !== 'LR');
  return { zoom, pan: { x: canvas.width / 2 - x * zoom, y: canvas.height / 2 - y * zoom } };
}

/**
 * Fits the view, then opens a small one whose fit would hide every label at the legible zoom on the
 * items' path nodes instead (see `readableViewport`). True when it opened so: part of the view may be
 * outside the canvas, and "Fit to view" shows it all.
 */
export function openGraphView(cy: Core, legible: number, layout: GraphLayoutMode, direction: GraphDirection): boolean {
  if (cy.destroyed()) return false;
  fitGraph(cy);
  const path = cy.nodes('.path-node');
  const boxOf = (nodes: NodeCollection) => nodes.boundingBox({ includeLabels: false, includeOverlays: false });
  const viewport = readableViewport({
    focus: boxOf(path.nonempty() ? path : cy.nodes()),
    whole: boxOf(cy.nodes()),
    canvas: { width: cy.width(), height: cy.height() },
    fitZoom: cy.zoom(),
    legibleZoom: legible,
    nodeCount: cy.nodes().length,
    direction: layout === 'layered' ? direction : null,
  });
  if (!viewport) return false;
  cy.viewport(viewport);
  return true;
}

/** Lays the view out in `cy` itself and fits it to the canvas; resolves when the layout has stopped. */
export function runGraphLayout(cy: Core, mode: GraphLayoutMode, direction: GraphDirection): Promise<void> {
  placeGraph(cy, mode, direction);
  fitGraph(cy);
  return Promise.resolve();
}

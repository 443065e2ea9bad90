import type { Core, NodeSingular, Position } from 'cytoscape';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { supersessionEdgeCaption } from './adr-freshness-elements';
import { buildProvenanceCytoscape } from './build-provenance-cytoscape';
import { nodeDisplayText, type NodeTexts, type SkippedElements } from './graph-elements';
import type { GraphDirection, GraphLayoutMode } from './graph-layout-mode';
import { isLabelDrawn, readDrawnLabels } from './graph-labels';
import { fitGraph } from './graph-layout';
import { readGraphPalette } from './graph-palette';
import { buildGraphStylesheet } from './graph-style';
import type { VisibilityTexts } from './visibility-style';
import { useAdrCanvasTexts } from './use-adr-canvas-texts';

/** What the screen needs from the drawn canvas: the instance (for export) and what it could not place. */
export interface DrawnCanvas {
  readonly cy: Core;
  readonly skipped: SkippedElements;
}

interface GraphCanvasProps {
  readonly graph: ProvenanceGraph;
  readonly layout: GraphLayoutMode;
  readonly direction: GraphDirection;
  readonly selectedId: string | null;
  readonly onSelect: (nodeId: string | null) => void;
  readonly onExpand: (nodeId: string) => void;
  readonly onDrawn: (drawn: DrawnCanvas | null) => void;
  /** A comparison's graph: the words for who may see each node, drawn on it. */
  readonly visibilityTexts?: VisibilityTexts;
  /** The node whose expansion made this graph: the nodes drawn before stay put and the new ones go beside it. */
  readonly grownFrom?: string | null;
  /** A node to highlight for a moment (an expansion that found nothing new); `serial` tells one request from the next. */
  readonly flash?: { readonly id: string; readonly serial: number } | null;
}

/** The positions and viewport of the instance drawn before, so an expansion can keep them. */
interface DrawnBefore {
  readonly positions: Map<string, Position>;
  readonly layout: GraphLayoutMode;
  readonly direction: GraphDirection;
  readonly zoom: number;
  readonly pan: Position;
}

/** The text of a node shown beside it while its label is too small to be drawn: where, and what. */
interface NodeTip {
  readonly id: string;
  readonly left: number;
  readonly top: number;
  readonly text: string;
}

const FLASH_MS = 1600;

/** The cytoscape canvas: redrawn when the view or its layout changes, restyled when the theme or language does. */
export function GraphCanvas({
  graph,
  layout,
  direction,
  selectedId,
  onSelect,
  onExpand,
  onDrawn,
  visibilityTexts,
  grownFrom = null,
  flash = null,
}: GraphCanvasProps) {
  const { t } = useTranslation('graph');
  const container = useRef<HTMLDivElement>(null);
  const [cy, setCy] = useState<Core | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [viewportTick, setViewportTick] = useState(0);
  // The view opened at a legible zoom on the items' paths, not fitted; said until the view is first moved.
  const [openedReadable, setOpenedReadable] = useState(false);
  const drawnBefore = useRef<DrawnBefore | null>(null);
  const latestGrownFrom = useRef(grownFrom);
  latestGrownFrom.current = grownFrom;
  const texts: NodeTexts = {
    notVisible: t('node_not_visible'),
    adr: useAdrCanvasTexts(),
    ...(visibilityTexts ? { visibility: visibilityTexts } : {}),
  };
  // Handlers and texts change with every render; the canvas reads the latest without being rebuilt.
  const latest = useRef({ onSelect, onExpand, onDrawn, texts });
  useLayoutEffect(() => {
    latest.current = { onSelect, onExpand, onDrawn, texts };
  });
  // The texts as one value that changes only with the language, so the effect below runs only then.
  const textsKey = JSON.stringify(texts);
  // The texts the canvas was drawn with: rewriting them unchanged would restyle every element once more.
  const drawnTextsKey = useRef<string | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const before = drawnBefore.current;
    const origin = latestGrownFrom.current;
    const keep = before && origin && before.layout === layout && before.direction === direction ? before : null;
    const drawn = buildProvenanceCytoscape(graph, element, {
      layout,
      direction,
      texts: latest.current.texts,
      ...(keep && origin ? { grown: { origin, positions: keep.positions } } : {}),
    });
    drawnTextsKey.current = JSON.stringify(latest.current.texts);
    const instance = drawn.cy;
    if (keep) keepViewport(instance, keep);
    setOpenedReadable(drawn.openedReadable && !keep);
    const readout = () => publishReadout(instance, element);
    void drawn.layoutDone.then(readout);
    instance.on('viewport', () => {
      readout();
      setViewportTick((tick) => tick + 1);
      setOpenedReadable(false);
    });
    instance.on('mouseover', 'node', (event) => setHovered(event.target.id() as string));
    instance.on('mouseout', 'node', () => setHovered(null));
    instance.on('tap', 'node', (event) => latest.current.onSelect(event.target.id() as string));
    instance.on('tap', (event) => {
      if (event.target === instance) latest.current.onSelect(null);
    });
    instance.on('dbltap', 'node', (event) => latest.current.onExpand(event.target.id() as string));
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element);
    setCy(instance);
    latest.current.onDrawn({ cy: instance, skipped: drawn.skipped });
    return () => {
      resize.disconnect();
      drawnBefore.current = {
        positions: new Map(instance.nodes().map((node) => [node.id(), { ...node.position() }])),
        layout,
        direction,
        zoom: instance.zoom(),
        pan: { ...instance.pan() },
      };
      setHovered(null);
      latest.current.onDrawn(null);
      setCy(null);
      instance.destroy();
    };
  }, [graph, layout, direction]);

  // Cytoscape cannot read CSS variables, so a theme change means reading the palette again.
  useEffect(() => {
    const element = container.current;
    if (!cy || !element) return undefined;
    const observer = new MutationObserver(() => cy.style(buildGraphStylesheet(readGraphPalette(element))));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [cy]);

  useEffect(() => {
    if (!cy || drawnTextsKey.current === textsKey) return;
    drawnTextsKey.current = textsKey;
    // The latest texts, functions included (JSON would drop the ADR decision wording); the key only says when.
    const current = latest.current.texts;
    cy.batch(() => {
      for (const node of graph.nodes) cy.getElementById(node.id).data('display', nodeDisplayText(node, current));
      for (const edge of graph.edges) {
        const caption = supersessionEdgeCaption(edge, current.adr);
        if (caption !== null) cy.getElementById(edge.id).data('caption', caption);
      }
    });
  }, [cy, graph, textsKey]);

  useEffect(() => {
    if (!cy) return;
    cy.nodes(':selected').unselect();
    if (!selectedId) return;
    const node = cy.getElementById(selectedId);
    if (node.empty()) return;
    node.select();
    const { x, y } = node.position();
    const extent = cy.extent();
    if (x < extent.x1 || x > extent.x2 || y < extent.y1 || y > extent.y2) cy.center(node);
    const element = container.current;
    if (element) publishReadout(cy, element);
  }, [cy, selectedId]);

  useEffect(() => {
    if (!cy || !flash) return undefined;
    const node = cy.getElementById(flash.id);
    node.addClass('flash-node');
    const timer = setTimeout(() => {
      if (!cy.destroyed()) node.removeClass('flash-node');
    }, FLASH_MS);
    return () => clearTimeout(timer);
  }, [cy, flash]);

  const tip = cy && !cy.destroyed() ? nodeTip(cy, hovered ?? selectedId, viewportTick) : null;

  return (
    <div className="graph-canvas-wrap">
      <div
        ref={container}
        className="graph-canvas"
        data-testid="graph-canvas"
        data-nodes={graph.nodes.length}
        data-edges={graph.edges.length}
        role="img"
        aria-label={t('canvas_label', {
          nodes: t('nodes_count', { count: graph.nodes.length }),
          edges: t('edges_count', { count: graph.edges.length }),
        })}
      />
      {openedReadable ? (
        <p className="graph-canvas-note" role="status" data-testid="graph-opened-readable">
          {t('opened_readable', { nodes: t('nodes_count', { count: graph.nodes.length }) })}
        </p>
      ) : null}
      {tip ? (
        <div
          className="graph-node-tip"
          role="tooltip"
          data-testid="graph-node-tip"
          data-node-id={tip.id}
          style={{ left: tip.left, top: tip.top }}
        >
          {tip.text}
        </div>
      ) : null}
    </div>
  );
}

/** Puts back the viewport drawn before an expansion; the view is fitted instead when a new node would be off screen. */
function keepViewport(cy: Core, before: DrawnBefore): void {
  cy.viewport({ zoom: before.zoom, pan: before.pan });
  const extent = cy.extent();
  const offScreen = cy
    .nodes()
    .filter((node) => !before.positions.has(node.id()))
    .some((node) => {
      const box = node.boundingBox();
      return box.x1 < extent.x1 || box.x2 > extent.x2 || box.y1 < extent.y1 || box.y2 > extent.y2;
    });
  if (offScreen) fitGraph(cy);
}

/** The text of `id`'s node beside it, when its label is not drawn at the current zoom (`_tick` re-reads it as the view moves). */
function nodeTip(cy: Core, id: string | null, _tick: number): NodeTip | null {
  if (!id) return null;
  const node = cy.getElementById(id);
  if (node.empty() || !node.isNode() || isLabelDrawn(node, cy.zoom())) return null;
  const { x, y } = (node as NodeSingular).renderedPosition();
  const text = String(node.data('display') ?? '');
  return { id, left: x, top: y - (node as NodeSingular).renderedOuterHeight() / 2, text };
}

/**
 * Writes what the canvas draws onto its element, for the end-to-end tests and anyone inspecting the page:
 * the zoom, how many labels are drawn and the least one's size on screen, the view's aspect ratio and the
 * chosen node's model position.
 */
function publishReadout(cy: Core, element: HTMLElement): void {
  if (cy.destroyed()) return;
  const labels = readDrawnLabels(cy);
  const box = cy.nodes().boundingBox({ includeLabels: false, includeOverlays: false });
  element.dataset.zoom = cy.zoom().toFixed(3);
  element.dataset.labelsDrawn = String(labels.drawn);
  element.dataset.leastLabelPx = labels.leastPx === null ? 'none' : labels.leastPx.toFixed(2);
  element.dataset.aspect = (Math.max(box.w, box.h) / Math.max(1, Math.min(box.w, box.h))).toFixed(3);
  const selected = cy.nodes(':selected').first();
  element.dataset.selectedPosition = selected.empty() ? '' : `${Math.round(selected.position('x'))},${Math.round(selected.position('y'))}`;
}

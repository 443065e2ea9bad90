import type { Core } from 'cytoscape';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { supersessionEdgeCaption } from './adr-freshness-elements';
import { buildProvenanceCytoscape } from './build-provenance-cytoscape';
import { nodeDisplayText, type NodeTexts, type SkippedElements } from './graph-elements';
import type { GraphDirection, GraphLayoutMode } from './graph-layout-mode';
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
}

/** The cytoscape canvas: redrawn when the view or its layout changes, restyled when the theme or language does. */
export function GraphCanvas({ graph, layout, direction, selectedId, onSelect, onExpand, onDrawn, visibilityTexts }: GraphCanvasProps) {
  const { t } = useTranslation('graph');
  const container = useRef<HTMLDivElement>(null);
  const [cy, setCy] = useState<Core | null>(null);
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
    const drawn = buildProvenanceCytoscape(graph, element, { layout, direction, texts: latest.current.texts });
    drawnTextsKey.current = JSON.stringify(latest.current.texts);
    const instance = drawn.cy;
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
  }, [cy, selectedId]);

  return (
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
  );
}

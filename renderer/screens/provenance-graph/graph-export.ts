import type { Core, EdgeSingular, NodeSingular } from 'cytoscape';
import type { ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { exportDocument, type ExportLegend, type ExportMeta } from './graph-export-meta';
import { showLabels } from './graph-labels';
import { graphToSvg, svgLayout, type ExportWording, type SvgEdge, type SvgExport, type SvgNode, type SvgTheme } from './graph-svg';

/** The largest side of an exported image, so a wide view does not exceed what a canvas can hold. */
const MAX_PNG_SIDE = 12_000;
/** Exported images are drawn at twice the view's model size. */
const PNG_SCALE = 2;

/** Why an image export could not be made: a key of the graph screen's messages, worded in the UI's language by the screen. */
export class ExportFailure extends Error {
  constructor(readonly key: 'export_band_failed' | 'export_no_canvas' | 'export_png_failed') {
    super(key);
    this.name = 'ExportFailure';
  }
}

/** Offers `blob` as a download named `filename`. */
function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; free it after the current task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** What every export carries beside the graph: its legend, its words and the page's colours. */
export interface ExportContext {
  readonly legend: ExportLegend;
  readonly wording: ExportWording;
  readonly theme: SvgTheme;
}

const numeric = (value: unknown) => Number.parseFloat(String(value)) || 0;

function svgNode(node: NodeSingular): SvgNode {
  const { x, y } = node.position();
  return {
    x,
    y,
    width: node.width(),
    height: node.height(),
    fill: String(node.style('background-color')),
    fillOpacity: numeric(node.style('background-opacity')),
    stroke: String(node.style('border-color')),
    strokeWidth: numeric(node.style('border-width')),
    strokeStyle: String(node.style('border-style')),
    text: String(node.data('display') ?? ''),
    textColour: String(node.style('color')),
  };
}

function svgEdge(edge: EdgeSingular): SvgEdge {
  const source = edge.sourceEndpoint();
  const target = edge.targetEndpoint();
  return {
    x1: source.x,
    y1: source.y,
    x2: target.x,
    y2: target.y,
    colour: String(edge.style('line-color')),
    width: numeric(edge.style('width')),
    dashed: edge.style('line-style') !== 'solid',
    label: String(edge.data('caption') ?? edge.data('type') ?? ''),
  };
}

/** The drawn view of `cy` with its context, ready for the SVG serializer. */
function svgExport(cy: Core, context: ExportContext): SvgExport {
  return { nodes: cy.nodes().map(svgNode), edges: cy.edges().map(svgEdge), ...context };
}

/** Downloads the whole view as SVG: title, description, header band, graph and legend (see graphToSvg). */
export function exportGraphSvg(cy: Core, context: ExportContext, filename: string): void {
  download(new Blob([graphToSvg(svgExport(cy, context))], { type: 'image/svg+xml' }), filename);
}

/** The sizes of an exported PNG, in pixels: the whole image and the graph drawn into it. */
export interface PngSizes {
  readonly width: number;
  readonly height: number;
  readonly graphWidth: number;
  readonly graphHeight: number;
}

function loadImage(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new ExportFailure('export_band_failed'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * Downloads the whole view (not just what is on screen) as a PNG at twice the resolution, on the theme's
 * background, under a header band of the run's facts and beside a legend (drawn from the same SVG as the
 * SVG export, with the graph's room left empty for cytoscape's image).
 */
export async function exportGraphPng(cy: Core, context: ExportContext, filename: string): Promise<PngSizes> {
  // The image is drawn at a readable scale, so it needs the labels a zoomed-out canvas leaves out.
  showLabels(cy);
  const graphImage = await createImageBitmap(
    await cy.png({
      output: 'blob-promise',
      full: true,
      scale: PNG_SCALE,
      bg: context.theme.background,
      maxWidth: MAX_PNG_SIDE,
      maxHeight: MAX_PNG_SIDE,
    }),
  );
  const band: SvgExport = {
    nodes: [],
    edges: [],
    ...context,
    graphSize: { width: graphImage.width / PNG_SCALE, height: graphImage.height / PNG_SCALE },
  };
  const layout = svgLayout(band);
  const bandImage = await loadImage(new Blob([graphToSvg(band)], { type: 'image/svg+xml' }));
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(layout.width * PNG_SCALE);
  canvas.height = Math.ceil(layout.height * PNG_SCALE);
  const context2d = canvas.getContext('2d');
  if (!context2d) throw new ExportFailure('export_no_canvas');
  context2d.drawImage(bandImage, 0, 0, canvas.width, canvas.height);
  context2d.drawImage(graphImage, layout.graph.x * PNG_SCALE, layout.graph.y * PNG_SCALE);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((made) => (made ? resolve(made) : reject(new ExportFailure('export_png_failed'))), 'image/png'),
  );
  download(blob, filename);
  return { width: canvas.width, height: canvas.height, graphWidth: graphImage.width, graphHeight: graphImage.height };
}

/** Downloads the view the screen holds (nodes, edges, not-drawn counts, principal) as JSON, with its `meta` beside it. */
export function exportGraphJson(graph: ProvenanceGraph, meta: ExportMeta, filename: string): void {
  download(new Blob([`${JSON.stringify(exportDocument(graph, meta), null, 2)}\n`], { type: 'application/json' }), filename);
}

import type { ExportLegend } from './graph-export-meta';

/** A node as drawn: centre, size, colours and the text on it (lines separated by `\n`). */
export interface SvgNode {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly fill: string;
  readonly fillOpacity: number;
  readonly stroke: string;
  readonly strokeWidth: number;
  readonly strokeStyle: string;
  readonly text: string;
  readonly textColour: string;
}

/** An edge as drawn: its end points, colour and type. */
export interface SvgEdge {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly colour: string;
  readonly width: number;
  readonly dashed: boolean;
  readonly label: string;
}

/** The words of an export, in the UI's language: a title, one line per fact of the run, and the legend's headings. */
export interface ExportWording {
  readonly title: string;
  readonly description: string;
  readonly lines: readonly string[];
  readonly legendTitle: string;
  readonly nodeTypes: string;
  readonly edgeKinds: string;
  readonly adrFreshness: string;
  /** The words for each ADR freshness state's outline. */
  readonly adrStates: Readonly<Record<string, string>>;
}

/** Colours and font of the page the view was drawn on. */
export interface SvgTheme {
  readonly background: string;
  readonly text: string;
  readonly muted: string;
  readonly font: string;
}

/** A graph laid out and ready to write, with what it means. */
export interface SvgExport {
  readonly nodes: readonly SvgNode[];
  readonly edges: readonly SvgEdge[];
  readonly legend: ExportLegend;
  readonly wording: ExportWording;
  readonly theme: SvgTheme;
  /** Leave the graph out and keep its room empty (`graphSize` wide and high): the band of a PNG, whose graph is drawn by cytoscape. */
  readonly graphSize?: { readonly width: number; readonly height: number };
}

const MARGIN = 16;
const TITLE_SIZE = 16;
const LINE = 18;
const LEGEND_WIDTH = 280;
const NODE_LINE_CHARS = 26;
const NODE_LINES = 3;

/** Escapes text for an XML text node or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

const number = (value: number) => String(Math.round(value * 100) / 100);

/** The lines of a node's text as they fit on the node: each `\n` line cut into pieces of at most NODE_LINE_CHARS, at most NODE_LINES in all. */
export function nodeTextLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.replace(/\u200b/g, '').split('\n')) {
    const chars = [...line];
    for (let start = 0; start < chars.length || start === 0; start += NODE_LINE_CHARS)
      lines.push(chars.slice(start, start + NODE_LINE_CHARS).join(''));
  }
  if (lines.length <= NODE_LINES) return lines;
  return [...lines.slice(0, NODE_LINES - 1), `${lines[NODE_LINES - 1] ?? ''}…`];
}

/** Where the header, graph and legend go. */
export interface SvgLayout {
  readonly width: number;
  readonly height: number;
  readonly graph: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly legendX: number;
  readonly headerHeight: number;
}

function graphBounds(nodes: readonly SvgNode[]) {
  if (nodes.length === 0) return { left: 0, top: 0, width: 0, height: 0 };
  const left = Math.min(...nodes.map((node) => node.x - node.width / 2));
  const top = Math.min(...nodes.map((node) => node.y - node.height / 2));
  const right = Math.max(...nodes.map((node) => node.x + node.width / 2));
  const bottom = Math.max(...nodes.map((node) => node.y + node.height / 2));
  return { left, top, width: right - left, height: bottom - top };
}

function legendRows(legend: ExportLegend): number {
  const adr = legend.adr_freshness.length > 0 ? legend.adr_freshness.length + 1 : 0;
  return 1 + 1 + legend.node_types.length + 1 + legend.edge_kinds.length + adr;
}

/** The page: a header band of the run's facts on top, the graph below it on the left, the legend on its right. */
export function svgLayout(input: SvgExport): SvgLayout {
  const bounds = graphBounds(input.nodes);
  const graph = input.graphSize ?? { width: bounds.width, height: bounds.height };
  const headerHeight = MARGIN + TITLE_SIZE + 6 + input.wording.lines.length * LINE + MARGIN;
  const legendHeight = legendRows(input.legend) * LINE + MARGIN;
  const width = MARGIN + graph.width + MARGIN + LEGEND_WIDTH + MARGIN;
  const height = headerHeight + Math.max(graph.height, legendHeight) + MARGIN;
  return { width, height, graph: { x: MARGIN, y: headerHeight, ...graph }, legendX: MARGIN + graph.width + MARGIN, headerHeight };
}

function headerSvg(input: SvgExport): string {
  const { wording, theme } = input;
  const title = `<text x="${MARGIN}" y="${MARGIN + TITLE_SIZE}" font-size="${TITLE_SIZE}" font-weight="bold" fill="${escapeXml(theme.text)}">${escapeXml(wording.title)}</text>`;
  const lines = wording.lines.map(
    (line, index) =>
      `<text x="${MARGIN}" y="${MARGIN + TITLE_SIZE + 6 + (index + 1) * LINE - 4}" font-size="12" fill="${escapeXml(theme.text)}">${escapeXml(line)}</text>`,
  );
  return `<g class="export-header">${[title, ...lines].join('')}</g>`;
}

function legendSvg(input: SvgExport, layout: SvgLayout): string {
  const { legend, wording, theme } = input;
  const parts: string[] = [];
  let row = 0;
  const y = () => layout.headerHeight + row * LINE + 12;
  const text = (value: string, x: number, bold = false) =>
    `<text x="${number(x)}" y="${number(y())}" font-size="12"${bold ? ' font-weight="bold"' : ''} fill="${escapeXml(theme.text)}">${escapeXml(value)}</text>`;
  const x = layout.legendX;
  parts.push(text(wording.legendTitle, x, true));
  row += 1;
  parts.push(text(wording.nodeTypes, x, true));
  row += 1;
  for (const entry of legend.node_types) {
    parts.push(
      `<rect x="${number(x)}" y="${number(y() - 10)}" width="14" height="10" rx="2" fill="${escapeXml(entry.colour)}" fill-opacity="0.4" stroke="${escapeXml(entry.colour)}"/>`,
    );
    parts.push(text(`${entry.label} (${entry.count})`, x + 20));
    row += 1;
  }
  parts.push(text(wording.edgeKinds, x, true));
  row += 1;
  for (const entry of legend.edge_kinds) {
    parts.push(
      `<line x1="${number(x)}" y1="${number(y() - 4)}" x2="${number(x + 14)}" y2="${number(y() - 4)}" stroke="${escapeXml(theme.muted)}"/>`,
    );
    parts.push(text(`${entry.type} (${entry.count})`, x + 20));
    row += 1;
  }
  if (legend.adr_freshness.length > 0) {
    parts.push(text(wording.adrFreshness, x, true));
    row += 1;
    for (const entry of legend.adr_freshness) {
      parts.push(text(`${wording.adrStates[entry.state] ?? entry.state} (${entry.count})`, x));
      row += 1;
    }
  }
  return `<g class="export-legend" data-legend="true">${parts.join('')}</g>`;
}

function nodeSvg(node: SvgNode, theme: SvgTheme): string {
  const dash =
    node.strokeStyle === 'dashed' ? ' stroke-dasharray="5 3"' : node.strokeStyle === 'dotted' ? ' stroke-dasharray="1.5 2.5"' : '';
  const rect = `<rect x="${number(node.x - node.width / 2)}" y="${number(node.y - node.height / 2)}" width="${number(node.width)}" height="${number(node.height)}" rx="8" fill="${escapeXml(node.fill)}" fill-opacity="${number(node.fillOpacity)}" stroke="${escapeXml(node.stroke)}" stroke-width="${number(node.strokeWidth)}"${dash}/>`;
  const lines = nodeTextLines(node.text);
  const first = node.y - ((lines.length - 1) * 13) / 2 + 4;
  const spans = lines
    .map((line, index) => `<tspan x="${number(node.x)}" y="${number(first + index * 13)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<g class="node">${rect}<text text-anchor="middle" font-size="11" fill="${escapeXml(node.textColour || theme.text)}">${spans}</text></g>`;
}

function edgeSvg(edge: SvgEdge): string {
  const dash = edge.dashed ? ' stroke-dasharray="5 3"' : '';
  const line = `<line x1="${number(edge.x1)}" y1="${number(edge.y1)}" x2="${number(edge.x2)}" y2="${number(edge.y2)}" stroke="${escapeXml(edge.colour)}" stroke-width="${number(edge.width)}" marker-end="url(#arrow)"${dash}/>`;
  return `<g class="edge">${line}<title>${escapeXml(edge.label)}</title></g>`;
}

/**
 * The view as a standalone SVG document: `<title>` and `<desc>` say what it is (the run, principal, mode,
 * graph and times), a header band repeats them for the eye, the graph as drawn, and a legend group of the
 * node types and their colours, the edge kinds and the ADR freshness outlines.
 */
export function graphToSvg(input: SvgExport): string {
  const layout = svgLayout(input);
  const { theme, wording } = input;
  const bounds = graphBounds(input.nodes);
  const shift = `translate(${number(layout.graph.x - bounds.left)} ${number(layout.graph.y - bounds.top)})`;
  const graph = input.graphSize
    ? ''
    : `<g class="export-graph" transform="${shift}">${input.edges.map(edgeSvg).join('')}${input.nodes.map((node) => nodeSvg(node, theme)).join('')}</g>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${number(layout.width)}" height="${number(layout.height)}" viewBox="0 0 ${number(layout.width)} ${number(layout.height)}" font-family="${escapeXml(theme.font)}">`,
    `<title>${escapeXml(wording.title)}</title>`,
    `<desc>${escapeXml([wording.description, ...wording.lines].join('\n'))}</desc>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${escapeXml(theme.muted)}"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="${escapeXml(theme.background)}"/>`,
    headerSvg(input),
    graph,
    legendSvg(input, layout),
    '</svg>',
  ].join('\n');
}

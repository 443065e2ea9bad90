import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { escapeXml, graphToSvg, nodeTextLines, svgLayout, type SvgExport } from '../../renderer/screens/provenance-graph/graph-svg';

const INPUT: SvgExport = {
  nodes: [
    {
      x: 0,
      y: 0,
      width: 168,
      height: 54,
      fill: 'rgb(1,2,3)',
      fillOpacity: 0.16,
      stroke: 'rgb(1,2,3)',
      strokeWidth: 1.5,
      strokeStyle: 'solid',
      text: 'Chunk\nrunbook <db> & failover',
      textColour: '#000',
    },
    {
      x: 248,
      y: 100,
      width: 168,
      height: 54,
      fill: '#999',
      fillOpacity: 0.08,
      stroke: '#999',
      strokeWidth: 1.5,
      strokeStyle: 'dashed',
      text: 'Document\nnot visible',
      textColour: '#666',
    },
  ],
  edges: [{ x1: 84, y1: 0, x2: 164, y2: 100, colour: '#666', width: 1.3, dashed: false, label: 'PART_OF' }],
  legend: {
    node_types: [
      { label: 'Chunk', layer: 'chunk', colour: 'rgb(1,2,3)', count: 1 },
      { label: 'Document', layer: 'document', colour: '#456', count: 1 },
    ],
    edge_kinds: [{ type: 'PART_OF', count: 1 }],
    adr_freshness: [{ state: 'stale', outline: 'double', count: 2 }],
  },
  wording: {
    title: 'Provenance graph of “payments & failover”',
    description: 'Exported view',
    lines: ['Query: payments & failover', 'Principal: u-sora (Sora)', 'Trace: t-1'],
    legendTitle: 'Legend',
    nodeTypes: 'Node types',
    edgeKinds: 'Edge kinds',
    adrFreshness: 'ADR freshness',
    adrStates: { stale: 'stale: double outline' },
  },
  theme: { background: '#fff', text: '#000', muted: '#666', font: 'sans-serif' },
};

const parse = (svg: string): Document => {
  const errors: string[] = [];
  const document = new DOMParser({ errorHandler: (level: string, message: string) => errors.push(`${level}: ${message}`) }).parseFromString(
    svg,
    'image/svg+xml',
  );
  expect(errors).toEqual([]);
  return document;
};
const all = (root: Document | Element, tag: string): Element[] => Array.from(root.getElementsByTagName(tag));
const group = (document: Document, className: string) => all(document, 'g').find((element) => element.getAttribute('class') === className);
const inGroup = (document: Document, className: string, tag: string) => {
  const found = group(document, className);
  return found ? all(found, tag) : [];
};

describe('graphToSvg', () => {
  it('writes well-formed SVG whose title and description carry the run’s facts, escaped', () => {
    const svg = graphToSvg(INPUT);
    expect(svg).not.toContain('payments & failover');
    const document = parse(svg);
    const root = document.documentElement;
    const children: ChildNode[] = root ? Array.from(root.childNodes as NodeListOf<ChildNode>).filter((child) => child.nodeType === 1) : [];
    expect(children[0]?.nodeName).toBe('title');
    expect(children[1]?.nodeName).toBe('desc');
    expect(children[0]?.textContent).toBe('Provenance graph of “payments & failover”');
    expect(children[1]?.textContent).toContain('Principal: u-sora (Sora)');
  });

  it('draws every node and edge, with each node’s text', () => {
    const document = parse(graphToSvg(INPUT));
    const nodes = inGroup(document, 'export-graph', 'g').filter((element) => element.getAttribute('class') === 'node');
    expect(nodes).toHaveLength(2);
    expect(inGroup(document, 'export-graph', 'line')).toHaveLength(1);
    expect(nodes[0]?.textContent).toContain('runbook <db> & failover');
    expect(inGroup(document, 'export-graph', 'rect').filter((rect) => rect.hasAttribute('stroke-dasharray'))).toHaveLength(1);
  });

  it('has a legend group naming node types with their colours, edge kinds and ADR freshness', () => {
    const document = parse(graphToSvg(INPUT));
    const text = group(document, 'export-legend')?.textContent ?? '';
    for (const expected of ['Legend', 'Chunk (1)', 'Document (1)', 'PART_OF (1)', 'ADR freshness', 'stale: double outline (2)'])
      expect(text).toContain(expected);
    expect(inGroup(document, 'export-legend', 'rect').map((rect) => rect.getAttribute('fill'))).toEqual(['rgb(1,2,3)', '#456']);
  });

  it('puts the graph under the header band and left of the legend, the whole page around both', () => {
    const layout = svgLayout(INPUT);
    expect(layout.graph).toMatchObject({ width: 248 + 168, height: 100 + 54 });
    expect(layout.graph.y).toBe(layout.headerHeight);
    expect(layout.width).toBeGreaterThan(layout.graph.width);
    expect(layout.height).toBeGreaterThan(layout.headerHeight + layout.graph.height);
  });

  it('leaves the graph out and its room empty for a PNG band', () => {
    const svg = graphToSvg({ ...INPUT, graphSize: { width: 500, height: 300 } });
    expect(group(parse(svg), 'export-graph')).toBeUndefined();
    expect(svgLayout({ ...INPUT, graphSize: { width: 500, height: 300 } }).graph).toMatchObject({ width: 500, height: 300 });
  });
});

describe('nodeTextLines', () => {
  it('cuts long lines and keeps at most three, the last marked as cut', () => {
    const lines = nodeTextLines(`Chunk\n${'x'.repeat(80)}`);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Chunk');
    expect(lines[2]?.endsWith('…')).toBe(true);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a b="c" d='e'>&`)).toBe('&lt;a b=&quot;c&quot; d=&apos;e&apos;&gt;&amp;');
  });
});

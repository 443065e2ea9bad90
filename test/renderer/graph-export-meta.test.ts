import { describe, expect, it } from 'vitest';
import type { GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import {
  buildExportMeta,
  EXPORT_META_VERSION,
  exportDocument,
  exportFileName,
  exportLegend,
  graphUriWithoutCredentials,
} from '../../renderer/screens/provenance-graph/graph-export-meta';
import { PALETTE } from './graph-test-palette';

const node = (id: string, label: string, layer: GraphNode['layer'], extra: Partial<GraphNode> = {}): GraphNode => ({
  id,
  label,
  key: id,
  caption: id,
  layer,
  visible_to_principal: true,
  on_item_path: true,
  properties: {},
  ...extra,
});

const GRAPH: ProvenanceGraph = {
  nodes: [
    node('d1', 'Document', 'document'),
    node('c1', 'Chunk', 'chunk'),
    node('c2', 'Chunk', 'chunk'),
    node('a1', 'ADR', 'document', { freshness: { state: 'stale', reason: 'superseded' } as GraphNode['freshness'] }),
  ],
  edges: [
    { id: 'e1', source: 'c1', target: 'd1', type: 'PART_OF' },
    { id: 'e2', source: 'c2', target: 'd1', type: 'PART_OF' },
    { id: 'e3', source: 'a1', target: 'd1', type: 'MENTIONS' },
  ],
  not_drawn: { nodes: 0, edges: 0 },
  principal_id: 'u-sora',
};

const RUN = {
  traceId: 'trace-1',
  request: { query: 'payments failover', mode: 'hybrid' },
  principal: { principal_id: 'u-sora', display_name: 'Sora' },
  runAt: '2026-12-01T10:00:00.000Z',
  graphUri: 'neo4j+s://reader:s3cret@graph.example:7687/?password=x',
};

describe('graphUriWithoutCredentials', () => {
  it('cuts the user name, password and query string', () => {
    expect(graphUriWithoutCredentials('bolt://neo4j:pw@127.0.0.1:17687?token=1')).toBe('bolt://127.0.0.1:17687');
  });
  it('leaves an address without credentials as it is, and says nothing of no address', () => {
    expect(graphUriWithoutCredentials('bolt://127.0.0.1:17687')).toBe('bolt://127.0.0.1:17687');
    expect(graphUriWithoutCredentials(null)).toBeNull();
  });
});

describe('exportLegend', () => {
  it('lists node types in layer order with colour and count, edge kinds by name, and ADR freshness with its outline', () => {
    const legend = exportLegend(GRAPH, PALETTE);
    expect(legend.node_types.map((entry) => [entry.label, entry.count])).toEqual([
      ['Chunk', 2],
      ['ADR', 1],
      ['Document', 1],
    ]);
    expect(legend.node_types.every((entry) => entry.colour === '#123456')).toBe(true);
    expect(legend.edge_kinds).toEqual([
      { type: 'MENTIONS', count: 1 },
      { type: 'PART_OF', count: 2 },
    ]);
    expect(legend.adr_freshness).toEqual([{ state: 'stale', outline: 'double', count: 1 }]);
  });
});

describe('buildExportMeta', () => {
  const meta = buildExportMeta(RUN, GRAPH, PALETTE, new Date('2026-12-02T15:04:05.678Z'));

  it('carries the versioned facts of the run: query, mode, principal id and name, trace, both times', () => {
    expect(meta).toMatchObject({
      version: EXPORT_META_VERSION,
      trace_id: 'trace-1',
      query: 'payments failover',
      mode: 'hybrid',
      principal: { id: 'u-sora', name: 'Sora' },
      run_at: '2026-12-01T10:00:00.000Z',
      exported_at: '2026-12-02T15:04:05.678Z',
    });
  });

  it('names the graph without its credentials', () => {
    expect(meta.graph_uri).toBe('neo4j+s://graph.example:7687/');
    expect(JSON.stringify(meta)).not.toContain('s3cret');
  });

  it('says null for what an old run does not hold (no query, no mode, no name, no time)', () => {
    const old = buildExportMeta(
      { ...RUN, request: {}, principal: { principal_id: 'u-guest' }, runAt: null, graphUri: null },
      GRAPH,
      PALETTE,
      new Date(0),
    );
    expect([old.query, old.mode, old.principal.name, old.run_at, old.graph_uri]).toEqual([null, null, null, null, null]);
  });

  it('puts the meta object beside the elements in the JSON document', () => {
    const document = exportDocument(GRAPH, meta);
    expect(document.meta).toBe(meta);
    expect(document.nodes).toHaveLength(4);
    expect(document.edges).toHaveLength(3);
  });
});

describe('exportFileName', () => {
  it('carries the trace id and the export time in UTC', () => {
    expect(exportFileName('trace/1 x', new Date('2026-12-02T15:04:05.678Z'), 'svg')).toBe('provenance-trace-1-x-20261202T150405Z.svg');
  });
});

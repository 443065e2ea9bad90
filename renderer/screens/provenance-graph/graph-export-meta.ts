import type { GraphLayer, ProvenanceGraph } from '../../../shared/api/provenance-graph';
import type { Freshness } from '../../../shared/context-contract';
import { layerIndex } from './graph-layers';
import { colourSlotOf, type GraphPalette } from './graph-palette';

/** The version of the `meta` object of an exported view; a reader checks it before trusting the fields. */
export const EXPORT_META_VERSION = 1;

/** How an ADR's freshness is drawn: its outline. */
export const ADR_OUTLINES: Readonly<Record<Freshness['state'], 'solid' | 'double' | 'dotted'>> = {
  current: 'solid',
  stale: 'double',
  unknown: 'dotted',
};

/** What the colours, outlines and edges of an exported view mean, with how many of each it holds. */
export interface ExportLegend {
  readonly node_types: readonly { readonly label: string; readonly layer: GraphLayer; readonly colour: string; readonly count: number }[];
  readonly edge_kinds: readonly { readonly type: string; readonly count: number }[];
  /** ADR nodes by freshness (now, stale marks included) and the outline each is drawn with; empty without ADRs. */
  readonly adr_freshness: readonly { readonly state: Freshness['state']; readonly outline: string; readonly count: number }[];
}

/** Where an exported view came from: the run, who saw it, the graph, and when. */
export interface ExportMeta {
  readonly version: typeof EXPORT_META_VERSION;
  readonly trace_id: string;
  readonly query: string | null;
  readonly mode: string | null;
  readonly principal: { readonly id: string; readonly name: string | null };
  /** When the run was recorded (null when the trace store could not say). */
  readonly run_at: string | null;
  readonly exported_at: string;
  /** The graph's address without user name, password or query string; null when the app could not say. */
  readonly graph_uri: string | null;
  readonly legend: ExportLegend;
}

/** What `buildExportMeta` reads about the run. */
export interface ExportRun {
  readonly traceId: string;
  readonly request: Record<string, unknown>;
  readonly principal: { readonly principal_id: string; readonly display_name?: string | undefined };
  readonly runAt: string | null;
  readonly graphUri: string | null;
}

/** `uri` without credentials: the user info (`user:password@`) and any query string or fragment are cut. */
export function graphUriWithoutCredentials(uri: string | null): string | null {
  if (!uri) return null;
  return uri.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/?#]*@/i, '$1').replace(/[?#].*$/, '');
}

const count = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** The legend of `graph`: node labels in layer order with their colours, edge types by name, ADR freshness outlines. */
export function exportLegend(graph: ProvenanceGraph, palette: GraphPalette): ExportLegend {
  const labels = new Map<string, { layer: GraphLayer; count: number }>();
  const edges = new Map<string, number>();
  const freshness = new Map<Freshness['state'], number>();
  for (const node of graph.nodes) {
    const entry = labels.get(node.label) ?? { layer: node.layer, count: 0 };
    labels.set(node.label, { ...entry, count: entry.count + 1 });
    if (node.freshness) count(freshness, node.freshness.state);
  }
  for (const edge of graph.edges) count(edges, edge.type);
  return {
    node_types: [...labels.entries()]
      .sort(([a, x], [b, y]) => layerIndex(x.layer) - layerIndex(y.layer) || a.localeCompare(b))
      .map(([label, { layer, count: n }]) => ({ label, layer, colour: palette.slots[colourSlotOf(label, layer)], count: n })),
    edge_kinds: [...edges.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, n]) => ({ type, count: n })),
    adr_freshness: (['current', 'stale', 'unknown'] as const)
      .filter((state) => freshness.has(state))
      .map((state) => ({ state, outline: ADR_OUTLINES[state], count: freshness.get(state) ?? 0 })),
  };
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The `meta` object of an export of `graph`, seen as the run's principal, exported at `exportedAt`. */
export function buildExportMeta(run: ExportRun, graph: ProvenanceGraph, palette: GraphPalette, exportedAt: Date): ExportMeta {
  return {
    version: EXPORT_META_VERSION,
    trace_id: run.traceId,
    query: textOf(run.request.query),
    mode: textOf(run.request.mode),
    principal: { id: graph.principal_id || run.principal.principal_id, name: run.principal.display_name ?? null },
    run_at: run.runAt,
    exported_at: exportedAt.toISOString(),
    graph_uri: graphUriWithoutCredentials(run.graphUri),
    legend: exportLegend(graph, palette),
  };
}

/** A file name for an export of this trace's view at `exportedAt`: letters, digits and dashes only, the time in UTC. */
export function exportFileName(traceId: string, exportedAt: Date, extension: 'png' | 'svg' | 'json'): string {
  const stamp = exportedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `provenance-${traceId.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 60)}-${stamp}.${extension}`;
}

/** The view as exported to JSON: its `meta` beside the nodes and edges. */
export function exportDocument(graph: ProvenanceGraph, meta: ExportMeta): { meta: ExportMeta } & ProvenanceGraph {
  return { meta, ...graph };
}

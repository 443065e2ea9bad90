// The nodes and edges read for one provenance view, and how they are drawn within a cap.
import type { GraphEdge, GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import type { AclProperties } from '../../shared/acl/compile-acl-to-predicate';
import { appendTo } from '../../shared/map-list';
import type { SchemaProfile } from '../../shared/schema-profile';
import { withoutHiddenSuccessor } from '../retrieval/freshness';
import { namedSuccessors } from '../retrieval/successor-visibility';
import {
  caption,
  displayLabel,
  domainKey,
  isVisible,
  kindOf,
  LAYER_OF,
  panelProperties,
  type NodeKind,
  type ViewContext,
} from './provenance-node';
import type { AccessPair, NodeView, RelView } from './provenance-queries';

/** A document's `superseded_by` as freshness reads it (trimmed), or null when it names none. */
function successorProperty(props: AclProperties, profile: SchemaProfile): string | null {
  const value = props[profile.properties.document.supersededBy];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Draw order: the items' own paths, then claims and evidence (with their chunks and documents), then entities and ADR neighbours. */
export const ITEM_PATH = 0;
export const EVIDENCE = 1;
export const BESIDE = 2;
const TIERS = [ITEM_PATH, EVIDENCE, BESIDE];

interface Entry {
  readonly view: NodeView;
  readonly kind: NodeKind;
  visible: boolean;
  tier: number;
  readonly order: number;
}

/** The nodes and edges read for a view, and how it draws them within a cap. */
export class ViewGraph {
  private readonly nodes = new Map<string, Entry>();
  private readonly edges = new Map<string, RelView>();
  /** The partial and drift flags of the supersession edges read, by element id. */
  private readonly supersessionFlags = new Map<string, { partial: boolean; drift: boolean }>();
  private readonly omitted = { nodes: 0, edges: 0 };

  constructor(private readonly context: ViewContext) {}

  /** Adds a node with the access context that decides it; seen twice, it stays hidden if either says so. */
  node(view: NodeView, access: readonly AccessPair[], tier: number): void {
    const existing = this.nodes.get(view.id);
    const kind = existing?.kind ?? kindOf(view.labels, this.context.profile);
    const visible = isVisible(this.context, view, kind, access);
    if (existing) {
      existing.visible &&= visible;
      existing.tier = Math.min(existing.tier, tier);
      return;
    }
    const pathPlace = this.pathPlace(view, kind);
    this.nodes.set(view.id, {
      view,
      kind,
      visible,
      tier: pathPlace === undefined ? tier : ITEM_PATH,
      order: pathPlace ?? this.nodes.size + this.context.itemPath.size,
    });
  }

  edge(rel: RelView | null): void {
    if (rel) this.edges.set(rel.id, rel);
  }

  /** Adds a supersession edge with its flags, so the view can tell a partial or drifted supersession from a full one. */
  supersession(rel: RelView, flags: { partial: boolean; drift: boolean }): void {
    this.edge(rel);
    this.supersessionFlags.set(rel.id, { partial: flags.partial, drift: flags.drift });
  }

  /** Counts what exists but was not read (past a query's limit). */
  omit(nodes: number, edges: number): void {
    this.omitted.nodes += Math.max(0, nodes);
    this.omitted.edges += Math.max(0, edges);
  }

  /**
   * The successor documents the view would name: the `superseded_by` of each document node the
   * principal may see (shown among its properties), and the successor each such ADR node's freshness
   * names (a stale mark's too).
   */
  namedSuccessors(): Set<string> {
    const { profile, freshnessOf } = this.context;
    const visibleDocuments = [...this.nodes.values()].filter((entry) => entry.visible && entry.kind === 'document');
    const named = namedSuccessors(
      visibleDocuments.flatMap((entry) =>
        freshnessOf && entry.view.labels.includes(profile.labels.adr) ? [freshnessOf(entry.view.props)] : [],
      ),
    );
    for (const entry of visibleDocuments) {
      const successor = successorProperty(entry.view.props, profile);
      if (successor !== null) named.add(successor);
    }
    // An incident entity names its report by id: shown, that id would tell a principal of a document it may not see.
    for (const entry of this.nodes.values()) {
      const report = entry.visible ? this.reportOf(entry) : null;
      if (report !== null) named.add(report);
    }
    return named;
  }

  /** The report an incident entity node names (`properties.incident.document`), or null. */
  private reportOf(entry: Entry): string | null {
    const { profile } = this.context;
    if (entry.kind !== 'entity' || !entry.view.labels.includes(profile.labels.incident)) return null;
    const report = entry.view.props[profile.properties.incident.document];
    return typeof report === 'string' ? report : null;
  }

  /** Element ids of the document nodes read so far. */
  documentIds(): string[] {
    return [...this.nodes.values()].filter((entry) => entry.kind === 'document').map((entry) => entry.view.id);
  }

  /**
   * Draws at most `maxElements` nodes and edges, tier by tier: the items' paths first, then outward
   * from what is drawn, so no node floats without the edge that explains it. Everything else, and
   * every edge with an end not drawn, is counted in `not_drawn`. No node names a successor of
   * `hiddenSuccessors` (those the principal may not see, successor-visibility.ts): not an ADR node's
   * freshness, nor a document's `superseded_by` among its properties.
   */
  draw(maxElements: number, hiddenSuccessors: ReadonlySet<string> = new Set()): ProvenanceGraph {
    const incident = new Map<string, RelView[]>();
    for (const rel of this.edges.values()) {
      // Grown in place: a document with 20,000 chunks around it had its edge list copied whole on each add.
      for (const end of new Set([rel.source, rel.target])) appendTo(incident, end, rel);
    }
    const drawnNodes = new Set<string>();
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    const drawnEdges = new Set<string>();
    let budget = maxElements;
    const sorted = [...this.nodes.values()].sort((a, b) => a.tier - b.tier || a.order - b.order);
    for (const tier of TIERS) {
      const candidates = sorted.filter((entry) => entry.tier === tier);
      for (let grew = true; grew && budget > 0;) {
        grew = false;
        for (const entry of candidates) {
          if (budget === 0) break;
          const id = entry.view.id;
          if (drawnNodes.has(id)) continue;
          const pending = (incident.get(id) ?? []).filter(
            (rel) => !drawnEdges.has(rel.id) && drawnNodes.has(rel.source === id ? rel.target : rel.source),
          );
          if (tier !== ITEM_PATH && pending.length === 0) continue;
          if (budget < (pending.length > 0 ? 2 : 1)) continue;
          drawnNodes.add(id);
          nodes.push(this.present(entry, hiddenSuccessors));
          budget -= 1;
          grew = true;
          for (const rel of pending.slice(0, budget)) {
            drawnEdges.add(rel.id);
            edges.push({ id: rel.id, source: rel.source, target: rel.target, type: rel.type, ...this.supersessionFlags.get(rel.id) });
            budget -= 1;
          }
        }
      }
    }
    return {
      nodes,
      edges,
      not_drawn: { nodes: this.nodes.size - nodes.length + this.omitted.nodes, edges: this.edges.size - edges.length + this.omitted.edges },
      principal_id: this.context.principal.principal_id,
    };
  }

  private pathPlace(view: NodeView, kind: NodeKind): number | undefined {
    const key = domainKey(view, kind, this.context.profile);
    return view.labels.map((label) => this.context.itemPath.get(`${label}|${key}`)).find((place) => place !== undefined);
  }

  /**
   * A visible node's properties for the panel, without a document's `superseded_by` that names a
   * hidden successor, or an incident's report id that names a document the principal may not see.
   */
  private panelOf(entry: Entry, hiddenSuccessors: ReadonlySet<string>): Record<string, unknown> {
    const { profile } = this.context;
    const properties = panelProperties(entry.view.props, profile, entry.kind);
    const successor = entry.kind === 'document' ? successorProperty(entry.view.props, profile) : null;
    if (successor !== null && hiddenSuccessors.has(successor)) delete properties[profile.properties.document.supersededBy];
    const report = this.reportOf(entry);
    if (report !== null && hiddenSuccessors.has(report)) delete properties[profile.properties.incident.document];
    return properties;
  }

  /** A hidden node leaves with no properties, a neutral caption and its element id as key: domain ids such as chunk ids name the document. */
  private present(entry: Entry, hiddenSuccessors: ReadonlySet<string>): GraphNode {
    const { profile, principal } = this.context;
    const { view, kind } = entry;
    const label = displayLabel(view.labels, kind, profile);
    const base = { id: view.id, label, layer: LAYER_OF[kind], on_item_path: this.pathPlace(view, kind) !== undefined };
    if (!entry.visible)
      return {
        ...base,
        key: view.id,
        caption: `${label} (not visible to ${principal.principal_id})`,
        visible_to_principal: false,
        properties: {},
      };
    const key = domainKey(view, kind, profile);
    // Only an ADR the principal may see carries its freshness: a hidden node tells nothing of itself.
    const found = view.labels.includes(profile.labels.adr) ? this.context.freshnessOf?.(view.props) : undefined;
    const freshness = found && withoutHiddenSuccessor(found, hiddenSuccessors);
    return {
      ...base,
      key,
      caption: caption(view, kind, key, profile),
      visible_to_principal: true,
      properties: this.panelOf(entry, hiddenSuccessors),
      ...(freshness ? { freshness } : {}),
    };
  }
}

import type { z } from 'zod';
import { compileAclToPredicate, type AclPredicate, type AclProperties } from '../../shared/acl/compile-acl-to-predicate';
import type { GraphEdge, GraphLayer, GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import type { ContextItem } from '../../shared/context-contract';
import { Deadline } from '../../shared/deadline';
import { LensError } from '../../shared/lens-error';
import type { Principal } from '../../shared/principal';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { RunRecord } from '../../shared/trace-record';
import type { AppServices } from '../services/app-services';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { HandlerInput } from '../api/api-dispatch';
import {
  ClaimRow,
  ItemChunkRow,
  NeighbourhoodRow,
  SupersessionRow,
  itemChunks,
  itemClaims,
  nodeNeighbourhood,
  supersessionLinks,
  type AccessPair,
  type NodeView,
  type RelView,
} from './provenance-queries';

/** One deadline for all the reads of one view. */
const VIEW_TIMEOUT_MS = 15_000;
/** Long property values are cut for the properties panel; the graph keeps the whole value. */
const MAX_PROPERTY_CHARS = 2_000;
const CAPTION_CHARS = 80;
/** Evidence and entities read per claim: more than a view can lay out legibly. */
const PER_CLAIM_LIMIT = 100;
/** Chunks read to decide a claim's visibility; a claim whose first chunks are all hidden stays hidden. */
const ACCESS_LIMIT = 50;

/** Draw order: the items' own paths, then claims and evidence (with their chunks and documents), then entities and ADR neighbours. */
const ITEM_PATH = 0;
const EVIDENCE = 1;
const BESIDE = 2;
const TIERS = [ITEM_PATH, EVIDENCE, BESIDE];

/** What a node is to the view; `directory` is a Principal or Group node, `unknown` a label the profile does not name. */
type NodeKind = 'claim' | 'evidence' | 'chunk' | 'document' | 'entity' | 'directory' | 'unknown';

const LAYER_OF: Record<NodeKind, GraphLayer> = { claim: 'claim', evidence: 'evidence', chunk: 'chunk', document: 'document', entity: 'entity', directory: 'other', unknown: 'other' };

/** Who the view is for and how their access is decided. */
interface ViewContext {
  readonly profile: SchemaProfile;
  readonly acl: AclPredicate;
  readonly principal: Principal;
  /** `label|domain id` of every node on a requested item's path, with its place in draw order. */
  readonly itemPath: ReadonlyMap<string, number>;
}

interface Entry {
  readonly view: NodeView;
  readonly kind: NodeKind;
  visible: boolean;
  tier: number;
  readonly order: number;
}

function kindOf(labels: readonly string[], profile: SchemaProfile): NodeKind {
  const L = profile.labels;
  const has = (label: string) => labels.includes(label);
  if (has(L.claim)) return 'claim';
  if (has(L.evidence)) return 'evidence';
  if (has(L.chunk)) return 'chunk';
  if (has(L.document) || has(L.adr)) return 'document';
  if ([L.service, L.api, L.repository, L.owner, L.incident].some(has)) return 'entity';
  if (has(L.principal) || has(L.group)) return 'directory';
  return 'unknown';
}

/** The label shown for a node: ADR over Document, the profile's entity label over any other. */
function displayLabel(labels: readonly string[], kind: NodeKind, profile: SchemaProfile): string {
  const L = profile.labels;
  const preferred: Record<NodeKind, readonly string[]> = {
    claim: [L.claim],
    evidence: [L.evidence],
    chunk: [L.chunk],
    document: [L.adr, L.document],
    entity: [L.service, L.api, L.repository, L.owner, L.incident],
    directory: [L.principal, L.group],
    unknown: [],
  };
  return preferred[kind].find((label) => labels.includes(label)) ?? labels[0] ?? 'Node';
}

function textOf(props: AclProperties, key: string): string | null {
  const value = props[key];
  return typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;
}

/** The domain id: document_id, chunk_id, claim_id, evidence_id, or `<label>_id` (service_id, api_id, …) for entities. */
function domainKey(view: NodeView, kind: NodeKind, profile: SchemaProfile): string {
  const P = profile.properties;
  const byKind: Partial<Record<NodeKind, string>> = { document: P.document.id, chunk: P.chunk.id, claim: P.claim.id, evidence: P.evidence.id };
  const named = byKind[kind];
  if (named) return textOf(view.props, named) ?? view.id;
  const label = displayLabel(view.labels, kind, profile).toLowerCase();
  const fallback = Object.keys(view.props).filter((key) => key.endsWith('_id')).sort()[0];
  return textOf(view.props, `${label}_id`) ?? (fallback ? textOf(view.props, fallback) : null) ?? view.id;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function caption(view: NodeView, kind: NodeKind, key: string, profile: SchemaProfile): string {
  const P = profile.properties;
  const props = view.props;
  switch (kind) {
    case 'document':
      return truncate(textOf(props, P.document.title) ?? key, CAPTION_CHARS);
    case 'chunk': {
      // heading_path is what the markdown loader writes; a graph without it gets the chunk id alone.
      const headings = props.heading_path;
      const heading = Array.isArray(headings) ? headings.at(-1) : headings;
      return typeof heading === 'string' && heading.length > 0 ? truncate(`${key} · ${heading}`, CAPTION_CHARS) : key;
    }
    case 'claim':
      return truncate(textOf(props, P.claim.text) ?? key, CAPTION_CHARS);
    case 'evidence': {
      const quote = textOf(props, P.evidence.quote);
      return quote ? `“${truncate(quote, CAPTION_CHARS - 2)}”` : key;
    }
    default:
      return truncate(['name', 'display_name', 'path', 'title'].map((name) => textOf(props, name)).find((value) => value !== null) ?? key, CAPTION_CHARS);
  }
}

function clipValue(value: unknown): unknown {
  if (typeof value === 'string') return truncate(value, MAX_PROPERTY_CHARS);
  if (Array.isArray(value)) return value.map(clipValue);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clipValue(item)]));
  return value;
}

/** Properties for the panel: no embedding, no nulls (the projections' placeholders), long text cut; temporals are already ISO strings. */
function panelProperties(props: AclProperties, profile: SchemaProfile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (key === profile.properties.chunk.embedding || value === null || value === undefined) continue;
    out[key] = clipValue(value);
  }
  return out;
}

/**
 * The access rule for one node: a document by the document rule, an entity (and a Principal or Group
 * node) by the entity rule, a chunk, evidence or claim through at least one visible chunk of `access`.
 * A label the profile does not name has no rule, so it is hidden (fail closed).
 */
function isVisible(context: ViewContext, view: NodeView, kind: NodeKind, access: readonly AccessPair[]): boolean {
  const { acl, principal } = context;
  switch (kind) {
    case 'document':
      return acl.document(view.props, principal).visible;
    case 'entity':
    case 'directory':
      return acl.entity(view.props, principal).visible;
    case 'chunk':
    case 'evidence':
    case 'claim':
      return access.some((pair) => acl.chunk(pair.chunk, pair.document ?? {}, principal).visible);
    case 'unknown':
      return false;
  }
}

/** The nodes and edges read for a view, and how it draws them within a cap. */
class ViewGraph {
  private readonly nodes = new Map<string, Entry>();
  private readonly edges = new Map<string, RelView>();
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
    this.nodes.set(view.id, { view, kind, visible, tier: pathPlace === undefined ? tier : ITEM_PATH, order: pathPlace ?? this.nodes.size + this.context.itemPath.size });
  }

  edge(rel: RelView | null): void {
    if (rel) this.edges.set(rel.id, rel);
  }

  /** Counts what exists but was not read (past a query's limit). */
  omit(nodes: number, edges: number): void {
    this.omitted.nodes += Math.max(0, nodes);
    this.omitted.edges += Math.max(0, edges);
  }

  /** Element ids of the document nodes read so far. */
  documentIds(): string[] {
    return [...this.nodes.values()].filter((entry) => entry.kind === 'document').map((entry) => entry.view.id);
  }

  /**
   * Draws at most `maxElements` nodes and edges, tier by tier: the items' paths first, then outward
   * from what is drawn, so no node floats without the edge that explains it. Everything else, and
   * every edge with an end not drawn, is counted in `not_drawn`.
   */
  draw(maxElements: number): ProvenanceGraph {
    const incident = new Map<string, RelView[]>();
    for (const rel of this.edges.values()) {
      for (const end of new Set([rel.source, rel.target])) incident.set(end, [...(incident.get(end) ?? []), rel]);
    }
    const drawnNodes = new Set<string>();
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    const drawnEdges = new Set<string>();
    let budget = maxElements;
    const sorted = [...this.nodes.values()].sort((a, b) => a.tier - b.tier || a.order - b.order);
    for (const tier of TIERS) {
      const candidates = sorted.filter((entry) => entry.tier === tier);
      for (let grew = true; grew && budget > 0; ) {
        grew = false;
        for (const entry of candidates) {
          if (budget === 0) break;
          const id = entry.view.id;
          if (drawnNodes.has(id)) continue;
          const pending = (incident.get(id) ?? []).filter((rel) => !drawnEdges.has(rel.id) && drawnNodes.has(rel.source === id ? rel.target : rel.source));
          if (tier !== ITEM_PATH && pending.length === 0) continue;
          if (budget < (pending.length > 0 ? 2 : 1)) continue;
          drawnNodes.add(id);
          nodes.push(this.present(entry));
          budget -= 1;
          grew = true;
          for (const rel of pending.slice(0, budget)) {
            drawnEdges.add(rel.id);
            edges.push({ id: rel.id, source: rel.source, target: rel.target, type: rel.type });
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

  /** A hidden node leaves with no properties, a neutral caption and its element id as key: domain ids such as chunk ids name the document. */
  private present(entry: Entry): GraphNode {
    const { profile, principal } = this.context;
    const { view, kind } = entry;
    const label = displayLabel(view.labels, kind, profile);
    const base = { id: view.id, label, layer: LAYER_OF[kind], on_item_path: this.pathPlace(view, kind) !== undefined };
    if (!entry.visible) return { ...base, key: view.id, caption: `${label} (not visible to ${principal.principal_id})`, visible_to_principal: false, properties: {} };
    const key = domainKey(view, kind, profile);
    return { ...base, key, caption: caption(view, kind, key, profile), visible_to_principal: true, properties: panelProperties(view.props, profile) };
  }
}

function loadRun(services: AppServices, traceId: string): RunRecord {
  const run = services.store.getRun(traceId);
  if (!run) throw new LensError('not_found', `There is no run with trace id ${traceId}.`, { hint: 'The Traces screen lists the runs that are kept.' });
  return run;
}

/** Every node on the items' paths (claim, evidence, chunks, document), in draw order. */
function itemPathOf(items: readonly ContextItem[], profile: SchemaProfile): Map<string, number> {
  const places = new Map<string, number>();
  const add = (label: string, id: string) => {
    const key = `${label}|${id}`;
    if (!places.has(key)) places.set(key, places.size);
  };
  for (const item of items) {
    for (const step of item.provenance_path) add(step.label, step.id);
    for (const chunkId of item.chunk_ids) add(profile.labels.chunk, chunkId);
    add(profile.labels.document, item.document_id);
  }
  return places;
}

function viewContext(services: AppServices, run: RunRecord, items: readonly ContextItem[]): ViewContext {
  const { profile, policy } = services.deps;
  return { profile, acl: compileAclToPredicate(policy), principal: run.principal, itemPath: itemPathOf(items, profile) };
}

/** Runs one of the view's queries and parses its rows; a truncated or malformed result is an error, never a partial view. */
async function readRows<T>(services: AppServices, query: BuiltInQuery, params: Record<string, unknown>, deadline: Deadline, schema: z.ZodType<T>): Promise<T[]> {
  const result = await services.gateway.read(query, params, { deadline, stage: query.name });
  if (result.truncated) throw new LensError('internal', `The ${query.name} query returned more than ${result.rowCap} rows, so the view would be incomplete.`);
  return result.rows.map((row) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new LensError('internal', `The ${query.name} query returned a row of an unexpected shape.`, { detail: parsed.error.message });
    return parsed.data;
  });
}

const unique = (values: readonly string[]) => [...new Set(values)];
const accessOf = (chunk: NodeView | null, document: NodeView | null): AccessPair[] => (chunk ? [{ chunk: chunk.props, document: document?.props ?? null }] : []);

function addClaim(graph: ViewGraph, row: ClaimRow): void {
  graph.node(row.claim, row.evidence.flatMap((entry) => accessOf(entry.chunk, entry.document)), EVIDENCE);
  for (const entry of row.evidence) {
    const access = accessOf(entry.chunk, entry.document);
    graph.node(entry.evidence, access, EVIDENCE);
    graph.edge(entry.supported_by);
    if (entry.chunk) graph.node(entry.chunk, access, EVIDENCE);
    graph.edge(entry.located_in);
    if (entry.document) graph.node(entry.document, [], EVIDENCE);
    graph.edge(entry.part_of);
  }
  for (const { rel, entity } of row.about) {
    graph.node(entity, [], BESIDE);
    graph.edge(rel);
  }
  // Evidence past the limit: the evidence node and its SUPPORTED_BY and LOCATED_IN edges at least.
  const evidenceLeft = row.evidence_total - row.evidence.length;
  graph.omit(evidenceLeft, 2 * evidenceLeft + row.about_total - row.about.length);
}

/**
 * The provenance paths of some items of a run, as the run's principal may see them: each item's
 * chunks and documents, the claims with evidence in those chunks (the item's own claim first) with
 * their evidence, chunks and documents, the entities those claims are about, and the ADRs that
 * supersede or are superseded by the documents. Nodes the principal may not see are kept as hidden
 * nodes without content, so the view shows where a path was cut.
 */
export async function buildProvenanceGraph(services: AppServices, input: HandlerInput<'graph.provenance'>): Promise<ProvenanceGraph> {
  const run = loadRun(services, input.trace_id);
  const items = input.item_indexes.map((index) => {
    const item = run.response.items[index];
    if (!item) {
      throw new LensError('invalid_input', `Item index ${index} is out of range: run ${run.trace_id} has ${run.response.items.length} items.`, { hint: 'Choose items from the run that is open.' });
    }
    return item;
  });
  const { profile } = services.deps;
  const graph = new ViewGraph(viewContext(services, run, items));
  const deadline = Deadline.after(VIEW_TIMEOUT_MS);
  const chunkIds = unique(items.flatMap((item) => [item.chunk_id, ...item.chunk_ids]));
  const claimIds = unique(items.flatMap((item) => (item.claim_id ? [item.claim_id] : [])));
  // Every element drawn past the items' paths needs an edge as well, so half the cap bounds what can be drawn.
  const limit = Math.ceil(input.max_elements / 2);

  for (const row of await readRows(services, itemChunks(profile), { chunk_ids: chunkIds }, deadline, ItemChunkRow)) {
    graph.node(row.chunk, accessOf(row.chunk, row.document), EVIDENCE);
    if (row.document) graph.node(row.document, [], EVIDENCE);
    graph.edge(row.part_of);
  }

  const claimRows = await readRows(services, itemClaims(profile), { chunk_ids: chunkIds, claim_ids: claimIds, claim_limit: limit, per_claim_limit: Math.min(limit, PER_CLAIM_LIMIT) }, deadline, ClaimRow);
  for (const row of claimRows) addClaim(graph, row);
  const first = claimRows[0];
  // Claims past the limit: the claim and its evidence nodes, their SUPPORTED_BY, LOCATED_IN and ABOUT edges.
  if (first) graph.omit(first.omitted_claims + first.omitted_evidence, 2 * first.omitted_evidence + first.omitted_about);

  const [supersession] = await readRows(services, supersessionLinks(profile), { document_ids: graph.documentIds(), fanout: limit }, deadline, SupersessionRow);
  if (supersession) {
    for (const { rel, start, end } of supersession.links) {
      graph.node(start, [], BESIDE);
      graph.node(end, [], BESIDE);
      graph.edge(rel);
    }
    graph.omit(0, supersession.total - supersession.links.length);
  }
  return graph.draw(input.max_elements);
}

/**
 * The neighbours of one node (by element id), at most `limit`, with the same access rules; how many
 * more exist is in `not_drawn`. A node the principal may not see is not expanded.
 */
export async function expandProvenanceNode(services: AppServices, input: HandlerInput<'graph.expand'>): Promise<ProvenanceGraph> {
  const run = loadRun(services, input.trace_id);
  const context = viewContext(services, run, run.response.items);
  const deadline = Deadline.after(VIEW_TIMEOUT_MS);
  const [row] = await readRows(services, nodeNeighbourhood(context.profile), { node_id: input.node_id, limit: input.limit, access_limit: ACCESS_LIMIT }, deadline, NeighbourhoodRow);
  if (!row) throw new LensError('not_found', `There is no node ${input.node_id} in the graph.`, { hint: 'The graph may have been reloaded since the view was drawn; open the provenance view again.' });
  if (!isVisible(context, row.node, kindOf(row.node.labels, context.profile), row.access)) {
    throw new LensError('refused', `${run.principal.principal_id} may not see this node, and expanding a node the principal may not see would show what they cannot.`, {
      hint: 'Expand a visible node instead, or run the query as a principal who may see it.',
    });
  }
  const graph = new ViewGraph(context);
  graph.node(row.node, row.access, ITEM_PATH);
  let edgesRead = 0;
  for (const neighbour of row.neighbours) {
    graph.node(neighbour.node, neighbour.access, EVIDENCE);
    for (const rel of neighbour.rels) graph.edge(rel);
    edgesRead += neighbour.rels.length;
  }
  graph.omit(row.total_nodes - row.neighbours.length, row.total_edges - edgesRead);
  return graph.draw(Number.MAX_SAFE_INTEGER);
}

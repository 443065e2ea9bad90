import { refuseRunOfOtherGraph } from '../graph/other-graph-run';
import type { z } from 'zod';
import type { AccessPolicy } from '../../shared/acl/access-policy';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import type { LensApi } from '../../shared/api/lens-api';
import type { ProvenanceGraph } from '../../shared/api/provenance-graph';
import type { ContextItem } from '../../shared/context-contract';
import { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { RunRecord } from '../../shared/trace-record';
import type { BuiltInQuery } from '../graph/built-in-query';
import type { GraphGateway } from '../graph/read-gateway';
import type { NodeProps } from '../retrieval/candidate';
import { assessFreshness } from '../retrieval/freshness';
import { freshnessFacts } from '../retrieval/output-stages';
import { hiddenAmong } from '../retrieval/successor-visibility';
import { documentKeys } from '../retrieval/chunk-keys';
import { runNotFound } from '../trace-store/store-errors';
import type { TraceStore } from '../trace-store/trace-store';
import { isVisible, kindOf, type ViewContext } from './provenance-node';
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
} from './provenance-queries';
import { BESIDE, EVIDENCE, ITEM_PATH, ViewGraph } from './view-graph';

/**
 * What the view reads: the run from the trace store, the graph through the read-only gateway, with
 * the schema profile and access policy of the app's services (which the API hands in).
 */
export interface ProvenanceServices {
  readonly gateway: GraphGateway;
  readonly store: Pick<TraceStore, 'getRun' | 'listStaleMarks'>;
  readonly deps: { readonly profile: SchemaProfile; readonly policy: AccessPolicy };
}

/** The inputs of the two operations, as the API's schemas parsed them (defaults filled). */
type ProvenanceInput = z.output<LensApi['graph.provenance']['input']>;
type ExpandInput = z.output<LensApi['graph.expand']['input']>;

/** One deadline for all the reads of one view. */
const VIEW_TIMEOUT_MS = 15_000;
/** Evidence and entities read per claim: more than a view can lay out legibly. */
const PER_CLAIM_LIMIT = 100;
/** Chunks read to decide a claim's visibility; a claim whose first chunks are all hidden stays hidden. */
const ACCESS_LIMIT = 50;

function loadRun(services: ProvenanceServices, traceId: string): RunRecord {
  const run = services.store.getRun(traceId);
  if (!run) throw runNotFound(traceId, 'screen');
  refuseRunOfOtherGraph(run, services.gateway.settings.uri, 'provenance');
  return run;
}

/** Every node on the items' paths (claim, evidence, chunks, document), in draw order. */
export function itemPathOf(items: readonly ContextItem[], profile: SchemaProfile): Map<string, number> {
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

/**
 * ADR nodes get the freshness a later run would give them now: the retrieval's rules with the marks in
 * force when the view is read (as the ADR listing's `documentFreshness` does).
 */
function viewContext(services: ProvenanceServices, run: RunRecord, items: readonly ContextItem[]): ViewContext {
  const { profile, policy } = services.deps;
  const staleMarks = services.store.listStaleMarks();
  const now = new Date();
  return {
    profile,
    acl: compileAclToPredicate(policy),
    principal: run.principal,
    itemPath: itemPathOf(items, profile),
    // The props come from the gateway's rows, which hold plain values only.
    freshnessOf: (props) => assessFreshness(freshnessFacts(props as NodeProps, profile), { staleMarks, now }),
  };
}

/** Runs one of the view's queries and parses its rows; a truncated or malformed result is an error, never a partial view. */
async function readRows<T>(
  services: Pick<ProvenanceServices, 'gateway'>,
  query: BuiltInQuery,
  params: Record<string, unknown>,
  deadline: Deadline,
  schema: z.ZodType<T>,
): Promise<T[]> {
  const result = await services.gateway.read(query, params, { deadline, stage: query.name });
  if (result.truncated) throw codedError('internal', retrievalError('view_row_cap', { query: query.name, cap: result.rowCap }));
  return result.rows.map((row) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success)
      throw codedError('internal', retrievalError('view_row_shape', { query: query.name }), { detail: parsed.error.message });
    return parsed.data;
  });
}

const unique = (values: readonly string[]) => [...new Set(values)];
const accessOf = (chunk: NodeView | null, document: NodeView | null): AccessPair[] =>
  chunk ? [{ chunk: chunk.props, document: document?.props ?? null }] : [];

function addClaim(graph: ViewGraph, row: ClaimRow): void {
  graph.node(
    row.claim,
    row.evidence.flatMap((entry) => accessOf(entry.chunk, entry.document)),
    EVIDENCE,
  );
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
export async function buildProvenanceGraph(services: ProvenanceServices, input: ProvenanceInput): Promise<ProvenanceGraph> {
  const run = loadRun(services, input.trace_id);
  const items = input.item_indexes.map((index) => {
    const item = run.response.items[index];
    if (!item) {
      throw codedError(
        'invalid_input',
        retrievalError('item_index_out_of_range', { index, trace: run.trace_id, count: run.response.items.length }),
        { hint: retrievalError('item_index_out_of_range_hint') },
      );
    }
    return item;
  });
  const context = viewContext(services, run, items);
  const graph = new ViewGraph(context);
  const deadline = Deadline.after(VIEW_TIMEOUT_MS);
  await readItemPaths(services, graph, items, input.max_elements, deadline);
  return graph.draw(input.max_elements, await hiddenSuccessorsOf(services, graph, context, deadline));
}

/**
 * The successors the view would name (ADR nodes' freshness, documents' `superseded_by`) that the run's
 * principal may not see (or the graph does not hold), read once and judged as a run judges its items'
 * (successor-visibility.ts): the view is drawn as that principal may see it, so it names none of them.
 */
function hiddenSuccessorsOf(
  services: Pick<ProvenanceServices, 'gateway' | 'deps'>,
  graph: ViewGraph,
  context: ViewContext,
  deadline: Deadline,
): Promise<ReadonlySet<string>> {
  return hiddenAmong(
    graph.namedSuccessors(),
    services.deps.profile,
    documentKeys(services.deps.profile, services.deps.policy),
    (query, params) => services.gateway.read(query, params, { deadline, stage: query.name }),
    (document) => context.acl.document(document, context.principal).visible,
  );
}

/**
 * Reads into `graph` what the view draws for `items` (see buildProvenanceGraph), enough for a view of
 * `maxElements`, under `deadline`. The Compare screen's graph reads the paths of two runs' items this way.
 */
export async function readItemPaths(
  services: Pick<ProvenanceServices, 'gateway' | 'deps'>,
  graph: ViewGraph,
  items: readonly ContextItem[],
  maxElements: number,
  deadline: Deadline,
): Promise<void> {
  const { profile } = services.deps;
  const chunkIds = unique(items.flatMap((item) => [item.chunk_id, ...item.chunk_ids]));
  const claimIds = unique(items.flatMap((item) => (item.claim_id ? [item.claim_id] : [])));
  // Every element drawn past the items' paths needs an edge as well, so half the cap bounds what can be drawn.
  const limit = Math.ceil(maxElements / 2);

  for (const row of await readRows(services, itemChunks(profile), { chunk_ids: chunkIds }, deadline, ItemChunkRow)) {
    graph.node(row.chunk, accessOf(row.chunk, row.document), EVIDENCE);
    if (row.document) graph.node(row.document, [], EVIDENCE);
    graph.edge(row.part_of);
  }

  const claimRows = await readRows(
    services,
    itemClaims(profile),
    { chunk_ids: chunkIds, claim_ids: claimIds, claim_limit: limit, per_claim_limit: Math.min(limit, PER_CLAIM_LIMIT) },
    deadline,
    ClaimRow,
  );
  for (const row of claimRows) addClaim(graph, row);
  const first = claimRows[0];
  // Claims past the limit: the claim and its evidence nodes, their SUPPORTED_BY, LOCATED_IN and ABOUT edges.
  if (first) graph.omit(first.omitted_claims + first.omitted_evidence, 2 * first.omitted_evidence + first.omitted_about);

  const [supersession] = await readRows(
    services,
    supersessionLinks(profile),
    { document_ids: graph.documentIds(), fanout: limit },
    deadline,
    SupersessionRow,
  );
  if (supersession) {
    for (const { rel, start, end, partial, drift } of supersession.links) {
      graph.node(start, [], BESIDE);
      graph.node(end, [], BESIDE);
      graph.supersession(rel, { partial, drift });
    }
    graph.omit(0, supersession.total - supersession.links.length);
  }
}

/**
 * The neighbours of one node (by element id), at most `limit`, with the same access rules; how many
 * more exist is in `not_drawn`. A node the principal may not see is not expanded.
 */
export async function expandProvenanceNode(services: ProvenanceServices, input: ExpandInput): Promise<ProvenanceGraph> {
  const run = loadRun(services, input.trace_id);
  const context = viewContext(services, run, run.response.items);
  const deadline = Deadline.after(VIEW_TIMEOUT_MS);
  const [row] = await readRows(
    services,
    nodeNeighbourhood(context.profile),
    { node_id: input.node_id, limit: input.limit, access_limit: ACCESS_LIMIT },
    deadline,
    NeighbourhoodRow,
  );
  if (!row)
    throw codedError('not_found', retrievalError('no_such_node', { node: input.node_id }), { hint: retrievalError('no_such_node_hint') });
  if (!isVisible(context, row.node, kindOf(row.node.labels, context.profile), row.access)) {
    throw codedError('refused', retrievalError('node_not_visible', { principal: run.principal.principal_id }), {
      hint: retrievalError('node_not_visible_hint'),
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
  return graph.draw(Number.MAX_SAFE_INTEGER, await hiddenSuccessorsOf(services, graph, context, deadline));
}

import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoadPlan, LoadedDocument, PrincipalRecord } from '../../electron/corpus/corpus-model';
import type { AppServices } from '../../electron/services/app-services';
import { buildProvenanceGraph, expandProvenanceNode } from '../../electron/provenance/provenance-graph-builder';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import type { GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import type { ContextItem } from '../../shared/context-contract';
import type { RunRecord } from '../../shared/trace-record';
import { fixtureDriver } from '../support/demo-graph';
import { referenceChunkVisible } from '../support/reference-acl';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const PRINCIPAL = 'u-sora';

/** The chunk behind a node id, read with a fixture driver (independently of the code under test). */
interface ChunkFact {
  readonly chunk_id: string;
  readonly text: string;
  readonly document_id: string;
}

async function chunkFacts(elementIds: string[]): Promise<Map<string, ChunkFact>> {
  const driver = fixtureDriver(server);
  try {
    const result = await driver.executeQuery(
      'UNWIND $ids AS id MATCH (c:Chunk)-[:PART_OF]->(d:Document) WHERE elementId(c) = id RETURN id, c.chunk_id AS chunk_id, c.text AS text, d.document_id AS document_id',
      { ids: elementIds },
    );
    return new Map(
      result.records.map((r) => [
        r.get('id') as string,
        { chunk_id: r.get('chunk_id'), text: r.get('text'), document_id: r.get('document_id') },
      ]),
    );
  } finally {
    await driver.close();
  }
}

async function documentElementId(documentId: string): Promise<string> {
  const driver = fixtureDriver(server);
  try {
    const result = await driver.executeQuery('MATCH (d:Document {document_id: $id}) RETURN elementId(d) AS id', { id: documentId });
    return result.records[0]?.get('id') as string;
  } finally {
    await driver.close();
  }
}

function expectEdgesJoinDrawnNodes(graph: ProvenanceGraph): void {
  const ids = new Set(graph.nodes.map((node) => node.id));
  for (const edge of graph.edges) {
    expect(ids.has(edge.source) && ids.has(edge.target), `${edge.type} ${edge.source} → ${edge.target}`).toBe(true);
  }
}

describe('provenance graph of a recorded run', () => {
  const deps = useDemoRetrievalDeps(server);
  let services: AppServices;
  let run: RunRecord;
  let plan: LoadPlan;
  let sora: PrincipalRecord;
  let documents: Map<string, LoadedDocument>;
  let allItems: number[];
  let wholeGraph: ProvenanceGraph;

  const isPrivateOrHr = (doc: LoadedDocument) =>
    doc.acl.visibility === 'private' || (doc.acl.allowed_groups.includes('g-hr') && doc.acl.visibility !== 'public');

  beforeAll(async () => {
    services = { gateway: deps().gateway, store: deps().store, deps: deps(), close: async () => undefined };
    plan = buildLoadPlan();
    sora = plan.principals.find((p) => p.principal_id === PRINCIPAL) as PrincipalRecord;
    documents = new Map(plan.documents.map((doc) => [doc.document_id, doc]));
    const { run: record } = await ask(deps(), { query: 'payments database failover', principal: PRINCIPAL, mode: 'graph', top_k: 10 });
    run = deps().store.recordRun(record);
    allItems = run.response.items.map((_, index) => index);
    wholeGraph = await buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: allItems, max_elements: 5000 });
  });

  it('draws a claim item with its chunk and document on the item path, its claims and evidence, and edges only between drawn nodes', async () => {
    expect(run.response.outcome).toBe('ok');
    const index = run.response.items.findIndex((item) => item.claim_id !== undefined);
    expect(index, 'a graph-mode run on payments returns claim items').toBeGreaterThanOrEqual(0);
    const item = run.response.items[index] as ContextItem;
    const graph = await buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: [index], max_elements: 300 });

    const find = (layer: GraphNode['layer'], key: string) => graph.nodes.find((node) => node.layer === layer && node.key === key);
    for (const [layer, key] of [
      ['chunk', item.chunk_id],
      ['document', item.document_id],
      ['claim', item.claim_id as string],
    ] as const) {
      expect(find(layer, key), `${layer} ${key}`).toMatchObject({ on_item_path: true, visible_to_principal: true });
    }
    const claimsOnChunk = plan.claims.filter((claim) => claim.evidence.some((ev) => item.chunk_ids.includes(ev.chunk_id)));
    expect(claimsOnChunk.length).toBeGreaterThan(0);
    for (const claim of claimsOnChunk) expect(find('claim', claim.claim_id), claim.claim_id).toBeDefined();
    expect(graph.nodes.filter((node) => node.layer === 'evidence').length).toBeGreaterThanOrEqual(claimsOnChunk.length);
    expect(graph.edges.some((edge) => edge.type === 'PART_OF')).toBe(true);
    expect(graph.edges.some((edge) => edge.type === 'SUPPORTED_BY')).toBe(true);
    expectEdgesJoinDrawnNodes(graph);
    expect(graph.not_drawn).toEqual({ nodes: 0, edges: 0 });
    expect(graph.principal_id).toBe(PRINCIPAL);
  });

  it('sends no embedding and no property value longer than the cut', () => {
    expect(wholeGraph.nodes.length).toBeGreaterThan(0);
    for (const node of wholeGraph.nodes) {
      expect(Object.keys(node.properties)).not.toContain('embedding');
      for (const value of Object.values(node.properties)) if (typeof value === 'string') expect(value.length).toBeLessThanOrEqual(2_000);
    }
    expect(JSON.stringify(wholeGraph)).not.toContain('"embedding"');
  });

  it("shows a private or HR evidence chunk of a visible claim as a hidden node, without any of that chunk's text", async () => {
    const hidden = wholeGraph.nodes.filter((node) => node.layer === 'chunk' && !node.visible_to_principal);
    const facts = await chunkFacts(hidden.map((node) => node.id));
    const cut = hidden.filter((node) => isPrivateOrHr(documents.get(facts.get(node.id)?.document_id ?? '') as LoadedDocument));
    expect(cut.length, 'a claim in the run has evidence in a private or HR document').toBeGreaterThan(0);

    const serialized = JSON.stringify(wholeGraph);
    for (const node of hidden) {
      const fact = facts.get(node.id) as ChunkFact;
      expect(node).toMatchObject({ properties: {}, caption: `Chunk (not visible to ${PRINCIPAL})`, key: node.id });
      expect(serialized).not.toContain(fact.text);
      expect(serialized).not.toContain(fact.text.slice(0, 40));
      expect(serialized, 'a hidden chunk id names its document').not.toContain(fact.chunk_id);
      const doc = documents.get(fact.document_id) as LoadedDocument;
      const partition = doc.chunks.find((chunk) => chunk.chunk_id === fact.chunk_id)?.acl_partition ?? null;
      expect(referenceChunkVisible(doc.acl, partition, sora), fact.chunk_id).toBe(false);
    }
    for (const node of wholeGraph.nodes.filter((n) => !n.visible_to_principal)) expect(node.properties).toEqual({});

    // The path to the cut: a visible claim → hidden evidence → the hidden chunk.
    const byId = new Map(wholeGraph.nodes.map((node) => [node.id, node]));
    const target = cut[0] as GraphNode;
    const evidence = wholeGraph.edges
      .filter((edge) => edge.type === 'LOCATED_IN' && edge.target === target.id)
      .map((edge) => byId.get(edge.source));
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.every((node) => node?.visible_to_principal === false)).toBe(true);
    const claims = wholeGraph.edges
      .filter((edge) => edge.type === 'SUPPORTED_BY' && evidence.some((node) => node?.id === edge.target))
      .map((edge) => byId.get(edge.source));
    expect(claims.some((node) => node?.visible_to_principal === true)).toBe(true);
    expectEdgesJoinDrawnNodes(wholeGraph);
  });

  it('returns at most max_elements nodes and edges and counts the rest in not_drawn', async () => {
    const graph = await buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: allItems, max_elements: 10 });
    expect(graph.nodes.length + graph.edges.length).toBeLessThanOrEqual(10);
    expect(graph.not_drawn.nodes + graph.not_drawn.edges).toBeGreaterThan(0);
    expect(graph.nodes.length + graph.not_drawn.nodes).toBe(wholeGraph.nodes.length + wholeGraph.not_drawn.nodes);
    expect(graph.edges.length + graph.not_drawn.edges).toBe(wholeGraph.edges.length + wholeGraph.not_drawn.edges);
    expect(graph.nodes[0]?.on_item_path).toBe(true);
    expectEdgesJoinDrawnNodes(graph);
  });

  it("expands a visible document to its chunks with each chunk's visibility, and counts the neighbours past the limit", async () => {
    const item = run.response.items[0] as ContextItem;
    const doc = documents.get(item.document_id) as LoadedDocument;
    expect(doc.chunks.length).toBeGreaterThan(2);
    const node = wholeGraph.nodes.find((n) => n.layer === 'document' && n.key === item.document_id) as GraphNode;

    const all = await expandProvenanceNode(services, { trace_id: run.trace_id, node_id: node.id, limit: 200 });
    const chunks = all.nodes.filter((n) => n.layer === 'chunk');
    expect(chunks.length).toBe(doc.chunks.length);
    expect(all.not_drawn).toEqual({ nodes: 0, edges: 0 });
    const facts = await chunkFacts(chunks.map((n) => n.id));
    for (const chunk of chunks) {
      const fact = facts.get(chunk.id) as ChunkFact;
      const partition = doc.chunks.find((c) => c.chunk_id === fact.chunk_id)?.acl_partition ?? null;
      expect(chunk.visible_to_principal, fact.chunk_id).toBe(referenceChunkVisible(doc.acl, partition, sora));
    }
    expectEdgesJoinDrawnNodes(all);

    const few = await expandProvenanceNode(services, { trace_id: run.trace_id, node_id: node.id, limit: 2 });
    expect(few.nodes.filter((n) => n.id !== node.id)).toHaveLength(2);
    expect(few.not_drawn.nodes).toBe(all.nodes.length - 3);
    expect(few.not_drawn.edges).toBe(all.edges.length - few.edges.length);
    expectEdgesJoinDrawnNodes(few);
  });

  it('expands a document the principal sees into chunks they may not see, as hidden nodes', async () => {
    // design-key-management: shared with all engineering, but every chunk is in the security partition.
    const doc = documents.get('design-key-management') as LoadedDocument;
    const graph = await expandProvenanceNode(services, {
      trace_id: run.trace_id,
      node_id: await documentElementId(doc.document_id),
      limit: 25,
    });
    const chunks = graph.nodes.filter((n) => n.layer === 'chunk');
    expect(chunks).toHaveLength(doc.chunks.length);
    for (const chunk of chunks) expect(chunk).toMatchObject({ visible_to_principal: false, properties: {} });
    expect(graph.nodes.find((n) => n.layer === 'document')).toMatchObject({ visible_to_principal: true, key: doc.document_id });
    for (const chunk of doc.chunks) expect(JSON.stringify(graph)).not.toContain(chunk.text.slice(0, 40));
  });

  it('refuses to expand a node the principal may not see', async () => {
    const hidden = wholeGraph.nodes.find((node) => !node.visible_to_principal) as GraphNode;
    expect(hidden).toBeDefined();
    await expect(expandProvenanceNode(services, { trace_id: run.trace_id, node_id: hidden.id, limit: 25 })).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('would show what they cannot'),
    });
  });

  it('answers not_found for an unknown trace id and an unknown node', async () => {
    await expect(
      buildProvenanceGraph(services, { trace_id: 'tr-no-such-run', item_indexes: [0], max_elements: 300 }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(expandProvenanceNode(services, { trace_id: 'tr-no-such-run', node_id: 'x', limit: 25 })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(expandProvenanceNode(services, { trace_id: run.trace_id, node_id: '4:no-such-node:0', limit: 25 })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('answers invalid_input naming an item index out of range', async () => {
    const bad = run.response.items.length;
    await expect(
      buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: [0, bad], max_elements: 300 }),
    ).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringContaining(`Item index ${bad}`),
    });
  });
});

describe('provenance graph: an incident entity beside a claim the guest may see names no report it may not', () => {
  const deps = useDemoRetrievalDeps(server);

  it('draws inc-2026-0611 (its report is all-engineering) for u-guest without the report id, and keeps it for u-sora', async () => {
    // A claim about the pentest incident cites the public webhooks API guide, so its ABOUT entity is drawn for the guest.
    const services: AppServices = { gateway: deps().gateway, store: deps().store, deps: deps(), close: async () => undefined };
    const REPORT = 'incident-2026-0611-pentest-webhook-secrets';
    const incidentOf = async (principal: string) => {
      const { run: record } = await ask(deps(), {
        query: 'webhook signing secret signature verification',
        principal,
        mode: 'fulltext',
        top_k: 50,
        options: { min_similarity: 0, min_matched_terms: 0 },
      });
      const run = deps().store.recordRun(record);
      const items = run.response.items.flatMap((item, index) => (item.document_id === 'api-webhooks' ? [index] : []));
      expect(items.length, `${principal} gets the webhooks guide`).toBeGreaterThan(0);
      const graph = await buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: items, max_elements: 5000 });
      return { graph, incident: graph.nodes.find((node) => node.properties?.incident_id === 'inc-2026-0611') };
    };
    const guest = await incidentOf('u-guest');
    expect(guest.incident, 'the incident is drawn beside the claim').toBeDefined();
    expect(guest.incident?.properties?.document_id).toBeUndefined();
    expect(JSON.stringify(guest.graph)).not.toContain(REPORT);
    const sora = await incidentOf('u-sora');
    expect(sora.incident?.properties?.document_id).toBe(REPORT);
  }, 120_000);
});

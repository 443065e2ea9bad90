import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../../shared/acl/access-policy';
import { compileAclToExplainer } from '../../../shared/acl/explain-access';
import type { GraphNode, ProvenanceGraph } from '../../../shared/api/provenance-graph';
import type { ComparisonRun } from '../../../shared/compare/comparison';
import type { ContextItem } from '../../../shared/context-contract';
import type { Principal } from '../../../shared/principal';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { classifyCompareGraph, nodesToJudge } from '../../../electron/compare/compare-graph-classes';
import type { GraphScope } from '../../../electron/compare/graph-scope';
import { buildRunRecord } from '../../support/run-record-factory';

// A small graph as the scope queries read it: an HR document (group g-hr, partition hr), a public
// document, and a private document of someone else, each with one chunk; claims and evidence through
// the chunks. Judged with the default policy's explainer, as the leak check judges.
const principal = (id: string, groups: string[], partitions: string[]): Principal => ({
  principal_id: id,
  workspace_id: 'ws',
  groups,
  acl_partitions: partitions,
  source: 'local',
});
const HR = principal('u-hr', ['g-hr'], ['hr']);
const GUEST = principal('u-guest', [], []);

const DOCUMENTS: Record<string, Record<string, unknown>> = {
  'doc-hr': {
    document_id: 'doc-hr',
    workspace_id: 'ws',
    visibility: 'restricted',
    owner_id: 'u-x',
    allowed_groups: ['g-hr'],
    title: 'Pay',
  },
  'doc-pub': { document_id: 'doc-pub', workspace_id: 'ws', visibility: 'public', owner_id: 'u-x', allowed_groups: [], title: 'Handbook' },
  'doc-secret': { document_id: 'doc-secret', workspace_id: 'ws', visibility: 'private', owner_id: 'u-z', allowed_groups: [], title: 'Z' },
};
const CHUNKS: Record<string, { chunk: Record<string, unknown>; document: string }> = {
  'c-hr': { chunk: { chunk_id: 'c-hr', acl_partition: 'hr' }, document: 'doc-hr' },
  'c-pub': { chunk: { chunk_id: 'c-pub', acl_partition: null }, document: 'doc-pub' },
  'c-secret': { chunk: { chunk_id: 'c-secret', acl_partition: null }, document: 'doc-secret' },
};
/** Claims and evidence by id, with the chunk they are visible through. */
const VIA: Record<string, string> = { 'cl-hr': 'c-hr', 'ev-hr': 'c-hr', 'cl-pub': 'c-pub', 'ev-pub': 'c-pub' };

function via(id: string) {
  const chunkId = VIA[id];
  if (!chunkId) return { id, found: false, via: [] };
  const entry = CHUNKS[chunkId];
  return { id, found: true, via: [{ chunk_id: chunkId, chunk: entry?.chunk ?? {}, document: DOCUMENTS[entry?.document ?? ''] ?? null }] };
}

const SCOPE: GraphScope = {
  chunk: (id) => {
    const entry = CHUNKS[id];
    return entry ? { id, chunk: entry.chunk, documents: [DOCUMENTS[entry.document] ?? {}] } : { id, chunk: null, documents: [] };
  },
  document: (id) => ({ id, documents: DOCUMENTS[id] ? [DOCUMENTS[id]] : [] }),
  claim: via,
  evidence: via,
  entity: (label, id) => ({ label, id, entities: [] }),
  size: 0,
};

/** An item on chunk `chunk` of `document`, with claim and evidence `<suffix>` on its path. */
function item(suffix: string, chunk: string, document: string, extraPath: { label: string; id: string }[] = []): ContextItem {
  const base = buildRunRecord({ itemCount: 1 }).response.items[0] as ContextItem;
  return {
    ...base,
    claim_id: `cl-${suffix}`,
    document_id: document,
    chunk_id: chunk,
    chunk_ids: [chunk],
    provenance_path: [
      ...extraPath,
      { label: 'Claim', id: `cl-${suffix}` },
      { label: 'Evidence', id: `ev-${suffix}` },
      { label: 'Chunk', id: chunk },
      { label: 'Document', id: document },
    ],
  };
}

function run(who: Principal, items: ContextItem[]): ComparisonRun {
  return { trace_id: `tr-${who.principal_id}`, principal: who, query: 'pay', mode: 'hybrid', outcome: 'ok', items };
}

const LAYERS: Record<string, GraphNode['layer']> = { Document: 'document', Chunk: 'chunk', Claim: 'claim', Evidence: 'evidence' };
/** Element ids say nothing of the node, as Neo4j's do. */
let elementIds = 0;
function node(label: string, key: string): GraphNode {
  elementIds += 1;
  return {
    id: `4:e0b3:${elementIds}`,
    label,
    key,
    caption: `${label} ${key} caption`,
    layer: LAYERS[label] ?? 'other',
    visible_to_principal: true,
    on_item_path: true,
    properties: { secret_text: `content of ${key}` },
  };
}

/** The view as read with nothing hidden: every node of the small graph. */
const VIEW: ProvenanceGraph = {
  nodes: [
    node('Document', 'doc-hr'),
    node('Document', 'doc-pub'),
    node('Document', 'doc-secret'),
    node('Chunk', 'c-hr'),
    node('Chunk', 'c-pub'),
    node('Chunk', 'c-secret'),
    node('Claim', 'cl-hr'),
    node('Evidence', 'ev-hr'),
    node('Claim', 'cl-pub'),
    node('Evidence', 'ev-pub'),
  ],
  edges: [],
  not_drawn: { nodes: 0, edges: 0 },
  principal_id: 'u-hr',
};

const judge = (a: ComparisonRun, b: ComparisonRun) => ({
  scope: SCOPE,
  explainer: compileAclToExplainer(DEFAULT_ACCESS_POLICY),
  profile: DEFAULT_SCHEMA_PROFILE,
  a,
  b,
});
const byKey = (graph: ProvenanceGraph) => new Map(graph.nodes.map((entry) => [entry.key, entry]));

describe('the classes of a comparison graph, judged with the access policy explainer', () => {
  const hrItem = item('hr', 'c-hr', 'doc-hr');
  const pubItem = item('pub', 'c-pub', 'doc-pub');

  it('HR nodes are A-only, public ones both, with whose run drew on each', () => {
    const { graph, leaks_not_drawn } = classifyCompareGraph(VIEW, judge(run(HR, [hrItem]), run(GUEST, [pubItem])));
    const nodes = byKey(graph);
    for (const key of ['doc-hr', 'c-hr', 'cl-hr', 'ev-hr']) expect(nodes.get(key)).toMatchObject({ visible_to: 'a', returned_to: 'a' });
    for (const key of ['doc-pub', 'c-pub', 'cl-pub', 'ev-pub'])
      expect(nodes.get(key)).toMatchObject({ visible_to: 'both', returned_to: 'b' });
    expect(leaks_not_drawn).toBe(0);
    expect(graph.principal_id).toBe('u-hr vs u-guest');
  });

  it('a node neither may see and neither run drew on is classed neither and leaves without content', () => {
    const { graph } = classifyCompareGraph(VIEW, judge(run(HR, [hrItem]), run(GUEST, [pubItem])));
    const elementId = (key: string) => VIEW.nodes.find((entry) => entry.key === key)?.id;
    const hidden = graph.nodes.find((entry) => entry.id === elementId('doc-secret'));
    expect(hidden).toMatchObject({ visible_to: 'neither', visible_to_principal: false, properties: {}, key: elementId('doc-secret') });
    expect(hidden).not.toHaveProperty('returned_to');
    expect(JSON.stringify(graph.nodes.filter((entry) => entry.visible_to === 'neither'))).not.toContain('doc-secret');
    // The secret chunk's id names its document: it is gone too.
    expect(graph.nodes.find((entry) => entry.id === elementId('c-secret'))).toMatchObject({
      visible_to: 'neither',
      key: elementId('c-secret'),
    });
  });

  it('with the order of the principals swapped, the HR nodes are B-only', () => {
    const { graph } = classifyCompareGraph(VIEW, judge(run(GUEST, [pubItem]), run(HR, [hrItem])));
    expect(byKey(graph).get('doc-hr')).toMatchObject({ visible_to: 'b', returned_to: 'b' });
  });

  it('an HR item returned to the guest makes each node of its path a node returned to B that B may not see', () => {
    const { graph, leaks_not_drawn } = classifyCompareGraph(VIEW, judge(run(HR, [hrItem]), run(GUEST, [hrItem, pubItem])));
    const nodes = byKey(graph);
    for (const key of ['doc-hr', 'c-hr', 'cl-hr', 'ev-hr']) expect(nodes.get(key)).toMatchObject({ visible_to: 'a', returned_to: 'both' });
    expect(leaks_not_drawn).toBe(0);
  });

  it('a leaking node the view does not hold (not in the graph) is counted as a leak not drawn', () => {
    const forged = item('hr', 'c-hr', 'doc-hr', [{ label: 'Service', id: 'svc-missing' }]);
    const a = run(HR, [hrItem]);
    const b = run(GUEST, [forged]);
    const { leaks_not_drawn } = classifyCompareGraph(VIEW, judge(a, b));
    // B may see none of c-hr, doc-hr, cl-hr, ev-hr (all drawn) nor the missing service (not drawn).
    expect(leaks_not_drawn).toBe(1);
    expect(nodesToJudge(VIEW, a, b, DEFAULT_SCHEMA_PROFILE)).toContainEqual({ label: 'Service', id: 'svc-missing' });
  });

  it('an ADR node of the view is the Document a path names', () => {
    const view = { ...VIEW, nodes: VIEW.nodes.map((entry) => (entry.key === 'doc-hr' ? { ...entry, label: 'ADR' } : entry)) };
    const { graph } = classifyCompareGraph(view, judge(run(HR, [hrItem]), run(GUEST, [pubItem])));
    expect(byKey(graph).get('doc-hr')).toMatchObject({ label: 'ADR', visible_to: 'a', returned_to: 'a' });
  });
});

import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildProvenanceGraph, expandProvenanceNode } from '../../electron/provenance/provenance-graph-builder';
import type { AppServices } from '../../electron/services/app-services';
import type { GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import type { RunRecord } from '../../shared/trace-record';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/** ADR-005 (repmgr) is superseded by ADR-010 (Patroni); ADR-006 is partly superseded by ADR-012. */
const PATRONI = 'adr-010-postgres-ha-patroni';
const REPMGR = 'adr-005-postgres-ha-repmgr';
/** A document only the People team (g-hr) may see. */
const HR_ONLY = 'policy-hr-salary-adjustment';

describe('ADR nodes of the provenance graph carry their freshness, and supersession edges their flags', () => {
  const deps = useDemoRetrievalDeps(server);
  let services: AppServices;
  let run: RunRecord;
  let patroniIndex: number;
  let firstView: ProvenanceGraph | null = null;
  const view = (): Promise<ProvenanceGraph> =>
    buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: [patroniIndex], max_elements: 300 });
  const adrNode = (graph: ProvenanceGraph, documentId: string): GraphNode | undefined =>
    graph.nodes.find((node) => node.layer === 'document' && node.key === documentId);
  const markPatroni = (reason: string, successor: string | null) =>
    deps().store.markStale({
      document_id: PATRONI,
      reason,
      successor_document_id: successor,
      marked_by: 'u-analyst',
      marked_at: new Date().toISOString(),
    });
  const unmarkPatroni = (reason: string) =>
    deps().store.unmarkStale({ document_id: PATRONI, reason, recorded_by: 'u-analyst', recorded_at: new Date().toISOString() });

  beforeAll(async () => {
    services = { gateway: deps().gateway, store: deps().store, deps: deps(), close: async () => undefined };
    const { run: record } = await ask(deps(), {
      query: 'Use Patroni for automatic failover of the payments database',
      principal: 'u-minjun',
      mode: 'hybrid',
      top_k: 20,
      // A loaded machine can be slow; a timeout here would be a run without the ADR, not what is tested.
      timeout_ms: 120_000,
    });
    run = deps().store.recordRun(record);
    patroniIndex = run.response.items.findIndex((item) => item.document_id === PATRONI);
    // Drawn here, as the other provenance tests do, so the first (cold) read's planning is not in a test's time.
    if (patroniIndex >= 0) firstView = await view();
  });

  it('gives the superseded ADR stale with its successor, the successor current, and draws the edge between them as a full supersession', async () => {
    expect(patroniIndex, `the Patroni ADR is among the items (outcome ${run.response.outcome})`).toBeGreaterThanOrEqual(0);
    const graph = firstView as ProvenanceGraph;
    const patroni = adrNode(graph, PATRONI);
    const repmgr = adrNode(graph, REPMGR);
    expect(patroni?.freshness).toMatchObject({ state: 'current', decision: 'accepted', code: expect.stringMatching(/^adr_accepted/) });
    expect(repmgr?.freshness).toMatchObject({ state: 'stale', code: 'superseded_by', params: { successor: PATRONI } });
    const edge = graph.edges.find((candidate) => candidate.source === repmgr?.id && candidate.target === patroni?.id);
    expect(edge).toMatchObject({ type: 'SUPERSEDED_BY', partial: false, drift: false });
    for (const node of graph.nodes.filter((candidate) => candidate.label !== 'ADR')) expect(node.freshness).toBeUndefined();
    for (const other of graph.edges.filter((candidate) => candidate.type !== 'SUPERSEDED_BY')) expect(other.partial).toBeUndefined();
  });

  it('shows a later stale mark on the ADR node as stale "marked by", and its unmark restores the computed freshness', async () => {
    markPatroni('moved to the managed database service', null);
    const marked = adrNode(await view(), PATRONI);
    expect(marked?.freshness).toMatchObject({ state: 'stale', code: 'marked_stale', marked_by: 'u-analyst' });

    unmarkPatroni('not yet');
    expect(adrNode(await view(), PATRONI)?.freshness).toMatchObject({ state: 'current', code: expect.stringMatching(/^adr_accepted/) });
  });

  it("names a stale mark's successor on the ADR node only when the run's principal may see it", async () => {
    // The HR salary policy is for g-hr only; u-minjun (the run's principal) may not see it.
    markPatroni('moved', HR_ONLY);
    const hidden = await view();
    expect(adrNode(hidden, PATRONI)?.freshness).toMatchObject({ state: 'stale', code: 'marked_stale_successor_hidden' });
    expect(JSON.stringify(hidden)).not.toContain(HR_ONLY);
    // Expanding the repmgr ADR draws the Patroni ADR beside it, with the same freshness.
    const repmgr = adrNode(hidden, REPMGR);
    expect(repmgr).toBeDefined();
    const expanded = await expandProvenanceNode(services, { trace_id: run.trace_id, node_id: repmgr?.id ?? '', limit: 200 });
    expect(adrNode(expanded, PATRONI)?.freshness).toMatchObject({ code: 'marked_stale_successor_hidden' });
    expect(JSON.stringify(expanded)).not.toContain(HR_ONLY);

    markPatroni('moved', REPMGR);
    expect(adrNode(await view(), PATRONI)?.freshness).toMatchObject({ code: 'marked_stale_successor', params: { successor: REPMGR } });
    unmarkPatroni('test over');
  });
});

import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { GraphNode } from '../../shared/api/provenance-graph';
import type { CompareGraph } from '../../shared/compare/compare-graph';
import type { Comparison } from '../../shared/compare/comparison';
import { leakedTo, visibleToOf } from '../../shared/compare/node-visibility';
import type { LoadedDocument, PrincipalRecord } from '../../electron/corpus/corpus-model';
import { buildCompareGraph } from '../../electron/compare/compare-graph';
import { compareRuns } from '../../electron/compare/compare-runs';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { ALLOW_EVERYTHING, asPrincipals, compareDeps, isHr } from '../support/compare-fixtures';
import { fixtureDriver } from '../support/demo-graph';
import { referenceDocumentVisible } from '../support/reference-acl';
import { useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/** The document id of each Document node (by element id), read with a fixture driver, apart from the code under test. */
async function documentIds(nodes: readonly GraphNode[]): Promise<Map<string, string>> {
  const driver = fixtureDriver(server);
  try {
    const result = await driver.executeQuery(
      'UNWIND $ids AS id MATCH (d:Document) WHERE elementId(d) = id RETURN id, d.document_id AS document_id',
      {
        ids: nodes.map((node) => node.id),
      },
    );
    return new Map(result.records.map((record) => [record.get('id') as string, record.get('document_id') as string]));
  } finally {
    await driver.close();
  }
}

const documentNodes = (graph: CompareGraph) => graph.graph.nodes.filter((node) => node.layer === 'document');
const leaked = (node: GraphNode) => (node.visible_to ? leakedTo(node.visible_to, node.returned_to) : null);

describe('compare graph: an HR principal against the guest on the demo graph', () => {
  const deps = useDemoRetrievalDeps(server);
  const plan = buildLoadPlan();
  const documents = new Map<string, LoadedDocument>(plan.documents.map((doc) => [doc.document_id, doc]));
  const principal = (id: string) => plan.principals.find((entry) => entry.principal_id === id) as PrincipalRecord;
  let comparison: Comparison;
  let graph: CompareGraph;
  let ids: Map<string, string>;

  beforeAll(async () => {
    comparison = await compareRuns(asPrincipals('u-hana', 'u-guest', 'graph'), compareDeps(deps()));
    graph = await buildCompareGraph({ gateway: deps().gateway, deps: deps() }, comparison, 5000);
    ids = await documentIds(documentNodes(graph));
  }, 180_000);

  it('marks every document with the class the access rule gives it for u-hana (A) and u-guest (B): HR-only A, public both', () => {
    const classes = documentNodes(graph).map((node) => {
      const doc = documents.get(ids.get(node.id) ?? '') as LoadedDocument;
      const expected = visibleToOf(
        referenceDocumentVisible(doc.acl, principal('u-hana')),
        referenceDocumentVisible(doc.acl, principal('u-guest')),
      );
      expect(node.visible_to, doc.document_id).toBe(expected);
      return { id: doc.document_id, visibility: doc.acl.visibility, workspace: doc.acl.workspace_id, visible_to: node.visible_to };
    });
    const hr = classes.filter((entry) => isHr(entry.id));
    expect(hr.length, 'the HR query draws HR documents').toBeGreaterThan(0);
    expect(hr.every((entry) => entry.visible_to === 'a')).toBe(true);
    // Public in the workspace both principals work in (a public document elsewhere is no one's here).
    const workspace = principal('u-guest').workspace_id;
    expect(principal('u-hana').workspace_id).toBe(workspace);
    const publicOnes = classes.filter((entry) => entry.visibility === 'public' && entry.workspace === workspace);
    expect(publicOnes.length).toBeGreaterThan(0);
    expect(publicOnes.every((entry) => entry.visible_to === 'both')).toBe(true);
  });

  it("marks the nodes of each run's items as returned to it, and finds no leak, as the leak check found none", () => {
    expect(comparison.leak_check).toMatchObject({ state: 'checked', leaks: [] });
    const byKey = new Map(graph.graph.nodes.map((node) => [`${node.layer}|${node.key}`, node]));
    for (const [side, run] of [
      ['a', comparison.a],
      ['b', comparison.b],
    ] as const) {
      expect(run.items.length).toBeGreaterThan(0);
      for (const item of run.items) {
        const returned = byKey.get(`document|${item.document_id}`)?.returned_to;
        expect([side, 'both'], item.document_id).toContain(returned);
      }
    }
    expect(graph.graph.nodes.filter((node) => leaked(node) !== null)).toEqual([]);
    expect(graph.leaks_not_drawn).toBe(0);
  });

  it('classes nodes that neither run returned but the view draws beside the paths, and empties those neither may see', () => {
    const beside = documentNodes(graph).filter((node) => node.returned_to === undefined);
    expect(beside.length, 'the view draws documents of other claims’ evidence').toBeGreaterThan(0);
    expect(beside.every((node) => node.visible_to !== undefined)).toBe(true);
    const neither = graph.graph.nodes.filter((node) => node.visible_to === 'neither');
    for (const node of neither) expect(node).toMatchObject({ visible_to_principal: false, properties: {}, key: node.id });
    for (const node of graph.graph.nodes.filter((entry) => entry.visible_to !== 'neither')) expect(node.visible_to_principal).toBe(true);
    expect(graph).toMatchObject({ comparison_id: comparison.id, principal_a: 'u-hana', principal_b: 'u-guest' });
  });
});

describe('compare graph: a leak with the pre-filter and the re-checks switched off by fault injection', () => {
  const deps = useDemoRetrievalDeps(server);

  it('shows each HR node returned to u-sora (B) as a node B may not see: visible to A only, returned to B', async () => {
    const comparison = await compareRuns(
      asPrincipals('u-hana', 'u-sora', 'hybrid'),
      compareDeps(deps(), (principal) => (principal === 'u-sora' ? ALLOW_EVERYTHING : {})),
    );
    const leakedItems = comparison.b.items.filter((item) => isHr(item.document_id));
    expect(leakedItems.length, 'the broken pipeline hands u-sora HR items').toBeGreaterThan(0);
    const graph = await buildCompareGraph({ gateway: deps().gateway, deps: deps() }, comparison, 5000);
    const byKey = new Map(graph.graph.nodes.map((node) => [`${node.layer}|${node.key}`, node]));
    for (const item of leakedItems) {
      for (const key of [`document|${item.document_id}`, `chunk|${item.chunk_id}`]) {
        const node = byKey.get(key);
        expect(node?.visible_to, key).toBe('a');
        expect(['b', 'both'], key).toContain(node?.returned_to);
        expect(leaked(node as GraphNode), key).toBe('b');
      }
    }
    // Every leak the banner lists is a leaked node of the graph, or counted as not drawn.
    if (comparison.leak_check.state !== 'checked') throw new Error(comparison.leak_check.error.message);
    const bannerNodes = new Set(comparison.leak_check.leaks.map((leak) => `${leak.side}|${leak.access.node.label}|${leak.access.node.id}`));
    const drawnLeaks = graph.graph.nodes.filter((node) => leaked(node) === 'b');
    expect(drawnLeaks.length + graph.leaks_not_drawn).toBe(bannerNodes.size);
    expect(graph.graph.nodes.some((node) => leaked(node) === 'a' || leaked(node) === 'both')).toBe(false);
  });
});

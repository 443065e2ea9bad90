import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../../shared/acl/access-policy';
import { compileAclToPredicate } from '../../../shared/acl/compile-acl-to-predicate';
import type { Principal } from '../../../shared/principal';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { ITEM_PATH, ViewGraph } from '../../../electron/provenance/view-graph';

const GUEST: Principal = { principal_id: 'guest', workspace_id: 'ws', groups: [], acl_partitions: ['general'], source: 'inline' };

/** A public document node of the guest's workspace, with `extra` properties. */
const publicDocument = (id: string, extra: Record<string, unknown> = {}) => ({
  id: `4:${id}`,
  labels: ['Document', 'ADR'],
  props: { document_id: id, workspace_id: 'ws', visibility: 'public', title: `Title of ${id}`, ...extra },
});

const graphOf = (...documents: ReturnType<typeof publicDocument>[]): ViewGraph => {
  const graph = new ViewGraph({
    profile: DEFAULT_SCHEMA_PROFILE,
    acl: compileAclToPredicate(DEFAULT_ACCESS_POLICY),
    principal: GUEST,
    itemPath: new Map(),
  });
  for (const document of documents) graph.node(document, [], ITEM_PATH);
  return graph;
};

describe('the provenance view names no successor its principal may not see', () => {
  it("names the successors the visible documents' superseded_by give, for the view to judge", () => {
    const graph = graphOf(publicDocument('adr-1', { superseded_by: ' adr-secret ' }), publicDocument('adr-2'));
    expect([...graph.namedSuccessors()]).toEqual(['adr-secret']);
  });

  it("leaves a hidden successor out of a visible document's properties, and keeps one the principal may see", () => {
    const hidden = graphOf(publicDocument('adr-1', { superseded_by: 'adr-secret' })).draw(10, new Set(['adr-secret']));
    expect(hidden.nodes[0]?.properties).toMatchObject({ document_id: 'adr-1', title: 'Title of adr-1' });
    expect(JSON.stringify(hidden)).not.toContain('adr-secret');

    const shown = graphOf(publicDocument('adr-1', { superseded_by: 'adr-2' })).draw(10, new Set(['adr-secret']));
    expect(shown.nodes[0]?.properties).toMatchObject({ superseded_by: 'adr-2' });
  });
});

describe('the provenance view judges a chunk with every document it is part of', () => {
  const hrDocument = { id: '4:hr', labels: ['Document'], props: { document_id: 'hr', workspace_id: 'ws', allowed_groups: ['g-hr'] } };
  const shared = { chunk_id: 'c-shared', acl_partition: 'general' };
  const own = { chunk_id: 'c-own', acl_partition: 'general' };
  const claim = { id: '4:claim', labels: ['Claim'], props: { claim_id: 'cl-1', text: 'a claim' } };

  it('hides a claim whose only chunk is also part of a document the principal may not see', () => {
    const graph = graphOf();
    graph.node(
      claim,
      [
        { chunk: shared, document: publicDocument('pub').props },
        { chunk: shared, document: hrDocument.props },
      ],
      ITEM_PATH,
    );
    const drawn = graph.draw(10, new Set());
    expect(drawn.nodes.find((node) => node.id === claim.id)).toMatchObject({ visible_to_principal: false });
    expect(JSON.stringify(drawn)).not.toContain('a claim');
  });

  it('shows it through another chunk the principal may see', () => {
    const graph = graphOf();
    graph.node(
      claim,
      [
        { chunk: shared, document: publicDocument('pub').props },
        { chunk: shared, document: hrDocument.props },
        { chunk: own, document: publicDocument('pub').props },
      ],
      ITEM_PATH,
    );
    expect(graph.draw(10, new Set()).nodes.find((node) => node.id === claim.id)).toMatchObject({ visible_to_principal: true });
  });
});

describe('the provenance view names no incident report its principal may not see', () => {
  const incident = (report: string) => ({
    id: '4:inc',
    labels: ['Incident'],
    props: { incident_id: 'inc-1', title: 'Webhook outage', document_id: report },
  });

  it("asks about an incident entity's report, and leaves a hidden one out of the entity's properties", () => {
    const graph = graphOf();
    graph.node(incident('incident-secret-pentest-report'), [], ITEM_PATH);
    expect([...graph.namedSuccessors()]).toEqual(['incident-secret-pentest-report']);
    const drawn = graph.draw(10, new Set(['incident-secret-pentest-report']));
    expect(drawn.nodes[0]?.properties).toEqual({ incident_id: 'inc-1', title: 'Webhook outage' });
    expect(JSON.stringify(drawn)).not.toContain('incident-secret-pentest-report');
  });

  it('keeps a report the principal may see', () => {
    const graph = graphOf();
    graph.node(incident('incident-public-report'), [], ITEM_PATH);
    expect(graph.draw(10, new Set()).nodes[0]?.properties).toMatchObject({ document_id: 'incident-public-report' });
  });
});

describe("the provenance view's properties panel shows a chunk's own properties, not the loader's search aids", () => {
  it("leaves a chunk's search_context and search_runs out and keeps its text and heading path", () => {
    const chunk = {
      id: '4:chunk',
      labels: ['Chunk'],
      props: {
        chunk_id: 'c-1',
        text: '결제 서비스는 장애 시 재시도한다.',
        heading_path: ['Runbook', '재시도'],
        search_context: 'Payments runbook › Runbook › 재시도',
        search_runs: 'kubelet API 서버를',
        acl_partition: 'general',
      },
    };
    const graph = graphOf();
    graph.node(chunk, [{ chunk: chunk.props, document: publicDocument('pub').props }], ITEM_PATH);
    const drawn = graph.draw(10, new Set()).nodes.find((node) => node.id === chunk.id);
    expect(drawn).toMatchObject({ visible_to_principal: true });
    expect(drawn?.properties).toMatchObject({ chunk_id: 'c-1', text: chunk.props.text, heading_path: chunk.props.heading_path });
    expect(Object.keys(drawn?.properties ?? {})).not.toContain('search_context');
    expect(Object.keys(drawn?.properties ?? {})).not.toContain('search_runs');
  });
});

import neo4j from 'neo4j-driver';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoadPlan, PrincipalRecord } from '../../electron/corpus/corpus-model';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import type { PipelineDeps } from '../../electron/retrieval/context-pipeline';
import type { ContextRequest, ContextResponse, DeniedCount } from '../../shared/context-contract';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';
import { referenceChunkVisible } from '../support/reference-acl';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/**
 * The default access rule of DESIGN.md written out by hand in Cypher (not the app's compiled
 * predicate): per chunk, visible when its document is in the principal's workspace and public,
 * owned by the principal or shared with one of its groups, and its partition (when both are set)
 * among the principal's. Counts each chunk once.
 */
const REFERENCE_SCOPE = `
  MATCH (c:Chunk)
  OPTIONAL MATCH (c)-[:PART_OF]->(d:Document)
  WITH c, d,
       d IS NOT NULL AND d.workspace_id = $workspace
       AND (d.visibility = 'public' OR d.owner_id = $principal OR any(g IN coalesce(d.allowed_groups, []) WHERE g IN $groups))
       AND (c.acl_partition IS NULL OR size($partitions) = 0 OR c.acl_partition IN $partitions) AS visible
  RETURN count(DISTINCT c) AS total,
         count(DISTINCT CASE WHEN visible THEN c END) AS visible,
         count(DISTINCT CASE WHEN visible AND NOT coalesce(d.doc_type IN $types, false) THEN c END) AS visible_other_types`;

interface GraphTruth {
  readonly total: number;
  readonly notVisible: number;
  /** Visible chunks whose document is not of the types asked for in `truth`. */
  readonly visibleOtherTypes: number;
}

/**
 * Modes, and variants that reach the post-filter paths (ANN over-fetch, full-text without the rule
 * in the index). For some the filter changes which candidates the enforcement points judge: the
 * post-filter paths fetch more rounds when a filter keeps nothing, and graph mode expands from other
 * seeds. Their access counts may then differ from the same request's without the filter, but are
 * still of what the principal may not see; the others judge the same candidates either way.
 */
const VARIANTS: {
  label: string;
  mode: ContextRequest['mode'];
  options?: Record<string, unknown>;
  deps: Partial<PipelineDeps>;
  filterChangesCandidates: boolean;
}[] = [
  { label: 'vector (exact scan)', mode: 'vector', deps: {}, filterChangesCandidates: false },
  { label: 'vector (ANN, over-fetch)', mode: 'vector', deps: { exactScanLimit: 0 }, filterChangesCandidates: true },
  { label: 'fulltext (rule in the index)', mode: 'fulltext', deps: {}, filterChangesCandidates: false },
  { label: 'fulltext (post-filter)', mode: 'fulltext', deps: { fulltextAclInIndex: false }, filterChangesCandidates: true },
  { label: 'hybrid', mode: 'hybrid', deps: {}, filterChangesCandidates: false },
  { label: 'graph', mode: 'graph', deps: {}, filterChangesCandidates: true },
  { label: 'cypher', mode: 'cypher', options: { template_id: 'chunks-containing' }, deps: {}, filterChangesCandidates: false },
];
/** Reasons that name a request filter: none may be an access count's. */
const FILTER_REASON = /document_types|valid_at|language|request_filters|all_filters|filtered/;
const QUERY = 'payments database failover 연봉';
const CYPHER_QUERY = '연봉';

const wholeGraphAccess = (response: ContextResponse): DeniedCount | undefined =>
  response.denied.find((entry) => entry.stage === 'whole_graph' && entry.kind === 'access');
const accessCounts = (response: ContextResponse): DeniedCount[] => response.denied.filter((entry) => entry.kind === 'access');

/**
 * The filter added no access count: the access counts are those of the same request without it; for
 * a variant where the filter changes the candidates judged, the whole graph's is the same and no
 * other access count names a filter.
 */
function expectNoAccessCountFromFilter(filtered: ContextResponse, plain: ContextResponse, changesCandidates: boolean, what: string): void {
  if (!changesCandidates) {
    expect(accessCounts(filtered), what).toEqual(accessCounts(plain));
    return;
  }
  expect(wholeGraphAccess(filtered), what).toEqual(wholeGraphAccess(plain));
  for (const entry of accessCounts(filtered)) expect(entry.reason, what).not.toMatch(FILTER_REASON);
}

describe('denied counts on the demo graph say what they count, and match the graph', () => {
  let plan: LoadPlan;
  const truths = new Map<string, GraphTruth>();
  let docTypes: string[] = [];

  async function truth(p: PrincipalRecord, types: readonly string[]): Promise<GraphTruth> {
    const driver = fixtureDriver(server);
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    try {
      const { records } = await session.run(REFERENCE_SCOPE, {
        workspace: p.workspace_id,
        principal: p.principal_id,
        groups: p.groups,
        partitions: p.acl_partitions,
        types,
      });
      const row = records[0];
      const total = Number(row?.get('total'));
      return { total, notVisible: total - Number(row?.get('visible')), visibleOtherTypes: Number(row?.get('visible_other_types')) };
    } finally {
      await session.close();
      await driver.close();
    }
  }

  beforeAll(async () => {
    await ensureDemoGraph(server);
    plan = buildLoadPlan();
    for (const p of plan.principals) truths.set(p.principal_id, await truth(p, ['runbook']));
    const driver = fixtureDriver(server);
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    const rows = await session.run('MATCH (:Chunk)-[:PART_OF]->(d:Document) RETURN DISTINCT d.doc_type AS t ORDER BY t');
    docTypes = rows.records.map((r) => String(r.get('t')));
    await session.close();
    await driver.close();
  });

  it('the hand-written Cypher rule agrees with the reference rule over the load plan, so it is a fair yardstick', () => {
    for (const p of plan.principals) {
      const hidden = plan.documents.flatMap((doc) => doc.chunks.filter((chunk) => !referenceChunkVisible(doc.acl, chunk.acl_partition, p)));
      expect(truths.get(p.principal_id)?.notVisible, p.principal_id).toBe(hidden.length);
    }
  });

  for (const variant of VARIANTS) {
    describe(variant.label, () => {
      const deps = useDemoRetrievalDeps(server, variant.deps);
      const request = (principal: string, extra: Partial<ContextRequest> = {}) => ({
        query: variant.mode === 'cypher' ? CYPHER_QUERY : QUERY,
        principal,
        mode: variant.mode,
        top_k: 5,
        ...(variant.options ? { options: variant.options } : {}),
        ...extra,
      });

      it('reports, for every demo principal, the chunks of the graph it may not see, as the graph counts them, and no count above what exists', async () => {
        for (const p of plan.principals) {
          const expected = truths.get(p.principal_id) as GraphTruth;
          const { response } = await ask(deps(), request(p.principal_id));
          expect(['ok', 'no_evidence'], `${p.principal_id}: ${response.message}`).toContain(response.outcome);
          expect(wholeGraphAccess(response), p.principal_id).toEqual({
            stage: 'whole_graph',
            kind: 'access',
            reason: 'not_visible_to_principal',
            counts: 'graph_chunks',
            count: expected.notVisible,
            of: expected.total,
          });
          for (const entry of response.denied) {
            expect(entry.count, `${p.principal_id} ${entry.stage}/${entry.reason}`).toBeLessThanOrEqual(expected.total);
            if (entry.of !== undefined) expect(entry.of).toBeLessThanOrEqual(expected.total);
            // Whatever an enforcement point removed for access, the principal may not see it: never more than the graph holds of that.
            if (entry.kind === 'access' && entry.counts !== 'entities')
              expect(entry.count, `${p.principal_id} ${entry.stage}/${entry.reason}`).toBeLessThanOrEqual(expected.notVisible);
          }
        }
      }, 240_000);

      it('counts a document-type filter as filter, never as access, with the whole graph figure the graph gives', async () => {
        for (const p of plan.principals.slice(0, 4)) {
          const expected = truths.get(p.principal_id) as GraphTruth;
          const plain = (await ask(deps(), request(p.principal_id))).response;
          const { response } = await ask(deps(), request(p.principal_id, { filters: { document_types: ['runbook'] } }));
          expectNoAccessCountFromFilter(response, plain, variant.filterChangesCandidates, p.principal_id);
          expect(response.denied.find((entry) => entry.stage === 'whole_graph' && entry.kind === 'filter')).toEqual({
            stage: 'whole_graph',
            kind: 'filter',
            reason: 'document_types',
            counts: 'visible_chunks',
            count: expected.visibleOtherTypes,
            of: expected.total - expected.notVisible,
          });
          // A note only for a principal that may see no runbook: the filter then matches nothing it may see.
          const seesRunbooks = plan.documents.some(
            (doc) => doc.doc_type === 'runbook' && doc.chunks.some((chunk) => referenceChunkVisible(doc.acl, chunk.acl_partition, p)),
          );
          expect(response.notes, p.principal_id).toEqual(
            seesRunbooks
              ? []
              : [expect.objectContaining({ code: 'filter_matches_nothing', filter: 'document_types', values: ['runbook'] })],
          );
        }
      }, 240_000);

      it('says a document type no document has matches nothing, lists the types present, and counts no access denial for it', async () => {
        const plain = (await ask(deps(), request('u-partner'))).response;
        const { response } = await ask(deps(), request('u-partner', { filters: { document_types: ['foo'] } }));
        expect(response.outcome).toBe('no_evidence');
        // The types present are those of documents u-partner (another workspace) may see: one held only by documents it may not see is not named.
        const partner = plan.principals.find((p) => p.principal_id === 'u-partner') as PrincipalRecord;
        const seen = plan.documents.filter((doc) =>
          doc.chunks.some((chunk) => referenceChunkVisible(doc.acl, chunk.acl_partition, partner)),
        );
        const present = [...new Set(seen.map((doc) => doc.doc_type))].sort();
        expect(present.length).toBeLessThan(docTypes.length);
        expect(response.notes).toEqual([{ code: 'filter_matches_nothing', filter: 'document_types', values: ['foo'], present }]);
        expect(response.message).toMatch(/document_types foo matches no document/);
        expectNoAccessCountFromFilter(response, plain, variant.filterChangesCandidates, 'u-partner');
        const expected = truths.get('u-partner') as GraphTruth;
        expect(response.denied.find((entry) => entry.stage === 'whole_graph' && entry.kind === 'filter')?.count).toBe(
          expected.total - expected.notVisible,
        );
      }, 120_000);
    });
  }

  describe('fulltext and hybrid', () => {
    const deps = useDemoRetrievalDeps(server);

    it('report the same whole-graph access figure for the same request, for every principal', async () => {
      for (const p of plan.principals) {
        for (const query of ['payments database failover', '연봉 조정 정책', 'on-call cheatsheet']) {
          const fulltext = (await ask(deps(), { query, principal: p.principal_id, mode: 'fulltext' })).response;
          const hybrid = (await ask(deps(), { query, principal: p.principal_id, mode: 'hybrid' })).response;
          expect(wholeGraphAccess(fulltext)?.count, `${p.principal_id} "${query}"`).toBe(truths.get(p.principal_id)?.notVisible);
          expect(wholeGraphAccess(hybrid), `${p.principal_id} "${query}"`).toEqual(wholeGraphAccess(fulltext));
        }
      }
    }, 240_000);
  });
});

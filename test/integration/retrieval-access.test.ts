import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoadPlan, LoadedDocument, PrincipalRecord } from '../../electron/corpus/corpus-model';
import type { RetrievalMode } from '../../shared/context-contract';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { fixtureDriver } from '../support/demo-graph';
import { referenceChunkVisible } from '../support/reference-acl';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const MODES: RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph'];
/** Questions that reach HR, payments, private and general material, in both languages. */
const QUERIES = [
  '연봉 조정 정책과 인사 평가',
  'salary adjustment and performance review',
  'payments database failover',
  '결제 DB 페일오버 절차',
  'on-call cheatsheet notes',
  'webhook retry storm postmortem',
  'secrets rotation vault',
];

describe('retrieval as a principal on the demo graph', () => {
  const deps = useDemoRetrievalDeps(server);
  let plan: LoadPlan;
  let documents: Map<string, LoadedDocument>;
  const principal = (id: string) => plan.principals.find((p) => p.principal_id === id) as PrincipalRecord;
  const isHrOnly = (doc: LoadedDocument) => doc.acl.allowed_groups.includes('g-hr') && doc.acl.visibility !== 'public';

  beforeAll(async () => {
    plan = buildLoadPlan();
    documents = new Map(plan.documents.map((doc) => [doc.document_id, doc]));
  });

  for (const mode of MODES) {
    it(`${mode}: every item of every principal is one the access rule allows, checked independently of the app's policy`, async () => {
      for (const p of plan.principals) {
        for (const query of QUERIES) {
          const { response } = await ask(deps(), { query, principal: p.principal_id, mode, top_k: 10 });
          expect(['ok', 'no_evidence'], `${mode} ${p.principal_id} "${query}": ${response.message}`).toContain(response.outcome);
          for (const item of response.items) {
            const doc = documents.get(item.document_id) as LoadedDocument;
            for (const chunkId of item.chunk_ids) {
              const chunk = doc.chunks.find((c) => c.chunk_id === chunkId);
              expect(
                chunk && referenceChunkVisible(doc.acl, chunk.acl_partition, principal(p.principal_id)),
                `${mode}: ${p.principal_id} got ${chunkId}`,
              ).toBe(true);
            }
            expect(item.provenance_path.at(-1)).toEqual({ label: 'Document', id: item.document_id });
          }
        }
      }
    }, 240_000);

    it(`${mode}: the HR-only set reaches the HR principal and no one else`, async () => {
      const hrQuery = '연봉 조정 정책 salary adjustment';
      const hana = await ask(deps(), { query: hrQuery, principal: 'u-hana', mode });
      expect(hana.response.items.some((item) => isHrOnly(documents.get(item.document_id) as LoadedDocument))).toBe(true);
      for (const p of plan.principals.filter((x) => x.principal_id !== 'u-hana')) {
        const { response } = await ask(deps(), { query: hrQuery, principal: p.principal_id, mode });
        expect(
          response.items.filter((item) => isHrOnly(documents.get(item.document_id) as LoadedDocument)).map((item) => item.document_id),
          p.principal_id,
        ).toEqual([]);
      }
    }, 120_000);

    it(`${mode}: the public-only principal sees only public documents`, async () => {
      for (const query of QUERIES) {
        const { response } = await ask(deps(), { query, principal: 'u-guest', mode });
        expect(response.items.map((item) => documents.get(item.document_id)?.acl.visibility).filter((v) => v !== 'public')).toEqual([]);
      }
    }, 120_000);

    it(`${mode}: a private document reaches only its owner`, async () => {
      const privateDocs = plan.documents.filter((doc) => doc.acl.visibility === 'private');
      const owner = privateDocs[0]?.acl.owner_id as string;
      const query = 'Minjun on-call cheatsheet draft ledger sharding postmortem notes';
      // The relevance floor is off: every weak match must still respect the access rule.
      const options = { min_similarity: 0, min_matched_terms: 0 };
      const mine = await ask(deps(), { query, principal: owner, mode, top_k: 20, options });
      expect(mine.response.items.some((item) => documents.get(item.document_id)?.acl.visibility === 'private')).toBe(true);
      for (const p of plan.principals.filter((x) => x.principal_id !== owner)) {
        const { response } = await ask(deps(), { query, principal: p.principal_id, mode, top_k: 20, options });
        expect(
          response.items.filter((item) => documents.get(item.document_id)?.acl.visibility === 'private').map((item) => item.document_id),
          p.principal_id,
        ).toEqual([]);
      }
    }, 120_000);
  }

  it('cypher: a template reaches HR chunks for the HR principal only, and rows without provenance are counted, not shown', async () => {
    const options = { template_id: 'chunks-containing' };
    const hana = await ask(deps(), { query: '연봉', principal: 'u-hana', mode: 'cypher', options });
    expect(hana.response.items.some((item) => isHrOnly(documents.get(item.document_id) as LoadedDocument))).toBe(true);
    const sora = await ask(deps(), { query: '연봉', principal: 'u-sora', mode: 'cypher', options });
    expect(sora.response.items.filter((item) => isHrOnly(documents.get(item.document_id) as LoadedDocument))).toEqual([]);
    const titles = await ask(deps(), {
      query: 'runbook',
      principal: 'u-sora',
      mode: 'cypher',
      options: { template_id: 'documents-by-title' },
    });
    expect(titles.response.items).toEqual([]);
    expect(titles.response.lacking_provenance).toBeGreaterThan(0);
  });

  it('cypher: a built-in template counts only what the principal may see, so its counts tell nothing of chunks or titles it may not', async () => {
    // "연봉" (salary) is in HR chunks only; u-partner, in another workspace, may see none of them.
    const stage = (response: { stages: readonly { name: string; candidates_in: number; note?: string | undefined }[] }) =>
      response.stages.find((entry) => entry.name === 'cypher_template');
    const options = { template_id: 'chunks-containing' };
    const hana = (await ask(deps(), { query: '연봉', principal: 'u-hana', mode: 'cypher', options })).response;
    expect(stage(hana)?.candidates_in).toBeGreaterThan(0);
    // Template parameters named like the rule's cannot stand in for them: they are refused before anything is read.
    const forged = { ...options, template_params: { acl_workspace_id: 'ws-nurion', acl_groups: ['g-hr'], acl_partitions: ['hr'] } };
    for (const principal of ['u-partner', 'u-sora']) {
      const { response } = await ask(deps(), { query: '연봉', principal, mode: 'cypher', options: forged });
      expect(response.outcome).toBe('invalid_request');
      expect(response.message).toContain('is set by the run itself');
      expect(response.items).toEqual([]);
      expect(stage(response)).toBeUndefined();
      expect(response.denied.filter((entry) => entry.stage === 'before_candidates' && entry.count > 0)).toEqual([]);
    }
    // An HR-only title: rows lacking provenance are counted for the HR principal, and none for u-partner.
    const titles = { template_id: 'documents-by-title' };
    expect(
      (await ask(deps(), { query: 'relocation', principal: 'u-hana', mode: 'cypher', options: titles })).response.lacking_provenance,
    ).toBeGreaterThan(0);
    expect(
      (await ask(deps(), { query: 'relocation', principal: 'u-partner', mode: 'cypher', options: titles })).response.lacking_provenance,
    ).toBe(0);
  });
});

describe('a graph principal whose partitions the graph holds as one string', () => {
  const deps = useDemoRetrievalDeps(server);
  const driver = () => fixtureDriver(server);
  const ID = 'u-fixture-one-partition';
  let documents: Map<string, LoadedDocument>;

  beforeAll(async () => {
    documents = new Map(buildLoadPlan().documents.map((doc) => [doc.document_id, doc]));
    // Written to the test server only, beside the demo's principals: Lee Sora's groups, with `acl_partitions: 'general'`.
    const fixture = driver();
    try {
      await fixture.executeQuery(
        `MERGE (p:Principal {principal_id: $id}) SET p.workspace_id = 'ws-nurion', p.acl_partitions = 'general'
         WITH p MATCH (g:Group) WHERE g.group_id IN ['g-eng-all', 'g-security'] MERGE (p)-[:MEMBER_OF]->(g)`,
        { id: ID },
      );
    } finally {
      await fixture.close();
    }
  });
  afterAll(async () => {
    const fixture = driver();
    try {
      await fixture.executeQuery('MATCH (p:Principal {principal_id: $id}) DETACH DELETE p', { id: ID });
    } finally {
      await fixture.close();
    }
  });

  for (const mode of MODES) {
    it(`${mode}: reads it as that one partition, so no chunk of another partition reaches it (none did before: it read as no partitions, which pass every one)`, async () => {
      const { response, run } = await ask(deps(), {
        query: 'security vault secrets tls certificate 인증서',
        principal: ID,
        mode,
        top_k: 20,
      });
      expect(run.principal.acl_partitions).toEqual(['general']);
      expect(response.outcome).toMatch(/^(ok|no_evidence)$/);
      const partitions = response.items.flatMap((item) =>
        item.chunk_ids.map((id) => documents.get(item.document_id)?.chunks.find((chunk) => chunk.chunk_id === id)?.acl_partition),
      );
      expect(partitions.filter((partition) => partition !== 'general')).toEqual([]);
    }, 60_000);
  }
});

import fc from 'fast-check';
import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { DEFAULT_ACCESS_POLICY, parseAccessPolicy } from '../../shared/acl/access-policy';
import { aclTerm, aclTermProperties, aclTermsOf, compileAclToTermFormula, formulaToLucene } from '../../shared/acl/compile-acl-to-lucene';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import type { ContextResponse } from '../../shared/context-contract';
import {
  caseBatch,
  GENERATED_POLICY_PROPERTIES,
  policies as generatedPolicies,
  principals,
  PROTOTYPE_POLICY,
  TEAM_POLICY,
  type AclCase,
} from '../support/acl-arbitraries';
import { fixtureDriver } from '../support/demo-graph';
import { referenceChunkVisible } from '../support/reference-acl';
import { ask, retrievalDeps, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/** A label and index of their own, so the probes never mix with the demo graph; removed afterwards. */
const PROBE_LABEL = 'LensAclTermsProbe';
const PROBE_INDEX = 'lens_acl_terms_probe';
const PROBE_CASES = 3000;
const PRINCIPAL_RUNS = 40;
const POLICY_RUNS = 60;

describe('the ACL-term clause in a real Lucene full-text index', () => {
  let driver: Driver;
  let cases: AclCase[];
  const policies = [
    ['the default policy', DEFAULT_ACCESS_POLICY],
    ['a team policy', TEAM_POLICY],
    ['a policy over Object.prototype names', PROTOTYPE_POLICY],
  ] as const;

  async function write(text: string, params: Record<string, unknown> = {}) {
    // A test fixture on the test server: the only writes here, to nodes of a label the app never reads.
    const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
    try {
      await session.run(text, params);
    } finally {
      await session.close();
    }
  }

  async function matching(query: string): Promise<Set<string>> {
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    try {
      const result = await session.run(
        `CALL db.index.fulltext.queryNodes($index, $query, {limit: $limit}) YIELD node RETURN node.case_id AS id`,
        {
          index: PROBE_INDEX,
          query,
          limit: neo4j.int(PROBE_CASES * 2),
        },
      );
      return new Set(result.records.map((record) => record.get('id') as string));
    } finally {
      await session.close();
    }
  }

  beforeAll(async () => {
    driver = fixtureDriver(server);
    cases = fc.sample(caseBatch(PROBE_CASES), { numRuns: 1, seed: 7 })[0] as AclCase[];
    // Terms for every property any tested policy reads: a superset is exact for each.
    const read = [DEFAULT_ACCESS_POLICY, TEAM_POLICY, PROTOTYPE_POLICY].map(aclTermProperties).concat(GENERATED_POLICY_PROPERTIES);
    const properties = { document: [...new Set(read.flatMap((p) => p.document))], chunk: [...new Set(read.flatMap((p) => p.chunk))] };
    await write(`MATCH (n:${PROBE_LABEL}) DETACH DELETE n`);
    await write(`DROP INDEX ${PROBE_INDEX} IF EXISTS`);
    await write(
      `CREATE FULLTEXT INDEX ${PROBE_INDEX} FOR (n:${PROBE_LABEL}) ON EACH [n.text, n.acl_terms] OPTIONS {indexConfig: {\`fulltext.analyzer\`: 'cjk'}}`,
    );
    const rows = cases.map((c) => ({ case_id: c.id, acl_terms: aclTermsOf(properties, c.doc, c.chunk).join(' ') }));
    await write(`UNWIND $rows AS row CREATE (:${PROBE_LABEL} {case_id: row.case_id, text: 'probe', acl_terms: row.acl_terms})`, { rows });
    await write('CALL db.awaitIndexes(300)');
    expect((await matching('probe')).size).toBe(PROBE_CASES);
  });

  afterAll(async () => {
    await write(`MATCH (n:${PROBE_LABEL}) DETACH DELETE n`);
    await write(`DROP INDEX ${PROBE_INDEX} IF EXISTS`);
    await driver.close();
  });

  it.each(policies)(
    `matches exactly the chunks the TypeScript predicate allows under %s (${PRINCIPAL_RUNS} principals × ${PROBE_CASES} cases)`,
    async (_name, policy) => {
      const predicate = compileAclToPredicate(policy);
      const sampled = fc.sample(principals, { numRuns: PRINCIPAL_RUNS, seed: 11 });
      let visible = 0;
      for (const principal of sampled) {
        const formula = compileAclToTermFormula(policy, principal);
        const expected = new Set(cases.filter((c) => predicate.chunk(c.chunk, c.doc, principal).visible).map((c) => c.id));
        const actual =
          formula.kind === 'const'
            ? formula.value
              ? await matching('probe')
              : new Set<string>()
            : await matching(`+(probe) +(${formulaToLucene(formula, 'acl_terms')})^0`);
        const missing = [...expected].filter((id) => !actual.has(id));
        const extra = [...actual].filter((id) => !expected.has(id));
        expect({ principal, missing: missing.slice(0, 3), extra: extra.slice(0, 3) }).toEqual({ principal, missing: [], extra: [] });
        visible += expected.size;
      }
      // Neither side may pass by answering the same thing for everything.
      expect(visible).toBeGreaterThan(0);
      expect(visible).toBeLessThan(PRINCIPAL_RUNS * PROBE_CASES);
    },
  );

  it(`matches exactly the chunks the TypeScript predicate allows under generated policies (${POLICY_RUNS} policies and principals × ${PROBE_CASES} cases)`, async () => {
    let visible = 0;
    let asked = 0;
    for (const [policy, principal] of fc.sample(fc.tuple(generatedPolicies, principals), { numRuns: POLICY_RUNS, seed: 13 })) {
      const predicate = compileAclToPredicate(policy);
      const formula = compileAclToTermFormula(policy, principal);
      const expected = new Set(cases.filter((c) => predicate.chunk(c.chunk, c.doc, principal).visible).map((c) => c.id));
      if (formula.kind === 'const') {
        expect(expected.size, JSON.stringify({ policy, principal })).toBe(formula.value ? PROBE_CASES : 0);
        continue;
      }
      const actual = await matching(`+(probe) +(${formulaToLucene(formula, 'acl_terms')})^0`);
      const missing = [...expected].filter((id) => !actual.has(id));
      const extra = [...actual].filter((id) => !expected.has(id));
      expect({ policy, principal, missing: missing.slice(0, 3), extra: extra.slice(0, 3) }).toEqual({
        policy,
        principal,
        missing: [],
        extra: [],
      });
      visible += expected.size;
      asked += 1;
    }
    // Most generated formulas are not constants, and some chunks pass them.
    expect(asked).toBeGreaterThan(POLICY_RUNS / 2);
    expect(visible).toBeGreaterThan(0);
  });
});

const QUERIES = ['deploy rollback', '배포 롤백', 'payments database failover', '연봉 조정', 'incident postmortem', 'the'];

describe('full-text retrieval with the access rule inside the index', () => {
  const inIndex = useDemoRetrievalDeps(server);
  const postfilter = useDemoRetrievalDeps(server, { fulltextAclInIndex: false });

  const stage = (response: ContextResponse) => response.stages.find((s) => s.name === 'fulltext');
  const rounds = (response: ContextResponse) => Number(/(\d+) round\(s\)/.exec(stage(response)?.note ?? '')?.[1] ?? Number.NaN);

  it('returns the same chunks in the same order with the same scores as fetching and post-filtering, for every demo principal', async () => {
    const plan = buildLoadPlan();
    const documentOf = new Map(
      plan.documents.flatMap((doc) =>
        doc.chunks.map((chunk) => [chunk.chunk_id, { acl: doc.acl, partition: chunk.acl_partition }] as const),
      ),
    );
    let compared = 0;
    let excludedByPostfilter = 0;
    for (const principal of plan.principals) {
      for (const query of QUERIES) {
        // A small top_k makes the post-filter path need several rounds where much is denied.
        const request = {
          query,
          principal: principal.principal_id,
          mode: 'fulltext' as const,
          top_k: 5,
          options: { fulltext_candidates: 5 },
        };
        const a = (await ask(inIndex(), request)).response;
        const b = (await ask(postfilter(), request)).response;
        expect(a.outcome, `${principal.principal_id} "${query}"`).toBe(b.outcome);
        expect(stage(a)?.strategy).toBe('fulltext_in_index_acl');
        expect(stage(a)?.acl).toBe('prefilter');
        expect(stage(b)?.strategy).toBe('fulltext_postfilter');
        expect(stage(b)?.note).toContain('switched off');
        const view = (r: ContextResponse) =>
          r.items.map((item) => ({ chunk: item.chunk_ids.join(','), score: Number(item.retrieval_scores.fulltext?.toFixed(5)) }));
        expect(view(a), `${principal.principal_id} "${query}"`).toEqual(view(b));
        for (const item of a.items) {
          for (const id of item.chunk_ids) {
            const source = documentOf.get(id);
            expect(
              source && referenceChunkVisible(source.acl, source.partition, principal),
              `${principal.principal_id} may see ${id}`,
            ).toBe(true);
          }
        }
        expect(rounds(a)).toBeLessThanOrEqual(rounds(b));
        // With the rule in the index nothing denied comes back to be thrown away.
        expect(a.denied.filter((d) => d.reason === 'excluded_by_postfilter')).toEqual([]);
        excludedByPostfilter += b.denied.filter((d) => d.reason === 'excluded_by_postfilter').reduce((sum, d) => sum + d.count, 0);
        compared += a.items.length;
      }
    }
    // The comparison means something only if there were items, and the post-filter path did throw denied hits away.
    expect(compared).toBeGreaterThan(20);
    expect(excludedByPostfilter).toBeGreaterThan(0);
    // About 200 queries in sequence: a loaded machine took them past the default 60 s.
  }, 240_000);

  it('still filters when the pre-filter is switched off: the clause is a pre-filter and goes with it', async () => {
    const response = (await ask(inIndex(), { query: '연봉 조정', principal: 'u-guest', mode: 'fulltext' }, { skipPrefilter: true }))
      .response;
    expect(stage(response)?.strategy).toBe('fulltext_postfilter');
    expect(stage(response)?.acl).toBe('none');
    expect(stage(response)?.note).toContain('pre-filtering is switched off');
  });

  it('says why it post-filters when the access policy reads properties the terms do not cover', async () => {
    const deps = retrievalDeps(server, { policy: TEAM_POLICY });
    try {
      const response = (await ask(deps, { query: 'deploy rollback', principal: 'u-sora', mode: 'fulltext' })).response;
      expect(stage(response)?.strategy).toBe('fulltext_postfilter');
      expect(stage(response)?.note).toMatch(/do not cover document\.classification, document\.team, chunk\.author, chunk\.region/);
    } finally {
      await deps.close();
    }
  });

  it('does not ask the index at all for a principal the policy lets see no chunk, and answers no_evidence', async () => {
    // Covered by the demo's terms, but a chunk needs one of the principal's partitions: with none, nothing can match.
    const policy = parseAccessPolicy({
      ...DEFAULT_ACCESS_POLICY,
      chunk: { all_of: [{ op: 'in_principal', property: 'acl_partition', principal_field: 'acl_partitions', reason: 'partition' }] },
    });
    const deps = retrievalDeps(server, { policy });
    try {
      const nobody = { principal_id: 'u-nobody', workspace_id: 'ws-nurion', groups: ['g-eng-all'], acl_partitions: [] };
      // Both words in one chunk (policy-oncall-summary), so the hits are evidence and not cut by the relevance floor.
      const result = await ask(deps, { query: '배포 롤백', principal: nobody, mode: 'fulltext' });
      expect(result.response.outcome).toBe('no_evidence');
      expect(stage(result.response)).toMatchObject({ strategy: 'fulltext_in_index_acl', candidates_in: 0, acl: 'prefilter' });
      expect(stage(result.response)?.note).toContain('may see no chunk at all');
      expect(result.run.queries.filter((q) => q.stage === 'fulltext')).toEqual([]);
      // The same principal with a partition gets evidence through the index clause.
      const withPartition = (
        await ask(deps, { query: '배포 롤백', principal: { ...nobody, acl_partitions: ['general', 'eng'] }, mode: 'fulltext' })
      ).response;
      expect(withPartition.outcome).toBe('ok');
      expect(stage(withPartition)?.strategy).toBe('fulltext_in_index_acl');
    } finally {
      await deps.close();
    }
  });

  it("searches a long Korean question within Lucene's clause limit, its words asked in every text field, in either path", async () => {
    // 100 words of nine syllables, 800 bigrams: asked in text and search_context with the whole budget for
    // each, the search held 1,600 clauses and Neo4j refused it (TooManyClauses), so the run failed.
    // Distinct words (Lucene merges a repeated one): nine syllables each, spread over the Hangul block.
    const syllable = (n: number) => String.fromCodePoint(0xac00 + ((n * 37) % 11172));
    const question = Array.from({ length: 100 }, (_, word) => Array.from({ length: 9 }, (_, i) => syllable(word * 9 + i)).join('')).join(
      ' ',
    );
    // Each word is asked in text, search_context and search_runs, nine clauses a word in each: 1,000 clauses
    // less the access rule's terms in the index path (five for u-guest), a third of them per field.
    for (const [deps, words] of [
      [inIndex(), 36],
      [postfilter(), 37],
    ] as const) {
      const response = (await ask(deps, { query: question, principal: 'u-guest', mode: 'fulltext' })).response;
      // Before, Neo4j refused the search and the run ended in invalid_request.
      expect(response.outcome, stage(response)?.strategy).toBe('no_evidence');
      expect(stage(response)?.note).toContain(`the first ${words} of 100 words`);
    }
  });

  it('never lets the words of a query reach the ACL terms indexed beside the text, in either path', async () => {
    // Terms every ws-nurion chunk carries, terms of the HR group's chunks, and of documents with no owner: all computable from the source.
    const terms = [
      aclTerm('document', 'scalar', 'workspace_id', 'ws-nurion'),
      aclTerm('document', 'element', 'allowed_groups', 'g-hr'),
      aclTerm('document', 'unset', 'owner_id'),
    ];
    for (const deps of [inIndex(), postfilter()]) {
      const response = (
        await ask(deps, { query: terms.join(' '), principal: 'u-guest', mode: 'fulltext', options: { min_matched_terms: 0 } })
      ).response;
      expect(response.outcome, stage(response)?.strategy).toBe('no_evidence');
      expect(response.items).toEqual([]);
      // Nothing matched, so nothing was withheld from the hits either: the HR chunks were not found by their group's term.
      expect(stage(response)?.candidates_in).toBe(0);
      expect(response.denied.filter((d) => d.counts === 'hits')).toEqual([]);
    }
  });
});

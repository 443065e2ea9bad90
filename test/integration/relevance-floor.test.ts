import { describe, expect, inject, it } from 'vitest';
import type { ContextResponse, DeniedCount, RetrievalOptions } from '../../shared/context-contract';
import { deniedCountColumn } from '../../shared/denied-summary';
import { readSuiteFile } from '../../electron/audit/suite-file';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';
import { NONSENSE_QUERIES, RELEVANT_DOCUMENTS } from '../support/relevance-queries';
import { REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');
const MODES = ['vector', 'fulltext', 'hybrid', 'graph'] as const;
const FLOOR_OFF: Partial<RetrievalOptions> = { min_similarity: 0, min_matched_terms: 0 };
const SUITE = readSuiteFile(`${REPO_ROOT}/resources/audit/demo-suite.yaml`).suite;

/** Two of each kind of nonsense (Latin gibberish, random Hangul, punctuation-heavy), the issue's own first. */
const NONSENSE = [
  NONSENSE_QUERIES[0],
  NONSENSE_QUERIES[1],
  NONSENSE_QUERIES[7],
  NONSENSE_QUERIES[9],
  NONSENSE_QUERIES[14],
  NONSENSE_QUERIES[16],
];

const accessCounts = (denied: readonly DeniedCount[]) => denied.filter((entry) => entry.kind === 'access');
const chunkIds = (response: ContextResponse) => new Set(response.items.flatMap((item) => item.chunk_ids));
const floorCuts = (response: ContextResponse) => response.cuts.filter((cut) => cut.reason === 'below_relevance_floor');

describe('the relevance floor on the demo graph', () => {
  const deps = useDemoRetrievalDeps(server);

  for (const mode of MODES) {
    it(`ends nonsense in no_evidence in ${mode} mode, showing the best score it reached`, async () => {
      for (const query of NONSENSE) {
        const { response } = await ask(deps(), { query, principal: 'u-sora', mode });
        expect([query, response.outcome, response.answerable, response.items.length]).toEqual([query, 'no_evidence', false, 0]);
        const relevance = response.relevance;
        expect(relevance?.basis, query).toBe('floor');
        if (relevance && relevance.judged > 0) {
          expect(relevance.cut, query).toBe(relevance.judged);
          expect(response.message, query).toContain('no candidate reached the relevance floor');
          if (relevance.best_similarity !== null)
            expect(response.message, query).toContain(`best similarity ${relevance.best_similarity.toFixed(3)}`);
        }
      }
    });
  }

  it('answers the HR salary question asked by a partner with no_evidence in every mode, not with unrelated documents', async () => {
    const question = SUITE.questions.find((entry) => entry.id === 'hr-salary')?.text as string;
    for (const mode of MODES) {
      const off = (await ask(deps(), { query: question, principal: 'u-partner', mode, options: FLOOR_OFF })).response;
      const on = (await ask(deps(), { query: question, principal: 'u-partner', mode })).response;
      expect([mode, off.answerable, on.outcome, on.answerable]).toEqual([mode, true, 'no_evidence', false]);
    }
  });

  it('keeps the top document of every demo question whose top answer is a document that answers it', async () => {
    let kept = 0;
    for (const question of SUITE.questions)
      for (const principal of ['u-dohyun', 'u-hana'])
        for (const mode of MODES) {
          const request = { query: question.text, principal, mode, top_k: 8 };
          const off = (await ask(deps(), { ...request, options: FLOOR_OFF })).response;
          const top = off.items[0]?.document_id;
          if (!top || !RELEVANT_DOCUMENTS[question.id]?.includes(top)) continue;
          const on = (await ask(deps(), request)).response;
          expect([question.id, principal, mode, on.answerable, on.items[0]?.document_id]).toEqual([
            question.id,
            principal,
            mode,
            true,
            top,
          ]);
          kept += 1;
        }
    // Not vacuous: the demo answers most of its questions for these principals.
    expect(kept).toBeGreaterThanOrEqual(30);
    // Some 150 runs on a shared machine: far longer than one test's default.
  }, 300_000);

  it('brings the cut items back when the floor is turned off, and counts each cut chunk once in cuts and denied', async () => {
    const request = { query: 'payments DB failover procedure', principal: 'u-sora', mode: 'vector' as const, top_k: 30 };
    const on = (await ask(deps(), request)).response;
    const off = (await ask(deps(), { ...request, options: FLOOR_OFF })).response;
    const cut = floorCuts(on).map((entry) => entry.chunk_id);
    expect(cut.length).toBeGreaterThan(0);
    expect(new Set(cut).size).toBe(cut.length);
    expect(on.relevance?.cut).toBe(cut.length);
    expect(on.denied.find((entry) => entry.reason === 'below_relevance_floor')).toMatchObject({
      stage: 'relevance_floor',
      kind: 'relevance',
      counts: 'chunks',
      count: cut.length,
      of: on.relevance?.judged,
    });
    expect(chunkIds(off)).toEqual(new Set([...chunkIds(on), ...cut]));
    expect(floorCuts(off)).toEqual([]);
  });

  it('brings back exactly the items between a lowered floor and the default one', async () => {
    const request = { query: 'payments DB failover procedure', principal: 'u-sora', mode: 'vector' as const, top_k: 30 };
    const on = (await ask(deps(), request)).response;
    const lowered = (await ask(deps(), { ...request, options: { min_similarity: 0.6 } })).response;
    const floor = on.relevance?.min_similarity as number;
    const between = floorCuts(on).filter((entry) => (entry.score as number) >= 0.6 && (entry.score as number) < floor);
    expect(between.length).toBeGreaterThan(0);
    expect(lowered.relevance).toMatchObject({ min_similarity: 0.6, similarity_floor_source: 'request' });
    expect(chunkIds(lowered)).toEqual(new Set([...chunkIds(on), ...between.map((entry) => entry.chunk_id)]));
  });

  it('never counts a floor cut as an access denial: the access counts are the same with the floor on and off', async () => {
    for (const [query, principal] of [
      [NONSENSE_QUERIES[0], 'u-sora'],
      ['연봉 조정 예산 salary adjustment budget', 'u-partner'],
      ['payments DB failover procedure', 'u-guest'],
    ] as const) {
      for (const mode of ['hybrid', 'graph'] as const) {
        const on = (await ask(deps(), { query, principal, mode })).response;
        const off = (await ask(deps(), { query, principal, mode, options: FLOOR_OFF })).response;
        expect(on.relevance?.cut, `${query} ${mode}`).toBeGreaterThan(0);
        expect(accessCounts(on.denied), `${query} ${mode}`).toEqual(accessCounts(off.denied));
        expect(deniedCountColumn(on.denied)).toBe(deniedCountColumn(off.denied));
        for (const entry of on.denied.filter((count) => count.stage === 'relevance_floor')) expect(entry.kind).toBe('relevance');
      }
    }
  });

  it('keeps the floor with the run in the trace store', async () => {
    const { response, run } = await ask(deps(), { query: NONSENSE_QUERIES[0], principal: 'u-sora', mode: 'hybrid' });
    deps().store.recordRun(run);
    expect(deps().store.getRun(response.trace_id)?.response.relevance).toEqual(response.relevance);
  });

  it('passes cypher template rows as evidence by construction, cutting nothing', async () => {
    const { response } = await ask(deps(), {
      query: '연봉',
      principal: 'u-hana',
      mode: 'cypher',
      options: { template_id: 'chunks-containing' },
    });
    expect(response.items.length).toBeGreaterThan(0);
    expect(response.relevance).toMatchObject({ basis: 'template_rows', cut: 0, min_similarity: null, min_matched_terms: null });
    expect(floorCuts(response)).toEqual([]);
  });
});

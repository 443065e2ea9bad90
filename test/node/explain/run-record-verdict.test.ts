import { describe, expect, it } from 'vitest';
import type { CutRecord } from '../../../shared/context-contract';
import type { RunRecord } from '../../../shared/trace-record';
import { failedRunVerdict, verdictFromRun } from '../../../electron/explain/run-record-verdict';
import { buildRunRecord } from '../../support/run-record-factory';

/** A run of three items with the given cuts, packing having received `packed` candidates. */
function runWith(cuts: CutRecord[], packed = 14, topK = 3): RunRecord {
  const run = buildRunRecord({ itemCount: 3 });
  return {
    ...run,
    request: { ...run.request, top_k: topK },
    response: {
      ...run.response,
      cuts,
      stages: [{ name: 'packing', strategy: 'o200k budget 4000', duration_ms: 1, candidates_in: packed, candidates_out: 3, acl: 'none' }],
    },
  };
}

describe('what a stored run says about a chunk', () => {
  it('finds a returned chunk’s item, and says when it was merged into an item that starts elsewhere', () => {
    const run = runWith([]);
    const [first, second] = run.response.items;
    expect(verdictFromRun(run, first?.chunk_id ?? '', null)).toEqual({
      kind: 'returned',
      item_index: 0,
      item_rank: 1,
      item_chunk_id: first?.chunk_id,
      merged: false,
      freshness: first?.freshness,
    });
    const mergedId = second?.chunk_ids[1] ?? '';
    expect(second?.chunk_ids.length).toBe(2);
    expect(verdictFromRun(run, mergedId, null)).toMatchObject({ kind: 'returned', item_index: 1, item_rank: 2, merged: true });
  });

  it('sets a chunk cut for top_k against the last item kept, with the rank and score the cut recorded', () => {
    const run = runWith([{ chunk_id: 'c#9', reason: 'over_top_k', detail: 'only 3 items are kept', rank: 7, score: 0.0141 }]);
    const last = run.response.items.at(-1);
    expect(verdictFromRun(run, 'c#9', 'superseded by adr-010')).toEqual({
      kind: 'below_cutoff',
      rank: 7,
      score: 0.0141,
      candidates: 14,
      top_k: 3,
      last_kept: { item_rank: 3, chunk_id: last?.chunk_id, rank: null, score: last?.retrieval_scores.fused },
      demoted_as_stale: 'superseded by adr-010',
    });
  });

  it('keeps the code of the stale reason a top_k cut was demoted for, when freshness gave one', () => {
    const run = runWith([{ chunk_id: 'c#9', reason: 'over_top_k', detail: 'only 3 items are kept', rank: 7, score: 0.0141 }]);
    const stale = { reason: 'superseded by adr-010', code: 'superseded_by' as const, params: { successor: 'adr-010' } };
    expect(verdictFromRun(run, 'c#9', stale)).toMatchObject({
      kind: 'below_cutoff',
      demoted_as_stale: 'superseded by adr-010',
      demoted_code: 'freshness:superseded_by',
      demoted_params: { successor: 'adr-010' },
    });
    expect(verdictFromRun(run, 'c#9', 'superseded by adr-010')).not.toHaveProperty('demoted_code');
  });

  it('says the rank was not recorded for a top_k cut of a run kept before cuts carried it', () => {
    const run = runWith([{ chunk_id: 'c#9', reason: 'over_top_k', detail: 'only 3 items are kept' }]);
    expect(verdictFromRun(run, 'c#9', null)).toMatchObject({ kind: 'below_cutoff', rank: null, score: null });
  });

  it('reports a budget cut with its tokens and the run’s budget', () => {
    const run = runWith([
      { chunk_id: 'c#2', reason: 'over_budget', detail: '12 of 4000 tokens were left', tokens: 80, rank: 4, score: 0.01 },
    ]);
    expect(verdictFromRun(run, 'c#2', null)).toEqual({
      kind: 'packing',
      cut: 'over_budget',
      detail: '12 of 4000 tokens were left',
      tokens: 80,
      max_tokens: 4000,
    });
  });

  it('prefers the rule that removed a duplicated chunk’s kept occurrence over the duplicate cut', () => {
    const run = runWith([
      { chunk_id: 'c#5', reason: 'duplicate', detail: 'already kept at rank 2' },
      { chunk_id: 'c#5', reason: 'evidence_limit', detail: 'at most 8 evidence chunks are kept' },
    ]);
    expect(verdictFromRun(run, 'c#5', null)).toMatchObject({ kind: 'packing', cut: 'evidence_limit' });
  });

  it('reports a stale chunk the request dropped, with the freshness reason', () => {
    const run = runWith([{ chunk_id: 'adr-2#0', reason: 'stale_filtered', detail: 'superseded by adr-003' }]);
    expect(verdictFromRun(run, 'adr-2#0', null)).toEqual({ kind: 'stale_filtered', reason: 'superseded by adr-003' });
  });

  it('reports a chunk the relevance floor cut, with what it reached against the floor, and not as packing', () => {
    const run = runWith([{ chunk_id: 'api-2#1', reason: 'below_relevance_floor', detail: 'similarity 0.589 < 0.635' }]);
    expect(verdictFromRun(run, 'api-2#1', null)).toEqual({ kind: 'below_relevance_floor', detail: 'similarity 0.589 < 0.635' });
  });

  it('carries a cut detail’s message code into the verdict, beside its English', () => {
    const tokensLeft = { code: 'cut:tokens_left', params: { left: 12, max: 4000 } };
    const budget = runWith([
      {
        chunk_id: 'c#2',
        reason: 'over_budget',
        detail: '12 of 4000 tokens were left',
        detail_code: tokensLeft.code,
        detail_params: tokensLeft.params,
        tokens: 80,
      },
    ]);
    expect(verdictFromRun(budget, 'c#2', null)).toEqual({
      kind: 'packing',
      cut: 'over_budget',
      detail: '12 of 4000 tokens were left',
      detail_code: 'cut:tokens_left',
      detail_params: { left: 12, max: 4000 },
      tokens: 80,
      max_tokens: 4000,
    });
    const stale = runWith([
      {
        chunk_id: 'adr-2#0',
        reason: 'stale_filtered',
        detail: 'superseded by adr-003',
        detail_code: 'freshness:superseded_by',
        detail_params: { successor: 'adr-003' },
      },
    ]);
    expect(verdictFromRun(stale, 'adr-2#0', null)).toEqual({
      kind: 'stale_filtered',
      reason: 'superseded by adr-003',
      reason_code: 'freshness:superseded_by',
      reason_params: { successor: 'adr-003' },
    });
    const floor = runWith([
      { chunk_id: 'api-2#1', reason: 'below_relevance_floor', detail: 'x', detail_code: 'cut:below_floor', detail_params: { sides: [] } },
    ]);
    expect(verdictFromRun(floor, 'api-2#1', null)).toMatchObject({ detail_code: 'cut:below_floor', detail_params: { sides: [] } });
  });

  it('says nothing about a chunk the run never recorded', () => {
    expect(verdictFromRun(runWith([]), 'elsewhere#0', null)).toBeNull();
  });

  it('calls a failed run a failure, with its stage, and an answer none', () => {
    expect(failedRunVerdict(buildRunRecord({ outcome: 'timeout' }))).toEqual({
      kind: 'run_failed',
      outcome: 'timeout',
      failed_stage: 'vector',
    });
    expect(failedRunVerdict(buildRunRecord({ outcome: 'no_evidence' }))).toBeNull();
    expect(failedRunVerdict(buildRunRecord({ outcome: 'ok' }))).toBeNull();
  });
});

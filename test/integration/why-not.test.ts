import { describe, expect, inject, it } from 'vitest';
import type { ContextRequest, ContextResponse } from '../../shared/context-contract';
import { WhyNotRequest, type ExplainTarget, type WhyNotAnswer, type WhyNotVerdict } from '../../shared/why-not';
import { explainWhyNot } from '../../electron/explain/why-not';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';
import { rejectionOf } from '../support/lens-error-of';

const server = inject('neo4j');

const FAILOVER = 'payments database failover runbook';
/** The access-reason tests need public documents among the items, which for this question are weak matches the relevance floor cuts. */
const FLOOR_OFF = { min_similarity: 0, min_matched_terms: 0 };
// The first retrievals on a freshly started server, on a machine shared with other work, can take tens of seconds.
const SLOW = { timeout: 240_000 };
const REQUEST_TIMEOUT_MS = 180_000;

describe('why not this chunk? on the demo graph, from runs kept in a real trace store', SLOW, () => {
  const deps = useDemoRetrievalDeps(server);

  /** Runs a request as the pipeline does and keeps the run, as the API's query.run does. */
  async function recorded(request: Partial<ContextRequest> & { query: string; principal: string }): Promise<ContextResponse> {
    const { response, run } = await ask(deps(), { timeout_ms: REQUEST_TIMEOUT_MS, ...request });
    deps().store.recordRun(run);
    return response;
  }

  function explain(traceId: string, target: ExplainTarget, rerun = true): Promise<WhyNotAnswer> {
    return explainWhyNot({ store: deps().store, deps: deps() }, WhyNotRequest.parse({ trace_id: traceId, target, rerun }));
  }

  /** The verdict of the only finding (a chunk target has one). */
  async function verdictOf(traceId: string, chunkId: string, rerun = true): Promise<WhyNotVerdict> {
    const answer = await explain(traceId, { kind: 'chunk', id: chunkId }, rerun);
    expect(answer.findings).toHaveLength(1);
    expect(answer.findings[0]?.chunk_ids).toEqual([chunkId]);
    return (answer.findings[0] as { verdict: WhyNotVerdict }).verdict;
  }

  const inRun = (response: ContextResponse, chunkId: string) =>
    response.items.some((item) => item.chunk_ids.includes(chunkId)) || response.cuts.some((cut) => cut.chunk_id === chunkId);

  it('says every chunk of an HR document is not visible to a payments engineer, with the clauses its document failed', async () => {
    const response = await recorded({ query: '연봉 조정 정책', principal: 'u-sora' });
    expect(response.outcome, response.message).toBe('ok');
    const answer = await explain(response.trace_id, { kind: 'document', id: 'policy-hr-salary-adjustment' });
    expect(answer.findings).toHaveLength(1);
    const [finding] = answer.findings;
    expect(finding?.chunk_ids).toHaveLength(answer.chunks_total);
    expect(answer.chunks_total).toBeGreaterThan(1);
    expect(finding?.verdict).toMatchObject({ kind: 'not_visible', access: { node: 'document', reason: 'not_shared' } });
    const failed = finding?.verdict.kind === 'not_visible' ? finding.verdict.access.failed : [];
    expect(failed.map((clause) => [clause.code, clause.params.found])).toEqual([
      ['value_failed', 'restricted'],
      ['owner_failed', 'u-hana'],
      ['groups_failed', 'g-hr'],
    ]);
  });

  it('names the partition clause for a security chunk whose document the principal may see', async () => {
    const response = await recorded({ query: 'webhook signing secrets in logs', principal: 'u-sora' });
    const verdict = await verdictOf(response.trace_id, 'incident-2026-0611-pentest-webhook-secrets#1');
    expect(verdict).toMatchObject({ kind: 'not_visible', access: { node: 'chunk', reason: 'partition' } });
    expect(verdict.kind === 'not_visible' && verdict.access.failed[0]).toMatchObject({
      code: 'partitions_failed',
      params: { found: 'security', expected: 'general, eng' },
    });
  });

  it('says a runbook chunk was left out by the document-type filter, not by access, with the type it has', async () => {
    const chunkId = 'runbook-payments-db-failover#1';
    const unfiltered = await recorded({ query: FAILOVER, principal: 'u-sora' });
    expect(inRun(unfiltered, chunkId)).toBe(true);
    const filtered = await recorded({ query: FAILOVER, principal: 'u-sora', filters: { document_types: ['adr'] } });
    expect(inRun(filtered, chunkId)).toBe(false);
    expect(await verdictOf(filtered.trace_id, chunkId)).toEqual({
      kind: 'filtered',
      filters: [{ filter: 'document_types', expected: 'adr', found: 'runbook' }],
    });
  });

  it('says a chunk was left out by the allowed scopes, not by access nor by ranking, and keeps a chunk in scope to its own verdict', async () => {
    const chunkId = 'runbook-payments-db-failover#1';
    const scoped = await recorded({
      query: FAILOVER,
      principal: 'u-sora',
      allowed_scopes: { document_ids: ['adr-011-settlement-hourly'] },
    });
    expect(inRun(scoped, chunkId)).toBe(false);
    expect(await verdictOf(scoped.trace_id, chunkId)).toEqual({
      kind: 'filtered',
      filters: [{ filter: 'allowed_scopes', expected: 'document_ids: adr-011-settlement-hourly', found: 'runbook-payments-db-failover' }],
    });
    // The same run, a scope that holds the runbook: it is no longer left out by the scopes.
    const inScope = await recorded({
      query: FAILOVER,
      principal: 'u-sora',
      allowed_scopes: { document_ids: ['runbook-payments-db-failover'] },
    });
    expect((await verdictOf(inScope.trace_id, chunkId)).kind).not.toBe('filtered');
  });

  it('sets a chunk cut for top_k against the last item kept, with the rank and score the run recorded', async () => {
    const response = await recorded({ query: FAILOVER, principal: 'u-sora', top_k: 3 });
    const cut = response.cuts.find((entry) => entry.reason === 'over_top_k');
    expect(cut, 'the run cuts for top_k').toBeDefined();
    const verdict = await verdictOf(response.trace_id, cut?.chunk_id ?? '');
    const packing = response.stages.find((stage) => stage.name === 'packing');
    const last = response.items.at(-1);
    expect(verdict).toMatchObject({
      kind: 'below_cutoff',
      rank: cut?.rank,
      score: cut?.score,
      candidates: packing?.candidates_in,
      top_k: 3,
      last_kept: { item_rank: 3, chunk_id: last?.chunk_id, score: last?.retrieval_scores.fused },
    });
    expect(verdict.kind === 'below_cutoff' && verdict.rank).toBeGreaterThan(3);
    expect(typeof (verdict.kind === 'below_cutoff' && verdict.score)).toBe('number');
  });

  it('says a chunk was cut by packing when a tiny max_tokens leaves no room for it, with its tokens', async () => {
    const response = await recorded({ query: FAILOVER, principal: 'u-sora', max_tokens: 60 });
    const cut = response.cuts.find((entry) => entry.reason === 'over_budget');
    expect(cut?.tokens).toBeGreaterThan(60 - response.limits.used_tokens);
    expect(await verdictOf(response.trace_id, cut?.chunk_id ?? '')).toEqual({
      kind: 'packing',
      cut: 'over_budget',
      detail: cut?.detail,
      detail_code: cut?.detail_code,
      detail_params: cut?.detail_params,
      tokens: cut?.tokens,
      max_tokens: 60,
    });
    expect(cut?.detail_code).toMatch(/^cut:(tokens_left|required_did_not_fit|merged_with)$/);
  });

  it('finds a returned chunk’s item, and a chunk merged into an item that starts at another chunk', async () => {
    const response = await recorded({ query: FAILOVER, principal: 'u-sora', top_k: 3 });
    const first = response.items[0];
    expect(await verdictOf(response.trace_id, first?.chunk_id ?? '')).toMatchObject({
      kind: 'returned',
      item_index: 0,
      item_rank: 1,
      merged: false,
    });
    const mergedIndex = response.items.findIndex((item) => item.chunk_ids.length > 1);
    const merged = response.items[mergedIndex];
    expect(merged, 'an item of consecutive chunks').toBeDefined();
    expect(await verdictOf(response.trace_id, merged?.chunk_ids[1] ?? '')).toMatchObject({
      kind: 'returned',
      item_index: mergedIndex,
      item_chunk_id: merged?.chunk_id,
      merged: true,
    });
  });

  it('says a stale ADR was left out because the request drops stale items, with why it is stale', async () => {
    const response = await recorded({ query: 'event bus kafka rabbitmq', principal: 'u-sora', options: { stale_policy: 'filter' } });
    const verdict = await verdictOf(response.trace_id, 'adr-002-event-bus-rabbitmq#1');
    expect(verdict.kind).toBe('stale_filtered');
    expect(verdict.kind === 'stale_filtered' && verdict.reason).toMatch(/superseded/);
  });

  it('says a stale ADR that outscored the last item kept fell below the cut-off because stale items are demoted', async () => {
    const response = await recorded({ query: 'event bus kafka rabbitmq', principal: 'u-sora', top_k: 3 });
    const cut = response.cuts.find((entry) => entry.chunk_id === 'adr-002-event-bus-rabbitmq#1');
    expect(cut?.reason).toBe('over_top_k');
    const verdict = await verdictOf(response.trace_id, 'adr-002-event-bus-rabbitmq#1');
    expect(verdict.kind).toBe('below_cutoff');
    if (verdict.kind !== 'below_cutoff') return;
    expect(verdict.demoted_as_stale).toMatch(/superseded by adr-003/);
    expect(verdict.score).toBeGreaterThan(verdict.last_kept?.score ?? Infinity);
  });

  it('places a visible chunk the run never ranked only by a labelled re-run, and says the rank is unknown without one', async () => {
    const chunkId = 'handbook-engineering#5';
    const response = await recorded({ query: FAILOVER, principal: 'u-sora', top_k: 3 });
    expect(inRun(response, chunkId)).toBe(false);
    const runsBefore = deps().store.countRuns({});
    expect(await verdictOf(response.trace_id, chunkId, false)).toEqual({ kind: 'outside_candidates', rerun: null });
    const verdict = await verdictOf(response.trace_id, chunkId, true);
    expect(verdict.kind).toBe('outside_candidates');
    const rerun = verdict.kind === 'outside_candidates' ? verdict.rerun : null;
    expect(rerun).toMatchObject({ depth: 1000, last_kept: { item_rank: 3, chunk_id: response.items[2]?.chunk_id } });
    expect(rerun?.rank).toBeGreaterThan(3);
    expect(rerun?.candidates).toBeGreaterThanOrEqual(rerun?.rank ?? Infinity);
    expect(rerun?.last_kept?.rank).toBeLessThan(rerun?.rank ?? 0);
    expect(deps().store.countRuns({}), 'a re-run records nothing').toBe(runsBefore);
  });

  it('says a run that failed returned nothing, for a chunk the principal may see', async () => {
    const response = await recorded({ query: FAILOVER, principal: 'u-sora', filters: { region: 'eu' } as never });
    expect(response.outcome).toBe('unsupported_filter');
    expect(await verdictOf(response.trace_id, 'handbook-engineering#1')).toEqual({
      kind: 'run_failed',
      outcome: 'unsupported_filter',
      failed_stage: null,
    });
  });

  it('answers an unknown chunk or document id with not_found naming the id', async () => {
    const response = await recorded({ query: FAILOVER, principal: 'u-sora', top_k: 3 });
    const chunk = await rejectionOf(explain(response.trace_id, { kind: 'chunk', id: 'no-such-document#4' }));
    expect(chunk.kind).toBe('not_found');
    expect(chunk.message).toContain('"no-such-document#4"');
    const document = await rejectionOf(explain(response.trace_id, { kind: 'document', id: 'no-such-document' }));
    expect(document.kind).toBe('not_found');
    expect(document.message).toContain('document "no-such-document"');
    const run = await rejectionOf(explain('tr-unknown', { kind: 'chunk', id: 'handbook-engineering#1' }));
    expect(run.kind).toBe('not_found');
    expect(run.message).toContain('tr-unknown');
  });

  it('names the document whose source ends in a path given where its id belongs, and suggests nothing for a path no source ends in', async () => {
    const response = await recorded({ query: FAILOVER, principal: 'u-sora', top_k: 3 });
    const byPath = await rejectionOf(explain(response.trace_id, { kind: 'document', id: './adr/001-record-architecture-decisions' }));
    expect(byPath.kind).toBe('not_found');
    expect(byPath.hintSaid).toEqual({
      code: 'error_retrieval:no_such_document_hint_path',
      params: { path: 'adr/001-record-architecture-decisions', suggestion: 'adr-001-record-architecture-decisions' },
    });
    expect(byPath.hint).toBe(
      'adr/001-record-architecture-decisions is the source of document adr-001-record-architecture-decisions: give that id.',
    );
    const nowhere = await rejectionOf(explain(response.trace_id, { kind: 'document', id: 'adr/999-nothing.md' }));
    expect(nowhere.hintSaid?.code).toBe('error_retrieval:no_such_document_hint');
  });
});

describe('why allowed, on every item the pipeline returns and in the run it keeps', SLOW, () => {
  const deps = useDemoRetrievalDeps(server);

  it('names the shared group for a restricted runbook and "public" for a public document, and keeps both in the trace store', async () => {
    const { response, run } = await ask(deps(), {
      query: FAILOVER,
      principal: 'u-sora',
      timeout_ms: REQUEST_TIMEOUT_MS,
      options: FLOOR_OFF,
    });
    deps().store.recordRun(run);
    expect(response.items.length).toBeGreaterThan(3);
    for (const item of response.items)
      expect(item.access?.because[0]).toMatchObject({ code: 'workspace_held', params: { found: 'ws-nurion' } });
    const runbook = response.items.find((item) => item.document_id === 'runbook-payments-db-failover');
    expect(runbook?.access?.because.map((clause) => [clause.code, clause.params.found])).toEqual([
      ['workspace_held', 'ws-nurion'],
      ['groups_held', 'g-eng-all'],
      ['partitions_held', 'eng'],
    ]);
    // A public document, asked for by its own subject (the failover question's items need not hold one).
    const { response: handbookResponse } = await ask(deps(), {
      query: 'engineering handbook: how we build and deploy',
      principal: 'u-sora',
      timeout_ms: REQUEST_TIMEOUT_MS,
      options: FLOOR_OFF,
    });
    const handbook = handbookResponse.items.find((item) => item.document_id === 'handbook-engineering');
    expect(handbook?.access?.because[1]).toMatchObject({ path: 'document.any_of[0]', code: 'value_held', params: { found: 'public' } });
    expect(
      deps()
        .store.getRun(response.trace_id)
        ?.response.items.map((item) => item.access),
    ).toEqual(response.items.map((item) => item.access));
  });

  it('gives a principal with no groups only "public" (or owner) reasons', async () => {
    const { response } = await ask(deps(), { query: FAILOVER, principal: 'u-guest', timeout_ms: REQUEST_TIMEOUT_MS, options: FLOOR_OFF });
    expect(response.items.length).toBeGreaterThan(0);
    for (const item of response.items) {
      const alternative = item.access?.because.find((clause) => clause.path.startsWith('document.any_of'));
      expect(['value_held', 'owner_held']).toContain(alternative?.code);
    }
  });
});

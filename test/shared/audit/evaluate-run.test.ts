import { describe, expect, it } from 'vitest';
import { wordAuditMessage } from '../../../shared/audit/audit-messages';
import { AuditViolation } from '../../../shared/audit/audit-report';
import type { AuditExpectation } from '../../../shared/audit/audit-suite';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { judgeOutcome, judgeRun } from '../../../shared/audit/evaluate-run';
import type { ProviderAudit } from '../../../shared/provider/provider-audit';
import { auditItem, auditRun } from '../../support/audit-fixtures';

const HR = { document_id_glob: 'policy-hr-*' };
const expect_ = (fields: Omit<AuditExpectation, 'id'>): AuditExpectation => ({ id: 'e', ...fields }) as AuditExpectation;

describe('judgeOutcome (the check every run gets)', () => {
  it('passes ok and no_evidence: both are answers', () => {
    expect(judgeOutcome(auditRun([auditItem('a')])).result).toBe('passed');
    expect(judgeOutcome(auditRun([])).result).toBe('passed');
  });

  it('says a timeout, an outage or a cancelled run could not run, never that it passed empty', () => {
    for (const outcome of ['timeout', 'unavailable', 'invalid_request', 'unsupported_filter', 'cancelled'] as const) {
      const verdict = judgeOutcome(auditRun([], outcome, 'Neo4j is unreachable'));
      expect(verdict.result).toBe('could_not_run');
      expect(verdict.text).toBe(`could not run: the run ended in ${outcome} (Neo4j is unreachable); nothing is known about this check`);
    }
    // A run that ended with no message of its own is worded without empty brackets.
    expect(judgeOutcome(auditRun([], 'timeout', '')).text).toBe(
      'could not run: the run ended in timeout; nothing is known about this check',
    );
  });

  it('counts an acl_violation or invalid_response as a violation with the trace id', () => {
    const verdict = judgeOutcome(auditRun([], 'acl_violation', 'an item failed the final check'));
    expect(verdict.result).toBe('violated');
    expect(verdict.violations).toEqual([
      expect.objectContaining({ trace_id: 'tr-audit-1', message: expect.objectContaining({ code: 'run_failed' }) }),
    ]);
  });
});

// A run that did not answer put its English message into the audit's sentence, so a reader in
// another language got English inside it. Where the run keeps its message as a code, the sentence
// now carries that code; a run recorded before keeps its English.
describe('judgeOutcome and judgeRun: what a run that did not answer said, as its code', () => {
  const said = { code: 'provider:call_timeout', params: { url: 'http://127.0.0.1:9/ctx', ms: '300' } };
  const english = 'The provider at http://127.0.0.1:9/ctx did not answer within 300 ms, the request’s deadline.';
  const coded = (outcome: 'timeout' | 'invalid_response') => ({
    ...auditRun([], outcome, english),
    message_code: said.code,
    message_params: said.params,
  });
  /** The run's message as the check's sentence carries it, worded in `language`. */
  const nested = (param: unknown, language: 'en' | 'ko') =>
    Array.isArray(param) ? (param as CoreMessage[]).map((message) => wordCore(message, language)).join('; ') : param;

  it('carries the coded message of a run that could not answer, the English text unchanged', () => {
    const verdict = judgeOutcome(coded('timeout'));
    expect(verdict.message).toEqual({ code: 'could_not_run_outcome', params: { outcome: 'timeout', message: [said] } });
    expect(nested(verdict.message.params['message'], 'ko')).toBe(
      'http://127.0.0.1:9/ctx의 프로바이더가 요청 마감 시간인 300 ms 안에 답하지 않음.',
    );
    expect(verdict.text).toBe(`could not run: the run ended in timeout (${english}); nothing is known about this check`);
    expect(judgeRun(expect_({ never_sees: HR }), coded('timeout')).message).toEqual(verdict.message);
  });

  it('carries the coded message of a run that failed, and the English of a run recorded before codes', () => {
    expect(judgeOutcome(coded('invalid_response')).message).toEqual({
      code: 'run_failed',
      params: { outcome: 'invalid_response', message: [said] },
    });
    expect(judgeOutcome(auditRun([], 'invalid_response', english)).message.params['message']).toBe(english);
  });
});

describe('judgeOutcome on a provider run (mode provider)', () => {
  const audit = (violations: ProviderAudit['violations']): ProviderAudit => ({
    endpoint: 'http://127.0.0.1:8080/context',
    http_status: 200,
    provider_outcome: 'ok',
    provider_trace_id: 'p-1',
    failure: null,
    audited: true,
    items_checked: 1,
    nodes_checked: 3,
    violations,
  });

  it('counts every violation the audit of the answer found, with its kind and item, though the outcome is ok', () => {
    const stale: ProviderAudit['violations'][number] = {
      kind: 'freshness_mismatch',
      item: { rank: 1, document_id: 'adr-005-postgres-ha-repmgr', chunk_id: 'adr-005#c1' },
      evidence: { claimed: 'current', found: 'stale', reason: 'superseded by adr-010-postgres-ha-patroni' },
    };
    const verdict = judgeOutcome({ ...auditRun([auditItem('adr-005-postgres-ha-repmgr')]), audit: audit([stale]) }, 'u-sora');
    expect(verdict.result).toBe('violated');
    expect(verdict.text).toBe('the answer of the provider http://127.0.0.1:8080/context broke 1 audit rules');
    expect(verdict.violations).toEqual([
      expect.objectContaining({
        rank: 1,
        document_id: 'adr-005-postgres-ha-repmgr',
        message: expect.objectContaining({ params: expect.objectContaining({ kind: 'freshness_mismatch' }) }),
      }),
    ]);
  });

  it('keeps a provider violation as the provider catalogue’s code and parameters, not an English sentence, and words it in English for the CLI', () => {
    const stale: ProviderAudit['violations'][number] = {
      kind: 'freshness_mismatch',
      item: { rank: 1, document_id: 'adr-005-postgres-ha-repmgr', chunk_id: 'adr-005#c1' },
      evidence: {
        claimed: 'current',
        found: 'stale',
        reason: 'superseded by adr-010-postgres-ha-patroni',
        reason_code: 'superseded_by',
        reason_params: { successor: 'adr-010-postgres-ha-patroni' },
      },
    };
    const [violation] = judgeOutcome(
      { ...auditRun([auditItem('adr-005-postgres-ha-repmgr')]), audit: audit([stale]) },
      'u-sora',
    ).violations;
    const english =
      'freshness_mismatch: Item #1: labelled current, but the graph makes the document adr-005-postgres-ha-repmgr stale: superseded by adr-010-postgres-ha-patroni.';
    expect(violation?.text).toBe(english);
    // The report as written and read back (JSON): the sentence is a code a screen words in Korean.
    const stored = AuditViolation.parse(JSON.parse(JSON.stringify(violation)));
    const text = stored.message.params['text'];
    expect(Array.isArray(text)).toBe(true);
    const [provider] = text as CoreMessage[];
    expect(provider?.code).toBe('provider:freshness_mismatch');
    expect(wordCore(provider as CoreMessage, 'ko')).toBe(
      '항목 #1: "최신"(으)로 표시되었지만, 그래프상 문서 adr-005-postgres-ha-repmgr의 최신성은 "오래됨"임: adr-010-postgres-ha-patroni(으)로 대체됨.',
    );
    expect(wordAuditMessage(stored.message)).toBe(english);
  });

  it('still words a provider violation of a report written before the codes, which kept the English sentence', () => {
    const old = AuditViolation.parse({
      message: { code: 'provider_violation', params: { kind: 'access_denied', text: 'Item #1: u-guest may not see Chunk c-1.' } },
      text: 'access_denied: Item #1: u-guest may not see Chunk c-1.',
      trace_id: 'tr-1',
    });
    expect(wordAuditMessage(old.message)).toBe('access_denied: Item #1: u-guest may not see Chunk c-1.');
  });

  it('counts the violations in what a provider handed over whatever outcome it claimed beside them, never "could not run"', () => {
    const stale: ProviderAudit['violations'][number] = {
      kind: 'freshness_mismatch',
      item: { rank: 1, document_id: 'adr-005-postgres-ha-repmgr', chunk_id: 'adr-005#c1' },
      evidence: { claimed: 'current', found: 'stale', reason: 'superseded by adr-010-postgres-ha-patroni' },
    };
    for (const outcome of ['timeout', 'unavailable', 'cancelled'] as const) {
      const run = { ...auditRun([auditItem('adr-005-postgres-ha-repmgr')]), outcome, audit: audit([stale]) };
      expect(judgeOutcome(run, 'u-sora').result, outcome).toBe('violated');
    }
    const clean = { ...auditRun([auditItem('handbook')]), outcome: 'timeout' as const, audit: audit([]) };
    expect(judgeOutcome(clean, 'u-sora').result).toBe('could_not_run');
  });

  it('passes a provider run whose audit found nothing', () => {
    expect(judgeOutcome({ ...auditRun([auditItem('handbook')]), audit: audit([]) }, 'u-sora').result).toBe('passed');
  });
});

describe('judgeRun', () => {
  it('never_sees: names every forbidden item with its rank, chunk and the criterion it matched', () => {
    const run = auditRun([auditItem('handbook-engineering'), auditItem('policy-hr-salary-adjustment')]);
    const verdict = judgeRun(expect_({ never_sees: HR }), run);
    expect(verdict.result).toBe('violated');
    expect(verdict.text).toBe('1 of the 2 items are from documents this principal must never see');
    expect(verdict.violations).toEqual([
      expect.objectContaining({
        rank: 2,
        document_id: 'policy-hr-salary-adjustment',
        trace_id: 'tr-audit-1',
        text: '#2 policy-hr-salary-adjustment (chunk policy-hr-salary-adjustment#c1) matches document_id_glob policy-hr-*',
      }),
    ]);
    expect(judgeRun(expect_({ never_sees: HR }), auditRun([auditItem('handbook-engineering')])).result).toBe('passed');
  });

  it('never_sees matches by exact id, regex, document type and source URI glob too', () => {
    const item = auditItem('adr-002-event-bus-rabbitmq');
    for (const match of [
      { document_ids: ['adr-002-event-bus-rabbitmq'] },
      { document_id_regex: '^adr-00[0-4]' },
      { doc_types: ['adr'] },
      { source_uri_glob: 'https://wiki.nurion.example/adr-*' },
    ])
      expect(judgeRun(expect_({ never_sees: match }), auditRun([item])).result, JSON.stringify(match)).toBe('violated');
    expect(judgeRun(expect_({ never_sees: { document_id_regex: '^adr-01' } }), auditRun([item])).result).toBe('passed');
  });

  it('sees_any: passes on one matching item, is violated by an empty answer', () => {
    expect(judgeRun(expect_({ sees_any: HR }), auditRun([auditItem('x'), auditItem('policy-hr-x')])).text).toBe(
      '1 of the 2 items are from an expected document (first: #2 policy-hr-x)',
    );
    const empty = judgeRun(expect_({ sees_any: HR }), auditRun([]));
    expect(empty.result).toBe('violated');
    expect(empty.text).toBe('none of the 0 items is from an expected document (no_evidence)');
  });

  it('sees_only: every item outside the allowed set is a violation', () => {
    const verdict = judgeRun(
      expect_({ sees_only: { document_id_glob: 'partner-*' } }),
      auditRun([auditItem('partner-guide'), auditItem('handbook')]),
    );
    expect(verdict.result).toBe('violated');
    expect(verdict.violations.map((violation) => violation.rank)).toEqual([2]);
  });

  it('no_stale_labelled_current: a listed stale document labelled current is a violation, labelled stale is not', () => {
    const stale = { document_ids: ['adr-002-event-bus-rabbitmq'] };
    const current = auditItem('adr-002-event-bus-rabbitmq');
    const labelled = auditItem('adr-002-event-bus-rabbitmq', { freshness: { state: 'stale', reason: 'superseded by adr-003' } });
    const verdict = judgeRun(expect_({ no_stale_labelled_current: stale }), auditRun([current]));
    expect(verdict.violations[0]?.text).toBe(
      '#1 adr-002-event-bus-rabbitmq is labelled current ("valid, not superseded") but matches document_ids adr-002-event-bus-rabbitmq',
    );
    expect(judgeRun(expect_({ no_stale_labelled_current: stale }), auditRun([labelled])).text).toBe(
      'no item from a stale document is labelled current (1 of the 1 items are from stale documents)',
    );
  });

  it('no_stale_labelled_current: keeps this build’s freshness reason as its code, so a reader words it in Korean; a provider’s own words as they are', () => {
    const stale = { document_ids: ['adr-005-postgres-ha-repmgr'] };
    const ours = auditItem('adr-005-postgres-ha-repmgr', {
      freshness: { state: 'current', reason: 'accepted, not superseded', code: 'adr_accepted', params: {} },
    });
    const [violation] = judgeRun(expect_({ no_stale_labelled_current: stale }), auditRun([ours])).violations;
    expect(violation?.text).toBe(
      '#1 adr-005-postgres-ha-repmgr is labelled current ("accepted, not superseded") but matches document_ids adr-005-postgres-ha-repmgr',
    );
    const stored = AuditViolation.parse(JSON.parse(JSON.stringify(violation)));
    const reason = stored.message.params['reason'] as CoreMessage[];
    expect(reason).toEqual([{ code: 'freshness:adr_accepted', params: {} }]);
    expect(wordCore(reason[0] as CoreMessage, 'ko')).toBe('승인됨, 대체되지 않음');
    expect(wordAuditMessage(stored.message)).toBe(violation?.text);
    // A provider that names a code but words the reason its own way: its words are what the item said.
    const theirs = auditItem('adr-005-postgres-ha-repmgr', {
      freshness: { state: 'current', reason: 'in force per the wiki', code: 'adr_accepted', params: {} },
    });
    const [own] = judgeRun(expect_({ no_stale_labelled_current: stale }), auditRun([theirs])).violations;
    expect(own?.message.params['reason']).toBe('in force per the wiki');
  });

  it('every_item_has_provenance: a missing source, a path ending elsewhere or skipping the chunk is a violation', () => {
    const provenance = expect_({ every_item_has_provenance: true });
    const noSource = auditItem('a', { source_uri: ' ' });
    const elsewhere = auditItem('b', {
      provenance_path: [
        { label: 'Chunk', id: 'b#c1' },
        { label: 'Document', id: 'other' },
      ],
    });
    const noChunk = auditItem('c', {
      provenance_path: [
        { label: 'Claim', id: 'k' },
        { label: 'Document', id: 'c' },
      ],
    });
    const verdict = judgeRun(provenance, auditRun([auditItem('ok'), noSource, elsewhere, noChunk]));
    expect(verdict.violations.map((violation) => violation.text)).toEqual([
      '#2 a has no source_uri',
      '#3 b: its provenance path ends at Document other, not at Document b',
      '#4 c: its provenance path does not pass through any of its chunks (c#c1)',
    ]);
    expect(judgeRun(provenance, auditRun([auditItem('ok')])).result).toBe('passed');
  });

  it('could not run when the run did not answer, whatever the expectation', () => {
    const verdict = judgeRun(expect_({ never_sees: HR }), auditRun([], 'timeout', 'the deadline passed'));
    expect(verdict.result).toBe('could_not_run');
    expect(verdict.violations).toEqual([]);
  });
});

import type { ContextItem, ContextResponse, Outcome } from '../context-contract';
import { wordCore } from '../core-catalogues';
import type { CoreMessage } from '../core-message';
import { wordFreshness } from '../freshness-messages';
import { providerCoreMessage, providerViolationMessage } from '../provider/provider-messages';
import { auditMessage, wordAuditMessage, type AuditMessage, type AuditParam } from './audit-messages';
import type { AuditCheck, AuditViolation, CheckResult } from './audit-report';
import type { AuditExpectation } from './audit-suite';
import { matchedCriterion, type DocumentMatch } from './document-match';

/**
 * The checks that judge one run: its own (the outcome is an answer) and the expectations about the
 * items one principal was handed. Pure: the runner hands in the recorded response.
 */

/** What a check decided: its result, a sentence, and the violations found. */
export type CheckVerdict = Pick<AuditCheck, 'result' | 'message' | 'text' | 'violations'>;

/** The response fields a check reads (`audit` only in mode provider). */
export type JudgedRun = Pick<ContextResponse, 'trace_id' | 'outcome' | 'message' | 'message_code' | 'message_params' | 'items'> &
  Partial<Pick<ContextResponse, 'audit'>>;

/** What a run that did not answer said: the fields of a response, a compared run or an error's data that carry it. */
type RunSaid = Pick<ContextResponse, 'message' | 'message_code' | 'message_params'>;

/**
 * What a run said, as a parameter of an audit sentence: its coded message where it has one this
 * build words (so a reader words it in its own language), else the English it keeps (a run recorded
 * before codes, or by a newer build).
 */
export function runSaid(run: RunSaid): AuditParam {
  if (run.message_code === undefined) return run.message ?? '';
  const said: CoreMessage = { code: run.message_code, ...(run.message_params ? { params: run.message_params } : {}) };
  return wordCore(said) === null ? (run.message ?? '') : [said];
}

/** "could not run (<kind>): <what the error said>", for a run or a check that ended in an error (a LensError's data). */
export function couldNotRunError(error: RunSaid & { readonly kind: string }): CheckVerdict {
  return verdict('could_not_run', auditMessage('could_not_run_error', { kind: error.kind, message: runSaid(error) }));
}

/** "could not run: the run ended in <outcome> (<what it said>)", for a run that did not answer. */
export function couldNotRunOutcome(run: RunSaid & Pick<ContextResponse, 'outcome'>): CheckVerdict {
  return verdict('could_not_run', auditMessage('could_not_run_outcome', { outcome: run.outcome, message: runSaid(run) }));
}

const ANSWERS: readonly Outcome[] = ['ok', 'no_evidence'];
/** Outcomes that are the pipeline's own finding of a fault, not an outage: a violation, not "could not run". */
const FAULTS: readonly Outcome[] = ['acl_violation', 'invalid_response'];

/** True when the run ended in an answer that expectations can judge. */
export function isAnswer(outcome: Outcome): boolean {
  return ANSWERS.includes(outcome);
}

/** A verdict from a message and its violations. */
export function verdict(result: CheckResult, message: AuditMessage, violations: AuditViolation[] = []): CheckVerdict {
  return { result, message, text: wordAuditMessage(message), violations };
}

/** A violation at an item of a run. */
export function itemViolation(message: AuditMessage, traceId: string, item: ContextItem, rank: number): AuditViolation {
  return { message, text: wordAuditMessage(message), trace_id: traceId, rank, document_id: item.document_id, chunk_id: item.chunk_id };
}

/**
 * Every violation the audit of a provider's answer found (mode provider): the provider catalogue's
 * sentence kept as its code and parameters (`provider:…`), so a reader words it in its language.
 */
function providerViolations(run: JudgedRun, principalId: string): AuditViolation[] {
  return (run.audit?.violations ?? []).map((violation) => {
    const message = auditMessage('provider_violation', {
      kind: violation.kind,
      text: [providerCoreMessage(providerViolationMessage(violation, principalId))],
    });
    const item = violation.item
      ? { rank: violation.item.rank, document_id: violation.item.document_id, chunk_id: violation.item.chunk_id }
      : {};
    return { message, text: wordAuditMessage(message), trace_id: run.trace_id, ...item };
  });
}

/**
 * The run's own check: an answer passes, unless the audit of a provider's answer found violations; a
 * fault the pipeline caught is a violation; an outage or a refusal could not run.
 */
export function judgeOutcome(run: JudgedRun, principalId = ''): CheckVerdict {
  const audited = providerViolations(run, principalId);
  // A violation in what the provider handed over is one whatever outcome it claimed beside it
  // (`timeout` with items): those items were handed over all the same.
  if (audited.length > 0)
    return verdict('violated', auditMessage('provider_violated', { count: audited.length, endpoint: run.audit?.endpoint ?? '' }), audited);
  if (isAnswer(run.outcome)) return verdict('passed', auditMessage('run_answered', { outcome: run.outcome, items: run.items.length }));
  if (!FAULTS.includes(run.outcome)) return couldNotRunOutcome(run);
  const message = auditMessage('run_failed', { outcome: run.outcome, message: runSaid(run) });
  return verdict(
    'violated',
    message,
    audited.length > 0 ? audited : [{ message, text: wordAuditMessage(message), trace_id: run.trace_id }],
  );
}

/** The items that match `match`, each with its rank and the criterion it matched. */
function matching(items: readonly ContextItem[], match: DocumentMatch) {
  return items.flatMap((item, index) => {
    const criterion = matchedCriterion(match, item);
    return criterion === null ? [] : [{ item, rank: index + 1, criterion }];
  });
}

function neverSees(run: JudgedRun, match: DocumentMatch): CheckVerdict {
  const found = matching(run.items, match);
  const items = run.items.length;
  if (found.length === 0) return verdict('passed', auditMessage('never_sees_passed', { items }));
  const violations = found.map(({ item, rank, criterion }) =>
    itemViolation(
      auditMessage('item_forbidden', { rank, document_id: item.document_id, chunk_id: item.chunk_id, criterion }),
      run.trace_id,
      item,
      rank,
    ),
  );
  return verdict('violated', auditMessage('never_sees_violated', { count: found.length, items }), violations);
}

function seesAny(run: JudgedRun, match: DocumentMatch): CheckVerdict {
  const found = matching(run.items, match);
  const first = found[0];
  if (first === undefined) {
    const message = auditMessage('sees_any_violated', { items: run.items.length, outcome: run.outcome });
    return verdict('violated', message, [{ message, text: wordAuditMessage(message), trace_id: run.trace_id }]);
  }
  return verdict(
    'passed',
    auditMessage('sees_any_passed', {
      count: found.length,
      items: run.items.length,
      rank: first.rank,
      document_id: first.item.document_id,
    }),
  );
}

function seesOnly(run: JudgedRun, match: DocumentMatch): CheckVerdict {
  const outside = run.items.flatMap((item, index) => (matchedCriterion(match, item) === null ? [{ item, rank: index + 1 }] : []));
  const items = run.items.length;
  if (outside.length === 0) return verdict('passed', auditMessage('sees_only_passed', { items }));
  const violations = outside.map(({ item, rank }) =>
    itemViolation(auditMessage('item_outside', { rank, document_id: item.document_id, chunk_id: item.chunk_id }), run.trace_id, item, rank),
  );
  return verdict('violated', auditMessage('sees_only_violated', { count: outside.length, items }), violations);
}

/**
 * An item's freshness reason as the report keeps it: the freshness catalogue's code where the reason
 * is that code's English (this build's own verdict), so a reader words it in its language; else the
 * text as the item gave it (a provider's own words, a run recorded before codes).
 */
function freshnessReason(freshness: ContextItem['freshness']): string | CoreMessage[] {
  if (freshness.code === undefined) return freshness.reason;
  const params = { ...freshness.params };
  return wordFreshness(freshness.code, params) === freshness.reason ? [{ code: `freshness:${freshness.code}`, params }] : freshness.reason;
}

function noStaleLabelledCurrent(run: JudgedRun, stale: DocumentMatch): CheckVerdict {
  const fromStale = matching(run.items, stale);
  const current = fromStale.filter(({ item }) => item.freshness.state === 'current');
  const items = run.items.length;
  if (current.length === 0) return verdict('passed', auditMessage('stale_passed', { stale: fromStale.length, items }));
  const violations = current.map(({ item, rank, criterion }) =>
    itemViolation(
      auditMessage('item_stale_current', { rank, document_id: item.document_id, reason: freshnessReason(item.freshness), criterion }),
      run.trace_id,
      item,
      rank,
    ),
  );
  return verdict('violated', auditMessage('stale_violated', { count: current.length }), violations);
}

/** Why an item does not trace back to its document, or null when it does. */
function provenanceFault(item: ContextItem, rank: number): AuditMessage | null {
  const last = item.provenance_path.at(-1);
  const document_id = item.document_id;
  if (item.source_uri.trim() === '') return auditMessage('item_no_source', { rank, document_id });
  if (!last || last.label !== 'Document' || last.id !== document_id)
    return auditMessage('item_path_end', { rank, document_id, label: last?.label ?? '(nothing)', id: last?.id ?? '' });
  const chunks = new Set(item.chunk_ids);
  if (!item.provenance_path.some((step) => step.label === 'Chunk' && chunks.has(step.id)))
    return auditMessage('item_path_chunk', { rank, document_id, chunk_ids: item.chunk_ids.join(', ') });
  return null;
}

function everyItemHasProvenance(run: JudgedRun): CheckVerdict {
  const violations = run.items.flatMap((item, index) => {
    const fault = provenanceFault(item, index + 1);
    return fault === null ? [] : [itemViolation(fault, run.trace_id, item, index + 1)];
  });
  const items = run.items.length;
  if (violations.length === 0) return verdict('passed', auditMessage('provenance_passed', { items }));
  return verdict('violated', auditMessage('provenance_violated', { count: violations.length, items }), violations);
}

/**
 * Judges one run against one expectation about a single principal's items. A run that did not end
 * in an answer cannot be judged: the check could not run (its own `answers` check says why).
 */
export function judgeRun(expectation: AuditExpectation, run: JudgedRun): CheckVerdict {
  if (!isAnswer(run.outcome)) return couldNotRunOutcome(run);
  if (expectation.never_sees) return neverSees(run, expectation.never_sees);
  if (expectation.sees_any) return seesAny(run, expectation.sees_any);
  if (expectation.sees_only) return seesOnly(run, expectation.sees_only);
  if (expectation.no_stale_labelled_current) return noStaleLabelledCurrent(run, expectation.no_stale_labelled_current);
  return everyItemHasProvenance(run);
}

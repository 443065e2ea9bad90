import { Deadline, SETUP_READ_SHARE } from '../../shared/deadline';
import type { CoreMessage, CoreParam } from '../../shared/core-message';
import { outcomeMessage } from '../../shared/outcome-messages';
import { stageNote } from '../../shared/stage-note-messages';
import type { ParsedContextRequest } from '../../shared/context-contract';
import { isLensError } from '../../shared/lens-error';
import type { Principal } from '../../shared/principal';
import { ACCESS_VIOLATION_KINDS, type ProviderAudit } from '../../shared/provider/provider-audit';
import type { ProviderEndpoint } from '../../shared/provider/provider-endpoint';
import { providerCoreMessage, providerFailureMessage, providerViolationMessage } from '../../shared/provider/provider-messages';
import { redactUri } from '../../shared/redact-uri';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { PipelineDeps } from '../retrieval/pipeline-deps';
import { resolvePrincipal } from '../retrieval/principal-resolver';
import { RequestFailure, validateRequest } from '../retrieval/request-validation';
import { errorSentence, RunRecording, type PipelineResult } from '../retrieval/run-recording';
import { AUDIT_STAGE, auditAnswer } from './provider-audit';
import { callProvider, type ProviderCallResult } from './provider-client';

/** The stage of the HTTP call, as the run's record and a timeout name it. */
export const CALL_STAGE = 'provider_call';
/** The share of the time left after resolving the principal that the call may take; the audit has the rest. */
const CALL_SHARE = 0.75;

const elapsedSince = (start: number) => roundToTenths(performance.now() - start);

/**
 * What is sent: the request as the contract has it, with the principal resolved (so the provider
 * judges the very principal the audit checks against) and this run's trace id; no `mode`, since
 * the provider retrieves its own way.
 */
function providerRequestBody(request: ParsedContextRequest, principal: Principal, traceId: string): Record<string, unknown> {
  const { mode: _mode, ...rest } = request;
  return { ...rest, principal, trace_id: traceId };
}

/** The audit record of a call that failed (nothing was audited). */
function failedAudit(url: string, call: Extract<ProviderCallResult, { state: 'failed' }>): ProviderAudit {
  return {
    endpoint: url,
    http_status: call.status,
    provider_outcome: null,
    provider_trace_id: null,
    failure: call.failure,
    audited: false,
    items_checked: 0,
    nodes_checked: 0,
    violations: [],
  };
}

/** POSTs the request and records the call as a stage. */
async function callStage(
  recording: RunRecording,
  endpoint: ProviderEndpoint,
  body: unknown,
  deadline: Deadline,
): Promise<ProviderCallResult> {
  const clock = performance.now();
  const call = await recording.at(CALL_STAGE, () => callProvider(endpoint, body, deadline));
  recording.log.stage({
    name: CALL_STAGE,
    strategy: 'http_post',
    duration_ms: elapsedSince(clock),
    candidates_in: 0,
    candidates_out: call.state === 'answered' ? call.response.items.length : 0,
    acl: 'none',
    note:
      call.status === null
        ? stageNote('provider_call', { url: redactUri(endpoint.url) })
        : stageNote('provider_http', { status: call.status, url: redactUri(endpoint.url) }),
  });
  return call;
}

/**
 * Audits the answer and ends the run: the provider's items and outcome, turned into
 * `acl_violation` when a violation concerns access; an audit that could not finish (outage,
 * deadline) ends in that failure, with the items kept for the record.
 */
async function auditStage(
  recording: RunRecording,
  answered: Extract<ProviderCallResult, { state: 'answered' }>,
  context: { request: ParsedContextRequest; principal: Principal; deadline: Deadline; url: string },
  deps: PipelineDeps,
): Promise<PipelineResult> {
  const { response } = answered;
  const clock = performance.now();
  const base = {
    endpoint: context.url,
    http_status: answered.status,
    provider_outcome: response.outcome,
    provider_trace_id: response.trace_id,
    failure: null,
    items_checked: response.items.length,
  };
  // Why an item is allowed is the audit's to say: the provider's own claim is never recorded as if judged here.
  const kept = { items: response.items.map(({ access: _claimed, ...item }) => item), used_tokens: response.limits.used_tokens };
  try {
    const found = await recording.at(AUDIT_STAGE, () =>
      auditAnswer(
        { items: response.items, usedTokens: response.limits.used_tokens, outcome: response.outcome, contentType: answered.contentType },
        { ...context, log: recording.log },
        deps,
      ),
    );
    const audit: ProviderAudit = { ...base, audited: true, nodes_checked: found.nodesChecked, violations: found.violations };
    const flagged = new Set(found.violations.flatMap((entry) => (entry.item ? [entry.item.rank] : [])));
    recording.log.stage({
      name: AUDIT_STAGE,
      strategy: 'graph_audit',
      duration_ms: elapsedSince(clock),
      candidates_in: response.items.length,
      candidates_out: response.items.length - flagged.size,
      acl: 'recheck',
      note: stageNote('provider_audit', { count: found.violations.length }),
    });
    const access = found.violations.filter((entry) => ACCESS_VIOLATION_KINDS.includes(entry.kind));
    const judged = { ...kept, items: found.items };
    if (access.length === 0) return recording.finish({ outcome: response.outcome, message: response.message, ...judged, audit });
    const first = providerCoreMessage(providerViolationMessage(access[0]!, context.principal.principal_id));
    const message = outcomeMessage('provider_acl_violation', {
      principal: context.principal.principal_id,
      count: access.length,
      first: [first],
    });
    return recording.finish({ outcome: 'acl_violation', message, failed_stage: AUDIT_STAGE, ...judged, audit });
  } catch (error) {
    if (!isLensError(error) || (error.kind !== 'timeout' && error.kind !== 'unavailable')) throw error;
    const audit: ProviderAudit = { ...base, audited: false, nodes_checked: 0, violations: [] };
    const message = outcomeMessage('provider_audit_unfinished', { error: errorList(errorSentence(error)) });
    return recording.finish({ outcome: error.kind, message, failed_stage: AUDIT_STAGE, ...kept, audit });
  }
}

/** A sentence as a parameter: a coded one as a message, English text as it is. */
const errorList = (said: string | CoreMessage): CoreParam => (typeof said === 'string' ? said : [said]);

/**
 * Runs one context request in mode `provider` against `endpoint` and audits the answer: validate,
 * resolve the principal, POST the request to the team's endpoint under the request's deadline
 * (typed outcomes for timeout, unavailable and invalid_response; never an empty answer for a
 * failure), then check every returned item against the graph through the read-only gateway. The
 * result is the response (with `audit`: the call and every violation) and the run record to keep;
 * the caller keeps it (`store.recordRun(result.run)`), as query.run does for every mode.
 *
 * With a null `endpoint` the run ends `unavailable` saying how to configure one. The endpoint's
 * bearer token is sent in the Authorization header and appears in neither the response nor the run.
 *
 * @param raw a ContextRequest with `mode: 'provider'` (validated here; another mode is invalid_request)
 * @param endpoint where to POST, e.g. `providerEndpointFromEnv(process.env, url)`
 * @param deps the pipeline's dependencies (gateway, profile, policy, token counter, store for principals and stale marks)
 * @param signal cancels the run (the call and the audit's reads): it ends in `cancelled`
 */
export async function runProviderRequest(
  raw: unknown,
  endpoint: ProviderEndpoint | null,
  deps: PipelineDeps,
  signal?: AbortSignal,
): Promise<PipelineResult> {
  const recording = new RunRecording(raw, deps.gateway, deps.embedder, signal);
  try {
    const request = recording.accept(validateRequest(raw));
    if (request.mode !== 'provider') throw new RequestFailure('invalid_request', outcomeMessage('provider_only', { mode: request.mode }));
    const deadline = Deadline.after(request.timeout_ms, Date.now, signal);
    const principal = recording.runAs(
      await recording.at('principal', () =>
        resolvePrincipal(request.principal, deps.store, recording.log, deps.profile, deadline.stage(SETUP_READ_SHARE)),
      ),
    );
    if (!endpoint) {
      const failure = { code: 'no_endpoint' as const, params: {} };
      const audit = failedAudit('', { state: 'failed', status: null, outcome: 'unavailable', failure });
      return recording.finish({
        outcome: 'unavailable',
        message: providerCoreMessage(providerFailureMessage(failure)),
        failed_stage: CALL_STAGE,
        audit,
      });
    }
    const url = redactUri(endpoint.url);
    const body = providerRequestBody(request, principal, recording.currentTraceId());
    const call = await callStage(recording, endpoint, body, deadline.stage(CALL_SHARE));
    if (call.state === 'failed') {
      const message = providerCoreMessage(providerFailureMessage(call.failure));
      return recording.finish({ outcome: call.outcome, message, failed_stage: CALL_STAGE, audit: failedAudit(url, call) });
    }
    return await auditStage(recording, call, { request, principal, deadline, url }, deps);
  } catch (error) {
    return recording.fail(error);
  }
}

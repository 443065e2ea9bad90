import crypto from 'node:crypto';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { outcomeMessage } from '../../shared/outcome-messages';
import type { ContextResponse, ContextItem, Outcome, ParsedContextRequest } from '../../shared/context-contract';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { isLensError, LensError } from '../../shared/lens-error';
import type { Principal } from '../../shared/principal';
import type { ProviderAudit } from '../../shared/provider/provider-audit';
import { redactUri } from '../../shared/redact-uri';
import type { RunRecord } from '../../shared/trace-record';
import type { Embedder } from '../corpus/embedder';
import type { GraphGateway } from '../graph/read-gateway';
import { RequestFailure } from './request-validation';
import { cancelledError, stoppedReadStage } from '../graph/read-deadline';
import { RunLog, type StageHold } from './retrieval-stages';
import { retrieverOf } from './retriever-table';

/** A response and the run record to keep. */
export interface PipelineResult {
  readonly response: ContextResponse;
  readonly run: RunRecord;
}

/** How a run ended, before the recording adds what every response carries. */
export interface RunEnding {
  readonly outcome: Outcome;
  /** The sentence: a message code (kept as code and English text), or English text alone (a provider's own message, an uncoded error). */
  readonly message?: string | CoreMessage;
  readonly failed_stage?: string;
  readonly items?: ContextItem[];
  readonly used_tokens?: number;
  /** Mode `provider`: the call to the team's endpoint and the audit of its answer. */
  readonly audit?: ProviderAudit;
}

/** The response's message fields: the English sentence, and its code and parameters where it has them. */
function sentenceFields(message: string | CoreMessage | undefined): Pick<ContextResponse, 'message' | 'message_code' | 'message_params'> {
  if (message === undefined) return {};
  if (typeof message === 'string') return { message };
  return { message: coreEnglish(message), message_code: message.code, message_params: message.params ?? {} };
}

/**
 * An error's sentence and what to do, as one outcome message where the error is coded (either part
 * may be), else the English text joined as before.
 */
export function errorSentence(error: LensError): string | CoreMessage {
  if (!error.said && !error.hintSaid) return [error.message, error.hint].filter(Boolean).join(' ');
  const message = error.said ? [error.said] : error.message;
  if (error.hint === undefined) return outcomeMessage('error', { message });
  return outcomeMessage('error_hint', { message, hint: error.hintSaid ? [error.hintSaid] : error.hint });
}

/** Errors of these kinds end a run in an outcome; any other is a bug and is thrown. */
const OUTCOME_OF_KIND: Partial<Record<string, Outcome>> = {
  timeout: 'timeout',
  unavailable: 'unavailable',
  invalid_input: 'invalid_request',
  refused: 'invalid_request',
  not_found: 'invalid_request',
  cancelled: 'cancelled',
};

/** A principal for the record of a run that ended before its principal was known. */
function unresolvedPrincipal(raw: unknown): Principal {
  const given = (raw as { principal?: unknown } | null)?.principal;
  return {
    principal_id: typeof given === 'string' ? given : 'unknown',
    workspace_id: 'unknown',
    groups: [],
    acl_partitions: [],
    source: 'inline',
  };
}

/**
 * One run as it is recorded: its trace id, the log of its stages and queries, the stage it is in,
 * and what is known so far (the parsed request, the principal). It turns an ending,
 * or a failure, into the response and the run record, so every outcome carries the same facts.
 */
export class RunRecording {
  readonly log: RunLog;
  /** Rows the retriever could not trace to a source. */
  lackingProvenance = 0;
  private readonly started = Date.now();
  private traceId: string;
  private stage = 'validate';
  private request: ParsedContextRequest | null = null;
  private principal: Principal | null = null;

  constructor(
    private readonly raw: unknown,
    private readonly gateway: GraphGateway,
    private readonly embedder: Embedder,
    /** The request's cancellation: every stage checks it before it starts. */
    readonly signal?: AbortSignal,
    holdAtRead?: StageHold,
    /** Whether the run's state read may ride in its first retrieval read (PipelineDeps.readsRide). */
    readsRide = true,
  ) {
    const rawTraceId = (raw as { trace_id?: unknown } | null)?.trace_id;
    this.traceId = typeof rawTraceId === 'string' && rawTraceId.length > 0 ? rawTraceId : crypto.randomUUID();
    // Reads carry the trace id in their transaction metadata (a request that fails validation runs none).
    this.log = new RunLog(gateway, this.traceId, holdAtRead, readsRide);
  }

  /** The run's trace id (the request's, once accepted). */
  currentTraceId(): string {
    return this.traceId;
  }

  /** Keeps the validated request (and its trace id). */
  accept(request: ParsedContextRequest): ParsedContextRequest {
    this.request = request;
    this.traceId = request.trace_id ?? this.traceId;
    return request;
  }

  /** Keeps the principal the run runs as. */
  runAs(principal: Principal): Principal {
    this.principal = principal;
    return principal;
  }

  /** Runs `work` as stage `stage`, so a timeout, an outage or a cancellation names it; a cancelled run starts no stage. */
  at<T>(stage: string, work: () => T): T {
    this.stage = stage;
    if (this.signal?.aborted) throw cancelledError(stage);
    return work();
  }

  /** The response and the run record of a run that ended as `ending` says. */
  finish(ending: RunEnding): PipelineResult {
    const request = this.request;
    const { items = [], used_tokens = 0, message, outcome, failed_stage, audit } = ending;
    const embedder =
      request && retrieverOf(request.mode)?.embedsQuery && this.log.route?.chosen !== 'fulltext'
        ? {
            name: this.embedder.name,
            kind: this.embedder.kind,
            ...(this.embedder.dimensions === null ? {} : { dimensions: this.embedder.dimensions }),
          }
        : undefined;
    // Built field by field to the contract's type, not parsed: every part is typed where it is made, and
    // the run is parsed whole where it is kept (RunRecord in the trace store) and where it leaves a door
    // (the API's output schema), so a parse here was a third pass over every item on every request. The
    // tests parse every response they make and compare it with this one (test/support/retrieval-deps.ts).
    const response: ContextResponse = {
      trace_id: this.traceId,
      outcome,
      ...sentenceFields(message),
      ...(failed_stage === undefined ? {} : { failed_stage }),
      answerable: outcome === 'ok' && items.length > 0,
      items,
      limits: {
        used_tokens,
        max_tokens: request?.max_tokens ?? 0,
        elapsed_ms: Date.now() - this.started,
        timeout_ms: request?.timeout_ms ?? 0,
      },
      denied: this.log.denied(),
      stages: this.log.stages,
      cuts: this.log.cuts,
      notes: this.log.notes,
      lacking_provenance: this.lackingProvenance,
      ...(audit === undefined ? {} : { audit }),
      ...(this.log.generated ? { text2cypher: this.log.generated } : {}),
      ...(this.log.relevance ? { relevance: this.log.relevance } : {}),
      ...(this.log.route ? { route: this.log.route } : {}),
      // Named whenever the request's mode embeds the query, even when the run ended before it did (not for auto's lookup route, which does not).
      ...(embedder ? { embedder } : {}),
    };
    const run: RunRecord = {
      trace_id: this.traceId,
      created_at: new Date(this.started).toISOString(),
      request: (request ?? (typeof this.raw === 'object' && this.raw !== null ? this.raw : { raw: this.raw })) as Record<string, unknown>,
      principal: this.principal ?? unresolvedPrincipal(this.raw),
      mode: request?.mode ?? 'hybrid',
      outcome: response.outcome,
      response,
      queries: this.log.queries,
      elapsed_ms: response.limits.elapsed_ms,
      graph_uri: redactUri(this.gateway.settings.uri),
      replay_of: null,
    };
    return { response, run };
  }

  /**
   * The ending of a run that failed or was cancelled: a refused request, a timeout, an outage or a
   * cancellation ends in its outcome with a sentence (timeouts, outages and cancellations name the
   * stage); anything else is thrown as a bug.
   */
  fail(error: unknown): PipelineResult {
    if (error instanceof RequestFailure) return this.finish({ outcome: error.outcome, message: error.said });
    const outcome = isLensError(error) ? OUTCOME_OF_KIND[error.kind] : undefined;
    if (isLensError(error) && outcome) {
      // A cancellation or a timeout names the stage it stopped in as closely as it knows it: a read's own
      // stage (vector_search; principal, for the principal's check that rides beside a graph search),
      // which is the stage its message names, else the run's.
      const failedStage =
        outcome === 'cancelled'
          ? (stoppedReadStage(error) ?? error.detail ?? this.stage)
          : outcome === 'timeout' || outcome === 'unavailable'
            ? (stoppedReadStage(error) ?? this.stage)
            : undefined;
      return this.finish({
        outcome,
        message: errorSentence(error),
        ...(failedStage ? { failed_stage: failedStage } : {}),
      });
    }
    throw error instanceof LensError
      ? error
      : codedError('internal', retrievalError('retrieval_failed_unexpectedly', { stage: this.stage, reason: (error as Error).message }), {
          cause: error,
        });
  }
}

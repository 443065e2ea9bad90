import crypto from 'node:crypto';
import type { AccessPolicy } from '../../shared/acl/access-policy';
import { compileAclToCypher } from '../../shared/acl/compile-acl-to-cypher';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import { ContextRequest, ContextResponse, RetrievalOptions, type ContextItem, type Outcome, type ParsedContextRequest } from '../../shared/context-contract';
import { Deadline } from '../../shared/deadline';
import { isLensError, LensError } from '../../shared/lens-error';
import type { Principal } from '../../shared/principal';
import { redactUri } from '../../shared/redact-uri';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { RunRecord, SavedQuery, StaleMark } from '../../shared/trace-record';
import type { Embedder } from '../corpus/embedder';
import { defineQuery } from '../graph/built-in-query';
import type { GraphGateway } from '../graph/read-gateway';
import { recheckAfterExpansion } from './acl-enforcement';
import { numeric, text, type Candidate } from './candidate';
import { packContext, type PackCandidate } from './context-packing';
import { requireTemplate, templateCandidates } from './cypher-template-retriever';
import { finalAccessCheck } from './final-access-check';
import { applyStalePolicy, assessFreshness } from './freshness';
import { planFulltextAcl } from './fulltext-acl-plan';
import { fulltextCandidates, noSearchableWords } from './fulltext-retriever';
import { graphCandidates } from './graph-retriever';
import { graphCapabilities } from './graph-capabilities';
import { hybridCandidates } from './hybrid-retriever';
import { hasSearchableWord } from './lucene-query';
import { resolvePrincipal, type PrincipalDirectory } from './principal-resolver';
import { compileFilters } from './request-filters';
import type { FaultInjection, RetrievalRun } from './retrieval-run';
import { RunLog } from './retrieval-stages';
import type { TokenCounter } from './token-counter';
import { EXACT_SCAN_LIMIT } from './vector-plan';
import { vectorCandidates } from './vector-retriever';

/** What the local store gives a retrieval: principals, stale marks and saved templates. */
export interface RetrievalStore extends PrincipalDirectory {
  listStaleMarks(): StaleMark[];
  listSavedQueries(): SavedQuery[];
}

/** Everything the pipeline runs on. */
export interface PipelineDeps {
  readonly gateway: GraphGateway;
  readonly profile: SchemaProfile;
  readonly policy: AccessPolicy;
  readonly embedder: Embedder;
  readonly tokenCounter: TokenCounter;
  readonly store: RetrievalStore | null;
  readonly now?: () => Date;
  /** The vector planner's exact-scan limit (default EXACT_SCAN_LIMIT); benchmarks and tests move it to reach the ANN path. */
  readonly exactScanLimit?: number;
  /** Whether full-text search may put the access rule inside the index query where the graph allows (default true); tests and benchmarks compare both. */
  readonly fulltextAclInIndex?: boolean;
}

/** A response and the run record to keep. */
export interface PipelineResult {
  readonly response: ContextResponse;
  readonly run: RunRecord;
}

/** The modes that search the query's words (the cypher mode hands the text to a template as a parameter). */
const TEXT_SEARCH_MODES: ReadonlySet<string> = new Set(['vector', 'fulltext', 'hybrid', 'graph']);

const LANGUAGE_KEY = defineQuery('language-property', "CALL db.propertyKeys() YIELD propertyKey WHERE propertyKey = 'language' RETURN count(*) AS present");

const OUTCOME_OF_KIND: Partial<Record<string, Outcome>> = {
  timeout: 'timeout',
  unavailable: 'unavailable',
  invalid_input: 'invalid_request',
  refused: 'invalid_request',
  not_found: 'invalid_request',
};

const elapsedSince = (start: number) => Math.round((performance.now() - start) * 10) / 10;

class RequestFailure extends Error {
  constructor(
    readonly outcome: Outcome,
    message: string,
    readonly stage?: string,
  ) {
    super(message);
  }
}

function validate(raw: unknown): ParsedContextRequest {
  const parsed = ContextRequest.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  if (path[0] === 'filters' && (issue?.code === 'unrecognized_keys' || path.length > 1)) {
    const keys = issue?.code === 'unrecognized_keys' ? (issue.keys as string[]).join(', ') : String(path[1]);
    throw new RequestFailure('unsupported_filter', `The filter ${keys} is not supported, and filters fail closed rather than being ignored. Supported filters: document_types, valid_at, language.`);
  }
  const field = path.join('.') || 'the request';
  throw new RequestFailure('invalid_request', `${field}: ${issue?.message ?? 'is invalid'}.`);
}

function emptyResponse(traceId: string, request: Partial<ParsedContextRequest>, elapsedMs: number): ContextResponse {
  return {
    trace_id: traceId,
    outcome: 'no_evidence',
    answerable: false,
    items: [],
    limits: { used_tokens: 0, max_tokens: request.max_tokens ?? 0, elapsed_ms: elapsedMs, timeout_ms: request.timeout_ms ?? 0 },
    denied: [],
    stages: [],
    cuts: [],
    lacking_provenance: 0,
  };
}

function freshnessFacts(document: Candidate['document'], profile: SchemaProfile) {
  const P = profile.properties.document;
  const status = text(document, profile.properties.adr.status);
  return {
    document_id: text(document, P.id) ?? '',
    doc_type: text(document, P.docType),
    valid_from: text(document, P.validFrom),
    valid_to: text(document, P.validTo),
    updated_at: text(document, P.updatedAt),
    superseded_by: text(document, P.supersededBy),
    supersession: (text(document, 'supersession') as 'full' | 'partial' | null) ?? null,
    adr_status: (status as never) ?? null,
  };
}

/**
 * Runs one context request as its principal: validate, resolve the principal, plan and run the
 * mode's candidate stage (ACL pre-filter or post-filter), re-check every path node, label
 * freshness, pack into the token budget, and check every item once more before output. Failures
 * come back as outcomes with a sentence, never as an empty answer.
 */
export async function runContextRequest(raw: unknown, deps: PipelineDeps, faults: FaultInjection = {}): Promise<PipelineResult> {
  const started = Date.now();
  const now = deps.now ?? (() => new Date());
  const rawTraceId = (raw as { trace_id?: unknown } | null)?.trace_id;
  let traceId = typeof rawTraceId === 'string' && rawTraceId.length > 0 ? rawTraceId : crypto.randomUUID();
  // Reads carry the trace id in their transaction metadata (a request that fails validation runs none).
  const log = new RunLog(deps.gateway, traceId);
  let request: ParsedContextRequest | null = null;
  let principal: Principal | null = null;
  let stage = 'validate';
  let lackingProvenance = 0;

  const finish = (partial: Partial<ContextResponse> & { outcome: Outcome }): PipelineResult => {
    const base = emptyResponse(traceId, request ?? {}, Date.now() - started);
    const response = ContextResponse.parse({
      ...base,
      ...partial,
      answerable: partial.outcome === 'ok' && (partial.items?.length ?? 0) > 0,
      denied: log.denied(),
      stages: log.stages,
      cuts: partial.cuts ?? log.cuts,
      lacking_provenance: lackingProvenance,
      embedder: ['vector', 'hybrid', 'graph'].includes(request?.mode ?? '') ? { name: deps.embedder.name, kind: deps.embedder.kind, dimensions: deps.embedder.dimensions } : undefined,
    });
    const run: RunRecord = {
      trace_id: traceId,
      created_at: new Date(started).toISOString(),
      request: (request ?? (typeof raw === 'object' && raw !== null ? raw : { raw })) as Record<string, unknown>,
      principal: principal ?? { principal_id: typeof (raw as { principal?: unknown })?.principal === 'string' ? String((raw as { principal: string }).principal) : 'unknown', workspace_id: 'unknown', groups: [], acl_partitions: [], source: 'inline' },
      mode: request?.mode ?? 'hybrid',
      outcome: response.outcome,
      response,
      queries: log.queries,
      elapsed_ms: response.limits.elapsed_ms,
      graph_uri: redactUri(deps.gateway.settings.uri),
      replay_of: null,
    };
    return { response, run };
  };

  try {
    request = validate(raw);
    traceId = request.trace_id ?? traceId;
    const options = RetrievalOptions.parse(request.options ?? {});
    if (request.mode === 'text2cypher' || request.mode === 'provider') {
      throw new RequestFailure('invalid_request', `The ${request.mode} mode is not available in this build yet; use vector, fulltext, hybrid, graph or cypher.`);
    }
    // Every text-search mode needs a word: a text of punctuation alone is searched by none of them.
    if (TEXT_SEARCH_MODES.has(request.mode) && !hasSearchableWord(request.query)) throw noSearchableWords();
    const deadline = Deadline.after(request.timeout_ms);
    stage = 'principal';
    principal = await resolvePrincipal(request.principal, deps.store, log, deps.profile, deadline.stage(0.2));
    stage = 'capabilities';
    const capabilities = await graphCapabilities(deps.gateway, deps.profile, deadline.stage(0.2));
    if (request.filters?.language) {
      const present = Number((await log.read(LANGUAGE_KEY, {}, { deadline, stage: 'filters' })).rows[0]?.present ?? 0);
      if (present === 0) throw new RequestFailure('unsupported_filter', 'The language filter cannot be honoured: no document in this graph has a language property, so it fails closed.');
    }

    const compiledChecker = compileAclToPredicate(deps.policy);
    const checker = faults.tsPredicate ? faults.tsPredicate(compiledChecker) : compiledChecker;
    const compiled = compileAclToCypher(deps.policy, principal, { document: 'd', chunk: 'c' });
    const filters = compileFilters(request.filters, deps.profile);
    const documentCondition = filters.cypher ? `(${compiled.document}) AND ${filters.cypher}` : compiled.document;
    const run: RetrievalRun = {
      request,
      options,
      principal,
      profile: deps.profile,
      checker: {
        document: (props, p) => (filters.test(props as Candidate['document']) ? checker.document(props, p) : { visible: false, reason: 'filtered', rule: 'request filters' }),
        chunk: (chunkProps, documentProps, p) => (filters.test(documentProps as Candidate['document']) ? checker.chunk(chunkProps, documentProps, p) : { visible: false, reason: 'filtered', rule: 'request filters' }),
        entity: checker.entity,
      },
      acl: faults.skipPrefilter ? null : { document: documentCondition, chunk: compiled.chunk },
      aclParams: { ...compiled.params, ...filters.params, acl_in_index_workspace: principal.workspace_id },
      // The in-index clause is a pre-filter: switching pre-filtering off switches it off too.
      fulltextAcl: faults.skipPrefilter ? { inIndex: false, reason: 'pre-filtering is switched off' } : planFulltextAcl(deps.policy, principal, capabilities, deps.fulltextAclInIndex ?? true),
      embedder: deps.embedder,
      capabilities,
      deadline,
      log,
      faults,
      exactScanLimit: deps.exactScanLimit ?? EXACT_SCAN_LIMIT,
    };

    stage = request.mode;
    const queryVector = ['vector', 'hybrid', 'graph'].includes(request.mode) ? deps.embedder.embed(request.query) : null;
    let candidates: Candidate[];
    if (request.mode === 'vector') candidates = await vectorCandidates(run, queryVector as Float32Array, Math.max(request.top_k, options.vector_candidates));
    else if (request.mode === 'fulltext') candidates = await fulltextCandidates(run, Math.max(request.top_k, options.fulltext_candidates));
    else if (request.mode === 'hybrid') candidates = await hybridCandidates(run, queryVector as Float32Array);
    else if (request.mode === 'graph') candidates = await graphCandidates(run, queryVector as Float32Array);
    else {
      const template = requireTemplate(options.template_id, deps.store?.listSavedQueries() ?? []);
      const result = await templateCandidates(run, template);
      candidates = result.candidates;
      lackingProvenance = result.lackingProvenance;
    }

    stage = 'after_expansion';
    let clock = performance.now();
    const rechecked = faults.skipRecheck ? candidates : recheckAfterExpansion(candidates, run.checker, principal, log);
    log.stage({ name: 'after_expansion', strategy: faults.skipRecheck ? 'skipped (fault injection)' : 'recheck_every_path_node', duration_ms: elapsedSince(clock), candidates_in: candidates.length, candidates_out: rechecked.length, acl: faults.skipRecheck ? 'none' : 'recheck' });

    stage = 'freshness';
    clock = performance.now();
    const requiredAt = request.freshness_required_at ? new Date(request.freshness_required_at) : undefined;
    const marks = deps.store?.listStaleMarks() ?? [];
    const labelled = rechecked.map((candidate) => ({ candidate, freshness: assessFreshness(freshnessFacts(candidate.document, deps.profile), { staleMarks: marks, now: now(), requiredAt }) }));
    const { kept, filtered } = applyStalePolicy(labelled, options.stale_policy);
    for (const entry of filtered) log.cuts.push({ chunk_id: entry.candidate.chunk_id, reason: 'stale_filtered', detail: entry.freshness.reason });
    log.stage({ name: 'freshness', strategy: options.stale_policy, duration_ms: elapsedSince(clock), candidates_in: labelled.length, candidates_out: kept.length, acl: 'none', note: `${labelled.filter((e) => e.freshness.state === 'stale').length} stale, ${labelled.filter((e) => e.freshness.state === 'unknown').length} unknown` });

    stage = 'packing';
    clock = performance.now();
    const C = deps.profile.properties.chunk;
    const packInput: PackCandidate<(typeof kept)[number]>[] = kept.map((entry) => ({
      chunk_id: entry.candidate.chunk_id,
      document_id: text(entry.candidate.document, deps.profile.properties.document.id) ?? '',
      position: numeric(entry.candidate.chunk, C.position) ?? 0,
      content: text(entry.candidate.chunk, C.text) ?? '',
      start_char: numeric(entry.candidate.chunk, C.startChar) ?? 0,
      end_char: numeric(entry.candidate.chunk, C.endChar) ?? 0,
      score: entry.candidate.scores.graph ?? entry.candidate.scores.fused ?? entry.candidate.scores.vector ?? entry.candidate.scores.fulltext ?? 0,
      claim_id: entry.candidate.claim?.claim_id,
      evidence_id: entry.candidate.claim?.evidence_id,
      payload: entry,
    }));
    const packed = packContext(packInput, { maxTokens: request.max_tokens, topK: request.top_k, maxEvidenceChunks: options.max_evidence_chunks, counter: deps.tokenCounter });
    log.cuts.push(...packed.cuts);
    log.stage({ name: 'packing', strategy: `${deps.tokenCounter.name} budget ${request.max_tokens}`, duration_ms: elapsedSince(clock), candidates_in: packInput.length, candidates_out: packed.items.length, acl: 'none', note: `${packed.used_tokens} of ${request.max_tokens} tokens used; ${packed.cuts.length} cut` });

    stage = 'before_output';
    clock = performance.now();
    const items: ContextItem[] = packed.items.map((item, index) => {
      const first = item.payloads[0] as (typeof kept)[number];
      const claimPayload = item.payloads.find((payload) => payload.candidate.claim?.claim_id === item.claim_id) ?? first;
      const candidate = claimPayload.candidate;
      const document = candidate.document;
      const D = deps.profile.properties.document;
      const path = candidate.path.length > 0 ? candidate.path : [
        { kind: 'chunk' as const, label: deps.profile.labels.chunk, id: candidate.chunk_id, props: candidate.chunk },
        { kind: 'document' as const, label: deps.profile.labels.document, id: text(document, D.id) ?? '', props: document },
      ];
      return {
        ...(item.claim_id ? { claim_id: item.claim_id } : {}),
        content: item.content,
        source_uri: text(document, D.sourceUri) ?? '',
        document_id: item.document_id,
        ...(text(document, D.title) ? { title: text(document, D.title) as string } : {}),
        ...(text(document, D.docType) ? { doc_type: text(document, D.docType) as string } : {}),
        chunk_id: item.chunk_id,
        chunk_ids: item.chunk_ids,
        document_version: text(document, D.sourceVersion),
        span: item.span,
        freshness: first.freshness,
        provenance_path: path.map((node) => ({ label: node.label, id: node.id })),
        retrieval_scores: candidate.scores,
        ranks: { ...candidate.ranks, final: index + 1 },
        tokens: item.tokens,
      };
    });
    const violations = finalAccessCheck(packed.items.flatMap((item) => item.payloads.map((payload) => payload.candidate)), run.checker, principal, log);
    log.stage({ name: 'before_output', strategy: 'final_check_every_item', duration_ms: elapsedSince(clock), candidates_in: items.length, candidates_out: violations.length === 0 ? items.length : 0, acl: 'recheck' });
    if (violations.length > 0) {
      return finish({
        outcome: 'acl_violation',
        failed_stage: 'before_output',
        message: `${violations.length} item(s) failed the final access check (${[...new Set(violations)].join(', ')}): an earlier enforcement point let them through, so nothing is returned.`,
        limits: { used_tokens: 0, max_tokens: request.max_tokens, elapsed_ms: Date.now() - started, timeout_ms: request.timeout_ms },
      });
    }
    return finish({
      outcome: items.length > 0 ? 'ok' : 'no_evidence',
      ...(items.length === 0
        ? { message: packed.cuts.some((cut) => cut.reason === 'over_budget') ? `Evidence was found, but no item fits in ${request.max_tokens} tokens; raise max_tokens.` : 'No evidence this principal may see answers the query.' }
        : {}),
      items,
      limits: { used_tokens: packed.used_tokens, max_tokens: request.max_tokens, elapsed_ms: Date.now() - started, timeout_ms: request.timeout_ms },
    });
  } catch (error) {
    if (error instanceof RequestFailure) return finish({ outcome: error.outcome, message: error.message, ...(error.stage ? { failed_stage: error.stage } : {}) });
    if (isLensError(error) && OUTCOME_OF_KIND[error.kind]) {
      const outcome = OUTCOME_OF_KIND[error.kind] as Outcome;
      const failedStage = outcome === 'timeout' || outcome === 'unavailable' ? stage : undefined;
      return finish({ outcome, message: [error.message, error.hint].filter(Boolean).join(' '), ...(failedStage ? { failed_stage: failedStage } : {}) });
    }
    throw error instanceof LensError ? error : new LensError('internal', `The retrieval failed unexpectedly at the ${stage} stage: ${(error as Error).message}`, { cause: error });
  }
}

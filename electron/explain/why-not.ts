import { refuseRunOfOtherGraph } from '../graph/other-graph-run';
import type { z } from 'zod';
import { compileAclToExplainer, type AccessExplainer } from '../../shared/acl/explain-access';
import { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { LensError } from '../../shared/lens-error';
import type { RunRecord } from '../../shared/trace-record';
import {
  WHY_NOT_CHUNK_LIMIT,
  type ExplainTarget,
  type RerunPlace,
  type WhyNotAnswer,
  type WhyNotFinding,
  type WhyNotRequest,
  type WhyNotVerdict,
} from '../../shared/why-not';
import { text, type NodeProps } from '../retrieval/candidate';
import { documentsOf } from '../retrieval/candidate-rows';
import { assessFreshness } from '../retrieval/freshness';
import { freshnessFacts } from '../retrieval/output-stages';
import type { PipelineDeps } from '../retrieval/pipeline-deps';
import { runNotFound, type RunListing } from '../trace-store/store-errors';
import type { TraceStore } from '../trace-store/trace-store';
import { chunkAccessVerdict, filterVerdict, scopeVerdict } from './graph-verdict';
import { AllowedScopes, SCOPE_KINDS } from '../../shared/context-contract';
import { resolveAllowedScopes, scopeValueText } from '../retrieval/allowed-scopes';
import { RunLog } from '../retrieval/retrieval-stages';
import { rerunRanking, type RerunRanking } from './rerun-ranking';
import { failedRunVerdict, lastKeptOf, verdictFromRun, type StaleReason } from './run-record-verdict';
import { chunkWithDocument, documentWithChunks } from './why-not-queries';
import { documentOfSourcePath } from '../graph/source-path';

/** What "why not?" reads: the run from the trace store, the graph through the read-only gateway, and the pipeline's profile and policy. */
export interface WhyNotServices {
  readonly store: Pick<TraceStore, 'getRun' | 'listStaleMarks'>;
  readonly deps: PipelineDeps;
  /** Where a run not kept is said to be listed (the door's): the Traces screen unless told. */
  readonly runListing?: RunListing;
}

/** The chunk or document asked about, as the graph holds it now. */
interface TargetNodes {
  readonly document: NodeProps;
  readonly chunks: readonly NodeProps[];
  /** Every document each chunk is part of, in the order of `chunks`. */
  readonly chunkDocuments: readonly (readonly NodeProps[])[];
  readonly total: number;
}

/** What deciding one chunk needs, worked out once per answer. */
interface Context {
  readonly run: RunRecord;
  readonly services: WhyNotServices;
  readonly explainer: AccessExplainer;
  readonly document: NodeProps;
  /** Why the document is stale when the run demoted stale items, else null. */
  readonly staleReason: StaleReason | null;
  /** The re-run's ranking, made once and only when a chunk needs it; null when no re-run was asked for. */
  readonly rerun: (() => Promise<RerunRanking>) | null;
  /** The stored request's allowed scopes, as `kind: value` and resolved to the documents they cover now (null when it named none); read once, only when a chunk needs them. */
  readonly scopes: () => Promise<StoredScopes | null>;
}

const READ_TIMEOUT_MS = 15_000;

/**
 * The refusal of an id the graph does not hold. A document asked for by its source's path (as a team
 * writes it in a golden set: `hr/pay.md`) names the one document whose source ends in it, to give instead.
 */
async function notFound(deps: PipelineDeps, target: ExplainTarget, deadline: Deadline): Promise<LensError> {
  if (target.kind === 'chunk')
    return codedError('not_found', retrievalError('no_such_chunk', { id: target.id }), { hint: retrievalError('no_such_chunk_hint') });
  const found = await documentOfSourcePath(deps.gateway, deps.profile, target.id, deadline);
  return codedError('not_found', retrievalError('no_such_document', { id: target.id }), {
    hint: found
      ? retrievalError('no_such_document_hint_path', { path: found.path, suggestion: found.document_id })
      : retrievalError('no_such_document_hint'),
  });
}

/** Reads the target's access fields (and a document's chunks) through the read-only gateway. */
async function readTarget(deps: PipelineDeps, target: ExplainTarget): Promise<TargetNodes> {
  const deadline = Deadline.after(READ_TIMEOUT_MS);
  const query = target.kind === 'chunk' ? chunkWithDocument(deps.profile) : documentWithChunks(deps.profile);
  const result = await deps.gateway.read(query, { id: target.id, limit: WHY_NOT_CHUNK_LIMIT }, { deadline, stage: 'why-not' });
  const row = result.rows[0];
  if (!row) throw await notFound(deps, target, deadline);
  // A text "4242" and an INTEGER 4242 both named by the id: answering for one would explain the other.
  if (Number(row.matched ?? 1) > 1) {
    const label = target.kind === 'chunk' ? 'Chunk' : 'Document';
    throw codedError('invalid_input', retrievalError('node_id_twin', { label, id: target.id }), {
      hint: retrievalError('node_id_twin_hint', { label }),
    });
  }
  if (target.kind === 'document')
    return {
      document: row.document as NodeProps,
      chunks: (row.chunks ?? []) as NodeProps[],
      chunkDocuments: ((row.chunk_documents ?? []) as unknown[]).map(documentsOf),
      total: Number(row.total ?? 0),
    };
  if (!row.document) throw codedError('not_found', retrievalError('chunk_without_document', { id: target.id }));
  return { document: row.document as NodeProps, chunks: [row.chunk as NodeProps], chunkDocuments: [documentsOf(row.documents)], total: 1 };
}

/** Why the document is stale, judged as at the run's time, when the run's request demotes stale items. */
function staleReasonFor(run: RunRecord, document: NodeProps, services: WhyNotServices): StaleReason | null {
  const options = run.request.options as { stale_policy?: unknown } | undefined;
  if (options?.stale_policy === 'filter') return null;
  const requiredAt = typeof run.request.freshness_required_at === 'string' ? new Date(run.request.freshness_required_at) : undefined;
  const freshness = assessFreshness(freshnessFacts(document, services.deps.profile), {
    staleMarks: services.store.listStaleMarks(),
    now: new Date(run.created_at),
    requiredAt,
  });
  return freshness.state === 'stale' ? freshness : null;
}

/** Allowed scopes as asked for (`kind: value`) and the documents they cover. */
interface StoredScopes {
  readonly requested: readonly string[];
  readonly documentIds: ReadonlySet<string>;
}

/**
 * The stored request's allowed scopes resolved to the documents they cover, as the pipeline resolves
 * them (one read through the gateway); null when the request named none, or none this build reads.
 */
async function storedScopes(run: RunRecord, deps: PipelineDeps): Promise<StoredScopes | null> {
  const parsed = AllowedScopes.safeParse(run.request.allowed_scopes);
  if (!parsed.success || !parsed.data) return null;
  const resolved = await resolveAllowedScopes(parsed.data, deps.profile, new RunLog(deps.gateway), Deadline.after(READ_TIMEOUT_MS));
  const requested = SCOPE_KINDS.flatMap((kind) => (parsed.data[kind] ?? []).map((value) => scopeValueText(kind, value)));
  return requested.length === 0 ? null : { requested, documentIds: resolved.documentIds };
}

/** Where the re-run placed a chunk, beside the run's last item. */
function placeInRerun(ranking: RerunRanking, chunkId: string, run: RunRecord): RerunPlace {
  const place = ranking.places.get(chunkId);
  const last = lastKeptOf(run.response.items);
  const lastPlace = last ? ranking.places.get(last.chunk_id) : undefined;
  return {
    depth: ranking.depth,
    candidates: ranking.candidates,
    rank: place?.rank ?? null,
    score: place?.score ?? null,
    last_kept: last ? { ...last, rank: lastPlace?.rank ?? null, score: lastPlace?.score ?? null } : null,
  };
}

/**
 * One chunk's verdict: the run's own record first (returned, cut; a failed run returned nothing, and
 * one that failed validation never knew its principal), then the principal's access, the request's
 * filters, and last a re-run for a chunk the run never ranked.
 */
async function chunkVerdict(context: Context, chunk: NodeProps, chunkId: string, documents: readonly NodeProps[]): Promise<WhyNotVerdict> {
  const { run, explainer, document, services } = context;
  const known =
    verdictFromRun(run, chunkId, context.staleReason) ??
    failedRunVerdict(run) ??
    chunkAccessVerdict(explainer, chunk, document, documents, run.principal) ??
    filterVerdict(run.request.filters, document, services.deps.profile) ??
    scopeVerdict(await context.scopes(), text(document, services.deps.profile.properties.document.id) ?? '');
  if (known) return known;
  return { kind: 'outside_candidates', rerun: context.rerun ? placeInRerun(await context.rerun(), chunkId, run) : null };
}

/** The verdicts grouped: chunks with the same verdict (say, a document every chunk of which is hidden) share one finding. */
function grouped(decided: readonly { chunkId: string; verdict: WhyNotVerdict }[]): WhyNotFinding[] {
  const findings = new Map<string, WhyNotFinding>();
  for (const { chunkId, verdict } of decided) {
    const key = JSON.stringify(verdict);
    const existing = findings.get(key);
    if (existing) existing.chunk_ids.push(chunkId);
    else findings.set(key, { chunk_ids: [chunkId], verdict });
  }
  return [...findings.values()];
}

/** The depth of the re-run the verdicts used, or null when none did. */
function rerunDepthOf(verdicts: readonly WhyNotVerdict[]): number | null {
  for (const verdict of verdicts) if (verdict.kind === 'outside_candidates' && verdict.rerun) return verdict.rerun.depth;
  return null;
}

/** Makes a function that runs `work` once, on first call. */
function once<T>(work: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= work());
}

/** "Why not this chunk (or document)?" for a stored run. */
export async function explainWhyNot(services: WhyNotServices, input: z.output<typeof WhyNotRequest>): Promise<WhyNotAnswer> {
  const run = services.store.getRun(input.trace_id);
  if (!run) throw runNotFound(input.trace_id, services.runListing ?? 'screen');
  const { deps } = services;
  refuseRunOfOtherGraph(run, deps.gateway.settings.uri, 'why_not');
  const nodes = await readTarget(deps, input.target);
  const readAt = new Date().toISOString();
  const context: Context = {
    run,
    services,
    explainer: compileAclToExplainer(deps.policy),
    document: nodes.document,
    staleReason: staleReasonFor(run, nodes.document, services),
    rerun: input.rerun ? once(() => rerunRanking(run, deps)) : null,
    scopes: once(() => storedScopes(run, deps)),
  };
  const C = deps.profile.properties.chunk;
  const decided: { chunkId: string; verdict: WhyNotVerdict }[] = [];
  for (const [index, chunk] of nodes.chunks.entries()) {
    const chunkId = text(chunk, C.id) ?? '';
    decided.push({ chunkId, verdict: await chunkVerdict(context, chunk, chunkId, nodes.chunkDocuments[index] ?? []) });
  }
  const D = deps.profile.properties.document;
  return {
    trace_id: run.trace_id,
    principal_id: run.principal.principal_id,
    query: typeof run.request.query === 'string' ? run.request.query : '',
    mode: run.mode,
    outcome: run.outcome,
    target: input.target,
    document_id: text(nodes.document, D.id) ?? '',
    title: text(nodes.document, D.title),
    chunks_total: nodes.total,
    findings: grouped(decided),
    rerun_depth: rerunDepthOf(decided.map(({ verdict }) => verdict)),
    read_at: readAt,
  };
}

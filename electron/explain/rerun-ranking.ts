import { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { RunRecord } from '../../shared/trace-record';
import { finalScore } from '../retrieval/item-shaping';
import { assessCandidates, freshnessStage, recheckStage } from '../retrieval/output-stages';
import type { PipelineDeps } from '../retrieval/pipeline-deps';
import { planRetrieval } from '../retrieval/retrieval-plan';
import { RunLog } from '../retrieval/retrieval-stages';
import { RequestFailure, validateRequest } from '../retrieval/request-validation';
import { retrieverFor } from '../retrieval/retriever-table';

/**
 * A re-run of a stored request, as its principal (the run's snapshot), with every candidate stage
 * fetching RERUN_DEPTH candidates, up to the ranking packing would receive (after the access
 * re-check and freshness). It places chunks the run did not record. It reads the graph as it is now
 * (through the read-only gateway), records nothing, and is always labelled a re-run.
 */

/** Candidates fetched per candidate stage: the most the contract allows. */
export const RERUN_DEPTH = 1000;
/** Time a re-run may take; deeper lists cost more than the run did. */
const RERUN_TIMEOUT_MS = 120_000;

/** One chunk's place in the re-run's ranking. */
export interface RankedChunk {
  readonly rank: number;
  readonly score: number;
}

/** The re-run's ranking: the first occurrence of each chunk, and how many candidates it held. */
export interface RerunRanking {
  readonly depth: number;
  readonly candidates: number;
  readonly places: ReadonlyMap<string, RankedChunk>;
}

/** The stored request with the principal snapshot and deeper candidate lists, validated as the pipeline would, and its retriever. */
function deeperRequest(run: RunRecord) {
  const { trace_id: _traceId, ...stored } = run.request;
  const options = typeof stored.options === 'object' && stored.options !== null ? stored.options : {};
  try {
    const request = validateRequest({
      ...stored,
      principal: run.principal,
      timeout_ms: RERUN_TIMEOUT_MS,
      options: { ...options, vector_candidates: RERUN_DEPTH, fulltext_candidates: RERUN_DEPTH },
    });
    return { request, retriever: retrieverFor(request) };
  } catch (error) {
    if (!(error instanceof RequestFailure)) throw error;
    // The failure's own sentence, coded where it has a code, so the whole error reads in one language.
    const reason = typeof error.said === 'string' ? error.said : [error.said];
    throw codedError('invalid_input', retrievalError('rerun_impossible', { trace: run.trace_id, reason }));
  }
}

/** Re-runs the stored request's retrieval more deeply and returns its ranking. */
export async function rerunRanking(run: RunRecord, deps: PipelineDeps): Promise<RerunRanking> {
  const { request, retriever } = deeperRequest(run);
  const log = new RunLog(deps.gateway, `${run.trace_id}:why-not-rerun`);
  const plan = await planRetrieval({ request, principal: run.principal, deadline: Deadline.after(request.timeout_ms), log }, deps, {});
  const retrieved = await retriever.retrieve(plan);
  // Freshness is judged as at the run's time, so the same documents are demoted.
  const labelled = freshnessStage(
    assessCandidates(recheckStage(retrieved.candidates, plan), plan, { ...deps, now: () => new Date(run.created_at) }),
    plan,
  );
  const places = new Map<string, RankedChunk>();
  labelled.forEach((entry, index) => {
    const { chunk_id: chunkId, scores } = entry.candidate;
    if (!places.has(chunkId)) places.set(chunkId, { rank: index + 1, score: finalScore(scores) });
  });
  return { depth: RERUN_DEPTH, candidates: labelled.length, places };
}

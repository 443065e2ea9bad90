import { Deadline, SETUP_READ_SHARE } from '../../shared/deadline';
import { isLensError } from '../../shared/lens-error';
import { countAccessScope } from './access-scope';
import { assessCandidates, outputStage, freshnessStage, packStage, recheckStage } from './output-stages';
import type { PipelineDeps } from './pipeline-deps';
import { principalCacheOf } from './principal-cache';
import { distrustCachedCounts, graphStateOfRun } from './access-stats';
import { confirmCapabilities } from './graph-capabilities';
import { resolvePrincipalCached } from './principal-resolver';
import { validateRequest } from './request-validation';
import { relevanceStage } from './relevance-stage';
import { planRetrieval } from './retrieval-plan';
import type { FaultInjection } from './retrieval-run';
import { retrieverFor } from './retriever-table';
import { RunRecording, type PipelineResult } from './run-recording';
import { StaleCache } from './stale-cache';
import { hiddenSuccessors } from './successor-visibility';

export type { PipelineDeps, RetrievalStore } from './pipeline-deps';

/**
 * The result of `main` once `beside` has finished too; a failure of either fails the whole. When
 * both are cancelled, main's cancellation is the one reported: it names the stage the run was in.
 * A changed principal beside is reported once main has settled, so the run's redo does not overlap it.
 */
async function alongside<T>(main: Promise<T>, beside: Promise<void>): Promise<T> {
  const besideFirstMain = beside.catch(async (error: unknown) => {
    // A cancelled run, or one redone as the graph's principal now says, lets its retrieval finish first.
    if ((isLensError(error) && error.kind === 'cancelled') || error instanceof StaleCache) await main.catch(() => undefined);
    throw error;
  });
  const [result] = await Promise.all([main, besideFirstMain]);
  return result;
}
export type { PipelineResult } from './run-recording';

/**
 * Runs one context request as its principal: validate, resolve the principal, plan (the graph's
 * capabilities, the ACL compiled for the principal), run the mode's retriever (ACL pre-filter or
 * post-filter) and, beside it, count what the principal may not see in the whole graph and what the
 * filters leave out, re-check every path node, cut what is below the relevance floor, label freshness, pack into the token budget, and check
 * every item once more before output; then record. Failures come back as outcomes with a
 * sentence, never as an empty answer; a run cancelled through `signal` ends in `cancelled` with the
 * stages it finished and the one it was in.
 */
export async function runContextRequest(
  raw: unknown,
  deps: PipelineDeps,
  faults: FaultInjection = {},
  signal?: AbortSignal,
): Promise<PipelineResult> {
  try {
    return await attempt(raw, deps, faults, signal, true);
  } catch (error) {
    if (!(error instanceof StaleCache)) throw error;
    // The cached principal, capabilities or counts the planner used no longer hold: the run is made again, waiting for the reads now.
    return attempt(raw, deps, faults, signal, false);
  }
}

/** One try of a run; `trustCache` lets it start from the connection's cached principal (see `resolvePrincipalCached`). */
async function attempt(
  raw: unknown,
  deps: PipelineDeps,
  faults: FaultInjection,
  signal: AbortSignal | undefined,
  trustCache: boolean,
): Promise<PipelineResult> {
  const recording = new RunRecording(raw, deps.gateway, deps.embedder, signal, faults.holdAtRead, deps.readsRide !== false);
  if (!trustCache || deps.planFromCachedCounts === false) distrustCachedCounts(recording.log);
  try {
    const request = recording.accept(validateRequest(raw));
    const retriever = retrieverFor(request);
    // The deadline carries the cancellation to every read and model call of the run.
    const deadline = Deadline.after(request.timeout_ms, Date.now, signal);
    const cache = principalCacheOf(deps.gateway);
    const resolved = await recording.at('principal', () =>
      resolvePrincipalCached(
        request.principal,
        deps.store,
        recording.log,
        deps.profile,
        deadline.stage(SETUP_READ_SHARE),
        cache,
        trustCache,
      ),
    );
    const principal = recording.runAs(resolved.principal);
    const run = await recording.at('capabilities', () =>
      planRetrieval({ request, principal, deadline, log: recording.log, trustCache }, deps, faults),
    );
    // The whole graph's counts do not depend on the candidates: they are made beside the retrieval, not before it;
    // so are the checks that a cached principal and the cached capabilities still hold, which must pass before any item is shaped.
    const capabilitiesHold = trustCache ? confirmCapabilities(run.connection, run.capabilities, graphStateOfRun(run)) : undefined;
    const beside = Promise.all([countAccessScope(run), resolved.confirmed, capabilitiesHold]).then(() => undefined);
    // Observed by `alongside`; a run cancelled before its mode's stage starts never gets there, and must not leave it unhandled.
    beside.catch(() => undefined);
    const retrieved = await recording.at(request.mode, () => alongside(retriever.retrieve(run), beside));
    recording.lackingProvenance = retrieved.lackingProvenance;
    const rechecked = recording.at('after_expansion', () => recheckStage(retrieved.candidates, run));
    const relevant = recording.at('relevance_floor', () => relevanceStage(rechecked, run));
    // Judged once; the successors the verdicts name are then read: one the principal may not see is not named.
    const assessment = recording.at('freshness', () => assessCandidates(relevant, run, deps));
    const hidden = await recording.at('freshness', () => hiddenSuccessors(assessment, run));
    const labelled = recording.at('freshness', () => freshnessStage(assessment, run, hidden));
    const packed = recording.at('packing', () => packStage(labelled, run, deps));
    return recording.finish(recording.at('before_output', () => outputStage(packed, run)));
  } catch (error) {
    if (error instanceof StaleCache) throw error;
    return recording.fail(error);
  }
}

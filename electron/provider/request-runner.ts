import type { ProviderEndpoint } from '../../shared/provider/provider-endpoint';
import { runContextRequest } from '../retrieval/context-pipeline';
import type { PipelineDeps } from '../retrieval/pipeline-deps';
import type { PipelineResult } from '../retrieval/run-recording';
import { runProviderRequest } from './provider-run';

/** True when a request (not yet validated) asks for mode `provider`. */
function asksForProvider(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { mode?: unknown }).mode === 'provider';
}

/**
 * Runs a context request in whichever mode it names: `provider` calls the endpoint `endpoint()`
 * gives (looked up only then, so a broken endpoint setting cannot fail the other modes) and audits
 * its answer; every other mode runs the retrieval pipeline. Both validate the request themselves,
 * and both end in `cancelled` when `signal` aborts while they run.
 */
export function runAnyContextRequest(
  raw: unknown,
  deps: PipelineDeps,
  endpoint: () => ProviderEndpoint | null,
  signal?: AbortSignal,
): Promise<PipelineResult> {
  return asksForProvider(raw) ? runProviderRequest(raw, endpoint(), deps, signal) : runContextRequest(raw, deps, {}, signal);
}

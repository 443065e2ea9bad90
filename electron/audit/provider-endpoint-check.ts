import { codedError } from '../../shared/coded-error';
import type { CoreParam } from '../../shared/core-message';
import { redactUri } from '../../shared/redact-uri';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { OperationCaller } from './operation-caller';

/**
 * Before `--provider` runs anything: the endpoint the API will call must be the one given and be
 * usable (an http(s) URL without credentials); otherwise the audit could not run, and says why, as a
 * code with the endpoint's own problem as its part (worded in English by the CLI).
 */
export async function checkProviderEndpoint(call: OperationCaller, url: string): Promise<void> {
  const state = await call('provider.get', {});
  const problem: CoreParam | null =
    state.problem_code !== undefined
      ? [{ code: state.problem_code, params: state.problem_params ?? {} }]
      : (state.problem ?? (state.endpoint === null ? [retrievalError('provider_not_configured')] : null));
  if (problem !== null)
    throw codedError('invalid_input', retrievalError('provider_endpoint_unusable', { url: redactUri(url), problem }), {
      hint: retrievalError('provider_endpoint_unusable_hint'),
    });
}

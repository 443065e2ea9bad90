import { auditMessage, wordAuditMessage } from '../../shared/audit/audit-messages';
import { LensError } from '../../shared/lens-error';
import type { OperationCaller } from './operation-caller';

/**
 * Before `--provider` runs anything: the endpoint the API will call must be the one given and be
 * usable (an http(s) URL without credentials); otherwise the audit could not run, and says why.
 */
export async function checkProviderEndpoint(call: OperationCaller, url: string): Promise<void> {
  const state = await call('provider.get', {});
  const problem = state.problem ?? (state.endpoint === null ? 'no endpoint is configured' : null);
  if (problem !== null) throw new LensError('invalid_input', wordAuditMessage(auditMessage('provider_endpoint', { url, problem })));
}

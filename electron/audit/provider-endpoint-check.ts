import { auditMessage, wordAuditMessage } from '../../shared/audit/audit-messages';
import { codedError } from '../../shared/coded-error';
import { coreEnglish } from '../../shared/core-catalogues';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { OperationCaller } from './operation-caller';

/**
 * Before `--provider` runs anything: the endpoint the API will call must be the one given and be
 * usable (an http(s) URL without credentials); otherwise the audit could not run, and says why (in
 * the audit's catalogue, which the CLI words in English).
 */
export async function checkProviderEndpoint(call: OperationCaller, url: string): Promise<void> {
  const state = await call('provider.get', {});
  const problem = state.problem ?? (state.endpoint === null ? coreEnglish(retrievalError('provider_not_configured')) : null);
  if (problem !== null) throw codedError('invalid_input', wordAuditMessage(auditMessage('provider_endpoint', { url, problem })));
}

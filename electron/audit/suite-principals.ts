import { auditMessage, wordAuditMessage } from '../../shared/audit/audit-messages';
import { codedError } from '../../shared/coded-error';
import { principalsThatExist } from './file-problems';
import type { OperationCaller } from './operation-caller';
import type { SuiteFile } from './suite-file';

/**
 * Checks, before any run, that every principal the suite names exists (the local list or the graph's
 * Principal nodes, as `lens principals list` shows them). Reading the graph's principals is also the
 * audit's first contact with the graph: an unreachable server stops it here, with the reason.
 */
export async function checkPrincipalsExist(call: OperationCaller, { file, suite, locate }: SuiteFile): Promise<void> {
  const known = new Set((await call('principals.list', {})).map((principal) => principal.principal_id));
  const problems = suite.principals.flatMap((principal, index) =>
    known.has(principal)
      ? []
      : [
          wordAuditMessage(
            auditMessage('suite_unknown_principal', { file, at: locate(['principals', index]), path: `principals[${index}]`, principal }),
          ),
        ],
  );
  const [first, ...rest] = problems;
  if (first !== undefined) throw codedError('invalid_input', first, { hint: principalsThatExist(known), moreProblems: rest });
}

import type { CoreMessage } from '../../shared/core-message';
import type { UnreadablePrincipal } from '../../shared/principal';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { fileProblemsError, principalsThatExist } from './file-problems';
import type { OperationCaller } from './operation-caller';
import type { SuiteFile } from './suite-file';

/**
 * Checks, before any run, that every principal the suite names exists (the local list or the graph's
 * Principal nodes, as `lens principals list` shows them). Reading the graph's principals is also the
 * audit's first contact with the graph: an unreachable server stops it here, with the reason.
 */
export async function checkPrincipalsExist(call: OperationCaller, { file, suite, locate }: SuiteFile): Promise<void> {
  const listed = await call('principals.list', {});
  const known = new Set(listed.principals.map((principal) => principal.principal_id));
  const problems = suite.principals.flatMap((principal, index) =>
    known.has(principal)
      ? []
      : [
          unreadableProblem(listed.unreadable, principal) ??
            retrievalError('suite_unknown_principal', { file, at: locate(['principals', index]), path: `principals[${index}]`, principal }),
        ],
  );
  // Listed like a file's other problems: a dozen, the rest counted (5,000 unknown principals printed 5,003 lines).
  const [first] = problems;
  if (first !== undefined) throw fileProblemsError(problems, first, principalsThatExist(known));
}

/** What is wrong with the graph's Principal node of this id, when the list set it apart as unreadable; else undefined. */
export function unreadableProblem(unreadable: readonly UnreadablePrincipal[], principal: string): CoreMessage | undefined {
  const found = unreadable.find((entry) => entry.principal_id === principal);
  return found?.problem_code === undefined ? undefined : { code: found.problem_code, params: found.problem_params ?? {} };
}

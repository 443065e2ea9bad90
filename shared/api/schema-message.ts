import type { z } from 'zod';
import { coreEnglish } from '../core-catalogues';
import type { CoreMessage } from '../core-message';
import { serverError } from '../errors/server-error-messages';
import { issueWords } from './issue-words';

export { issueWords, optionWords, unionWords } from './issue-words';

/**
 * The sentence for an input or answer that failed an operation's schema, as a code: the operation,
 * the field path of the first problem and what is wrong with it ("query.run: request.query — the query is
 * empty; ask a question."). The renderer's client and the doors' dispatch both word it so, so a
 * refusal names the same field whichever side caught it.
 */
export function schemaProblem(name: string, error: z.ZodError): CoreMessage {
  const issue = error.issues[0];
  return serverError('input_schema', {
    operation: name,
    path: issue?.path.join('.') || [serverError('whole_input_part')],
    issue: issue === undefined ? [serverError('invalid_part')] : issueWords(issue),
  });
}

/** {@link schemaProblem} in English. */
export function schemaMessage(name: string, error: z.ZodError): string {
  return coreEnglish(schemaProblem(name, error));
}

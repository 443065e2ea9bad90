import type { z } from 'zod';

/**
 * The sentence for an input or answer that failed an operation's schema: the operation, the field
 * path of the first problem and what is wrong with it ("query.run: request.query the query is
 * empty; ask a question."). The renderer's client and the doors' dispatch both word it so, so a
 * refusal names the same field whichever side caught it.
 */
export function schemaMessage(name: string, error: z.ZodError): string {
  const issue = error.issues[0];
  return `${name}: ${issue?.path.join('.') || 'input'} ${issue?.message ?? 'is invalid'}.`;
}

import { z } from 'zod';
import { ACCESS_MESSAGE_CODES, accessClauseMessage } from './access-messages';
import type { AccessClause, AccessExplanation } from './explain-access';

/**
 * An access explanation as it travels: each clause as a message code with parameters and its place
 * in the policy, never a sentence, so the UI words it in its language and the CLI in English.
 */

/** One clause of the policy applied to one node, as a message. */
export const AccessClauseMessage = z.object({
  /** Where the clause sits in the policy, e.g. `document.any_of[2]`. */
  path: z.string(),
  code: z.enum(ACCESS_MESSAGE_CODES),
  params: z.record(z.string(), z.string()),
});
export type AccessClauseMessage = z.infer<typeof AccessClauseMessage>;

/** Why an item was allowed for the principal who asked: every requirement that held, then the alternative that let it through. */
export const ItemAccess = z.object({ because: z.array(AccessClauseMessage).min(1) });
export type ItemAccess = z.infer<typeof ItemAccess>;

/** Why a node is not visible to a principal: the policy's reason code and rule, and the clauses that failed. */
export const AccessDenial = z.object({
  /** The node whose rule failed: a chunk's document is checked first, so a denial there is the chunk's too. */
  node: z.enum(['document', 'chunk']),
  reason: z.string(),
  rule: z.string(),
  failed: z.array(AccessClauseMessage),
});
export type AccessDenial = z.infer<typeof AccessDenial>;

/** The clauses as messages, in the explanation's order. */
export function clauseMessages(clauses: readonly AccessClause[]): AccessClauseMessage[] {
  return clauses.map((clause) => {
    const { code, params } = accessClauseMessage(clause);
    return { path: clause.path, code, params: { ...params } };
  });
}

/** Why allowed, or null when the explanation is a denial. */
export function itemAccessOf(explanation: AccessExplanation): ItemAccess | null {
  return explanation.visible ? { because: clauseMessages(explanation.because) } : null;
}

/** Why denied, or null when the explanation allows the node. */
export function accessDenialOf(explanation: AccessExplanation): AccessDenial | null {
  if (explanation.visible) return null;
  const node = explanation.rule.startsWith('chunk.') ? 'chunk' : 'document';
  return { node, reason: explanation.reason, rule: explanation.rule, failed: clauseMessages(explanation.failed) };
}

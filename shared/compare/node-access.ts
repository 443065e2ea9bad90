import { z } from 'zod';
import { ACCESS_MESSAGE_CODES } from '../acl/access-messages';
import type { AccessClause, AccessExplanation } from '../acl/explain-access';

/**
 * Who may see a node, as a comparison keeps it: the explainer's clauses (shared/acl/explain-access.ts)
 * with the node they were applied to. The UI and the CLI word each clause through
 * shared/acl/access-messages.ts, so the same clause reads the same everywhere.
 */

const CLAUSE_OPS = [
  'equals_value',
  'in_values',
  'equals_principal',
  'in_principal',
  'intersects_principal',
  'in_principal_when_both_set',
  'principal_has_any',
  'no_acl_properties',
] as const satisfies readonly AccessClause['op'][];
// Every op of the explainer is listed: a new one is a type error here until it is added.
type MissingOp = Exclude<AccessClause['op'], (typeof CLAUSE_OPS)[number]>;
const _allOps: [MissingOp] extends [never] ? true : never = true;
void _allOps;

/** One leaf test of the policy as applied to one node (an `AccessClause`). */
export const AccessClauseData = z.object({
  path: z.string(),
  op: z.enum(CLAUSE_OPS),
  property: z.string().nullable(),
  principal_field: z.string().nullable(),
  values: z.array(z.string()),
  expected: z.array(z.string()),
  holds: z.boolean(),
});
export type AccessClauseData = z.infer<typeof AccessClauseData>;

/** A node an item draws on, as its provenance path names it. */
export const NodeRef = z.object({ label: z.string(), id: z.string() });
export type NodeRef = z.infer<typeof NodeRef>;

/**
 * A principal's access to a node: visible (the clauses that let it through), denied (the reason code,
 * the rule and the clauses that failed; `via` names the node whose rule decided, when not the node
 * itself: a claim's chunk, a chunk's document), or not found in the graph, which cannot be shown to be
 * in scope and so is never taken for visible.
 */
export const NodeAccess = z.discriminatedUnion('state', [
  z.object({ state: z.literal('visible'), node: NodeRef, because: z.array(AccessClauseData) }),
  z.object({
    state: z.literal('denied'),
    node: NodeRef,
    via: NodeRef.optional(),
    reason: z.string(),
    rule: z.string(),
    failed: z.array(AccessClauseData),
    /** A denial that is no clause of the policy (`no_chunk`, `content_not_in_source`) in words: a code of the `access` catalogue. */
    message: z.object({ code: z.enum(ACCESS_MESSAGE_CODES), params: z.record(z.string(), z.string()) }).optional(),
  }),
  z.object({ state: z.literal('not_found'), node: NodeRef }),
]);
export type NodeAccess = z.infer<typeof NodeAccess>;

const clauses = (list: readonly AccessClause[]): AccessClauseData[] =>
  list.map((clause) => ({ ...clause, values: [...clause.values], expected: [...clause.expected] }));

/** An explanation of `node` (decided by `via`'s rule when given) as a comparison keeps it. */
export function nodeAccessOf(node: NodeRef, explanation: AccessExplanation, via?: NodeRef): NodeAccess {
  if (explanation.visible) return { state: 'visible', node, because: clauses(explanation.because) };
  return {
    state: 'denied',
    node,
    ...(via ? { via } : {}),
    reason: explanation.reason,
    rule: explanation.rule,
    failed: clauses(explanation.failed),
  };
}

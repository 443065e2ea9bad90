import { z } from 'zod';
import { ContextItem, ContextRequestAtDoor, Outcome, RetrievalMode } from '../context-contract';
import { CoreParamsSchema } from '../core-message';
import { LensErrorData } from '../lens-error';
import { Principal } from '../principal';
import { NodeAccess } from './node-access';
import { DEFAULT_RBO_PERSISTENCE } from './rank-overlap';
import { RunDiff } from './run-diff';

/**
 * A comparison of two runs (one request as principals A and B, or two stored runs), as the API hands
 * it out and the trace store keeps it: the leak check first, then both runs, the diff with its
 * overlap figures, and why each item is or is not visible to each principal. It holds its own
 * snapshot of both runs' items, so it reopens exactly as it was after the runs are pruned.
 */

/** Which run of the comparison. */
export const CompareSide = z.enum(['a', 'b']);
export type CompareSide = z.infer<typeof CompareSide>;

/**
 * An item returned to a principal who may not see a node it draws on: its chunk, its document, a
 * node of its provenance path, or a node that is not in the graph at all. Never filtered away.
 */
export const Leak = z.object({
  side: CompareSide,
  principal_id: z.string(),
  /** The item's identity (claim or chunk) and its place in that run. */
  item_key: z.string(),
  rank: z.number().int().min(1),
  document_id: z.string(),
  /** The node and the clause it broke (`denied`), or `not_found`. */
  access: NodeAccess.refine((access) => access.state !== 'visible', 'a leak is a node the principal may not see'),
});
export type Leak = z.infer<typeof Leak>;

/**
 * Why one item (by identity) is visible to A and to B, or the first node each may not see. Null for a
 * side whose request was refused (`invalid_request`) before it ran as anyone: its principal is only
 * the name it was given, so nothing is judged for it.
 */
export const ItemAccessRow = z.object({ item_key: z.string(), a: NodeAccess.nullable(), b: NodeAccess.nullable() });
export type ItemAccessRow = z.infer<typeof ItemAccessRow>;

/**
 * The check of every item against the graph. `failed` (the graph was unreachable or the deadline
 * passed) means the leaks are unknown: it is never read as "no leaks".
 */
export const LeakCheck = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('checked'),
    leaks: z.array(Leak),
    /** Distinct nodes read from the graph and checked. */
    nodes_checked: z.number().int().min(0),
    access: z.array(ItemAccessRow),
  }),
  z.object({ state: z.literal('failed'), error: LensErrorData }),
]);
export type LeakCheck = z.infer<typeof LeakCheck>;

/** One run of a comparison, as it was. */
export const ComparisonRun = z.object({
  trace_id: z.string(),
  principal: Principal,
  query: z.string(),
  mode: RetrievalMode,
  outcome: Outcome,
  message: z.string().optional(),
  /** The message as a code with parameters, worded in the UI's language; absent from comparisons kept before codes were. */
  message_code: z.string().optional(),
  message_params: CoreParamsSchema.optional(),
  items: z.array(ContextItem),
});
export type ComparisonRun = z.infer<typeof ComparisonRun>;

/** Whether a run answered (ok or no_evidence): a run that failed, was refused or cancelled has no answer to compare. */
export function answered(run: Pick<ComparisonRun, 'outcome'>): boolean {
  return run.outcome === 'ok' || run.outcome === 'no_evidence';
}

/** Whether the run was refused before it ran as anyone (its principal unresolved), so no access is judged for it. */
export function refusedBeforeRunning(run: Pick<ComparisonRun, 'outcome'>): boolean {
  return run.outcome === 'invalid_request';
}

/** The sides whose run gave no answer: with any, the diff is no comparison of answers (only-A is not what B was kept from). */
export function unansweredSides(comparison: Pick<Comparison, 'a' | 'b'>): CompareSide[] {
  return (['a', 'b'] as const).filter((side) => !answered(comparison[side]));
}

/** A stored comparison. */
export const Comparison = z.object({
  id: z.string(),
  created_at: z.string(),
  /** Made by running one request as two principals, or from two stored runs. */
  source: z.enum(['principals', 'runs']),
  leak_check: LeakCheck,
  a: ComparisonRun,
  b: ComparisonRun,
  diff: RunDiff,
});
export type Comparison = z.infer<typeof Comparison>;

/** One row of the comparison list. */
export const ComparisonSummary = z.object({
  id: z.string(),
  created_at: z.string(),
  source: z.enum(['principals', 'runs']),
  query: z.string(),
  trace_a: z.string(),
  trace_b: z.string(),
  principal_a: z.string(),
  principal_b: z.string(),
  /** Null when the leak check could not run. */
  leak_count: z.number().int().min(0).nullable(),
  /** The sides whose run gave no answer (a timeout): with no leak found, the leaks are unknown, not none. */
  unanswered: z.array(z.enum(['a', 'b'])).default([]),
});
export type ComparisonSummary = z.infer<typeof ComparisonSummary>;

const RboP = z.number().gt(0, 'rbo_p must be between 0 and 1').lt(1, 'rbo_p must be between 0 and 1').default(DEFAULT_RBO_PERSISTENCE);

/**
 * What `compare.run` takes: one request (same mode and options for both) run as principal A and as
 * principal B, each recorded as an ordinary run; or two stored runs by trace id.
 */
export const CompareInput = z.discriminatedUnion('source', [
  z
    .object({
      source: z.literal('principals'),
      request: ContextRequestAtDoor.omit({ principal: true, trace_id: true }),
      principal_a: ContextRequestAtDoor.shape.principal,
      principal_b: ContextRequestAtDoor.shape.principal,
      rbo_p: RboP,
    })
    .strict(),
  z.object({ source: z.literal('runs'), trace_a: z.string().min(1), trace_b: z.string().min(1), rbo_p: RboP }).strict(),
]);
export type CompareInput = z.input<typeof CompareInput>;

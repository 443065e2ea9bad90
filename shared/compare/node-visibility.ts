import { z } from 'zod';

/**
 * Who may see a node of a comparison's provenance graph, and whose run drew on it: the classes the
 * Compare screen styles the graph by. A leak is a node a run drew on whose principal may not see it.
 */

/** The principals of a comparison who may see a node: A only, B only, both, or neither. */
export const VisibleTo = z.enum(['a', 'b', 'both', 'neither']);
export type VisibleTo = z.infer<typeof VisibleTo>;

/** The runs with an item whose provenance path holds the node (absent on a node neither run drew on). */
export const ReturnedTo = z.enum(['a', 'b', 'both']);
export type ReturnedTo = z.infer<typeof ReturnedTo>;

/** The sides a node is visible to, or returned to, as a set of sides. */
const SIDES: Readonly<Record<VisibleTo, readonly ('a' | 'b')[]>> = { a: ['a'], b: ['b'], both: ['a', 'b'], neither: [] };

/** The class of a node from whether A and B may each see it. */
export function visibleToOf(a: boolean, b: boolean): VisibleTo {
  if (a && b) return 'both';
  if (a) return 'a';
  return b ? 'b' : 'neither';
}

/** Which runs drew on a node, or undefined when neither did. */
export function returnedToOf(inA: boolean, inB: boolean): ReturnedTo | undefined {
  const seen = visibleToOf(inA, inB);
  return seen === 'neither' ? undefined : seen;
}

/**
 * The sides whose run drew on a node its principal may not see (a leak), or null when there is none:
 * a node returned to B that only A may see is leaked to B.
 */
export function leakedTo(visibleTo: VisibleTo, returnedTo: ReturnedTo | undefined): ReturnedTo | null {
  if (!returnedTo) return null;
  const visible = SIDES[visibleTo];
  const leaked = SIDES[returnedTo].filter((side) => !visible.includes(side));
  return returnedToOf(leaked.includes('a'), leaked.includes('b')) ?? null;
}

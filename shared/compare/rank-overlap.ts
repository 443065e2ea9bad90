import { retrievalCodedError, retrievalError } from '../errors/retrieval-error-messages';

/**
 * How alike two ranked lists of keys are: Jaccard (the sets, order ignored) and rank-biased overlap
 * (RBO; Webber, Moffat & Zobel, "A similarity measure for indefinite rankings", TOIS 2010), which
 * weighs agreement at the top more than further down. Both treat a key repeated in a list as its
 * first occurrence only, so no count exceeds the distinct keys of a list.
 */

/** The persistence RBO uses unless told otherwise: the top 10 ranks carry about 86 % of the weight. */
export const DEFAULT_RBO_PERSISTENCE = 0.9;

/** The list without repeats, each key at its first place. */
export function distinctInOrder(keys: readonly string[]): string[] {
  return [...new Set(keys)];
}

/** |A ∩ B| / |A ∪ B| over the distinct keys; two empty lists are identical, so 1. */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  const setA = new Set(a);
  const setB = new Set(b);
  const union = new Set([...setA, ...setB]).size;
  if (union === 0) return 1;
  let shared = 0;
  for (const key of setA) if (setB.has(key)) shared++;
  return shared / union;
}

/** The overlap X_d at every depth d = 1..long.length, the short list counted up to its own length. */
function overlapsByDepth(long: readonly string[], short: readonly string[]): number[] {
  const seenLong = new Set<string>();
  const seenShort = new Set<string>();
  const overlaps: number[] = [];
  let overlap = 0;
  for (let depth = 1; depth <= long.length; depth++) {
    const fromLong = long[depth - 1] as string;
    seenLong.add(fromLong);
    if (seenShort.has(fromLong)) overlap++;
    if (depth <= short.length) {
      const fromShort = short[depth - 1] as string;
      seenShort.add(fromShort);
      if (seenLong.has(fromShort)) overlap++;
    }
    overlaps.push(overlap);
  }
  return overlaps;
}

/**
 * Extrapolated rank-biased overlap, RBO_EXT (equation 32 of the paper, which reduces to equation 30
 * for lists of equal length): the agreement seen down to the end of the longer list, with the rest
 * extrapolated from it. 1 for identical lists (two empty ones too), 0 when no key is shared, and the
 * same whichever list comes first.
 */
export function rankBiasedOverlap(a: readonly string[], b: readonly string[], p: number = DEFAULT_RBO_PERSISTENCE): number {
  if (!(p > 0 && p < 1))
    throw retrievalCodedError('invalid_input', retrievalError('rbo_persistence_invalid', { value: p }), {
      hint: retrievalError('rbo_persistence_invalid_hint'),
    });
  const [first, second] = [distinctInOrder(a), distinctInOrder(b)];
  const [long, short] = first.length >= second.length ? [first, second] : [second, first];
  const l = long.length;
  const s = short.length;
  if (l === 0) return 1;
  if (s === 0) return 0;
  const overlaps = overlapsByDepth(long, short);
  const at = (depth: number) => overlaps[depth - 1] as number;
  let seen = 0;
  for (let d = 1; d <= l; d++) seen += (at(d) / d) * p ** d;
  let beyondShort = 0;
  for (let d = s + 1; d <= l; d++) beyondShort += ((at(s) * (d - s)) / (s * d)) * p ** d;
  const extrapolated = ((at(l) - at(s)) / l + at(s) / s) * p ** l;
  return ((1 - p) / p) * (seen + beyondShort) + extrapolated;
}

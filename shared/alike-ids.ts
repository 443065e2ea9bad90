import type { CoreMessage } from './core-message';
import { demoLoadMessage } from './demo-load-messages';

/**
 * Ids that are different strings yet read as one: they differ only in letter case, in spaces around
 * them, or in Unicode normal form (a Hangul name typed on macOS is often decomposed, NFD). Access
 * compares names exactly, so two such ids are two principals or two groups, and a principal given
 * the one sees nothing granted to the other: most likely a typo, worth a warning where a file is read.
 */

/** How two ids differ: only in normal form, only in surrounding spaces (and form), or in letter case too. */
export type AlikeHow = 'normal_form' | 'spaces' | 'case';

/** An id of a list that is alike an earlier, different one: both indexes and how they differ. */
export interface AlikeIds {
  readonly first: number;
  readonly second: number;
  readonly how: AlikeHow;
}

const folded = (id: string) => id.normalize('NFC').trim().toLowerCase();

/** How `a` and `b` differ when they are different ids that read as one; null when they are equal or not alike. */
export function alikeHow(a: string, b: string): AlikeHow | null {
  return a !== b && folded(a) === folded(b) ? howAlike(a, b) : null;
}

function howAlike(a: string, b: string): AlikeHow {
  if (a.normalize('NFC') === b.normalize('NFC')) return 'normal_form';
  if (a.normalize('NFC').trim() === b.normalize('NFC').trim()) return 'spaces';
  return 'case';
}

/** Each id of `ids` alike an earlier, different id of it (at the id's first use; an id repeated exactly is not alike itself). */
export function alikeIds(ids: readonly string[]): AlikeIds[] {
  const firstOfFold = new Map<string, number>();
  const seen = new Set<string>();
  const found: AlikeIds[] = [];
  ids.forEach((id, index) => {
    if (seen.has(id)) return;
    seen.add(id);
    const key = folded(id);
    const first = firstOfFold.get(key);
    if (first === undefined) firstOfFold.set(key, index);
    else found.push({ first, second: index, how: howAlike(ids[first] as string, id) });
  });
  return found;
}

/**
 * A warning (demo_load:principal_ids_alike or group_ids_alike) for each id of `named` alike an
 * earlier one, naming both with their places in the file and how they differ.
 */
export function alikeIdWarnings(
  kind: 'principal' | 'group',
  named: readonly { readonly id: string; readonly where: CoreMessage }[],
): CoreMessage[] {
  return alikeIds(named.map((entry) => entry.id)).map(({ first, second, how }) => {
    const one = named[second] as (typeof named)[number];
    const other = named[first] as (typeof named)[number];
    return demoLoadMessage(kind === 'principal' ? 'principal_ids_alike' : 'group_ids_alike', {
      where: [one.where],
      id: one.id,
      other: other.id,
      other_where: [other.where],
      how: [demoLoadMessage(`alike_${how}`)],
    });
  });
}

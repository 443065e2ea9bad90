/**
 * Edit distance between two short strings: an insertion, a deletion, a substitution or two
 * neighbouring letters swapped each cost one (optimal string alignment), so "qurey" is one edit from
 * "query", as a typist sees it.
 */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, (before[j - 2] as number) + 1);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length] as number;
}

/** The known key a misspelt `key` most likely meant (at most a third of its letters off), or null. */
export function closestKey(key: string, known: readonly string[]): string | null {
  let best: { key: string; distance: number } | null = null;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance <= Math.max(1, Math.floor(candidate.length / 3)) && (best === null || distance < best.distance))
      best = { key: candidate, distance };
  }
  return best?.key ?? null;
}

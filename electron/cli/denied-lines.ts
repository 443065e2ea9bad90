import type { DeniedCount, FilterNote } from '../../shared/context-contract';
import { wordDeniedCount, wordFilterNote } from '../../shared/denied-messages';
import { deniedHeadline } from '../../shared/denied-summary';
import { wordCliMessage } from '../../shared/cli-messages';

/**
 * The denied counts for a person, one per line: its kind (access, filter, freshness), its figure
 * ("98 of 318"), in English what it counts, and where (its stage); then a line for every filter value that matches
 * nothing in the graph. The caller makes the text terminal-safe first.
 */
export function deniedLines(denied: readonly DeniedCount[], notes: readonly FilterNote[], indent = '  '): string[] {
  const worded = denied.map((entry) => wordDeniedCount(entry));
  const kindWidth = Math.max(0, ...worded.map((entry) => entry.kind.length));
  const figureWidth = Math.max(0, ...worded.map((entry) => entry.figure.length));
  const lines = worded.map(
    (entry, index) =>
      `${indent}${entry.kind.padEnd(kindWidth)}  ${entry.figure.padStart(figureWidth)}  ${entry.counts} [${denied[index]?.stage ?? ''}]`,
  );
  return [...lines, ...notes.map((note) => `${indent}note: ${wordFilterNote(note)}`)];
}

/** The heading above those lines. */
export function deniedHeading(denied: readonly DeniedCount[]): string {
  return wordCliMessage(denied.length === 0 ? 'withheld_none' : 'withheld_heading');
}

/** One cell of a run list: the whole graph's access and filter figures, or an older run's unclassified total. */
export function deniedCell(denied: readonly DeniedCount[]): string {
  const headline = deniedHeadline(denied);
  const parts = [
    headline.access ? `access ${headline.access.count}` : null,
    headline.filter ? `filter ${headline.filter.count}` : null,
    headline.freshness ? `stale ${headline.freshness.count}` : null,
    headline.unrecorded !== null ? `${headline.unrecorded} unclassified` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : '-';
}

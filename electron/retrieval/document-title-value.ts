import type { ContextItem } from '../../shared/context-contract';

/**
 * The document's title as text, and how the graph holds it when that is not one string: a list of
 * strings (a user's graph may keep several titles) is joined with ", ", a number is its digits.
 * An empty list, or a list of nothing but blanks, is no title.
 */
export function documentTitle(document: Readonly<Record<string, unknown>>, key: string): Pick<ContextItem, 'title' | 'title_held_as'> {
  const value = document[key];
  if (Array.isArray(value)) {
    const entries = value.flatMap((entry) => (entry === null ? [] : [String(entry).trim()])).filter((entry) => entry !== '');
    return entries.length > 0 ? { title: entries.join(', '), title_held_as: 'list' } : {};
  }
  if (typeof value === 'number') return { title: String(value), title_held_as: 'number' };
  // Any other value as text, as the item's other properties are read (candidate.ts `text`).
  const title = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  return title ? { title } : {};
}

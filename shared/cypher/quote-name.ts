/**
 * Backtick-quotes a label, relationship type, property, index or constraint name for Cypher text,
 * doubling any backtick inside it (Cypher's escape), so the name stands as one identifier whatever it
 * holds. The schema profile and access policy accept plain identifiers only, which this leaves as
 * they are; names the server reports (labels, indexes, constraints) may hold anything.
 */
export function quoteName(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/**
 * Backtick-quotes a label, relationship type, property, index or constraint name for Cypher text,
 * doubling any backtick inside it (Cypher's escape), so the name stands as one identifier whatever it
 * holds. The schema profile and access policy accept plain identifiers only, which this leaves as
 * they are; names the server reports (labels, indexes, constraints) may hold anything.
 *
 * Neo4j replaces `\uXXXX` everywhere in a query before it lexes it, backtick names included, so a
 * name holding `\u0060` would close the quotes. Each backslash is therefore written as the escape
 * `\u005c`: Neo4j reads it back as a backslash, and never reads the characters after a replaced
 * escape as the start of another one.
 */
export function quoteName(name: string): string {
  return `\`${name.replaceAll('`', '``').replaceAll('\\', '\\u005c')}\``;
}

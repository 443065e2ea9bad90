/**
 * Every character Neo4j's lexer skips as whitespace, written out from the SPACE rule of
 * Cypher5Lexer.g4 (neo4j/neo4j) rather than from the guard's own code, so tests check the guard
 * against Neo4j and not against itself.
 */
export const NEO4J_SPACES: readonly string[] = [
  '\t',
  '\n',
  '\u000b',
  '\f',
  '\r',
  '\u001c',
  '\u001d',
  '\u001e',
  '\u001f',
  ' ',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2001',
  '\u2002',
  '\u2003',
  '\u2004',
  '\u2005',
  '\u2006',
  '\u2007',
  '\u2008',
  '\u2009',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
];

/** Characters JavaScript or Unicode call spaces or invisible that Neo4j reads as parts of a name (or as an error), not as whitespace. */
export const NOT_NEO4J_SPACES: readonly string[] = ['\u0085', '\ufeff', '\u200b', '\u180e', '\u2060', '\u0001', '\u007f'];

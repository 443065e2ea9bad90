/** Characters with a meaning in Lucene's classic query syntax. */
const SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|]/g;
/** Words Lucene reads as operators when written in capitals. */
const OPERATORS = new Set(['AND', 'OR', 'NOT', 'TO']);

/**
 * Turns what a user typed into a Lucene query that matches any of its words, with every special
 * character escaped, so user text is searched for and never parsed as syntax. Null when no word is left.
 */
export function luceneQueryFor(userText: string): string | null {
  const terms = userText
    .normalize('NFKC')
    .split(/\s+/u)
    .map((term) => term.replace(SPECIAL, (ch) => `\\${ch}`))
    .filter((term) => term.replace(/\\/g, '').length > 0)
    .map((term) => (OPERATORS.has(term) ? term.toLowerCase() : term));
  return terms.length > 0 ? terms.join(' ') : null;
}

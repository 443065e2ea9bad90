import { mixedRuns } from '../corpus/script-runs';

/** Characters with a meaning in Lucene's classic query syntax. */
const SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|]/g;
/** Words Lucene reads as operators when written in capitals. */
const OPERATORS = new Set(['AND', 'OR', 'NOT', 'TO']);
/** A character an analyzer keeps (and the hashing embedder counts): a letter, a digit or a mark. */
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;

/** Lucene refuses a query of more clauses than this (IndexSearcher.maxClauseCount in Neo4j's Lucene). */
export const LUCENE_MAX_CLAUSES = 1024;
/** Clauses kept free for the query's own structure (the required groups around terms and ACL clause). */
const RESERVED_CLAUSES = 24;

/** The Lucene query for a user's text, and how many of its words it searches for. */
export interface LuceneQuery {
  readonly text: string;
  /** Words searched for. */
  readonly termsUsed: number;
  /** Words the user's text holds. */
  readonly termsGiven: number;
}

/** True when the text holds something to search for: a letter, digit or mark, not only punctuation or symbols. */
export function hasSearchableWord(userText: string): boolean {
  return WORD_CHARACTER.test(userText);
}

/**
 * The clauses a caller may spend on the user's words, once `aclTerms` clauses carry the access rule,
 * when the words are searched in `fields` fields (`wordsInFields` asks each word once per field).
 */
export function clauseBudget(aclTerms: number, fields = 1): number {
  return Math.max(1, Math.floor((LUCENE_MAX_CLAUSES - RESERVED_CLAUSES - aclTerms) / Math.max(1, fields)));
}

/**
 * Turns what a user typed into a Lucene query that matches any of its words, with every special
 * character escaped, so user text is searched for and never parsed as syntax. Words without a letter
 * or digit are left out (an analyzer drops them anyway). A word can analyze into as many clauses as
 * it has characters (a CJK run becomes bigrams), so words are kept in order while their characters
 * fit `budget`: a very long text is searched by its first words, never sent whole for Lucene to
 * refuse. Null when no word is left.
 */
export function luceneQueryFor(userText: string, budget: number = clauseBudget(0)): LuceneQuery | null {
  const words = userText.normalize('NFKC').split(/\s+/u).filter(hasSearchableWord);
  const kept: string[] = [];
  let used = 0;
  let spent = 0;
  for (const word of words) {
    // The runs of a word mixing scripts are searched beside it: `proxy와` and `API서버` are one token to the standard tokenizer.
    const searched = [word, ...mixedRuns(word)];
    const characters = searched.reduce((sum, term) => sum + Array.from(term).length, 0);
    if (spent + characters > budget) {
      // A single word longer than the whole budget is cut to it rather than dropped.
      if (kept.length === 0) {
        kept.push(Array.from(word).slice(0, budget).join(''));
        used = 1;
      }
      break;
    }
    kept.push(...searched);
    used += 1;
    spent += characters;
  }
  if (kept.length === 0) return null;
  const terms = kept
    .map((term) => term.replace(SPECIAL, (ch) => `\\${ch}`))
    .map((term) => (OPERATORS.has(term) ? term.toLowerCase() : term));
  return { text: terms.join(' '), termsUsed: used, termsGiven: words.length };
}

/** A property name as a Lucene field: special characters and spaces escaped, and an operator word's first letter, so the parser reads one name. */
function luceneField(name: string): string {
  const escaped = name.replace(/[+\-!(){}[\]^"~*?:\\/&|\s]/gu, (ch) => `\\${ch}`);
  return OPERATORS.has(escaped) ? `\\${escaped}` : escaped;
}

/**
 * The words of `luceneQueryFor` searched in these fields only: `text:(a b)`, one group per field. A
 * word left unqualified is searched in every field of the index, the ACL terms beside the text
 * among them, where a word written as an ACL term (the hashes are computable from the source)
 * matched chunks by their access facts and not by their text.
 */
export function wordsInFields(words: string, fields: readonly string[]): string {
  return fields.map((field) => `${luceneField(field)}:(${words})`).join(' ');
}

/**
 * Which of a query's terms a chunk's text holds, read the way the demo's full-text index reads text
 * (Lucene's `cjk` analyzer: Unicode word tokens, lowercased, English stop words dropped, runs of
 * Hangul, Han and Kana cut into overlapping bigrams). Lucene's score says how well a hit matched
 * compared with the other hits of the same query, not whether it matched enough, and it cannot be
 * compared across queries; the number of the query's terms found in the text can, so it is what the
 * full-text relevance floor counts.
 *
 * It is an approximation of the analyzer, applied in the same way to the query and to the text, so
 * where it differs from Lucene (an apostrophe or a dot inside a word, say) both sides differ alike.
 */
import { CJK_CHARACTER, scriptRuns, termRuns } from '../corpus/script-runs';
import { isKoreanQuestionWord, withoutQuestionEnding } from '../corpus/korean-question-words';

/** The stop words of Lucene's `CJKAnalyzer` (its `stopwords.txt`), which the `cjk` analyzer drops: checked on the demo, `an` finds hits and `www` none. */
const STOP_WORDS = new Set([
  'a',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'if',
  'in',
  'into',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  's',
  'such',
  't',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'will',
  'with',
  'www',
]);

/** A run of letters, digits and marks: a token of the standard tokenizer, roughly. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * One term of a query: a word, or a CJK run, with the tokens the analyzer makes of it (the word
 * itself, or the run's bigrams; a lone CJK character is its own token). A term matches a text that
 * holds any of its tokens, as Lucene's query for the term matches any of them.
 */
export interface QueryTerm {
  readonly text: string;
  readonly tokens: readonly string[];
}

/** The bigrams of a CJK run (a single character stays whole). */
function bigrams(run: string): string[] {
  const characters = Array.from(run);
  if (characters.length < 2) return [run];
  return characters.slice(0, -1).map((character, i) => character + characters[i + 1]);
}

/** The terms a text analyzes into, stop words left out, each term once. */
export function analyzeTerms(text: string): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    for (const run of termRuns(word)) {
      if (terms.has(run)) continue;
      if (CJK_CHARACTER.test(run)) terms.set(run, { text: run, tokens: bigrams(withoutQuestionEnding(run)) });
      else if (!STOP_WORDS.has(run)) terms.set(run, { text: run, tokens: [run] });
    }
  }
  return [...terms.values()];
}

/**
 * Words that ask rather than say what is asked about: English interrogatives, auxiliaries and
 * pronouns ("how do we", "what is our"), which Lucene's stop list keeps. A text holding "how" and
 * "do" holds two terms of "How do the ALB health checks work?" and says nothing of ALBs.
 */
const QUESTION_WORDS = new Set([
  ...['how', 'what', 'which', 'who', 'whom', 'whose', 'why', 'when', 'where', 'whether'],
  ...['do', 'does', 'did', 'can', 'could', 'should', 'would', 'may', 'might', 'must', 'shall'],
  ...['has', 'have', 'had', 'been', 'were', 'am'],
  ...['we', 'our', 'us', 'i', 'me', 'my', 'you', 'your'],
]);

function isQuestionWord(term: QueryTerm): boolean {
  return QUESTION_WORDS.has(term.text) || isKoreanQuestionWord(term.text);
}

/**
 * The terms of a question that say what it asks about: its terms without question words, or all of
 * them when it holds nothing else ("how do we do it?"), so a question is never left without terms.
 */
export function topicalTerms(terms: readonly QueryTerm[]): readonly QueryTerm[] {
  const topical = terms.filter((term) => !isQuestionWord(term));
  return topical.length > 0 ? topical : terms;
}

/** WORD for `exec` in a loop: the text's words without an iterator or a match array destructured each. */
const WORD_SCAN = new RegExp(WORD.source, WORD.flags);

/** Every token a text analyzes into, for looking terms up in it: the tokens of {@link analyzeTerms}'s terms, made directly. */
export function textTokens(text: string): ReadonlySet<string> {
  const tokens = new Set<string>();
  const normal = text.normalize('NFKC').toLowerCase();
  WORD_SCAN.lastIndex = 0;
  for (let found = WORD_SCAN.exec(normal); found !== null; found = WORD_SCAN.exec(normal)) {
    for (const run of scriptRuns(found[0])) {
      if (!CJK_CHARACTER.test(run)) {
        if (!STOP_WORDS.has(run)) tokens.add(run);
      } else for (const token of bigrams(run)) tokens.add(token);
    }
  }
  return tokens;
}

/** The query's terms found in `tokens` (a text's, from `textTokens`). */
export function matchedTerms(terms: readonly QueryTerm[], tokens: ReadonlySet<string>): QueryTerm[] {
  return terms.filter((term) => term.tokens.some((token) => tokens.has(token)));
}

/**
 * The query's terms a text could hold at all: a term of Hangul, Han or Kana only where the text has
 * a token of those scripts, any other term only where it has a token of the others. A Korean question
 * over a page written in English can match it only by the Latin words it carries (`.env`, `macOS`):
 * its Korean words are not missing from that page, they could never be in it.
 */
export function holdableTerms(terms: readonly QueryTerm[], tokens: ReadonlySet<string>): QueryTerm[] {
  let cjk = false;
  let other = false;
  for (const token of tokens) {
    if (CJK_CHARACTER.test(token)) cjk = true;
    else other = true;
    if (cjk && other) return [...terms];
  }
  return terms.filter((term) => (CJK_CHARACTER.test(term.text) ? cjk : other));
}

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
/** The scripts the CJK bigram filter cuts into bigrams. */
const CJK_CHARACTER = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

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

/** A word with no CJK character, or one of CJK characters only (no mark): one run, as most words are. */
const NO_CJK = /^[^\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]*$/u;
const CJK_ONLY = /^[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u;

/**
 * A word split where it changes between CJK and other scripts. Lucene's standard tokenizer does not
 * split there (Hangul letters join Latin ones in one Unicode word: `proxy와` is one token, which
 * neither `proxy` nor `와` finds), but a Korean text glues its particles to every English term it
 * carries (`kubelet의`, `Lease를`), so the term is read apart from its particle on both sides here.
 */
function scriptRuns(word: string): string[] {
  // The character walk below, which tests each character, only ever splits a word that mixes the two.
  if (NO_CJK.test(word) || CJK_ONLY.test(word)) return [word];
  const runs: string[] = [];
  let current = '';
  let currentIsCjk: boolean | null = null;
  for (const character of word) {
    const isCjk = CJK_CHARACTER.test(character);
    // Marks stay with the run they follow.
    const joins = currentIsCjk === null || isCjk === currentIsCjk || /\p{M}/u.test(character);
    if (!joins) {
      runs.push(current);
      current = '';
    }
    current += character;
    if (!/\p{M}/u.test(character)) currentIsCjk = isCjk;
  }
  if (current) runs.push(current);
  return runs;
}

/**
 * The runs of a word that are terms of a query: every run of a word in one script, and of a word
 * mixing CJK with other scripts every run but a lone CJK character, which there is a particle glued
 * to the term before it (`proxy와`, `kubelet의`, `API를`) and says nothing of what is asked:
 * counted as a term, it let a chunk holding any `X와` and `Y는` pass a two-term floor.
 */
export function termRuns(word: string): string[] {
  const runs = scriptRuns(word);
  return runs.length < 2 ? runs : runs.filter((run) => !(Array.from(run).length === 1 && CJK_CHARACTER.test(run)));
}

/** Sentence-final endings of a Korean question, longest first: `하나요` of `갱신하나요`, whose bigram `하나` (one) is in every page. */
const QUESTION_ENDINGS = [
  '하나요',
  '되나요',
  '인가요',
  '습니까',
  '나요',
  '가요',
  '까요',
  '세요',
  '어요',
  '아요',
  '해요',
  '예요',
  '에요',
  '니까',
  '죠',
];

/** A Hangul run without the question ending it closes with, when two or more syllables are left. */
function withoutQuestionEnding(run: string): string {
  const ending = QUESTION_ENDINGS.find((candidate) => run.endsWith(candidate));
  return ending !== undefined && Array.from(run).length - Array.from(ending).length >= 2 ? run.slice(0, -ending.length) : run;
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
/** Korean question words, as the run of Hangul they start (무엇을, 어떻게, 언제나): 왜 and 몇 only alone, since words start with them (왜곡, 몇몇). */
const KOREAN_QUESTION_STEMS = ['무엇', '어떻게', '어떤', '어느', '언제', '어디', '누구', '누가'];
const KOREAN_QUESTION_WORDS = new Set(['왜', '몇', '뭐', '뭘']);

function isQuestionWord(term: QueryTerm): boolean {
  return (
    QUESTION_WORDS.has(term.text) ||
    KOREAN_QUESTION_WORDS.has(term.text) ||
    KOREAN_QUESTION_STEMS.some((stem) => term.text.startsWith(stem))
  );
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

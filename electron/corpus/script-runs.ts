/**
 * Words cut where they change between CJK and other scripts. Lucene's standard tokenizer does not
 * cut there (Hangul letters join Latin ones in one Unicode word: `proxy와` is one token), but a Korean
 * text glues its particles to every English term it carries (`kubelet의`, `Lease를`). The full-text
 * relevance floor, the Lucene query, the loader's search-only runs and the hashing embedder all read
 * a word's runs from here, so the four read `kubelet의` alike.
 */

/** The scripts the CJK bigram filter cuts into bigrams. */
export const CJK_CHARACTER = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** A word with no CJK character, or one of CJK characters only (no mark): one run, as most words are. */
const NO_CJK = /^[^\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]*$/u;
const CJK_ONLY = /^[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u;
const MARK = /\p{M}/u;
/** A run of letters, digits and marks: one Unicode word, as the standard tokenizer cuts one. */
const UNICODE_WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** A word split where it changes between CJK and other scripts; marks stay with the run they follow. */
export function scriptRuns(word: string): string[] {
  // The character walk below, which tests each character, only ever splits a word that mixes the two.
  if (NO_CJK.test(word) || CJK_ONLY.test(word)) return [word];
  const runs: string[] = [];
  let current = '';
  let currentIsCjk: boolean | null = null;
  for (const character of word) {
    const isCjk = CJK_CHARACTER.test(character);
    const joins = currentIsCjk === null || isCjk === currentIsCjk || MARK.test(character);
    if (!joins) {
      runs.push(current);
      current = '';
    }
    current += character;
    if (!MARK.test(character)) currentIsCjk = isCjk;
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

/**
 * The runs of the words of `text` that mix CJK with other scripts, in order (lone particles left
 * out, as `termRuns` leaves them): `kubelet의 API서버를 노드` gives `kubelet`, `API`, `서버를`.
 */
export function mixedRuns(text: string): string[] {
  const runs: string[] = [];
  for (const [word] of text.matchAll(UNICODE_WORD)) {
    const parts = termRuns(word);
    if (parts.length > 1 || parts[0] !== word) runs.push(...parts);
  }
  return runs;
}

/**
 * `mixedRuns` of a chunk's text, space-separated, or null when no word mixes scripts. The loader
 * indexes it beside the text (`search_runs`): the `cjk` analyzer keeps `kubelet의` as one token,
 * which the query term `kubelet` never finds.
 */
export function mixedWordRuns(text: string): string | null {
  const runs = mixedRuns(text.normalize('NFKC'));
  return runs.length === 0 ? null : runs.join(' ');
}

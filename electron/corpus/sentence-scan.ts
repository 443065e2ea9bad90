// Hand-written sentence-end scanners, in place of global regular expressions whose `+` run followed
// by a failing lookahead was retried from every character of the run: a long run of `.` cost time
// quadratic in its length. Each returns the end offsets the expression's matches would have, in
// one pass (test/node/corpus/scanner-equivalence.test.ts).
import { isJsWhitespace } from './char-class';

const ADR_STOPS = new Set(['.', '!', '?', '。', '！', '？']);
const ADR_CLOSERS = new Set(['"', "'", '”', '’', ')', ']', '*', '_']);
const CHUNK_STOPS = new Set(['.', '!', '?', '…']);
const CHUNK_CLOSERS = new Set(['"', "'", '”', '’', ')', ']']);
const CJK_STOPS = new Set(['。', '！', '？']);
const CJK_CLOSERS = new Set(['"', "'", '”', '’', '」', '』', ')', ']']);
const KOREAN_ENDINGS = new Set(['다', '요', '죠', '까']);
const ASCII_STOPS = new Set(['.', '!', '?']);

/** The end of the run of characters in `set` starting at `from`. */
function runEnd(text: string, from: number, set: ReadonlySet<string>): number {
  let i = from;
  while (i < text.length && set.has(text[i] as string)) i += 1;
  return i;
}

/** True when `at` is the end of the text or a whitespace character: the lookahead `(?=\s|$)`. */
function beforeSpaceOrEnd(text: string, at: number): boolean {
  return at === text.length || isJsWhitespace(text.charCodeAt(at));
}

/**
 * Where sentences end for ADR statement reading: a run of `. ! ? 。 ！ ？`, then closing quotes,
 * brackets or emphasis, before whitespace or the end.
 *
 * Same ends as the matches of `/[.!?。！？]+["'”’)\]*_]*(?=\s|$)/g`.
 */
export function adrSentenceEnds(text: string): number[] {
  const ends: number[] = [];
  let i = 0;
  while (i < text.length) {
    if (!ADR_STOPS.has(text[i] as string)) {
      i += 1;
      continue;
    }
    const end = runEnd(text, runEnd(text, i, ADR_STOPS), ADR_CLOSERS);
    if (beforeSpaceOrEnd(text, end)) ends.push(end);
    // A retry from inside the run ends at the same place, and closers cannot start a match.
    i = end;
  }
  return ends;
}

/**
 * Where the chunker may cut a long paragraph: `. ! ? …` runs (with closers) before whitespace or
 * the end, CJK full stops (with closers) anywhere, and `. ! ?` right after a Korean final ending
 * such as `다` even without a following space.
 *
 * Same ends as the matches of `/[.!?…]+["'”’)\]]*(?=\s|$)|[。！？]+["'”’」』)\]]*|(?<=[다요죠까])[.!?]/gu`.
 */
export function chunkSentenceEnds(text: string): number[] {
  const ends: number[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (CHUNK_STOPS.has(char)) {
      const end = runEnd(text, runEnd(text, i, CHUNK_STOPS), CHUNK_CLOSERS);
      if (beforeSpaceOrEnd(text, end)) ends.push(end);
      else if (ASCII_STOPS.has(char) && i > 0 && KOREAN_ENDINGS.has(text[i - 1] as string)) ends.push(i + 1);
      // Retries from inside the run fail the same way, and the lookbehind needs a Korean letter before.
      i = end;
    } else if (CJK_STOPS.has(char)) {
      i = runEnd(text, runEnd(text, i, CJK_STOPS), CJK_CLOSERS);
      ends.push(i);
    } else {
      i += 1;
    }
  }
  return ends;
}

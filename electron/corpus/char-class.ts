// Character tests that the hand-written scanners of the corpus loader use in place of regular
// expressions. Each one is exactly the set the named regex construct matches (without the `u` flag,
// one UTF-16 code unit at a time), so a scanner behaves as the regex it replaces.

/** True for the code units JavaScript's `\s` matches: WhiteSpace (TAB, VT, FF, ZWNBSP, any Zs) and LineTerminator. */
export function isJsWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** True for the code units `.` does not match without the `s` flag (LF, CR, U+2028, U+2029); `$` and `^` with `m` stop at them. */
export function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** True for a space or a tab, the `[ \t]` of CommonMark's heading rules. */
export function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** True for an ASCII digit, the `\d` of a regex. */
export function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** True when `text` holds a line terminator anywhere in [from, to). */
export function hasLineTerminator(text: string, from = 0, to = text.length): boolean {
  for (let i = from; i < to; i += 1) if (isLineTerminator(text.charCodeAt(i))) return true;
  return false;
}

/** The first offset at or after `from` whose code unit is not `\s`. */
export function skipJsWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isJsWhitespace(text.charCodeAt(i))) i += 1;
  return i;
}

/**
 * True when `lowerWord` (ASCII, lower case) is written at `at`, ignoring ASCII case as a regex's
 * `i` flag does without `u` (a non-ASCII letter never equals an ASCII one there).
 */
export function startsWithAsciiWordAt(text: string, at: number, lowerWord: string): boolean {
  if (at + lowerWord.length > text.length) return false;
  for (let k = 0; k < lowerWord.length; k += 1) {
    const code = text.charCodeAt(at + k);
    const lower = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
    if (lower !== lowerWord.charCodeAt(k)) return false;
  }
  return true;
}

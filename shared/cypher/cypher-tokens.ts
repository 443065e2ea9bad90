import type { CoreMessage } from '../core-message';
import { guardMessage } from './guard-messages';

/** One lexical token of a Cypher text, enough to judge what a statement does. */
export interface CypherToken {
  readonly type: 'word' | 'string' | 'quoted_name' | 'number' | 'parameter' | 'symbol';
  /** The token as written (strings and quoted names without their quotes). */
  readonly text: string;
  /** Offset in the source text. */
  readonly offset: number;
}

/** Why a text could not be tokenised (an unterminated string or comment), as a guard message (the guard's `syntax` reason quotes it). */
export interface CypherLexError {
  readonly error: CoreMessage;
  readonly offset: number;
}

// Neo4j's lexer (Cypher5Lexer.g4, rules IDENTIFIER / LETTER / PART_LETTER) follows Java's identifier
// rules: a letter, letter number or connector (`_`) starts a name; currency signs, digits, marks,
// format characters and the "ignorable" controls may follow. Sticky, single-class runs: one match
// per token, and nothing to backtrack into.
const NAME_START = '\\p{L}\\p{Nl}\\p{Pc}';
const NAME_PART = `${NAME_START}\\p{Sc}\\p{Nd}\\p{Mn}\\p{Mc}\\p{Cf}\\u0000-\\u0008\\u000e-\\u001b\\u007f-\\u009f`;
const NAME = new RegExp(`[${NAME_START}][${NAME_PART}]*`, 'uy');
const NAME_REST = new RegExp(`[${NAME_PART}]*`, 'uy');
// Number literals as the lexer reads them (DECIMAL_DOUBLE, UNSIGNED_*_INTEGER): a trailing name part
// (`1abc`, `0x1F`) belongs to the number token. Every part after the first digit is optional, so a
// match never fails midway and never backtracks.
const NUMBER = new RegExp(`[0-9][0-9_]*(?:\\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9_]+)?[${NAME_PART}]*`, 'uy');

/**
 * The characters Neo4j's lexer skips as whitespace (the SPACE rule of Cypher5Lexer.g4): tab, line
 * feed, vertical tab, form feed, carriage return, the four information separators U+001C–U+001F,
 * space, no-break space, U+1680, U+2000–U+200A, the line and paragraph separators, U+202F, U+205F
 * and U+3000. Not U+0085 nor U+FEFF, which Neo4j reads as parts of a name.
 */
export function isCypherSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

const isAsciiNameStart = (code: number) => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
const isAsciiNamePart = (code: number) => isAsciiNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x24;

/** The end of the sticky `pattern` matched at `from`, or `from` when it matches nothing there. */
function matchEnd(pattern: RegExp, source: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.test(source) ? pattern.lastIndex : from;
}

/** The end of a name starting at `from`, or `from` when no name starts there. */
function nameEnd(source: string, from: number): number {
  const code = source.charCodeAt(from);
  if (!isAsciiNameStart(code)) return code < 0x80 ? from : matchEnd(NAME, source, from);
  let end = from + 1;
  while (end < source.length && isAsciiNamePart(source.charCodeAt(end))) end += 1;
  // Past ASCII letters, digits, `_` and `$`, the rest of the name follows the Unicode classes, which
  // also take the ASCII controls Java counts as ignorable parts of a name (U+0000–U+0008,
  // U+000E–U+001B, U+007F): `a<U+0001>b` is one name to Neo4j.
  return end < source.length ? matchEnd(NAME_REST, source, end) : end;
}

/** A string literal from its opening quote: escapes resolved (`\x` is x), or null when it is not closed. */
function readString(source: string, start: number): { text: string; end: number } | null {
  const quote = source.charCodeAt(start);
  const parts: string[] = [];
  let segment = start + 1;
  for (let i = segment; i < source.length; i += 1) {
    const code = source.charCodeAt(i);
    if (code === quote) {
      parts.push(source.slice(segment, i));
      return { text: parts.join(''), end: i + 1 };
    }
    if (code === 0x5c) {
      if (i + 1 >= source.length) return null;
      parts.push(source.slice(segment, i), source.charAt(i + 1));
      i += 1;
      segment = i + 1;
    }
  }
  return null;
}

/** A backtick-quoted name from its opening backtick (a doubled backtick is one), or null when it is not closed. */
function readQuotedName(source: string, start: number): { text: string; end: number } | null {
  const parts: string[] = [];
  let from = start + 1;
  for (;;) {
    const close = source.indexOf('`', from);
    if (close === -1) return null;
    parts.push(source.slice(from, close));
    if (source.charCodeAt(close + 1) !== 0x60) return { text: parts.join(''), end: close + 1 };
    parts.push('`');
    from = close + 2;
  }
}

/** The end of a `//` comment: Neo4j ends it at a carriage return as well as at a line feed. */
function lineCommentEnd(source: string, start: number): number {
  let i = start + 2;
  while (i < source.length) {
    const code = source.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) return i;
    i += 1;
  }
  return i;
}

/** Where the token starting at `i` ends and what it is; comments and whitespace give null tokens. */
function nextToken(source: string, i: number): { token: CypherToken | null; end: number } | CypherLexError {
  const code = source.charCodeAt(i);
  if (isCypherSpace(code)) return { token: null, end: i + 1 };
  if (code === 0x2f && source.charCodeAt(i + 1) === 0x2f) return { token: null, end: lineCommentEnd(source, i) };
  if (code === 0x2f && source.charCodeAt(i + 1) === 0x2a) {
    const close = source.indexOf('*/', i + 2);
    return close === -1 ? { error: guardMessage('comment_not_closed'), offset: i } : { token: null, end: close + 2 };
  }
  if (code === 0x27 || code === 0x22) {
    const string = readString(source, i);
    return string
      ? { token: { type: 'string', text: string.text, offset: i }, end: string.end }
      : { error: guardMessage('string_not_closed'), offset: i };
  }
  if (code === 0x60) {
    const name = readQuotedName(source, i);
    return name
      ? { token: { type: 'quoted_name', text: name.text, offset: i }, end: name.end }
      : { error: guardMessage('quoted_name_not_closed'), offset: i };
  }
  if (code === 0x24) {
    const end = matchEnd(NAME_REST, source, i + 1);
    return { token: { type: 'parameter', text: source.slice(i + 1, end), offset: i }, end };
  }
  if (code >= 0x30 && code <= 0x39) {
    const end = matchEnd(NUMBER, source, i);
    return { token: { type: 'number', text: source.slice(i, end), offset: i }, end };
  }
  const end = nameEnd(source, i);
  if (end > i) return { token: { type: 'word', text: source.slice(i, end), offset: i }, end };
  const width = code >= 0xd800 && code <= 0xdbff && i + 1 < source.length ? 2 : 1;
  return { token: { type: 'symbol', text: source.slice(i, i + width), offset: i }, end: i + width };
}

/** The text Neo4j lexes, and for each of its characters the offset in the text as written (null: the same). */
interface Unescaped {
  readonly text: string;
  readonly origin: readonly number[] | null;
}

const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * The value of one character as a hexadecimal digit the way Java's Character.digit(ch, 16) reads it,
 * or -1: ASCII and full-width 0-9, a-f and A-F, and any other decimal digit (`٠`, `०`), whose value
 * is its place in its run of ten.
 */
function javaHexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const letter = code >= 0xff21 ? code - 0xff21 + 0x41 : code;
  if ((letter >= 0x41 && letter <= 0x46) || (letter >= 0x61 && letter <= 0x66)) return (letter & 0x0f) + 9;
  if (code < 0x80 || !DECIMAL_DIGIT.test(String.fromCharCode(code))) return -1;
  let zero = code;
  while (DECIMAL_DIGIT.test(String.fromCharCode(zero - 1))) zero -= 1;
  return (code - zero) % 10;
}

/** Java's Integer.parseInt(text, 16) for a text of at most four characters, or null where it throws. */
function javaParseHex(text: string): number | null {
  const signed = text.startsWith('+') || text.startsWith('-');
  const digits = signed ? text.slice(1) : text;
  if (digits.length === 0) return null;
  let value = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = javaHexDigit(digits.charCodeAt(i));
    if (digit < 0) return null;
    value = value * 16 + digit;
  }
  return text.startsWith('-') ? -value : value;
}

/**
 * Replaces `\uXXXX` escapes as Neo4j does before it lexes anything (UnicodeEscapeReplacementReader):
 * everywhere in the text, in code, comments, strings and backtick names alike, unless the backslash
 * follows a backslash that is not itself part of an escape. The four characters are read as Java's
 * Integer.parseInt(…, 16) reads them, so a sign and other scripts' digits count (`\u+060` and
 * `\u٠٠٦٠` are backticks, `\u-001` is U+FFFF);
 * a `\u` not followed by a number is a lex error, as it is to Neo4j. (Neo4j 5.26's pre-parser reads a
 * statement's first word before the replacement, so `\u0043REATE` there is a syntax error to the server;
 * read here as CREATE, it is refused, which errs on the safe side.)
 */
function replaceUnicodeEscapes(source: string): Unescaped | CypherLexError {
  if (!source.includes('\\u')) return { text: source, origin: null };
  const parts: string[] = [];
  const origin: number[] = [];
  let escaped = false;
  let i = 0;
  while (i < source.length) {
    let char = source.charAt(i);
    const replaced: boolean = !escaped && char === '\\' && source.charAt(i + 1) === 'u';
    if (replaced) {
      const code = javaParseHex(source.slice(i + 2, i + 6));
      if (code === null) return { error: guardMessage('unicode_escape_invalid'), offset: i };
      char = String.fromCharCode(code & 0xffff);
    }
    escaped = !escaped && !replaced && char === '\\';
    parts.push(char);
    origin.push(i);
    i += replaced ? 6 : 1;
  }
  origin.push(source.length);
  return { text: parts.join(''), origin };
}

/**
 * Splits Cypher into tokens the way Neo4j's own lexer does, dropping comments and whitespace and
 * keeping string contents apart from code, so a keyword inside a string or comment is never
 * mistaken for a clause and never hidden by one. Unicode escapes are replaced first, as Neo4j
 * replaces them (`MATCH (n) \u0053ET` holds SET); offsets are in the text as written. Linear in the length of the text.
 */
export function tokenizeCypher(source: string): CypherToken[] | CypherLexError {
  const unescaped = replaceUnicodeEscapes(source);
  if ('error' in unescaped) return unescaped;
  const { text, origin } = unescaped;
  const at = (offset: number) => (origin === null ? offset : (origin[offset] as number));
  const tokens: CypherToken[] = [];
  let i = 0;
  while (i < text.length) {
    const next = nextToken(text, i);
    if ('error' in next) return { error: next.error, offset: at(next.offset) };
    if (next.token) tokens.push(origin === null ? next.token : { ...next.token, offset: at(next.token.offset) });
    i = next.end;
  }
  return tokens;
}

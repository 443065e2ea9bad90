import { codePointName } from './code-point';
import type { CoreMessage } from './core-message';
import { serverError } from './errors/server-error-messages';

/**
 * Where a text stops being JSON (RFC 8259, as `JSON.parse` reads it), as data to word rather than
 * the engine's English: the offset of the first character that cannot continue it, or the end of a
 * text that stops before its value is complete. Scanned with a stack of its own, so a text nested
 * 100,000 levels deep is read without recursion.
 */
export interface JsonSyntaxError {
  /** The UTF-16 offset of the character at fault; the text's length when it ends too early. */
  readonly offset: number;
  /** The text ends before its value does (an open string, array or object, a cut number or word). */
  readonly endsEarly: boolean;
}

/** Where the place of a syntax error is in the text: lines from 1 (a line ends at `\n`), columns from 1 in characters. */
export interface TextPlace {
  readonly line: number;
  readonly column: number;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX = /^[0-9A-Fa-f]$/;
const WORDS = ['true', 'false', 'null'] as const;

/** The first syntax error of `text` read as JSON, or null when it is JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  const fault = (offset: number): JsonSyntaxError => ({ offset, endsEarly: offset >= text.length });
  // What each open container expects next: a value or its close, a key, a colon, or a comma or its close.
  const open: ('[' | '{')[] = [];
  let expect: 'value' | 'value_or_close' | 'key' | 'key_or_close' | 'colon' | 'comma_or_close' | 'end' = 'value';
  let at = 0;
  for (;;) {
    while (at < text.length && WHITESPACE.has(text[at] as string)) at++;
    if (at >= text.length) return expect === 'end' ? null : fault(at);
    const char = text[at] as string;
    const inner = open[open.length - 1];
    if (expect === 'end') return fault(at);
    if (expect === 'colon') {
      if (char !== ':') return fault(at);
      at++;
      expect = 'value';
      continue;
    }
    if (expect === 'comma_or_close') {
      if (char === ',') {
        at++;
        expect = inner === '{' ? 'key' : 'value';
        continue;
      }
      if ((char === ']' && inner === '[') || (char === '}' && inner === '{')) {
        at++;
        open.pop();
        expect = open.length === 0 ? 'end' : 'comma_or_close';
        continue;
      }
      return fault(at);
    }
    if ((expect === 'value_or_close' && char === ']') || (expect === 'key_or_close' && char === '}')) {
      at++;
      open.pop();
      expect = open.length === 0 ? 'end' : 'comma_or_close';
      continue;
    }
    if (expect === 'key' || expect === 'key_or_close') {
      if (char !== '"') return fault(at);
      const end = stringEnd(text, at);
      if (typeof end !== 'number') return end;
      at = end;
      expect = 'colon';
      continue;
    }
    // A value.
    if (char === '[' || char === '{') {
      open.push(char);
      at++;
      expect = char === '[' ? 'value_or_close' : 'key_or_close';
      continue;
    }
    const end = scalarEnd(text, at);
    if (typeof end !== 'number') return end;
    at = end;
    expect = open.length === 0 ? 'end' : 'comma_or_close';
  }
}

/** The offset past the string opening at `start`, or where it goes wrong. */
function stringEnd(text: string, start: number): number | JsonSyntaxError {
  let at = start + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return at + 1;
    if (code < 0x20) return { offset: at, endsEarly: false };
    if (code === 0x5c) {
      const escaped = text[at + 1];
      if (escaped === undefined) return { offset: text.length, endsEarly: true };
      if (escaped === 'u') {
        for (let digit = at + 2; digit < at + 6; digit++) {
          if (digit >= text.length) return { offset: text.length, endsEarly: true };
          if (!HEX.test(text[digit] as string)) return { offset: digit, endsEarly: false };
        }
        at += 6;
        continue;
      }
      if (!ESCAPES.has(escaped)) return { offset: at + 1, endsEarly: false };
      at += 2;
      continue;
    }
    at++;
  }
  return { offset: text.length, endsEarly: true };
}

/** The offset past the string, number, `true`, `false` or `null` at `start`, or where it goes wrong. */
function scalarEnd(text: string, start: number): number | JsonSyntaxError {
  const char = text[start] as string;
  if (char === '"') return stringEnd(text, start);
  if (char === '-' || (char >= '0' && char <= '9')) return numberEnd(text, start);
  for (const word of WORDS) {
    if (char !== word[0]) continue;
    for (let i = 1; i < word.length; i++) {
      if (start + i >= text.length) return { offset: text.length, endsEarly: true };
      if (text[start + i] !== word[i]) return { offset: start + i, endsEarly: false };
    }
    return start + word.length;
  }
  return { offset: start, endsEarly: false };
}

/** The offset past the number at `start`, or the first character that cannot continue it (after a sign, point or exponent, a digit). */
function numberEnd(text: string, start: number): number | JsonSyntaxError {
  const digitsFrom = (from: number): number => {
    let at = from;
    while (at < text.length && isDigit(text[at])) at++;
    return at;
  };
  const fault = (offset: number): JsonSyntaxError => ({ offset, endsEarly: offset >= text.length });
  let at = text[start] === '-' ? start + 1 : start;
  if (text[at] === '0') at++;
  else {
    const end = digitsFrom(at);
    if (end === at) return fault(at);
    at = end;
  }
  if (text[at] === '.') {
    const end = digitsFrom(at + 1);
    if (end === at + 1) return fault(end);
    at = end;
  }
  if (text[at] === 'e' || text[at] === 'E') {
    const from = text[at + 1] === '+' || text[at + 1] === '-' ? at + 2 : at + 1;
    const end = digitsFrom(from);
    if (end === from) return fault(end);
    at = end;
  }
  return at;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/** The line and column of `offset` in `text`, the column counted in characters (a surrogate pair is one). */
export function placeOf(text: string, offset: number): TextPlace {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: [...text.slice(lineStart, offset)].length + 1 };
}

/**
 * Where `text` stops being JSON, as a clause to put in a sentence (`json_ends_early_part`,
 * `json_unexpected_part` or `json_unreadable_part`, worded in English and Korean) with its line and
 * column, instead of the engine's message, which is English only and quotes the text back. A
 * character is named as itself when it is printable ASCII, else by its code point, so no control or
 * invisible character reaches the sentence.
 */
export function jsonProblem(text: string): CoreMessage {
  const fault = jsonSyntaxError(text);
  if (fault === null) return serverError('json_unreadable_part');
  const { line, column } = placeOf(text, fault.offset);
  if (fault.endsEarly) return serverError('json_ends_early_part', { line, column });
  const point = text.codePointAt(fault.offset) ?? 0;
  const character = point > 0x20 && point < 0x7f ? `'${String.fromCodePoint(point)}'` : codePointName(String.fromCodePoint(point));
  return serverError('json_unexpected_part', { character, line, column });
}

/** A key an object of a JSON text gives twice: the key (decoded) and the path of the object holding it, from the top. */
export interface JsonDuplicateKey {
  readonly key: string;
  /** Keys and array indexes from the top value to the object that repeats `key` (empty: the top value itself). */
  readonly path: readonly (string | number)[];
}

/** An open container of the scan: an object with the keys it gave and the one read last, or an array at an index. */
type OpenContainer = { readonly keys: Set<string>; key: string } | { index: number };

/**
 * The first key of `text`, in the order of the text, that an object gives twice (compared decoded, so
 * `"a"` and `"\u0061"` are the same key), or null when no object repeats a key. `JSON.parse` keeps
 * the last of them without a word; where a file is evidence, that hides a value. `text` must be JSON
 * (`JSON.parse` read it): one pass with a stack of its own, strings skipped by `indexOf`, so a bundle
 * of tens of megabytes or nested 100,000 levels deep is read without recursion or a copy.
 */
export function jsonDuplicateKey(text: string): JsonDuplicateKey | null {
  const open: OpenContainer[] = [];
  let expectKey = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x22) {
      const end = quotedEnd(text, at);
      const inner = open[open.length - 1];
      if (expectKey && inner && 'keys' in inner) {
        const raw = text.slice(at + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (inner.keys.has(key))
          return { key, path: open.slice(0, -1).map((container) => ('keys' in container ? container.key : container.index)) };
        inner.keys.add(key);
        inner.key = key;
        expectKey = false;
      }
      at = end;
    } else if (code === 0x7b) {
      open.push({ keys: new Set(), key: '' });
      expectKey = true;
    } else if (code === 0x5b) {
      open.push({ index: 0 });
    } else if (code === 0x7d || code === 0x5d) {
      open.pop();
    } else if (code === 0x2c) {
      const inner = open[open.length - 1];
      if (inner && 'keys' in inner) expectKey = true;
      else if (inner) inner.index++;
    }
  }
  return null;
}

/** The offset of the quote closing the JSON string that opens at `start` (one not preceded by an odd run of backslashes). */
function quotedEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  for (;;) {
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
}

/**
 * The key `text` gives twice in one object ({@link jsonDuplicateKey}) as a clause to put in a
 * sentence (`json_duplicate_key_part`, with the key quoted as JSON and the path of its object such as
 * `request.options`), or null when no object repeats a key. `text` must be JSON.
 */
export function jsonDuplicateKeyProblem(text: string): CoreMessage | null {
  const duplicate = jsonDuplicateKey(text);
  if (duplicate === null) return null;
  const key = JSON.stringify(duplicate.key);
  if (duplicate.path.length === 0) return serverError('json_duplicate_top_key_part', { key });
  return serverError('json_duplicate_key_part', { key, path: jsonPathText(duplicate.path) });
}

/** A path of keys and indexes as a person reads it: `request.items[0].chunk_id`. */
export function jsonPathText(path: readonly (string | number)[]): string {
  return path.reduce<string>((out, step) => (typeof step === 'number' ? `${out}[${step}]` : out ? `${out}.${step}` : step), '');
}

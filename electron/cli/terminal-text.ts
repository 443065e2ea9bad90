import { wordCliMessage } from '../../shared/cli-messages';

/**
 * Text from the trace store, a bundle or an error, made safe to print on a terminal. Imported
 * bundles are anyone's data: an ESC sequence in a query text could retitle the window, clear the
 * screen or hide lines, a carriage return could overwrite what was printed, and a bidi override
 * could make a line read other than it is. Such characters are shown escaped (`\x1b`, `\u202e`),
 * never sent to the terminal.
 */

/**
 * C0 controls, DEL and C1 controls, the Unicode line and paragraph separators and the bidi
 * embeddings, overrides, isolates and marks: every one can move the cursor, rewrite what was
 * printed or reorder a line. And the invisible ones that join nothing (zero-width space, word
 * joiner, zero-width no-break space): `u-guest\u200b` must not print as `u-guest`. Likewise every
 * other format character that shows nothing: the invisible operators (U+2061–U+2064), the
 * deprecated format characters (U+206A–U+206F), the Mongolian vowel separator (U+180E), the
 * interlinear annotation marks (U+FFF9–U+FFFB), the shorthand and musical format controls
 * (U+1BCA0–U+1BCA3, U+1D173–U+1D17A) and the tag characters (U+E0001, U+E0020–U+E007F), which
 * spell out whole hidden words: `settle` followed by the tags of `ignore` printed as `settle`. Zero-width
 * joiners (U+200C, U+200D) stay: emoji and several scripts need them.
 */
function actsOnTerminal(code: number): boolean {
  return (
    code <= 0x1f ||
    code === 0x180e ||
    code === 0x200b ||
    (code >= 0x2060 && code <= 0x2064) ||
    (code >= 0x206a && code <= 0x206f) ||
    code === 0xfeff ||
    (code >= 0xfff9 && code <= 0xfffb) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    (code >= 0x1bca0 && code <= 0x1bca3) ||
    (code >= 0x1d173 && code <= 0x1d17a) ||
    code === 0xe0001 ||
    (code >= 0xe0020 && code <= 0xe007f)
  );
}

/** The same, less the C0 controls JSON.stringify already escapes. */
function rawInJson(code: number): boolean {
  return code > 0x1f && actsOnTerminal(code);
}

/** Ordinary line breaks and tabs inside a value printed on one line. */
const LINE_BREAKS = /\r\n|[\n\t]/g;

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

/** `\xHH` for a control character, `\uHHHH` for the rest, `\u{HHHHH}` beyond the Basic Multilingual Plane: what a reader can see and search for. */
function escapedForReader(code: number): string {
  if (code <= 0xff) return `\\x${hex(code, 2)}`;
  return code <= 0xffff ? `\\u${hex(code, 4)}` : `\\u{${hex(code, 5)}}`;
}

/** JSON's escape of a code point: `\uHHHH`, or the two halves of its UTF-16 pair, which parse back to the very same string. */
function escapedForJson(code: number): string {
  if (code <= 0xffff) return `\\u${hex(code, 4)}`;
  const offset = code - 0x10000;
  return `\\u${hex(0xd800 + (offset >> 10), 4)}\\u${hex(0xdc00 + (offset & 0x3ff), 4)}`;
}

/** `text` with every code point `unsafe` picks replaced by `escape` of it; one pass, linear. */
function replaceUnits(text: string, unsafe: (code: number) => boolean, escape: (code: number) => string): string {
  let out = '';
  let copied = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.codePointAt(index) as number;
    const width = code > 0xffff ? 2 : 1;
    if (unsafe(code)) {
      out += text.slice(copied, index) + escape(code);
      copied = index + width;
    }
    index += width - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `text` with every control, separator and bidi character escaped; nothing in it acts on the terminal. */
export function terminalSafe(text: string): string {
  return replaceUnits(text, actsOnTerminal, escapedForReader);
}

/** `text` as one printable line: line breaks and tabs become spaces, every other control character is escaped. */
export function terminalLine(text: string): string {
  return terminalSafe(text.replace(LINE_BREAKS, ' '));
}

/** A copy of a JSON-like value with every string (and every object key) passed through `terminalLine`. */
export function terminalSafeDeep<T>(value: T): T {
  if (typeof value === 'string') return terminalLine(value) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => terminalSafeDeep(entry)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [terminalLine(key), terminalSafeDeep(entry)])) as T;
}

/**
 * JSON text safe to print: JSON.stringify escapes the C0 controls but leaves DEL, C1 controls,
 * line separators, bidi and invisible format characters raw; they are written as `\uHHHH` escapes
 * here (a pair of them beyond the Basic Multilingual Plane), which parse back to the very same strings.
 */
export function terminalJson(value: unknown): string {
  return replaceUnits(JSON.stringify(value, null, 2), rawInJson, escapedForJson);
}

/** An escape `terminalSafe` writes (`\x1b`, `\u202e`, `\u{e0069}`), or else one code point. */
const SHOWN_UNIT = /\\x[0-9a-f]{2}|\\u\{[0-9a-f]{5,6}\}|\\u[0-9a-f]{4}|[\s\S]/gu;

/**
 * The characters of escaped text as a reader counts them: each escape whole, as the one character it
 * stands for, and each other code point. A cut between two of them never leaves half an escape
 * (`\u{e007` of a tag character, cut after 240 characters of its escaped text) nor half an emoji.
 * (A backslash the text held itself, followed by what reads as an escape, is kept whole too.)
 */
export function shownUnits(escaped: string): string[] {
  return escaped.match(SHOWN_UNIT) ?? [];
}

/** Escaped text on one line as its first `max` characters (see shownUnits) and `…` when there is more. */
export function shownStart(escaped: string, max: number): string {
  const units = shownUnits(escaped.replace(/\s+/g, ' '));
  return units.length <= max ? units.join('') : `${units.slice(0, max).join('')}…`;
}

/** The most characters of a title a line shows. */
export const MAX_SHOWN_TITLE = 200;

/**
 * A document's title as one line shows it: whole up to MAX_SHOWN_TITLE characters, else its start
 * and its length. A title of one 10,000-character word printed whole on the line of its item (in
 * `lens query`, `lens compare`, `lens adr list`, `lens traces show`) and wrapped over a screen or
 * more, pushing the lines around it out of sight. Counted in characters as a person does, so
 * an emoji or a Korean syllable is never cut in half.
 */
export function shownTitle(title: string): string {
  const chars = shownUnits(title);
  if (chars.length <= MAX_SHOWN_TITLE) return title;
  return wordCliMessage('title_cut', { text: chars.slice(0, MAX_SHOWN_TITLE).join(''), length: chars.length });
}

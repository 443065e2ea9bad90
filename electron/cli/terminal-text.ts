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
 * joiner, zero-width no-break space): `u-guest\u200b` must not print as `u-guest`. Zero-width
 * joiners stay: emoji and several scripts need them. All are in the Basic Multilingual Plane, so
 * code units suffice.
 */
function actsOnTerminal(code: number): boolean {
  return (
    code <= 0x1f ||
    code === 0x200b ||
    code === 0x2060 ||
    code === 0xfeff ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** The same, less the C0 controls JSON.stringify already escapes. */
function rawInJson(code: number): boolean {
  return code > 0x1f && actsOnTerminal(code);
}

/** Ordinary line breaks and tabs inside a value printed on one line. */
const LINE_BREAKS = /\r\n|[\n\t]/g;

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

/** `\xHH` for a control character, `\uHHHH` for the rest: what a reader can see and search for. */
function escapedForReader(code: number): string {
  return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

/** `text` with every code unit `unsafe` picks replaced by `escape` of it; one pass, linear. */
function replaceUnits(text: string, unsafe: (code: number) => boolean, escape: (code: number) => string): string {
  let out = '';
  let copied = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!unsafe(code)) continue;
    out += text.slice(copied, index) + escape(code);
    copied = index + 1;
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
 * line separators and bidi characters raw; they are written as `\uHHHH` escapes here, which
 * parse back to the very same strings.
 */
export function terminalJson(value: unknown): string {
  return replaceUnits(JSON.stringify(value, null, 2), rawInJson, (code) => `\\u${hex(code, 4)}`);
}

/**
 * The characters in `text` that could act on a terminal or hide text, written as code points
 * (`U+001B`): C0 controls but the line feed that ends each printed line, DEL, C1 controls, the line
 * and paragraph separators, the bidi marks, embeddings, overrides and isolates, and the invisible
 * format characters (zero-width space, word joiner, invisible operators, deprecated format
 * characters, tag characters and the like; not the zero-width joiners). Empty for text safe to print.
 */
export function terminalControlsIn(text: string): string[] {
  const found: string[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    const control = (code <= 0x1f && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
    const layout =
      code === 0x061c || code === 0x200e || code === 0x200f || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
    const invisible = /\p{Cf}/u.test(char) && code !== 0x200c && code !== 0x200d && code !== 0xad && !isVisibleFormat(code);
    if (control || layout || invisible) found.push(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return found;
}

/** Format characters that show a mark of their own (Arabic, Syriac, Kaithi number signs; Egyptian hieroglyph layout controls). */
function isVisibleFormat(code: number): boolean {
  return (
    (code >= 0x0600 && code <= 0x0605) ||
    code === 0x06dd ||
    code === 0x070f ||
    code === 0x0890 ||
    code === 0x0891 ||
    code === 0x08e2 ||
    code === 0x110bd ||
    code === 0x110cd ||
    (code >= 0x13430 && code <= 0x1345f)
  );
}

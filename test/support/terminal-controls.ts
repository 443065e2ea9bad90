/**
 * The characters in `text` that could act on a terminal, written as code points (`U+001B`): C0
 * controls but the line feed that ends each printed line, DEL, C1 controls, the line and paragraph
 * separators and the bidi marks, embeddings, overrides and isolates. Empty for text safe to print.
 */
export function terminalControlsIn(text: string): string[] {
  const found: string[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const control = (code <= 0x1f && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
    const layout =
      code === 0x061c || code === 0x200e || code === 0x200f || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
    if (control || layout) found.push(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return found;
}

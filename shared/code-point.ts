/** A character as the app's sentences name it, `U+0007` or `U+1F600`: its code point in hex, at least four digits. */
export function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

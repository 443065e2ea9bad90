// Node captions are cut by how wide they are drawn, not by how many characters they hold: a Hangul
// or other CJK character takes about the width of two Latin ones.

const WIDE = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/** The text on one line (runs of white space as one space), cut with an ellipsis so that it spans at most `columns` Latin-character widths. */
export function cutToWidth(text: string, columns: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let width = 0;
  let end = 0;
  for (const char of flat) {
    width += WIDE.test(char) ? 2 : 1;
    if (width > columns - 1) return `${flat.slice(0, end).trimEnd()}…`;
    end += char.length;
  }
  return flat;
}

// The lines of an ADR body as the record readers see them: fenced code blanked out, so nothing inside
// code is read as a heading, a status or a statement; and the body's paragraphs for statements.
import { atxHeading } from './markdown-line-scan';

/** One line of a body, with its 0-based index. */
export interface Line {
  readonly index: number;
  readonly text: string;
}

// Anchored, with one bounded run: linear in the line.
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_OR_TABLE_LINE = /^\s*(?:[-*+]\s|\d+[.)]\s|\|)/;

/** Body lines with fenced code blanked out. */
export function visibleLines(body: string): Line[] {
  const out: Line[] = [];
  let fence: string | null = null;
  body.split(/\r?\n/).forEach((text, index) => {
    const marker = FENCE.exec(text)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) fence = null;
      out.push({ index, text: '' });
    } else if (marker) {
      fence = marker;
      out.push({ index, text: '' });
    } else {
      out.push({ index, text });
    }
  });
  return out;
}

/** Blank-line separated paragraphs outside the excluded lines and headings; list items and table rows stand alone. */
export function bodyParagraphs(lines: readonly Line[], excluded: ReadonlySet<number>): string[] {
  const out: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) out.push(current.join('\n'));
    current = [];
  };
  for (const line of lines) {
    if (excluded.has(line.index) || line.text.trim() === '' || atxHeading(line.text)) {
      flush();
      continue;
    }
    if (LIST_OR_TABLE_LINE.test(line.text)) flush();
    current.push(line.text);
  }
  flush();
  return out;
}

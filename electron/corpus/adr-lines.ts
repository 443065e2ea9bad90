// The lines of an ADR body as the record readers see them: fenced code blanked out, so nothing inside
// code is read as a heading, a status or a statement; and the body's paragraphs for statements.
import { atxHeading } from './markdown-line-scan';
import { referenceDefinitions } from './markdown-reference-links';

/** One line of a body, with its 0-based index. */
export interface Line {
  readonly index: number;
  readonly text: string;
}

// Anchored, with one bounded run: linear in the line.
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_OR_TABLE_LINE = /^\s*(?:[-*+]\s|\d+[.)]\s|\|)/;

/**
 * The link reference definitions among a body's visible lines, and the indices of the lines that hold
 * them: the one reading of them the record reader and the suggestions share.
 */
export function bodyReferences(lines: readonly Line[]): ReturnType<typeof referenceDefinitions> {
  return referenceDefinitions(
    lines.map((line) => line.text),
    (text) => atxHeading(text) !== null,
  );
}

/**
 * Body lines with fenced code and HTML comments blanked out: a template's commented-out guidance
 * (`<!-- * status: {proposed | accepted | superseded by [ADR-0005](0005-example.md)} -->`, often
 * over several lines, a `#` heading among them) is not the record's title, status or statement.
 */
export function visibleLines(body: string): Line[] {
  const out: Line[] = [];
  let fence: string | null = null;
  let inComment = false;
  let rawTag: string | null = null;
  body.split(/\r?\n/).forEach((text, index) => {
    if (rawTag !== null) {
      if (text.toLowerCase().includes(`</${rawTag}`)) rawTag = null;
      out.push({ index, text: '' });
      return;
    }
    if (inComment) {
      const close = text.indexOf(COMMENT_CLOSE);
      if (close === -1) {
        out.push({ index, text: '' });
        return;
      }
      inComment = false;
      text = text.slice(close + COMMENT_CLOSE.length);
    }
    const marker = FENCE.exec(text)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) fence = null;
      out.push({ index, text: '' });
    } else if (marker) {
      fence = marker;
      out.push({ index, text: '' });
    } else if ((rawTag = openRawHtml(text)) !== null) {
      out.push({ index, text: '' });
    } else {
      const visible = withoutComments(text);
      inComment = visible.open;
      out.push({ index, text: visible.text });
    }
  });
  return out;
}

// An HTML block whose lines are never markdown (CommonMark's first kind): `<pre>`, `<script>`,
// `<style>`, `<textarea>` opening a line, up to the line holding its closing tag.
const RAW_HTML_OPEN = /^ {0,3}<(pre|script|style|textarea)(?=[\s>]|$)/i;

/** The tag of a raw HTML block the line opens and does not close, or null. */
export function openRawHtml(text: string): string | null {
  const tag = RAW_HTML_OPEN.exec(text)?.[1]?.toLowerCase();
  return tag !== undefined && !text.toLowerCase().includes(`</${tag}`) ? tag : null;
}

const COMMENT_OPEN = '<!--';
const COMMENT_CLOSE = '-->';

/** A line with its HTML comments taken out, and whether a comment it opens goes on past it. */
function withoutComments(text: string): { text: string; open: boolean } {
  if (!text.includes(COMMENT_OPEN)) return { text, open: false };
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf(COMMENT_OPEN, from);
    if (open === -1) return { text: out + text.slice(from), open: false };
    out += text.slice(from, open);
    const close = text.indexOf(COMMENT_CLOSE, open + COMMENT_OPEN.length);
    if (close === -1) return { text: out, open: true };
    from = close + COMMENT_CLOSE.length;
  }
}

// A heading that is itself a supersession verb ("## Supersedes", "## Superseded by"): what it lists is its object.
const SUPERSESSION_HEADING =
  /^(?:supersedes|superseded by|supercedes|superceded by|replaces|replaced by|amends|amended by|obsoletes|obsoleted by)\s*:?$/i;
// The same headings in other languages, read as the English verb: a newer record's "## 폐기" (abolished)
// lists the records it retires, "## Ersetzt durch" the records that replace this one.
const TRANSLATED_SUPERSESSION_HEADINGS: ReadonlyMap<string, string> = new Map([
  ...['폐기', '폐기 대상', '폐기된 결정', '대체 대상', '대체된 결정'].map((h): [string, string] => [h, 'Supersedes']),
  ...['ersetzt', 'remplace', 'reemplaza', 'sustituye', 'substitui'].map((h): [string, string] => [h, 'Supersedes']),
  ...['ersetzt durch', 'remplacé par', 'reemplazado por', 'sustituido por', 'substituído por'].map((h): [string, string] => [
    h,
    'Superseded by',
  ]),
]);

/** The verb a heading is, as the statement readers take it before each item it lists ('' for any other heading). */
function headingVerb(heading: string): string {
  // Without a regular expression: a heading may be a long run of spaces (linear time, corpus-linear-time.test.ts).
  const trimmed = heading.trim();
  const text = trimmed.endsWith(':') || trimmed.endsWith('：') ? trimmed.slice(0, -1).trimEnd() : trimmed;
  if (SUPERSESSION_HEADING.test(text)) return `${text} `;
  const translated = TRANSLATED_SUPERSESSION_HEADINGS.get(text.toLowerCase().replace(/\s+/g, ' '));
  return translated ? `${translated} ` : '';
}

/**
 * Blank-line separated paragraphs outside the excluded lines and headings; list items and table rows
 * stand alone. Under a heading that is a supersession verb (`## Superseded by`), each paragraph
 * reads as that heading's object (`Superseded by - [ADR-9](0009-x.md)`).
 */
export function bodyParagraphs(lines: readonly Line[], excluded: ReadonlySet<number>): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let verb = '';
  const flush = () => {
    if (current.length > 0) out.push(`${verb}${current.join('\n')}`);
    current = [];
  };
  for (const line of lines) {
    const heading = atxHeading(line.text);
    if (heading) {
      flush();
      verb = headingVerb(heading.text);
      continue;
    }
    if (excluded.has(line.index) || line.text.trim() === '') {
      flush();
      continue;
    }
    if (LIST_OR_TABLE_LINE.test(line.text)) flush();
    current.push(line.text);
  }
  flush();
  return out;
}

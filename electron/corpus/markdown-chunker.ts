import { isReferenceDefinitionLine } from './markdown-reference-links';
import { isJsWhitespace, isSpaceOrTab } from './char-class';
import { openRawHtml } from './adr-lines';
import { headingPlainText, headingTextWithoutClosingHashes, NOT_HEADING_TEXT } from './markdown-line-scan';
import { countBelow } from './sorted-search';
import { chunkSentenceEnds } from './sentence-scan';

/** One retrievable piece of a markdown body; it becomes a `(:Chunk)` node. */
export interface Chunk {
  /** 0-based order of the chunk in its document. */
  position: number;
  /** Exactly `body.slice(start_char, end_char)`. */
  text: string;
  /** Offset of the first character in the body (UTF-16 code units, like `String#slice`). */
  start_char: number;
  /** Offset just past the last character in the body. */
  end_char: number;
  /** Texts of the ATX headings the chunk sits under, outermost first; `[]` before any heading. */
  heading_path: string[];
}

/** Size goals for {@link chunkMarkdown}, in UTF-16 code units. */
export interface ChunkOptions {
  /** Paragraphs of one section are merged while the chunk stays at or under this size. */
  targetChars?: number;
  /** A paragraph longer than this is split at sentence ends, or else at whitespace. */
  maxChars?: number;
}

/** Default {@link ChunkOptions.targetChars}. */
export const DEFAULT_TARGET_CHARS = 900;
/** Default {@link ChunkOptions.maxChars}. */
export const DEFAULT_MAX_CHARS = 1600;

interface Piece {
  kind: 'heading' | 'text' | 'code';
  start: number;
  end: number;
  /** For a piece inside a list item (its fence, its paragraph after the fence): the offset of that item's marker. */
  item?: number;
  /** For a paragraph whose first line opens a list item (`- Title`): the offset of that item's marker, and where its text starts. */
  opens?: { marker: number; textAt: number };
}

/** A list item that is open: its content column (`1. ` → 3, tabs to the next multiple of 4) and the offset of its marker. */
interface OpenItem {
  content: number;
  marker: number;
}

interface Section {
  headingPath: string[];
  pieces: Piece[];
}

interface OpenFence {
  char: string;
  length: number;
  /** The spaces before the opening fence: the closing one may be indented as far, and three more. */
  indent: number;
  piece: Piece;
}

/** A block kept whole that is not a fence: an HTML comment, or a Liquid code block, and what closes it. */
interface OpenBlock {
  closes: (line: string) => boolean;
  piece: Piece;
  /** For an HTML block inside a list item: the item's content column; a line less indented, not blank, ends the item and the block before it. */
  within?: number;
}

// Anchored, and no two adjacent quantifiers share characters, so each is linear in the line. The
// closing `#` run of a heading and sentence ends, whose expressions backtracked, are read by
// scanners (markdown-line-scan.ts, sentence-scan.ts).
const HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)(.*)$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
// A Setext underline: `===` (level 1) or `---` (level 2) right under a paragraph line.
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
// An HTML comment that opens a line and does not close on it: its lines are kept whole, and a
// `## heading` inside (a section commented out) is no heading.
const COMMENT_OPEN = /^ {0,3}<!--/;
// A Jekyll/Liquid code block (`{% highlight bash %}` … `{% endhighlight %}`, `{% raw %}`, `{% codeblock %}`): a fence whose `#` lines are code.
const LIQUID_OPEN = /^ {0,3}\{%-?[ \t]*(highlight|raw|codeblock)\b[^%]*-?%\}[ \t]*$/;
const LIQUID_CLOSE = /\{%-?[ \t]*end(highlight|raw|codeblock)[ \t]*-?%\}/;
// A MyST directive in colons (`:::{note}`, `::::{prf:theorem} Title`), and the colons that close it.
const DIRECTIVE_OPEN = /^ {0,3}(:{3,})\{[^{}\n]*\}/;
const DIRECTIVE_CLOSE = /^ {0,3}(:{3,})[ \t]*$/;
// A MyST target (`(label)=`) alone on its line, which labels the heading after it; a label holds no bracket or space.
const MYST_LABEL = /^ {0,3}\([^()\s]+\)=[ \t]*$/;
// A block quote's marker: under a list item's paragraph it opens a block rather than continue the paragraph.
const BLOCK_QUOTE = /^ {0,3}>/;
// An HTML table opening a line (`<table>`, `<table class="x">`).
const TABLE_OPEN = /^ {0,3}<table(?=[\s>]|$)/i;
// A line opening an HTML block of CommonMark's sixth kind: `<` or `</`, a block-level tag name (any case), then a space, a
// tab, `>`, `/>` or the line's end. The names are fixed words, each followed by a lookahead, so linear.
const HTML_BLOCK_OPEN = new RegExp(
  `^ {0,3}</?(?:${[
    ...['address', 'article', 'aside', 'base', 'basefont', 'blockquote', 'body', 'caption', 'center', 'col', 'colgroup', 'dd'],
    ...['details', 'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame', 'frameset'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html', 'iframe', 'legend', 'li', 'link', 'main', 'menu'],
    ...['menuitem', 'nav', 'noframes', 'ol', 'optgroup', 'option', 'p', 'param', 'search', 'section', 'summary', 'table'],
    ...['tbody', 'td', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul'],
  ].join('|')})(?=[ \t>]|/>|$)`,
  'i',
);
// A row of an HTML table, where a long one is cut.
const HTML_ROW_LINE = /^[ \t]*<tr(?=[\s>]|$)/i;

/**
 * Splits a markdown body into chunks that follow its structure.
 *
 * - Every ATX heading (`#`..`######`, outside fenced code; in a list item too, measured from the item's content
 *   column: `- ## Install`) starts a new chunk and opens it; so does a
 *   Setext heading, a one-line paragraph underlined with `===` or `---` (the two lines are its heading piece;
 *   a one-line HTML comment right above it is a block of its own, as in CommonMark). An item's text underlined at
 *   the item's text column (`- Title` over `  ===`) is a heading inside the item; underlined at the margin it is not
 *   (`---` is a rule after the list, `===` the item's text going on: an underline is never a lazy line).
 * - Blank-line separated paragraphs of one section are merged while the chunk stays within
 *   `targetChars`; a fenced code block is one unit and is never split.
 * - What a line indented to a list item's content column holds belongs to the item (CommonMark): a
 *   fenced block inside it (or on its own line, `- ```bash`) and the text after that block go in one
 *   chunk with the item while they fit in `maxChars`; a longer item is cut as any long block is. The next
 *   item's marker ends the item, also right under its continuation paragraph with no blank line between; a
 *   lazy continuation line (the item's paragraph going on at the margin) does not.
 * - A paragraph longer than `maxChars` (counting the heading when it is the section's first
 *   paragraph) is split at sentence ends, and a sentence longer than `targetChars` at whitespace.
 *
 * Line endings: sizes and boundaries are computed as if every CRLF (and CR alone) were LF, so a file chunks the
 * same whatever its line endings; offsets and texts still refer to `body` as given, so a chunk's
 * text keeps its inner `\r\n` but never starts or ends with blank lines or a `\r`.
 * A chunk is longer than `maxChars` only when it holds a longer fenced code block, or when its
 * heading line is longer than `maxChars - targetChars`.
 *
 * @throws RangeError when the options are not positive integers with targetChars <= maxChars
 */
export function chunkMarkdown(body: string, opts: ChunkOptions = {}): Chunk[] {
  const targetChars = opts.targetChars ?? DEFAULT_TARGET_CHARS;
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  if (!Number.isInteger(targetChars) || !Number.isInteger(maxChars) || targetChars < 1 || maxChars < targetChars) {
    throw new RangeError(
      `chunkMarkdown needs whole numbers with 1 <= targetChars <= maxChars, got targetChars=${targetChars} and maxChars=${maxChars}`,
    );
  }

  // Chunk the LF form so line endings never move a boundary, then map offsets back to `body`.
  const { text, toOriginal } = withLfLineEndings(body);
  const chunks: Chunk[] = [];
  for (const section of splitSections(text, targetChars, maxChars)) {
    const pieces = splitLongParagraphs(text, section.pieces, targetChars, maxChars);
    for (const span of mergePieces(text, pieces, targetChars, maxChars)) {
      const start = toOriginal(span.start);
      const end = toOriginal(span.end);
      if (isLinkBoilerplate(body.slice(start, end))) continue;
      chunks.push({
        position: chunks.length,
        text: body.slice(start, end),
        start_char: start,
        end_char: end,
        heading_path: section.headingPath,
      });
    }
  }
  return chunks;
}

// A badge: an image that is a link (`[![build](https://…/badge.svg)](https://…)`), alone or several on a line.
// Each repetition opens with `[![` and every run stops at the bracket or parenthesis that ends it: linear.
const BADGES_LINE = /^[ \t]*(?:\[!\[[^\]\n]*\]\([^()\s]*\)\]\([^()\s]*\)[ \t]*)+$/;

/**
 * A chunk of nothing but link reference definitions (`[label]: url`, as READMEs end) or badge lines is
 * no evidence of anything: it is left out. Its definitions still serve the links of the rest of the file,
 * which are read from the whole body. A heading, prose or a bare image (its alt text may describe
 * something) keeps a chunk.
 */
function isLinkBoilerplate(text: string): boolean {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.every((line) => isReferenceDefinitionLine(line) || BADGES_LINE.test(line));
}

/**
 * The body with each CRLF, and each CR alone, turned into LF (CommonMark: a line ends at LF, CR or CRLF; a `\r\r\n`
 * left by a doubled conversion is two line endings, not a `\r` at the end of the line), and a map from offsets in
 * that text back to the body.
 */
function withLfLineEndings(body: string): { text: string; toOriginal: (offset: number) => number } {
  if (!body.includes('\r')) return { text: body, toOriginal: (offset) => offset };
  const newlines: number[] = [];
  const text = body.replace(/\r\n?/g, (match: string, at: number) => {
    // A CR alone becomes LF in place; a CRLF loses its CR.
    if (match.length === 2) newlines.push(at - newlines.length);
    return '\n';
  });
  // Each CRLF whose LF sits before `offset` in the LF text adds one `\r` before it in the body.
  const toOriginal = (offset: number) => offset + countBelow(newlines, offset);
  return { text, toOriginal };
}

/** True for a piece of HTML comments and nothing else (`<!-- … -->`, on one line or many, one after another). */
function isCommentPiece(body: string, piece: Piece): boolean {
  let at = skipWhitespace(body, piece.start, piece.end);
  while (at < piece.end) {
    if (!body.startsWith('<!--', at)) return false;
    const close = body.indexOf('-->', at + 4);
    if (close === -1 || close + 3 > piece.end) return false;
    at = skipWhitespace(body, close + 3, piece.end);
  }
  return true;
}

/**
 * When every piece so far is an HTML comment (only before the document's first heading can that be
 * so: a section opens with its heading), takes them out and returns the first, whose start opens the
 * heading's piece ending at `headingEnd`; undefined, leaving the pieces, when there are none, any other
 * piece, or comments and heading would be longer than `limit` (a long licence comment stays apart).
 */
function takeOpeningComments(body: string, pieces: Piece[], headingEnd: number, limit: number): Piece | undefined {
  const first = pieces[0];
  if (first === undefined || headingEnd - first.start > limit || !pieces.every((piece) => isCommentPiece(body, piece))) return undefined;
  return pieces.splice(0)[0];
}

/** Walks the lines once, grouping headings, paragraphs and fenced code blocks into sections. */
function splitSections(body: string, targetChars: number, maxChars: number): Section[] {
  const sections: Section[] = [{ headingPath: [], pieces: [] }];
  const stack: Array<{ level: number; text: string }> = [];
  let current = sections[0] as Section;
  let paragraph: Piece | null = null;
  // Lines of the open paragraph: only a one-line paragraph is a Setext heading's text (counted, not
  // searched for a line break, so a long paragraph under many `---` lines stays linear).
  let paragraphLines = 0;
  let fence: OpenFence | null = null;
  let block: OpenBlock | null = null;
  // The list items open at this line, outermost first (CommonMark: a line indented at least to an item's
  // content column continues it; a line less indented, not blank, closes it).
  // `items[0, openItems)` are open; their content columns grow inward (a nested item's marker is indented at least to its
  // parent's content), so the items a line continues are found by binary search, and a lazy continuation line, which
  // closes them only for a moment, opens them again by setting `openItems` back: no line costs more than its length.
  const items: OpenItem[] = [];
  let openItems = 0;

  const flushParagraph = () => {
    if (paragraph) current.pieces.push(paragraph);
    paragraph = null;
  };

  for (const line of lines(body)) {
    const content = body.slice(line.start, line.end);
    if (fence) {
      const codeEnd = trimEnd(body, line.start, line.end);
      if (codeEnd > line.start) fence.piece.end = codeEnd;
      // Indented as far as the fence's item, and three more columns, or less (a tab counts to the next multiple of 4).
      const { column, at } = lineIndent(content);
      const close = column <= fence.indent + 3 ? FENCE_CLOSE.exec(content.slice(at)) : null;
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      continue;
    }

    if (block?.within !== undefined && content.trim() !== '' && lineIndent(content).column < block.within) block = null;
    if (block) {
      const blockEnd = trimEnd(body, line.start, line.end);
      if (blockEnd > line.start) block.piece.end = blockEnd;
      if (block.closes(content)) block = null;
      continue;
    }
    // The items this line continues; the piece it opens belongs to the innermost of them.
    const { column: indent, at: textAt } = lineIndent(content);
    const wasOpen = openItems;
    if (textAt < content.length) openItems = itemsContinued(items, openItems, indent);
    const container = openItems > 0 ? items[openItems - 1] : undefined;
    const inItem = container?.marker;
    // Whether the line closes the item the open paragraph sits in (markers grow inward too, so it does when the
    // outermost item closed is no later than the paragraph's).
    const held = (paragraph as Piece | null)?.item;
    const closesParagraphItem = held !== undefined && openItems < wasOpen && (items[openItems] as OpenItem).marker <= held;
    // A raw HTML block (`<pre>`, `<script setup>`) is kept whole like code, a `#` line inside it no
    // heading; an HTML table runs to its closing tag across blank lines, and a long one is cut before its rows.
    const raw = openRawHtml(content);
    const table = raw === null && TABLE_OPEN.test(content) && !/<\/table/i.test(content);
    // A MyST / Jupyter Book directive (`:::{prf:example}` … `:::`) runs to its closing colons, a
    // `---` or `#` line inside it its own: kept together while it fits, a long one cut at its sentences.
    const directive = raw === null && !table ? DIRECTIVE_OPEN.exec(content)?.[1] : undefined;
    if (directive !== undefined) {
      flushParagraph();
      const piece: Piece = { kind: 'text', start: line.start, end: trimEnd(body, line.start, line.end), item: inItem };
      current.pieces.push(piece);
      block = { closes: (text) => (DIRECTIVE_CLOSE.exec(text)?.[1]?.length ?? 0) >= directive.length, piece };
      continue;
    }
    if (raw !== null || table) {
      flushParagraph();
      const piece: Piece = { kind: table ? 'text' : 'code', start: line.start, end: trimEnd(body, line.start, line.end), item: inItem };
      current.pieces.push(piece);
      const closing = `</${raw ?? 'table'}`;
      block = { closes: (text) => text.toLowerCase().includes(closing), piece };
      continue;
    }
    const liquid = LIQUID_OPEN.exec(content);
    const comment = COMMENT_OPEN.exec(content);
    if (liquid?.[1] || (comment && !content.includes('-->', comment[0].length))) {
      flushParagraph();
      const piece: Piece = { kind: 'code', start: line.start, end: trimEnd(body, line.start, line.end), item: inItem };
      current.pieces.push(piece);
      const closing = liquid?.[1];
      block = { closes: closing ? (text) => LIQUID_CLOSE.exec(text)?.[1] === closing : (text) => text.includes('-->'), piece };
      continue;
    }
    // A comment that opens a line and closes on it is an HTML block that ends there (CommonMark, type 2), with
    // any text after it on the line: the next line starts a new block, so a title under it may be underlined.
    if (comment) {
      flushParagraph();
      current.pieces.push({ kind: 'text', start: line.start, end: trimEnd(body, line.start, line.end), item: inItem });
      continue;
    }

    // A line that opens a list item (`- `, `1. `, at any indent, not a `* * *` rule) opens it inside the items it continues.
    const marker = isThematicBreak(content, textAt) ? null : listMarkerAt(content, textAt, indent);
    // An item with nothing on its line (`1.` then its text on the next lines) does not interrupt a paragraph
    // (CommonMark: `Text` over `-` is a heading, over `1.` one paragraph); it may follow an item's paragraph it closes.
    const opened = marker && (marker.next < content.length || paragraph === null || openItems < wasOpen) ? marker : null;
    if (opened) {
      // A next item written right under a paragraph of the item it closes (`   continuation` then `2. Next`,
      // no blank line) starts a block of its own, as any item does (CommonMark): it is no part of that paragraph.
      if (closesParagraphItem) flushParagraph();
      items[openItems] = { content: opened.content, marker: line.start + textAt };
      openItems += 1;
    }
    // A fence inside a list item is measured from the item's content column (`1. ` then four spaces of indent
    // and a fence, or a tab): from there it is a fence as at the margin. So is one on the item's own line (`- ```bash`).
    const itemColumn = opened?.content ?? container?.content ?? 0;
    // (`-      ```` is indented code in the item: its text starts five columns past the marker, four past its content column.)
    const fenceLine = opened
      ? ' '.repeat(Math.max(0, opened.nextColumn - opened.content)) + content.slice(opened.next)
      : container
        ? ' '.repeat(Math.max(0, indent - container.content)) + content.slice(textAt)
        : content;
    const open = FENCE_OPEN.exec(fenceLine);
    // A backtick fence's info string may not contain backticks; otherwise it is inline code.
    if (open?.[1] && !(open[1][0] === '`' && (open[2] ?? '').includes('`'))) {
      flushParagraph();
      const piece: Piece = { kind: 'code', start: line.start, end: trimEnd(body, line.start, line.end), item: inItem };
      current.pieces.push(piece);
      fence = { char: open[1][0] as string, length: open[1].length, indent: itemColumn, piece };
      continue;
    }
    // An HTML block of CommonMark's sixth kind (`<details>`, `<div align="center">`, `</p>`, a line opening with a block-level
    // tag) runs to the next blank line, its lines HTML and no markdown: a `# x` line in it is shown as it is, no heading,
    // and a `---` under it no underline. It may interrupt a paragraph.
    if (HTML_BLOCK_OPEN.test(fenceLine)) {
      flushParagraph();
      const piece: Piece = { kind: 'text', start: line.start, end: trimEnd(body, line.start, line.end), item: inItem };
      current.pieces.push(piece);
      block = { closes: (text) => text.trim() === '', piece, within: openItems > 0 ? itemColumn : undefined };
      continue;
    }

    const setext = paragraph !== null ? SETEXT_UNDERLINE.exec(content) : null;
    const titleLine = paragraph as Piece | null;
    // A paragraph on an item's marker line (`- Title` over `  ===`) is titled by its text past the marker.
    const titleText = titleLine === null ? '' : body.slice(titleLine.opens?.textAt ?? titleLine.start, titleLine.end);
    // The underline must sit in the item that paragraph opens, indented as far as the item's text.
    const underlinesItem = titleLine?.opens === undefined || container?.marker === titleLine.opens.marker;
    // A `---` or `===` less indented than the item its paragraph sits in (`   Details.` then `---`) is no underline, as
    // CommonMark reads it: an underline does not reach into an item it closes (`---` is a rule after the list, `===`
    // the item's text going on). One indented as far as the item's text underlines it: a heading inside the item,
    // which stays open for what follows it there.
    if (
      setext?.[1] &&
      titleLine !== null &&
      paragraphLines === 1 &&
      !NOT_HEADING_TEXT.test(titleText) &&
      !closesParagraphItem &&
      underlinesItem
    ) {
      const level = setext[1][0] === '=' ? 1 : 2;
      paragraph = null;
      // Comments alone before the first heading open its chunk, as before a `#` heading (below).
      const opening = takeOpeningComments(body, current.pieces, line.end, maxChars - targetChars);
      while (stack.length > 0 && (stack[stack.length - 1] as { level: number }).level >= level) stack.pop();
      stack.push({ level, text: headingPlainText(titleText) });
      current = { headingPath: stack.map((entry) => entry.text), pieces: [] };
      sections.push(current);
      current.pieces.push({ kind: 'heading', start: opening?.start ?? titleLine.start, end: trimEnd(body, line.start, line.end) });
      continue;
    }

    // A heading inside a list item is measured from the item's content column, as a fence is (`- ## Install`, `1. ### Step`,
    // or `    ## Notes` in an item whose text starts at column 2): it is a heading as at the margin (CommonMark), and a reader
    // sees one, so it opens a chunk and the heading path; the item stays open for what follows it there.
    const heading = HEADING.exec(fenceLine);
    if (heading?.[1]) {
      flushParagraph();
      // A MyST target line (`(install-pip)=`) right before the heading labels it: it opens the heading's piece,
      // while that piece stays as short as a heading line may be and still keep its paragraph (as comments below).
      const last = current.pieces.at(-1);
      const label =
        last?.kind === 'text' && MYST_LABEL.test(body.slice(last.start, last.end)) && line.end - last.start <= maxChars - targetChars
          ? current.pieces.pop()
          : undefined;
      // Comments alone before the first heading (`<!-- generated from … -->`, `<!-- markdownlint-disable -->`) open
      // its chunk rather than make one of their own, while the heading piece stays short enough to keep its paragraph.
      const opening = takeOpeningComments(body, current.pieces, line.end, maxChars - targetChars);
      const level = heading[1].length;
      while (stack.length > 0 && (stack[stack.length - 1] as { level: number }).level >= level) stack.pop();
      stack.push({ level, text: headingPlainText(headingTextWithoutClosingHashes(heading[2] ?? '')) });
      current = { headingPath: stack.map((entry) => entry.text), pieces: [] };
      sections.push(current);
      current.pieces.push({
        kind: 'heading',
        start: opening?.start ?? label?.start ?? line.start,
        end: trimEnd(body, line.start, line.end),
      });
      continue;
    }

    if (/^\s*$/.test(content)) {
      flushParagraph();
      continue;
    }
    const end = trimEnd(body, line.start, line.end);
    if (paragraph) {
      // A lazy continuation line (CommonMark): text that opens no block, right under a paragraph line, goes on with that
      // paragraph however little it is indented, so the items holding the paragraph stay open. An item, a quote or a
      // rule (`---` is no underline of an item's text) opens a block, and the items stay closed.
      // A `===` (or `--`) there is no underline either: an underline is never a lazy line, so it is the paragraph's text.
      const opensBlock = opened !== null || BLOCK_QUOTE.test(content) || isThematicBreak(content, textAt);
      if (!opensBlock) openItems = wasOpen;
      (paragraph as Piece).end = end;
      paragraphLines += 1;
    } else {
      paragraph = { kind: 'text', start: line.start, end, item: inItem };
      if (opened) paragraph.opens = { marker: line.start + textAt, textAt: line.start + opened.next };
      paragraphLines = 1;
    }
  }
  flushParagraph();
  return sections.filter((section) => section.pieces.length > 0);
}

/** Line spans without their `\n` (CRLF was turned into LF before this runs). */
function* lines(body: string): Generator<{ start: number; end: number }> {
  let start = 0;
  while (start <= body.length) {
    const newline = body.indexOf('\n', start);
    const end = newline === -1 ? body.length : newline;
    yield { start, end };
    if (newline === -1) return;
    start = newline + 1;
  }
}

/** Replaces each paragraph that is too long with its sentences (or whitespace-cut parts). */
function splitLongParagraphs(body: string, pieces: Piece[], targetChars: number, maxChars: number): Piece[] {
  const out: Piece[] = [];
  const first = pieces[0];
  const headingStart = first?.kind === 'heading' ? first.start : null;
  pieces.forEach((piece, index) => {
    // The heading is glued to the first paragraph, so that paragraph's budget includes it.
    const from = index === 1 && headingStart !== null ? headingStart : piece.start;
    if (piece.kind !== 'text' || piece.end - from <= maxChars) out.push(piece);
    else {
      const parts = splitSentences(body, piece, targetChars);
      // The first part keeps the list item the paragraph belongs to.
      if (parts[0] && piece.item !== undefined) parts[0].item = piece.item;
      out.push(...parts);
    }
  });
  return out;
}

// A line that opens a list item (`- `, `* `, `+ `, `1. `, `1) `, indented or not) or a table row
// other than the delimiter row (`|---|:--|`), which stays with the header above it.
const LIST_ITEM_LINE = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]/;
const TABLE_ROW_LINE = /^[ \t]*\|(?![ \t:|-]*$)/;

/** A table's delimiter row, with or without its outer pipes: `|---|:--|`, `:---------|:------------`, `--- | ---`. */
function isDelimiterLine(line: string): boolean {
  if (!line.includes('|')) return false;
  const cells = line.trim().split('|');
  if (cells[0]?.trim() === '') cells.shift();
  if (cells.at(-1)?.trim() === '') cells.pop();
  return cells.length > 0 && cells.every((cell) => /^:?-+:?$/.test(cell.trim()));
}

/**
 * A long paragraph's parts: a list (or a paragraph that has list items) is cut before its items,
 * and a table before its rows, never inside one while it fits; anything else, and an item or row
 * too long on its own, at sentence ends.
 */
function splitSentences(body: string, piece: Piece, budget: number): Piece[] {
  const itemStarts: number[] = [];
  // After a delimiter row every line holding a `|` is a row, with a leading pipe or without one
  // (`Japan | #jp-users`, as GFM allows and Hugo sites write them).
  let inTable = false;
  for (let at = body.indexOf('\n', piece.start); at !== -1 && at < piece.end; at = body.indexOf('\n', at + 1)) {
    const lineEnd = body.indexOf('\n', at + 1);
    const line = body.slice(at + 1, lineEnd === -1 || lineEnd > piece.end ? piece.end : lineEnd);
    if (isDelimiterLine(line)) inTable = true;
    else if (LIST_ITEM_LINE.test(line) || TABLE_ROW_LINE.test(line) || HTML_ROW_LINE.test(line) || (inTable && line.includes('|')))
      itemStarts.push(at + 1);
    else if (line.trim() === '') inTable = false;
  }
  if (itemStarts.length === 0) return sentenceParts(body, piece, budget);
  const out: Piece[] = [];
  let from = piece.start;
  for (const cut of [...itemStarts, piece.end]) {
    const part: Piece = { kind: 'text', start: skipWhitespace(body, from, cut), end: trimEnd(body, from, cut) };
    from = cut;
    if (part.end <= part.start) continue;
    if (part.end - part.start <= budget) out.push(part);
    else out.push(...sentenceParts(body, part, budget));
  }
  return out;
}

/** Sentence spans of a paragraph, each cut further at whitespace when longer than `budget`. */
function sentenceParts(body: string, piece: Piece, budget: number): Piece[] {
  const text = body.slice(piece.start, piece.end);
  // A sentence ends at . ! ? before whitespace, at a CJK full stop, or at a Korean final ending
  // such as "다." even when the writer left out the space after it; not at a list item's number
  // (`1.` opening a line), which is no sentence's end.
  const cuts = chunkSentenceEnds(text)
    .filter((end) => !isListNumberEnd(text, end))
    .map((end) => piece.start + end);
  cuts.push(piece.end);

  const out: Piece[] = [];
  let from = piece.start;
  for (const cut of cuts) {
    const start = skipWhitespace(body, from, cut);
    const end = trimEnd(body, start, cut);
    from = cut;
    if (end > start) out.push(...splitAtWhitespace(body, start, end, budget));
  }
  return out;
}

/** True when the sentence end at `end` closes only a list number at its line's start (`   1.`). */
function isListNumberEnd(text: string, end: number): boolean {
  let i = end - 1;
  if (text[i] !== '.' && text[i] !== ')') return false;
  i -= 1;
  let digits = 0;
  while (i >= 0 && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39 && digits < 10) {
    i -= 1;
    digits += 1;
  }
  if (digits === 0) return false;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i -= 1;
  return i < 0 || text[i] === '\n';
}

/** Cuts [start, end) into parts of at most `budget` code units, at whitespace where possible. */
function splitAtWhitespace(body: string, start: number, end: number, budget: number): Piece[] {
  const out: Piece[] = [];
  let pos = start;
  while (end - pos > budget) {
    const limit = pos + budget;
    let cut = limit;
    while (cut > pos && !isJsWhitespace(body.charCodeAt(cut))) cut--;
    if (cut > pos) {
      out.push({ kind: 'text', start: pos, end: trimEnd(body, pos, cut) });
      pos = skipWhitespace(body, cut, end);
      continue;
    }
    // No whitespace at all: cut hard, but never between the two halves of a surrogate pair.
    let hard = limit;
    if (isLowSurrogate(body.charCodeAt(hard))) hard--;
    if (hard === pos) hard = pos + 2;
    out.push({ kind: 'text', start: pos, end: hard });
    pos = skipWhitespace(body, hard, end);
  }
  if (end > pos) out.push({ kind: 'text', start: pos, end });
  return out;
}

// A lead-in: a short paragraph that ends with a colon, introducing the block after it.
const MAX_LEAD_IN_CHARS = 200;

/**
 * Greedy merge of a section's pieces; the heading always opens the first chunk with what follows it.
 * A lead-in (`Some changes do not require an RFC:`, or a short unfinished sentence before a block)
 * that would end a chunk apart from the block it introduces moves to the next chunk with that block;
 * one that is all the chunk holds after its heading stays, and heading, lead-in and block go on
 * together while they fit in `maxChars`.
 */
function mergePieces(body: string, pieces: Piece[], targetChars: number, maxChars: number): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  const runs = itemRuns(pieces);
  let current: {
    start: number;
    end: number;
    pieces: number;
    heading: boolean;
    leadIn: Piece | null;
    before: number;
    /** The index of the chunk's first piece. */
    first: number;
  } | null = null;
  // The piece at `index` when it leads in to what follows it: a lead-in, or a list item its next piece continues.
  // A chunk's first piece leads in only as such an item, so a chunk that opens with one goes on with its continuation.
  const leadInAt = (index: number, first = false): Piece | null => {
    const piece = pieces[index] as Piece;
    return (!first && isLeadIn(body, piece)) || itemContinuedBy(body, piece, pieces[index + 1]) ? piece : null;
  };
  pieces.forEach((piece, index) => {
    if (!current) {
      current = {
        start: piece.start,
        end: piece.end,
        pieces: 1,
        heading: piece.kind === 'heading',
        leadIn: leadInAt(index, true),
        before: piece.start,
        first: index,
      };
      return;
    }
    const glueToHeading = index === 1 && pieces[0]?.kind === 'heading';
    const lead = current.leadIn;
    // A lead-in without a colon ("Hence, we have") leads in only to a block: an equation, a list, a table, code.
    // A loose list item leads in to its indented continuation (the paragraph or code after a blank line that belongs to it).
    const leads =
      lead !== null &&
      current.end === lead.end &&
      (leadsInToAnything(body, lead) || isBlock(body, piece) || itemContinuedBy(body, lead, piece));
    // What stays must hold more than a heading.
    const keeps = current.pieces - 1 - (current.heading ? 1 : 0);
    // A heading and its lead-in go on with the block they introduce while the three fit in maxChars.
    const introduces = leads && keeps === 0 && piece.end - current.start <= maxChars;
    // A piece inside a list item (its fence, its paragraph after the fence) goes with the item and what lies
    // between while they fit in maxChars: on in this chunk when the item opens it (after its heading), else
    // to the next chunk with the item, as a lead-in does.
    const run = runs[index] as number;
    const inChunk = run < index && run >= current.first;
    // The item opens the chunk when only its heading, or a lead-in to it ('options can be:'), or both come before it.
    const opening = current.first + (current.heading ? 1 : 0);
    const runOpens = inChunk && (run <= opening || (run === opening + 1 && isLeadIn(body, pieces[opening] as Piece)));
    const continues = runOpens && piece.end - current.start <= maxChars;
    if (glueToHeading || introduces || continues || piece.end - current.start <= targetChars) {
      // A lead-in right under its heading stays with it (`keeps` above), and both go on with its block.
      const leadIn = leadInAt(index);
      current = { ...current, end: piece.end, pieces: current.pieces + 1, leadIn, before: current.end };
      return;
    }
    const item = pieces[run] as Piece;
    if (inChunk && !runOpens && piece.end - item.start <= maxChars) {
      spans.push({ start: current.start, end: (pieces[run - 1] as Piece).end });
      const before = (pieces[index - 1] as Piece).end;
      current = { start: item.start, end: piece.end, pieces: index - run + 1, heading: false, leadIn: leadInAt(index), before, first: run };
      return;
    }
    if (lead !== null && leads && keeps > 0) {
      spans.push({ start: current.start, end: current.before });
      current = { start: lead.start, end: piece.end, pieces: 2, heading: false, leadIn: null, before: lead.end, first: index - 1 };
      return;
    }
    spans.push({ start: current.start, end: current.end });
    current = {
      start: piece.start,
      end: piece.end,
      pieces: 1,
      heading: false,
      leadIn: leadInAt(index, true),
      before: piece.start,
      first: index,
    };
  });
  if (current) spans.push({ start: (current as { start: number }).start, end: (current as { end: number }).end });
  return spans;
}

/**
 * For each piece, the index of the first piece it goes with: the piece holding the marker of the list
 * item it sits in (and, when that piece sits in an outer item, that item's first piece); its own index
 * for a piece in no item.
 */
function itemRuns(pieces: Piece[]): number[] {
  const starts = pieces.map((piece) => piece.start);
  const runs: number[] = [];
  pieces.forEach((piece, index) => {
    const holder = piece.item === undefined ? -1 : countBelow(starts, piece.item + 1) - 1;
    runs.push(holder >= 0 && holder < index ? (runs[holder] as number) : index);
  });
  return runs;
}

// A one-line block opener whose body follows it: a MkDocs admonition (`!!! warning "Title"`, `??? note`,
// `:   !!! info` in a definition), a content tab (`=== "Tab"`), a Docusaurus or VuePress container
// (`:::danger Before you deploy`), a `<details>` / `<summary>` line. Like a lead-in, it goes with its body.
const BLOCK_OPENER = /^(?::[ \t]+)?(?:(?:!!!|\?\?\?\+?)[ \t]+\S|=== "|:{3,}[ \t]*[A-Za-z]|<details\b|<summary\b)/i;

function isLeadIn(body: string, piece: Piece): boolean {
  if (piece.kind !== 'text' || piece.end - piece.start > MAX_LEAD_IN_CHARS) return false;
  if (leadsInToAnything(body, piece)) return true;
  // A short paragraph that ends without ending its sentence may lead in to a block (`isBlock` decides);
  // a list item or a table row is itself part of a block, never its lead-in.
  return !SENTENCE_END.test(body[piece.end - 1] ?? '.') && !isBlock(body, piece);
}

/** A lead-in whatever follows it: one that ends in a colon, or a one-line block opener. */
function leadsInToAnything(body: string, piece: Piece): boolean {
  const last = body[piece.end - 1];
  if (last === ':' || last === '：') return true;
  const text = body.slice(piece.start, piece.end);
  return !text.includes('\n') && BLOCK_OPENER.test(text.trimStart());
}
// A list item's marker at the start of a piece (`- `, `* `, `+ `, `1. `, `1) `), after up to three spaces.
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]/;
// An indented line: what a loose list item's continuation paragraph (or code) opens with.
const INDENTED = /^(?: {2}|\t)/;

/**
 * Whether a short list item (a piece of at most a lead-in's size that opens with a list marker) is
 * continued by `next`: an indented piece after it that is not an item of its own (`2. Roll the new
 * image.` then, after a blank line, `   Use kubectl rollout restart …`). Like a lead-in, such an item
 * moves to the next chunk with its continuation rather than end a chunk apart from it; the pieces
 * stay as they are, so a table or a fence in the continuation is still cut only where it may be.
 */
function itemContinuedBy(body: string, item: Piece, next: Piece | undefined): boolean {
  if (next === undefined || item.kind !== 'text' || item.end - item.start > MAX_LEAD_IN_CHARS) return false;
  if (!LIST_ITEM.test(body.slice(item.start, item.start + 16))) return false;
  const opening = body.slice(next.start, next.start + 16);
  return next.kind !== 'heading' && INDENTED.test(opening) && !LIST_ITEM.test(opening.trimStart());
}
// What ends a sentence, or a piece that is no lead-in (a closing bracket, a quote, a table's pipe, a heading's text).
const SENTENCE_END = /[.!?。！？…)\]"'”’|*_`>]/;
// What a piece that a lead-in introduces opens with: display math, a list item, a table row, or it is code.
const BLOCK_START = /^(?:\$\$|\\begin\{|[-*+][ \t]|\d{1,9}[.)][ \t]|\|)/;

function isBlock(body: string, piece: Piece): boolean {
  return piece.kind === 'code' || BLOCK_START.test(body.slice(piece.start, Math.min(piece.end, piece.start + 16)));
}

function trimEnd(body: string, start: number, end: number): number {
  let e = end;
  while (e > start && isJsWhitespace(body.charCodeAt(e - 1))) e--;
  return e;
}

function skipWhitespace(body: string, start: number, end: number): number {
  let s = start;
  while (s < end && isJsWhitespace(body.charCodeAt(s))) s++;
  return s;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The columns of a line's leading spaces and tabs (a tab goes on to the next multiple of 4), and where its text starts. */
function lineIndent(line: string, from = 0, startColumn = 0): { column: number; at: number } {
  let column = startColumn;
  let at = from;
  for (; at < line.length; at += 1) {
    const code = line.charCodeAt(at);
    if (code === 0x20) column += 1;
    else if (code === 0x09) column += 4 - (column % 4);
    else break;
  }
  return { column, at };
}

/**
 * A list item's marker at `at` (column `column`): `-`, `*`, `+`, or 1 to 9 digits and `.` or `)`, then a
 * space or tab or the line's end (an item whose text starts on the next line). Its content column is past the spaces after the marker, or one past the marker when
 * they are five or more (the item's text is then indented code) or nothing follows; `next` is where its text starts, `nextColumn` its column.
 */
function listMarkerAt(line: string, at: number, column: number): { content: number; next: number; nextColumn: number } | null {
  let end = at;
  const first = line.charCodeAt(at);
  if (first === 0x2d || first === 0x2a || first === 0x2b) end = at + 1;
  else {
    while (end < line.length && end - at < 9 && line.charCodeAt(end) >= 0x30 && line.charCodeAt(end) <= 0x39) end += 1;
    const closer = line.charCodeAt(end);
    if (end === at || (closer !== 0x2e && closer !== 0x29)) return null;
    end += 1;
  }
  if (end < line.length && !isSpaceOrTab(line.charCodeAt(end))) return null;
  const markerEnd = column + (end - at);
  const after = lineIndent(line, end, markerEnd);
  const spaces = after.column - markerEnd;
  if (after.at === line.length || spaces > 4) return { content: markerEnd + 1, next: after.at, nextColumn: after.column };
  return { content: after.column, next: after.at, nextColumn: after.column };
}

/** How many of the open items `items[0, open)` a line indented to `column` continues: those whose content column it reaches. */
function itemsContinued(items: readonly OpenItem[], open: number, column: number): number {
  let low = 0;
  let high = open;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((items[middle] as OpenItem).content <= column) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A thematic break (`***`, `- - -`, `___`) from `at`: three or more of one of `-*_` and only spaces or tabs between. */
function isThematicBreak(line: string, at: number): boolean {
  const mark = line.charCodeAt(at);
  if (mark !== 0x2d && mark !== 0x2a && mark !== 0x5f) return false;
  let count = 0;
  for (let i = at; i < line.length; i += 1) {
    const code = line.charCodeAt(i);
    if (code === mark) count += 1;
    else if (!isSpaceOrTab(code)) return false;
  }
  return count >= 3;
}

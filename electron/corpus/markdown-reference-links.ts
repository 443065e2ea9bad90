// Reference-style markdown links: CommonMark's full `[text][label]`, collapsed `[text][]` and
// shortcut `[text]` forms, which take their destination from a link reference definition
// (`[label]: destination "title"`) standing on a line of its own anywhere in the file. Labels match
// without regard to case or runs of white space. Linear: the definitions are read line by line with
// an anchored expression, and the links from one list of the text's unescaped brackets, each read
// once, with the inline links markdownLinks finds.
import { markdownLinks, type MarkdownLink } from './markdown-link-scan';

/** Normalised label → destination as written (`<x>` keeps its brackets), the first definition of a label winning. */
export type ReferenceDefinitions = ReadonlyMap<string, string>;

/** A reference link found in a text, with the end of its link text and whether its label is defined. */
export interface ReferenceLink extends MarkdownLink {
  /** False for a full or collapsed reference whose label has no definition: its destination is then ''. */
  readonly defined: boolean;
}

// `[label]: destination "title"`, indented by at most three spaces: the label holds no unescaped
// bracket and at most 999 characters; the destination is `<…>` or a run without white space; the
// title is quoted or in parentheses. The destination may stand on the next line, and the title on
// the line after the destination. Anchored, and each quantifier is followed by a character it
// cannot match: linear in the line.
const LABEL = String.raw`^ {0,3}\[((?:[^\\[\]]|\\.){1,999})\]:[ \t]*`;
const TITLE = String.raw`(?:"[^"]*"|'[^']*'|\([^()]*\))`;
const DESTINATION = String.raw`(<[^<>\n]*>|[^\s<]\S*)[ \t]*(${TITLE}[ \t]*)?$`;
const DEFINITION = new RegExp(LABEL + DESTINATION);
const LABEL_ALONE = new RegExp(`${LABEL}$`);
const DESTINATION_LINE = new RegExp(`^[ \\t]*${DESTINATION}`);
const TITLE_LINE = new RegExp(`^[ \\t]*${TITLE}[ \\t]*$`);
// The block quote markers and list item markers a line opens with: a definition may stand in either
// (`> [adr3]: 0003-x.md`, `- [adr3]: 0003-x.md`). Each repetition takes a `>` or a marker: linear.
const CONTAINERS = /^(?: {0,3}(?:>[ \t]?|(?:[-*+]|\d{1,9}[.)])[ \t]+))*/;
const MAX_LABEL = 999;

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BACKSLASH = 0x5c;
const OPEN_PAREN = 0x28;
const BANG = 0x21;

/** A label as definitions and references are matched: trimmed, inner white space one space, case folded. */
/** Whether `line` is a whole one-line link reference definition (`[label]: destination "title"`), at the margin or in a container. */
export function isReferenceDefinitionLine(line: string): boolean {
  const inner = CONTAINERS.exec(line)?.[0].length ?? 0;
  return DEFINITION.test(line.slice(inner));
}

export function normaliseLabel(label: string): string {
  return label.trim().split(/\s+/).join(' ').toLowerCase().toUpperCase();
}

/**
 * The link reference definitions among a body's lines, and the indices of the lines that hold them
 * (a definition is not shown, so readers should not see it as text). A definition starts a block: it
 * stands on the first line, or after a blank line, a heading or another definition, or opens a block
 * quote or a list item, never inside a paragraph ("Superseded by\n[x]: y.md" continues the paragraph).
 * As in CommonMark, one in a block quote or a list item counts for the whole file.
 */
export function referenceDefinitions(
  lines: readonly string[],
  isHeading: (line: string) => boolean,
): {
  definitions: ReferenceDefinitions;
  lineIndices: ReadonlySet<number>;
} {
  const definitions = new Map<string, string>();
  const lineIndices = new Set<number>();
  let blockStart = true;
  let quoted = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const { inner, inQuote, listItem } = withoutContainers(line);
    const opens = listItem || (inQuote && !quoted);
    quoted = inQuote;
    const found = (blockStart || opens) && inner.length > 0 ? definitionAt(lines, index, inner) : null;
    if (found !== null && found.label.trim() !== '') {
      const key = normaliseLabel(found.label);
      if (!definitions.has(key)) definitions.set(key, found.destination);
      for (let i = index; i <= found.lastLine; i += 1) lineIndices.add(i);
      index = found.lastLine;
      blockStart = true;
      continue;
    }
    blockStart = inner.trim() === '' || isHeading(inner);
  }
  return { definitions, lineIndices };
}

/** The definition whose label opens `inner` (line `index` without its containers), with the last line it takes; null when none does. */
function definitionAt(
  lines: readonly string[],
  index: number,
  inner: string,
): { label: string; destination: string; lastLine: number } | null {
  const oneLine = DEFINITION.exec(inner);
  if (oneLine) return { label: oneLine[1] as string, destination: oneLine[2] as string, lastLine: withTitleLine(lines, index, oneLine[3]) };
  const label = LABEL_ALONE.exec(inner)?.[1];
  const next = lines[index + 1];
  if (label === undefined || next === undefined) return null;
  // The destination's line continues the block: it may repeat a quote's `>`, but opens no list item.
  const continued = withoutContainers(next);
  const destination = continued.listItem ? null : DESTINATION_LINE.exec(continued.inner);
  return destination ? { label, destination: destination[1] as string, lastLine: withTitleLine(lines, index + 1, destination[2]) } : null;
}

/** The last line of a definition whose destination stands on line `index`: the next one when it holds the title alone. */
function withTitleLine(lines: readonly string[], index: number, title: string | undefined): number {
  if (title !== undefined) return index;
  const next = lines[index + 1];
  if (next === undefined) return index;
  const continued = withoutContainers(next);
  return continued.listItem || !TITLE_LINE.test(continued.inner) ? index : index + 1;
}

/** A line without the block quote and list item markers it opens with, and which of them it has. */
function withoutContainers(line: string): { inner: string; inQuote: boolean; listItem: boolean } {
  const containers = CONTAINERS.exec(line)?.[0] ?? '';
  return { inner: line.slice(containers.length), inQuote: containers.includes('>'), listItem: /[-*+\d]/.test(containers) };
}

/**
 * Every link of `text`, inline and reference-style, left to right, as CommonMark reads them. Inline
 * links are markdownLinks's. A full or collapsed reference is a link whether or not its label is
 * defined (undefined, its destination is '' and `defined` false); a shortcut `[text]` only when its
 * text is a defined label. A link text may hold balanced brackets (`[ADR-0003 [draft]][adr3]`); a label
 * may not, so a text with brackets makes a link only with a label of its own. A link's text holds no
 * link: in `[see [ADR-0012][a]][b]`, `[see [ADR-0012](0012-x.md)](0013-x.md)` or `[see [ADR-0012]][b]`
 * the inner link is the link and the outer brackets are text (the `[b]` after them a shortcut link of
 * its own when `b` is defined, as in CommonMark); an image in a link's text (a badge), or a reference
 * whose label has no definition, leaves the link a link. Linear: each bracket is read once, innermost
 * link first, as CommonMark's look for link or image does.
 */
export function markdownTextLinks(text: string, definitions: ReferenceDefinitions): ReferenceLink[] {
  const inline = markdownLinks(text);
  const brackets: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i += 1;
    else if (code === OPEN_BRACKET || code === CLOSE_BRACKET) brackets.push(i);
  }
  const out: ReferenceLink[] = [];
  // The `[`s not closed yet, by bracket index, innermost last; the first `spoiled` of them hold a link
  // found since (a link spoils every one open then: a count, not a mark on each).
  const openers: number[] = [];
  let spoiled = 0;
  const accept = (link: ReferenceLink) => {
    // In place of what was found in its text: images, references whose label has no definition.
    while (out.length > 0 && (out.at(-1) as ReferenceLink).start > link.start) out.pop();
    out.push(link);
    if (!link.image && link.defined) spoiled = openers.length;
  };
  const bracketFrom = (b: number, at: number) => {
    let next = b;
    while (next < brackets.length && (brackets[next] as number) < at) next += 1;
    return next;
  };
  let nextInline = 0;
  for (let b = 0; b < brackets.length; b += 1) {
    const at = brackets[b] as number;
    while (nextInline < inline.length && (inline[nextInline] as MarkdownLink).end <= at) nextInline += 1;
    const link = inline[nextInline];
    if (text.charCodeAt(at) === OPEN_BRACKET) {
      // An inline image is taken whole: its text is not read for links (as markdownLinks reads it).
      if (link?.image === true && link.start + 1 === at) {
        accept({ ...link, defined: true });
        b = bracketFrom(b, link.end) - 1;
      } else openers.push(b);
      continue;
    }
    const o = openers.pop();
    if (o === undefined) continue;
    const holdsLink = spoiled > openers.length;
    if (holdsLink) spoiled = openers.length;
    const open = brackets[o] as number;
    if (link !== undefined && !link.image && link.start === open && link.textEnd === at) {
      if (!holdsLink) accept({ ...link, defined: true });
      b = bracketFrom(b, link.end) - 1;
      continue;
    }
    const found = holdsLink || text.charCodeAt(at + 1) === OPEN_PAREN ? null : referenceAt(text, brackets, o, b, definitions);
    if (found === null) continue;
    accept(found.link);
    b = found.last;
  }
  return out;
}

/** The reference link whose text opens at bracket `o` and closes at bracket `c`, with the index of its last bracket; null when none is. */
function referenceAt(
  text: string,
  brackets: readonly number[],
  o: number,
  c: number,
  definitions: ReferenceDefinitions,
): { link: ReferenceLink; last: number } | null {
  const open = brackets[o] as number;
  const close = brackets[c] as number;
  const at = (b: number) => (b < brackets.length ? text.charCodeAt(brackets[b] as number) : -1);
  const nested = c > o + 1;
  const image = open > 0 && text.charCodeAt(open - 1) === BANG;
  const start = image ? open - 1 : open;
  const linkText = text.slice(open + 1, close);
  // A label right after the text, without brackets in it; an empty one (collapsed) is the text, which may then hold none either.
  const labelled =
    brackets[c + 1] === close + 1 &&
    at(c + 1) === OPEN_BRACKET &&
    at(c + 2) === CLOSE_BRACKET &&
    !(nested && brackets[c + 2] === close + 2);
  if (labelled) {
    const labelEnd = brackets[c + 2] as number;
    const written = text.slice(close + 2, labelEnd);
    const label = written.trim() === '' ? linkText : written;
    if (label.length > MAX_LABEL) return null;
    const destination = definitions.get(normaliseLabel(label));
    return {
      link: { start, end: labelEnd + 1, image, destination: destination ?? '', textEnd: close, defined: destination !== undefined },
      last: c + 2,
    };
  }
  if (nested || linkText.length > MAX_LABEL || linkText.trim() === '') return null;
  const destination = definitions.get(normaliseLabel(linkText));
  return destination === undefined ? null : { link: { start, end: close + 1, image, destination, textEnd: close, defined: true }, last: c };
}

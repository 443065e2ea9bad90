// A hand-written scanner for inline markdown links `[text](destination "title")`, in place of a
// regular expression that backtracked: from every `[` it could rescan the rest of a paragraph, so a
// run of escaped brackets cost time quadratic in its length. It finds the same links as
//
//   /(!?)\[(T*)\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g
//
// where T, the link text, is `[^[\]\\]|\\.|\[T*\]`: as CommonMark allows, balanced brackets at
// any depth, a backslash escaping the next character at any depth (a regex can only spell out a
// bounded depth: test/node/corpus/scanner-equivalence.test.ts does so). Linear time: where the
// text from each position closes is worked out once, right to left, and the closing `>`, quote or
// parenthesis is found by binary search.
import { isJsWhitespace, isLineTerminator, skipJsWhitespace } from './char-class';
import { countBelow } from './sorted-search';

/** One inline link: where it is, whether it is an image, and its destination as written (`<x>` keeps its brackets). */
export interface MarkdownLink {
  readonly start: number;
  readonly end: number;
  readonly image: boolean;
  readonly destination: string;
  /** The `]` that closes the link text. */
  readonly textEnd: number;
}

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BACKSLASH = 0x5c;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const LESS_THAN = 0x3c;
const BANG = 0x21;

/**
 * Every inline link in `text`, left to right, as the global regex above would find them, except that,
 * as in CommonMark, a link's text holds no link: in `[see [ADR-0012](0012-x.md)](0013-x.md)` the inner
 * link is the link and the outer brackets are text. An image's text is not read for links, and an
 * image in a link's text (a badge, `[![badge](b.svg)](0012-x.md)`) leaves the link a link.
 */
export function markdownLinks(text: string): MarkdownLink[] {
  const scan = new LinkScan(text);
  const out: MarkdownLink[] = [];
  // Links whose text is still being read for a link inside it, innermost last; the first `spoiled`
  // of them hold a link found since (each link found spoils every one open then: a count, not a mark on each).
  const open: MarkdownLink[] = [];
  let spoiled = 0;
  let pos = 0;
  for (;;) {
    let top = open.at(-1);
    while (top !== undefined && pos >= top.textEnd) {
      open.pop();
      if (spoiled > open.length) spoiled = open.length;
      else pos = accept(out, top, pos);
      if (spoiled < open.length) spoiled = open.length;
      top = open.at(-1);
    }
    if (pos >= text.length) break;
    const code = text.charCodeAt(pos);
    const image = code === BANG && text.charCodeAt(pos + 1) === OPEN_BRACKET;
    const found = image ? scan.linkAt(pos + 1) : code === OPEN_BRACKET ? scan.linkAt(pos) : null;
    // In a link's text a backslash escapes the next character, as where the text closes was read.
    if (found === null) pos += code === BACKSLASH && open.length > 0 ? 2 : 1;
    else {
      const link = { start: pos, end: found.end, image, destination: found.destination, textEnd: found.textEnd };
      if (image) {
        out.push(link);
        pos = found.end;
      } else {
        open.push(link);
        pos += 1;
      }
    }
  }
  return out;
}

/** Takes `link` (its text held no link) in place of the images found in its text, and gives where reading goes on: after the link, never back. */
function accept(out: MarkdownLink[], link: MarkdownLink, pos: number): number {
  while (out.length > 0 && (out.at(-1) as MarkdownLink).start > link.start) out.pop();
  out.push(link);
  return Math.max(pos, link.end);
}

class LinkScan {
  /** For each position, the `]` that closes text scanned from there, or -1; worked out when first asked. */
  private closes: Int32Array | null = null;
  private readonly positions = new Map<number, Int32Array>();

  constructor(private readonly text: string) {}

  /** The link whose text opens with the `[` at `bracket`, or null. */
  linkAt(bracket: number): { end: number; destination: string; textEnd: number } | null {
    const textEnd = (this.closes ??= textCloses(this.text))[bracket + 1] as number;
    const found = textEnd === -1 || this.text.charCodeAt(textEnd + 1) !== OPEN_PAREN ? null : this.destinationFrom(textEnd + 2);
    return found === null ? null : { ...found, textEnd };
  }

  /** The destination, optional title and `)` after `](`, or null when they do not form one. */
  private destinationFrom(afterParen: number): { end: number; destination: string } | null {
    const text = this.text;
    const start = skipJsWhitespace(text, afterParen);
    if (text.charCodeAt(start) === LESS_THAN) {
      const close = this.nextIndexOf('>', start + 1);
      const end = close === -1 ? -1 : this.closingFrom(close + 1);
      if (end !== -1) return { end, destination: text.slice(start, close + 1) };
    }
    const plainEnd = this.plainDestinationEnd(start);
    const end = this.closingFrom(plainEnd);
    if (end !== -1) return { end, destination: text.slice(start, plainEnd) };
    // The regex gives back one space before the destination: an empty destination, then a title.
    if (start > afterParen) {
      const emptyEnd = this.closingFrom(start - 1);
      if (emptyEnd !== -1) return { end: emptyEnd, destination: '' };
    }
    return null;
  }

  /** The end of `[^\s()]*(?:\([^\s()]*\)[^\s()]*)*` from `from`. */
  private plainDestinationEnd(from: number): number {
    const text = this.text;
    let i = this.plainRunEnd(from);
    while (text.charCodeAt(i) === OPEN_PAREN) {
      const inner = this.plainRunEnd(i + 1);
      if (text.charCodeAt(inner) !== CLOSE_PAREN) break;
      i = this.plainRunEnd(inner + 1);
    }
    return i;
  }

  private plainRunEnd(from: number): number {
    const text = this.text;
    let i = from;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === OPEN_PAREN || code === CLOSE_PAREN || isJsWhitespace(code)) break;
      i += 1;
    }
    return i;
  }

  /** The end of `(?:\s+(?:"…"|'…'|(…)))?\s*\)` from `from`, or -1. */
  private closingFrom(from: number): number {
    const text = this.text;
    const titleStart = skipJsWhitespace(text, from);
    if (titleStart > from) {
      const titleEnd = this.titleEnd(titleStart);
      if (titleEnd !== -1) {
        const paren = skipJsWhitespace(text, titleEnd);
        if (text.charCodeAt(paren) === CLOSE_PAREN) return paren + 1;
      }
    }
    return text.charCodeAt(titleStart) === CLOSE_PAREN ? titleStart + 1 : -1;
  }

  private titleEnd(at: number): number {
    const opener = this.text[at];
    const closer = opener === '"' || opener === "'" ? opener : opener === '(' ? ')' : null;
    if (closer === null) return -1;
    const close = this.nextIndexOf(closer, at + 1);
    return close === -1 ? -1 : close + 1;
  }

  /** The first position at or after `from` holding `char`, by binary search over its positions. */
  private nextIndexOf(char: string, from: number): number {
    let positions = this.positions.get(char.charCodeAt(0));
    if (!positions) {
      positions = positionsOf(this.text, char.charCodeAt(0));
      this.positions.set(char.charCodeAt(0), positions);
    }
    const index = countBelow(positions, from);
    return index < positions.length ? (positions[index] as number) : -1;
  }
}

function positionsOf(text: string, code: number): Int32Array {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === code) count += 1;
  const out = new Int32Array(count);
  let next = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === code) out[next++] = i;
  return out;
}

/**
 * For each position of `text` (and its end), the first `]` that no `[` after the position balances,
 * reading `\` as escaping the next character (not a line break), or -1 when a `[` stays open, a
 * `\` ends the text or a line, or no such `]` follows. Right to left, each position from the ones
 * after it: linear.
 */
function textCloses(text: string): Int32Array {
  const out = new Int32Array(text.length + 2).fill(-1);
  for (let i = text.length - 1; i >= 0; i -= 1) {
    const code = text.charCodeAt(i);
    if (code === CLOSE_BRACKET) out[i] = i;
    else if (code === BACKSLASH) out[i] = i + 1 >= text.length || isLineTerminator(text.charCodeAt(i + 1)) ? -1 : (out[i + 2] as number);
    else if (code === OPEN_BRACKET) {
      const inner = out[i + 1] as number;
      out[i] = inner === -1 ? -1 : (out[inner + 1] as number);
    } else out[i] = out[i + 1] as number;
  }
  return out;
}

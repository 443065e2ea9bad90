// A hand-written scanner for inline markdown links `[text](destination "title")`, in place of a
// regular expression that backtracked: from every `[` it could rescan the rest of a paragraph, so a
// run of escaped brackets cost time quadratic in its length. It finds the same links as
//
//   /(!?)\[((?:[^[\]\\]|\\.|\[[^[\]]*\])*)\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g
//
// (test/node/corpus/scanner-equivalence.test.ts) in linear time: the link text from a given
// position is decided by that position alone, so a position an earlier attempt already scanned is
// never scanned again (that attempt failed, or the search would have jumped past it), and the
// closing `>`, quote or parenthesis is found by binary search.
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

/** Every inline link in `text`, left to right, as the global regex above would find them. */
export function markdownLinks(text: string): MarkdownLink[] {
  const scan = new LinkScan(text);
  const out: MarkdownLink[] = [];
  let pos = 0;
  while (pos < text.length) {
    const code = text.charCodeAt(pos);
    const image = code === BANG && text.charCodeAt(pos + 1) === OPEN_BRACKET;
    const found = image ? scan.linkAt(pos + 1) : code === OPEN_BRACKET ? scan.linkAt(pos) : null;
    if (found) {
      out.push({ start: pos, end: found.end, image, destination: found.destination, textEnd: found.textEnd });
      pos = found.end;
    } else {
      pos += 1;
    }
  }
  return out;
}

class LinkScan {
  /**
   * 1 at each position where an earlier attempt stood outside nested brackets. The search resumes
   * after a link it finds, so a later attempt reaching a marked position follows a failed one.
   */
  private scanned: Uint8Array | null = null;
  private readonly positions = new Map<number, Int32Array>();

  constructor(private readonly text: string) {}

  /** The link whose text opens with the `[` at `bracket`, or null. */
  linkAt(bracket: number): { end: number; destination: string; textEnd: number } | null {
    const textEnd = this.linkTextEnd(bracket + 1);
    const found = textEnd === -1 || this.text.charCodeAt(textEnd + 1) !== OPEN_PAREN ? null : this.destinationFrom(textEnd + 2);
    return found === null ? null : { ...found, textEnd };
  }

  /**
   * The `]` that ends the link text scanned from `from`, or -1. Outside nested brackets a `\`
   * escapes the next character (not a line break), `[` must close before any other bracket, and
   * the first other `]` ends the text.
   */
  private linkTextEnd(from: number): number {
    const text = this.text;
    const scanned = (this.scanned ??= new Uint8Array(text.length + 1));
    let i = from;
    while (i < text.length) {
      if (scanned[i] === 1) return -1;
      scanned[i] = 1;
      const code = text.charCodeAt(i);
      if (code === CLOSE_BRACKET) return i;
      if (code === BACKSLASH) {
        if (i + 1 >= text.length || isLineTerminator(text.charCodeAt(i + 1))) return -1;
        i += 2;
      } else if (code === OPEN_BRACKET) {
        let k = i + 1;
        while (k < text.length && text.charCodeAt(k) !== OPEN_BRACKET && text.charCodeAt(k) !== CLOSE_BRACKET) k += 1;
        if (text.charCodeAt(k) !== CLOSE_BRACKET) return -1;
        i = k + 1;
      } else {
        i += 1;
      }
    }
    return -1;
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

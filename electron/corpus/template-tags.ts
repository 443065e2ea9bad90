// Template tags taken out of markdown that is run through a template engine before it is published
// (`x.html.md.erb` in a Middleman tech-docs site, `x.md.j2`), so chunks hold the prose, not
// `<%= partial "x" %>`. One pass with indexOf; an opening tag with no closing one is left as it is.
import type { TemplateSyntax } from './markdown-extensions';

const TAGS: Readonly<Record<TemplateSyntax, ReadonlyArray<readonly [string, string]>>> = {
  erb: [['<%', '%>']],
  jinja: [
    ['{%', '%}'],
    ['{{', '}}'],
    ['{#', '#}'],
  ],
  mustache: [['{{', '}}']],
};

/** The text with every complete tag of `syntax` removed, and how many were removed. */
export function stripTemplateTags(text: string, syntax: TemplateSyntax): { text: string; removed: number } {
  const openings = new Openings(text, TAGS[syntax]);
  const out: string[] = [];
  let copied = 0;
  let removed = 0;
  for (let next = openings.after(0); next !== null; next = openings.after(copied)) {
    const close = text.indexOf(next.close, next.at + next.open.length);
    if (close === -1) {
      // No closing tag after this opening means none after any later opening of the same kind.
      openings.exhaust(next.open);
      continue;
    }
    out.push(text.slice(copied, next.at));
    copied = close + next.close.length;
    removed += 1;
  }
  out.push(text.slice(copied));
  return { text: out.join(''), removed };
}

/** The next opening tag of each kind, each found by a search that only moves forward. */
class Openings {
  private readonly next: Array<{ open: string; close: string; at: number }>;

  constructor(
    private readonly text: string,
    pairs: ReadonlyArray<readonly [string, string]>,
  ) {
    this.next = pairs.map(([open, close]) => ({ open, close, at: -2 }));
  }

  /** The nearest opening at or after `from`. */
  after(from: number): { at: number; open: string; close: string } | null {
    let best: { at: number; open: string; close: string } | null = null;
    for (const entry of this.next) {
      if (entry.at !== -1 && entry.at < from) entry.at = this.text.indexOf(entry.open, from);
      if (entry.at !== -1 && (best === null || entry.at < best.at)) best = entry;
    }
    return best === null ? null : { ...best };
  }

  exhaust(open: string): void {
    for (const entry of this.next) if (entry.open === open) entry.at = -1;
  }
}

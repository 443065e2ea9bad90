// A decision log: one file that holds many decision records as sections (`DECISIONS.md` with
// `### ADR-005: Tailwind CSS` … `### ADR-007: SCSS`, arc42's chapter 9). Loaded as one document, its
// superseded sections read as current as any text; each section is a record of its own instead.
import { visibleLines } from './adr-lines';
import { atxHeading } from './markdown-line-scan';

/** A slice of a decision log: a record's section (its number), or text between them (the preamble, an appendix). */
export interface LogPart {
  readonly number: string | null;
  readonly start: number;
  readonly end: number;
}

// A record's heading: `ADR-005: Title`, `ADR 5 - Title`, `Decision 12. Title`, `DR-3 Title`; not `ADR process`.
const RECORD_HEADING = /^(?:adr|decision|dr)[-_ #]*(\d{1,5})(?![\d])(?:\s*[:.)\-–—]\s*|\s+)\S/i;
/** Fewer sections than this make no log: one `## ADR-1 follow-ups` heading in a roadmap is a section. */
const MIN_SECTIONS = 2;

const recordNumber = (text: string) => RECORD_HEADING.exec(text.replace(/^[*_`]+/, ''))?.[1];

/**
 * A decision log's parts in order, covering its whole body: each record's section (a heading of one
 * level, the level most record headings share, whose text names a record, running to the next
 * record heading of that level or to a heading above it) and the text around them (the preamble, an
 * appendix under a higher heading); null when the body is not a log. Headings in fenced code and
 * comments do not count.
 */
export function decisionLogParts(body: string): LogPart[] | null {
  const offsets: number[] = [];
  let at = 0;
  for (const line of body.split('\n')) {
    offsets.push(at);
    at += line.length + 1;
  }
  const headings = visibleLines(body).flatMap((line) => {
    const heading = atxHeading(line.text);
    return heading ? [{ level: heading.level, number: recordNumber(heading.text.trim()), start: offsets[line.index] ?? 0 }] : [];
  });
  const byLevel = new Map<number, number>();
  for (const heading of headings)
    if (heading.level > 1 && heading.number !== undefined) byLevel.set(heading.level, (byLevel.get(heading.level) ?? 0) + 1);
  const [level, count] = [...byLevel.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [0, 0];
  if (count < MIN_SECTIONS) return null;
  // Where each part starts: a record heading of the level, or a heading above it.
  const cuts = headings.filter((heading) => heading.level < level || (heading.level === level && heading.number !== undefined));
  const parts: LogPart[] = [];
  let from = 0;
  let number: string | null = null;
  for (const cut of cuts) {
    if (cut.start > from) parts.push({ number, start: from, end: cut.start });
    from = cut.start;
    number = cut.level === level ? (cut.number ?? null) : null;
  }
  parts.push({ number, start: from, end: body.length });
  // Parts of the preamble and appendices are joined when they run on from one another.
  return parts.reduce<LogPart[]>((out, part) => {
    const previous = out.at(-1);
    if (previous && previous.number === null && part.number === null) out[out.length - 1] = { ...previous, end: part.end };
    else out.push(part);
    return out;
  }, []);
}

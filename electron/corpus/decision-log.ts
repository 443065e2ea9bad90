// A decision log: one file that holds many decision records as sections (`DECISIONS.md` with
// `### ADR-005: Tailwind CSS` … `### ADR-007: SCSS`, arc42's chapter 9). Loaded as one document, its
// superseded sections read as current as any text; each section is a record of its own instead.
import { visibleLines } from './adr-lines';
import { dateOfName } from './adr-path';
import { atxHeading } from './markdown-line-scan';

/**
 * A slice of a decision log: a record's section (its number, and the prefix its series writes before
 * it: `ADR-`, or a series' own `DEC-`), or text between them (the preamble, an appendix).
 */
export interface LogPart {
  /** The record's number; for a dated section ({@link DATED_PREFIX}), the name it is read by (`2024-03-01-use-sqlite`). */
  readonly number: string | null;
  /**
   * `ADR-` for a record of the ADR form (`ADR-005`, `Decision 12`, `DR-3`), a series' prefix as written
   * (`DEC-`, `D-`, `AD-`) otherwise, or {@link DATED_PREFIX} for a section whose heading is a date and a title.
   */
  readonly prefix: string;
  readonly start: number;
  readonly end: number;
}

/** The prefix of records of the ADR form, however their headings write it. */
export const ADR_PREFIX = 'ADR-';
/** What a log's sections headed by a date and a title (`## 2024-03-01: Use SQLite`) go by instead of a prefix. */
export const DATED_PREFIX = '';

// A record's heading: `ADR-005: Title`, `ADR 5 - Title`, `Decision 12. Title`, `DR-3 Title`; not `ADR process`.
const RECORD_HEADING = /^(?:adr|decision|dr)[-_ #]*(\d{1,5})(?![\d])(?:\s*[:.)\-–—]\s*|\s+)\S/i;
// A record of a series of its own, in capitals: a letter or a few and a dash before its number (`DEC-002: Title`,
// `D-013 — Title`, `AD-7: Title`, `ARCH-004 Title`), or without the dash before three digits or more (`DEC002 Title`);
// then its title, after a separator or a space. A dash glued to the number is no separator (`Q3-2024 goals`), nor is
// a letter and a digit without a dash a series (`H1 plan`). Anchored, each quantifier followed by another class: linear.
// A series' number may also be a date (`DEC-20240301: Use SQLite`), and only then may a slug follow it after a
// dash, as the whole id (`DEC-20240301-use-sqlite`).
const SERIES_HEADING =
  /^([A-Z]{1,5}-|[A-Z]{1,5}(?=\d{3}))(?:(\d{1,5})|((?:19|20)\d{6}))(?!\d)(?:\s*[:.)]\s*|\s+[-–—]\s+|\s*[–—]\s*|\s+|(?<=\d{8})-(?=[a-z\d]))\S/;
// A section headed by a date and its title, as a dated decision log writes it (`## 2024-03-01: Use SQLite`,
// `## 2024-03-01 — Use SQLite`); a date alone (a changelog's `## 2024-03-01`) is no record's heading.
const DATED_HEADING = /^(?:19|20)\d\d-\d\d-\d\d(?:\s*[:.)]\s*|\s+[-–—]\s+|\s*[–—]\s*|\s+)(?=\S)/;
/** Fewer sections than this make no log: one `## ADR-1 follow-ups` heading in a roadmap is a section. */
const MIN_SECTIONS = 2;

/**
 * The name a dated section is read by: its heading as GitHub anchors it (`2024-03-01: Use SQLite` →
 * `2024-03-01-use-sqlite`), letters and digits in lower case, spaces as dashes, other marks dropped.
 */
export function headingSlug(text: string): string {
  return [...text.trim().toLowerCase()].map((char) => (char === ' ' ? '-' : /^[\p{L}\p{N}_-]$/u.test(char) ? char : '')).join('');
}

/** The record a heading's text names: its number and its series' prefix; undefined when it names none. */
function recordOf(text: string): { number: string; prefix: string } | undefined {
  const plain = text.replace(/^[*_`]+/, '');
  const adr = RECORD_HEADING.exec(plain)?.[1];
  if (adr !== undefined) return { number: adr, prefix: ADR_PREFIX };
  const series = SERIES_HEADING.exec(plain);
  const dated = series?.[3];
  if (series && (dated === undefined || dateOfName(dated) !== null))
    return { number: series[2] ?? (dated as string), prefix: series[1] as string };
  const day = DATED_HEADING.exec(plain);
  return day && dateOfName(plain.slice(0, 10)) !== null ? { number: headingSlug(plain), prefix: DATED_PREFIX } : undefined;
}

/**
 * A decision log's parts in order, covering its whole body: each record's section (a heading of one
 * level and one series, the level and series most record headings share, ADR's before another's of as
 * many, whose text names a record, running to the next record heading of that level and series or to
 * a heading above it) and the text around them (the preamble, an appendix under a higher heading);
 * null when the body is not a log. Headings in fenced code and comments do not count.
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
    return heading ? [{ level: heading.level, record: recordOf(heading.text.trim()), start: offsets[line.index] ?? 0 }] : [];
  });
  // How many record headings each level and series has.
  const groups = new Map<string, { level: number; prefix: string; count: number }>();
  for (const { level, record } of headings) {
    if (level === 1 || record === undefined) continue;
    const key = `${level}\u0000${record.prefix}`;
    const group = groups.get(key) ?? { level, prefix: record.prefix, count: 0 };
    groups.set(key, { ...group, count: group.count + 1 });
  }
  const isAdr = (prefix: string) => (prefix === ADR_PREFIX ? 0 : 1);
  const chosen = [...groups.values()].sort((a, b) => b.count - a.count || isAdr(a.prefix) - isAdr(b.prefix) || a.level - b.level)[0];
  if (chosen === undefined || chosen.count < MIN_SECTIONS) return null;
  const { level, prefix } = chosen;
  const ofLog = (heading: (typeof headings)[number]) => heading.level === level && heading.record?.prefix === prefix;
  // Where each part starts: a record heading of the level and series, or a heading above it.
  const cuts = headings.filter((heading) => heading.level < level || ofLog(heading));
  const parts: LogPart[] = [];
  let from = 0;
  let number: string | null = null;
  for (const cut of cuts) {
    if (cut.start > from) parts.push({ number, prefix, start: from, end: cut.start });
    from = cut.start;
    number = ofLog(cut) ? (cut.record?.number ?? null) : null;
  }
  parts.push({ number, prefix, start: from, end: body.length });
  // Parts of the preamble and appendices are joined when they run on from one another.
  return parts.reduce<LogPart[]>((out, part) => {
    const previous = out.at(-1);
    if (previous && previous.number === null && part.number === null) out[out.length - 1] = { ...previous, end: part.end };
    else out.push(part);
    return out;
  }, []);
}

// A decision log: one file that holds many decision records as sections (`DECISIONS.md` with
// `### ADR-005: Tailwind CSS` … `### ADR-007: SCSS`, arc42's chapter 9). Loaded as one document, its
// superseded sections read as current as any text; each section is a record of its own instead.
import { visibleLines } from './adr-lines';
import { dateOfName } from './adr-path';
import { normaliseAdrStatus } from './adr-status';
import { atxHeading, DATE_META_KEYS, isDelimiterRow, RECORD_ID_KEYS, STATUS_META_KEYS, tableCells } from './markdown-line-scan';

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
  /** For a row of a log kept as a table, the record it writes, as a record's file would (`# DEC-002: Use Postgres`, `Status: …`). */
  readonly record?: string;
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
// dash, as the whole id (`DEC-20240301-use-sqlite`); a letter or one or two digits after the dash, then the
// title, tell records of one day apart and are part of the id (`DEC-20240301-a Use SQLite`, `DEC-20240301-b: …`).
const SERIES_HEADING =
  /^([A-Z]{1,5}-|[A-Z]{1,5}(?=\d{3}))(?:(\d{1,5})|((?:19|20)\d{6}(?:-(?:[A-Za-z]|\d\d?)(?=[\s:.)–—]))?))(?!\d)(?:\s*[:.)]\s*|\s+[-–—]\s+|\s*[–—]\s*|\s+|(?<=\d{8})-(?=[a-z\d]))\S/;
/**
 * A section headed by a date and its title, as a dated decision log writes it (`## 2024-03-01: Use SQLite`,
 * `## 2024-03-01 — Use SQLite`), up to the title; a date alone (a changelog's `## 2024-03-01`) is no record's
 * heading. A reference to such an entry by its date and title is written so too ("Superseded by 2024-06-15: Use Postgres").
 */
export const DATED_HEADING = /^(?:19|20)\d\d-\d\d-\d\d(?:\s*[:.)]\s*|\s+[-–—]\s+|\s*[–—]\s*|\s+)(?=\S)/;
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

// A record's id as a log's table writes it in a cell of its own: `ADR-005`, `Decision 12`, `0005`, `#5`,
// a series' `DEC-002` or `D-013`, or a series numbered by the day (`DEC-20240301`). Anchored: linear.
const ADR_ID_CELL = /^(?:(?:adr|decision|dr)[-_ #]*|#)?(\d{1,5})$/i;
// An id column named for records (`ADR`, `ADR #`, `Decision ID`): only there is a bare number (`5`, `#5`) a record's.
const RECORD_ID_COLUMN = /^(?:adr|decision)\b/;
const SERIES_ID_CELL = /^([A-Z]{1,5}-|[A-Z]{1,5}(?=\d{3}))(\d{1,5}|(?:19|20)\d{6}(?:-(?:[A-Za-z]|\d\d?))?)$/;
// A cell that is one link: `[ADR-0005](0005-x.md)`. Each class excludes the character that ends it: linear.
const LINK_CELL = /^\[([^\]]*)\]\(([^)]*)\)$/;
// The names of a log's columns, lower case: the record's id, its title, its successor and its predecessor.
const TITLE_COLUMNS = new Set(['title', 'decision', 'name', 'subject', 'summary', 'topic']);
const SUCCESSOR_COLUMNS = new Set(['superseded by', 'replaced by', 'successor']);
const PREDECESSOR_COLUMNS = new Set(['supersedes', 'replaces', 'predecessor']);
// Columns an index of records kept elsewhere names their files in (`| ADR | Title | Status | File |`).
const FILE_COLUMNS = new Set(['file', 'filename', 'path', 'link', 'document', 'doc', 'record', 'location']);
// A document's file name at the end of a path: `0005-x.md`, `0005-x.html`.
const DOCUMENT_FILE = /\.(?:md|markdown|mdx|adoc|rst|html?)$/i;
// A cell that names nothing: `—`, `-`, `n/a`, `none`.
const EMPTY_CELL = /^(?:[-–—/]*|n\/?a|none|tbd)$/i;

/** The record an id cell names; undefined when it names none, null when it links to a document (a table of contents). */
function idCell(cell: string, bareNumbers: boolean): { number: string; prefix: string } | undefined | null {
  const link = LINK_CELL.exec(cell);
  if (link && !(link[2] ?? '').startsWith('#')) return null;
  const text = (link?.[1] ?? cell).trim();
  const adr = ADR_ID_CELL.exec(text)?.[1];
  if (adr !== undefined) return bareNumbers || !/^#?\d/.test(text) ? { number: adr, prefix: ADR_PREFIX } : undefined;
  const series = SERIES_ID_CELL.exec(text);
  if (!series) return undefined;
  const digits = series[2] as string;
  return digits.length >= 8 && dateOfName(digits) === null ? undefined : { number: digits, prefix: series[1] as string };
}

/**
 * Whether a cell names a document's file: a link to one (`[Use X](0005-use-x.md)`), or its path, in a code
 * span or not (`` `docs/adr/0005-use-x.md` ``); an anchor of the page (`#dec-002`) or a web page is none.
 */
function namesDocument(cell: string): boolean {
  const file = documentPath(cell);
  return file !== '' && !/\s/.test(file) && DOCUMENT_FILE.test(file);
}

/** The columns of a table's header that make it a log: its id's, title's and status', and the rest by name. */
function logColumns(header: readonly string[]): { id: number; title: number; status: number; names: string[] } | null {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const id = names.findIndex((name) => RECORD_ID_KEYS.has(name));
  const title = names.findIndex((name, k) => k !== id && TITLE_COLUMNS.has(name));
  const status = names.findIndex((name) => STATUS_META_KEYS.has(name));
  return id === -1 || title === -1 || status === -1 ? null : { id, title, status, names };
}

/**
 * A record's row written out as a record file says it (`# DEC-002: Use Postgres`, `Status: Accepted`,
 * `Date: 2024-06-15`, "Superseded by DEC-003.") so that it is read as one; the other columns as `Name: value` lines.
 */
function rowAsRecord(cells: readonly string[], columns: NonNullable<ReturnType<typeof logColumns>>, id: string): string {
  const cell = (k: number) => (cells[k] ?? '').trim();
  const lines = [`# ${id}: ${cell(columns.title)}`, '', `Status: ${cell(columns.status)}`];
  const sentences: string[] = [];
  columns.names.forEach((name, k) => {
    const value = cell(k);
    if (k === columns.id || k === columns.title || k === columns.status || EMPTY_CELL.test(value)) return;
    if (SUCCESSOR_COLUMNS.has(name)) sentences.push(`Superseded by ${value}.`);
    else if (PREDECESSOR_COLUMNS.has(name)) sentences.push(`Supersedes ${value}.`);
    else lines.push(`${DATE_META_KEYS.has(name) ? 'Date' : header(name)}: ${value}`);
  });
  return [...lines, '', ...sentences, ''].join('\n');
}

/** A column's name as a line's key: `owner` → `Owner`. */
function header(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * A decision log kept as one table (`| ID | Title | Status | Date | Superseded by |`, a row a record):
 * the text before its first record row (the preamble, the header), each record row, and the text after
 * them, each row with the record it writes ({@link LogPart.record}); null when the body holds no such table.
 * A table whose ids link to documents (`[ADR-0005](0005-x.md)`) lists records kept elsewhere: an index, no log.
 */
export function decisionTableParts(body: string): LogPart[] | null {
  const offsets: number[] = [];
  let at = 0;
  const raw = body.split('\n');
  for (const line of raw) {
    offsets.push(at);
    at += line.length + 1;
  }
  const lines = visibleLines(body);
  for (let k = 0; k + 1 < lines.length; k += 1) {
    const head = lines[k] as { index: number; text: string };
    const headerCells = tableCells(head.text);
    const columns = headerCells ? logColumns(headerCells) : null;
    const delimiter = tableCells((lines[k + 1] as { text: string }).text);
    if (columns === null || delimiter === null || !isDelimiterRow(delimiter) || lines[k + 1]?.index !== head.index + 1) continue;
    const rows: Array<{ index: number; record: { number: string; prefix: string } | undefined; text: string }> = [];
    let r = k + 2;
    for (; r < lines.length && lines[r]?.index === head.index + (r - k); r += 1) {
      const cells = tableCells((lines[r] as { text: string }).text);
      if (cells === null) break;
      const record = idCell((cells[columns.id] ?? '').trim(), RECORD_ID_COLUMN.test(columns.names[columns.id] ?? ''));
      // A row whose title or file column names a document lists a record kept there: the table is an index.
      const listed = columns.names.some((name, c) => (c === columns.title || FILE_COLUMNS.has(name)) && namesDocument(cells[c] ?? ''));
      if (record === null || (record !== undefined && listed)) return null;
      const id = record ? `${record.prefix}${record.number}` : '';
      rows.push({ index: (lines[r] as { index: number }).index, record, text: record ? rowAsRecord(cells, columns, id) : '' });
    }
    const records = rows.filter((row) => row.record !== undefined);
    const ids = new Set(records.map((row) => `${row.record?.prefix}${row.record?.number}`));
    // A table that is no log is passed over whole: its rows are looked at once.
    if (records.length < MIN_SECTIONS || ids.size !== records.length) {
      k = r - 1;
      continue;
    }
    const prefix = (records[0]?.record as { prefix: string }).prefix;
    const parts: LogPart[] = [];
    let from = 0;
    for (const row of rows) {
      const start = offsets[row.index] ?? 0;
      const end = Math.min(body.length, (offsets[row.index] ?? 0) + (raw[row.index]?.length ?? 0) + 1);
      if (row.record === undefined) continue;
      if (start > from) parts.push({ number: null, prefix, start: from, end: start });
      parts.push({ number: row.record.number, prefix: row.record.prefix, start, end, record: row.text });
      from = end;
    }
    if (from < body.length) parts.push({ number: null, prefix, start: from, end: body.length });
    return parts;
  }
  return null;
}

/** A row of an index of records kept elsewhere: the file its id, title or file column links to, its status and successor as written. */
export interface IndexRow {
  /** The link's path as written, without its anchor (`0005-x.md`). */
  readonly file: string;
  readonly status: string;
  /** The `Superseded by` (`Replaced by`) column's value, null when empty or absent. */
  readonly successor: string | null;
}

/**
 * The rows of every table in `body` that lists records kept elsewhere with their status (`| ADR | Title |
 * Status |` whose id, title or `File` cell links to a document, as a folder's README or index does); a row
 * with an empty status says none and is left out. Also each list item linking to a document under a heading
 * that names a status (`## Superseded Records` over `- [0003 - X](0003-x.md)`), with that status.
 */
export function indexRows(body: string): IndexRow[] {
  const lines = visibleLines(body);
  const rows: IndexRow[] = [];
  let names: string[] | null = null;
  // The status a heading over a list of records names (`## Superseded Records`), until the next heading.
  let listed: string | null = null;
  for (let k = 0; k < lines.length; k += 1) {
    const text = (lines[k] as { text: string }).text;
    const heading = atxHeading(text);
    if (heading !== null) listed = heading.level >= 2 ? headingStatus(heading.text) : null;
    const item = listed === null ? null : LIST_LINK.exec(text);
    if (item && listed !== null && namesDocument(`[${item[1] ?? ''}](${item[2] ?? ''})`)) {
      rows.push({ file: documentPath(`[](${item[2] ?? ''})`), status: listed, successor: null });
      continue;
    }
    const cells = tableCells(text);
    if (cells === null) {
      names = null;
      continue;
    }
    const next = tableCells(lines[k + 1]?.text ?? '');
    if (next !== null && isDelimiterRow(next)) {
      names = cells.map((cell) => cell.trim().toLowerCase());
      k += 1;
      continue;
    }
    const status = names?.findIndex((name) => STATUS_META_KEYS.has(name)) ?? -1;
    if (names === null || status === -1) continue;
    const columns = names;
    const file = cells
      .map((cell, c) =>
        (RECORD_ID_KEYS.has(columns[c] ?? '') || TITLE_COLUMNS.has(columns[c] ?? '') || FILE_COLUMNS.has(columns[c] ?? '')) &&
        namesDocument(cell)
          ? documentPath(cell)
          : null,
      )
      .find((path) => path !== null);
    const said = (cells[status] ?? '').trim();
    if (file === undefined || file === null || EMPTY_CELL.test(said)) continue;
    const successor = cells.find((cell, c) => SUCCESSOR_COLUMNS.has(columns[c] ?? '') && !EMPTY_CELL.test(cell.trim()));
    rows.push({ file, status: said, successor: successor?.trim() ?? null });
  }
  return rows;
}

// A list item opening with a link (`- [0003 - SSVC Decision Points Versioning Rules](0003-x.md)`); linear: no class
// overlaps what ends it.
const LIST_LINK = /^[ \t]*[-*+][ \t]+\[([^\]]*)\]\(([^()\s]*)\)/;
// What a heading over a list of records may add to its status word: `Records`, `ADRs`, `Decisions`.
const LISTED_TAIL = /[ \t]+(?:records?|adrs?|decisions?|decision records?)$/i;

/**
 * The status a heading over a list of records names, as written (`## Superseded Records` → `Superseded`,
 * `## Accepted`, `### Deprecated ADRs`), as CERTCC/SSVC's index lists its records; null for any other heading
 * ("Records with non-standard statuses", "Status").
 */
function headingStatus(text: string): string | null {
  const plain = text.replace(/[*_]/g, '').trim();
  // A status and a word or two after it: a longer heading is none, and is not scanned for the tail.
  if (plain.length > 60) return null;
  const word = plain.replace(LISTED_TAIL, '').trim();
  if (word === '') return null;
  const status = normaliseAdrStatus(word);
  return status === null || status === 'unknown' ? null : word;
}

/** The path a cell that names a document gives (see {@link namesDocument}), without its anchor. */
function documentPath(cell: string): string {
  const text = cell.trim();
  const link = LINK_CELL.exec(text);
  const path = (link ? (link[2] ?? '') : text.replace(/^`+|`+$/g, '')).trim();
  return path.includes('#') ? path.slice(0, path.indexOf('#')) : path;
}

// Where an ADR writes its status, in the order they are trusted: front matter `status:`, a
// `## Status` section (adr-tools, Nygard), a `Status: X` line above the first `##` heading (MADR,
// often a list item or a blockquote), or a status line right under the title (`✅ Accepted`,
// `⌛️ Superseded by [x](y)`). Also the `Date:` line that sits beside them.
import { decisionDate, readDate, type DateRead } from './adr-date';
import type { Line } from './adr-lines';
import { STATUS_RANK, normaliseAdrStatus, readStatusPhrase, type AdrStatus } from './adr-status';
import { startsWithAsciiWordAt } from './char-class';
import {
  atxHeading,
  DATE_META_KEYS,
  isDelimiterRow,
  metaFields,
  metaLine,
  PROPOSAL_DATE_KEYS,
  RECORD_ID_KEYS,
  STATUS_META_KEYS,
  tableCells,
  WORD_DATE_KEYS,
} from './markdown-line-scan';

/**
 * Where the status came from: front matter, a `## Status` section, a MADR `Status:` line, the line
 * under the title, the record's own text saying it was superseded (it states no status), or nowhere.
 */
export type AdrStatusSource =
  'front_matter' | 'nygard' | 'madr' | 'under_title' | 'title' | 'statement' | 'folder' | 'file_name' | 'index' | 'none';

/** The status an ADR states about itself. */
export interface StatusField {
  /** The mapped status; `unknown` when the words are not in the vocabulary. */
  readonly status: AdrStatus;
  /** The one line (or value) that decided `status`, verbatim and trimmed. */
  readonly raw: string;
  /** Everything the status says, as written: the section's lines joined by line breaks, or the value. */
  readonly text: string;
  readonly source: Exclude<AdrStatusSource, 'none' | 'statement' | 'folder' | 'file_name' | 'index'>;
  /** Read from a badge (`![](https://img.shields.io/badge/status-active-green)`), which pages other than records carry too. */
  readonly badge?: true;
}

// Applied to a heading's text after its lead (see {@link headingLabel}), which holds no line
// terminator: the word, emphasis closing it (`**Status**`), a note in brackets (`상태 (Status)`,
// `Status（状態）`), then `:` or the end.
// A full date may open it (`2021-03-04 Status`: one state of a history, as a year alone does not).
const STATUS_HEADING =
  /^(?:(?<date>\d{4}-\d{2}-\d{2})\s+)?(?:status|estado|statut|stato|статус|durum|stav|상태|ステータス|状態|状态|狀態)[*_]*\s*(?:[(（](?<note>[^()（）]*)[)）]\s*)?(?:[:：][*_]*\s*(?<value>.*))?$/i;

/**
 * A heading's text from its label on: without the emoji or symbols before it (`📌 Status`), a section
 * number (`2. Status`, `3) Date`, `1.2 Status`) and the emphasis opening it (`**Status**`).
 */
function headingLabel(text: string): string {
  let i = 0;
  const chars = [...text];
  const isLabelStart = (char: string) => /^[\p{L}\p{N}]$/u.test(char);
  while (i < chars.length && !isLabelStart(chars[i] as string)) i += 1;
  let j = i;
  while (j < chars.length && ((chars[j] as string) === '.' || /^[0-9]$/.test(chars[j] as string))) j += 1;
  if (j > i) {
    let k = j;
    if (chars[k] === ')') k += 1;
    // A number closed by `.` or `)` or holding one (`2.`, `3)`, `1.2`): `2024 Status` is no section number.
    const closed = k > j || chars.slice(i, j).includes('.');
    const numbered = closed && /^[0-9]$/.test(chars[i] as string) && (chars[k] === ' ' || chars[k] === '\t');
    if (numbered) {
      while (chars[k] === ' ' || chars[k] === '\t') k += 1;
      i = k;
    }
  }
  while (chars[i] === '*' || chars[i] === '_') i += 1;
  return chars.slice(i).join('');
}

// The sections a decision record is written in (Nygard, MADR, Y-statements' parts, their translations),
// applied to a heading's label: the word or phrase, then no further letter.
const DECISION_HEADING =
  /^(?:context(?: and problem statement)?|problem statement|decision(?: outcome| drivers)?|consequences|considered options|options considered|rationale|alternatives(?: considered)?|kontext|entscheidung|konsequenzen|contexte|décision|conséquences|contexto|decisión|decisão|consecuencias|consequências|contesto|decisione|conseguenze|besluit|beslissing|gevolgen|контекст|решение|последствия|kontekst|decyzja|konsekwencje|rozhodnutí|důsledky|bağlam|karar|sonuçlar|konteks|keputusan|konsekuensi|맥락|배경|결정|결과|背景|决定|決定|决策|決策|后果|後果|結果|コンテキスト)(?![\p{L}])/iu;

/**
 * Whether the body has a section a decision record is written in (`## Context`, `## Decision`,
 * `## Consequences`, `## Considered Options`, `## 결정`, `## Entscheidung` …): what tells a record
 * from a runbook, a spec or a plan that carries a status of its own ("Active", "Completed").
 */
export function hasDecisionSection(lines: readonly Line[]): boolean {
  return lines.some((line) => {
    const text = atxHeading(line.text)?.text;
    if (text === undefined) return false;
    const label = headingLabel(text.trim());
    // `## Decision Metadata` holds a status and a date, as a plan's `## Metadata` does: it is no section a record is written in.
    return DECISION_HEADING.test(label) && !METADATA_HEADING.test(label);
  });
}

// A section of a record's metadata (`## Metadata`, `## Decision Metadata`, `## Document metadata`,
// `## Metadaten`, `## Métadonnées`, `## Metadatos`, `## 메타데이터`; also `## Document Information`,
// `## Document Control`, `## ADR Info`: information or control of a named thing, never alone), applied
// to a heading's label: anchored, each part a different character class, so linear.
const METADATA_HEADING =
  /^(?:(?:(?:decision|document|adr|record) )?(?:metadata|meta data|metadaten|métadonnées|metadatos|metadados|metadati|메타데이터|メタデータ|元数据|元數據)|(?:decision|document|adr|record) (?:information|info|control))[*_]*\s*[:：]?$/iu;
// How many lines under a metadata heading are read: its list or table is short.
const METADATA_LINES = 40;

/**
 * The `Status:` and `Date:` of a record's metadata section (`## Metadata` over `- Status: Accepted`,
 * `- Date: 2024-03-01`, or a table `| Status | Accepted |`), where templates that open with a section
 * keep them. Only that section's list items and table rows are read, up to the next heading or rule.
 * Marks the status line as read.
 */
export function metadataSectionMeta(
  lines: readonly Line[],
  excluded: Set<number>,
): { status: StatusField | null; date: string | null; start: string | null } {
  const start = lines.findIndex((l) => {
    const heading = atxHeading(l.text);
    return heading !== null && heading.level >= 2 && METADATA_HEADING.test(headingLabel(heading.text.trim()));
  });
  if (start === -1) return { status: null, date: null, start: null };
  const section: Line[] = [];
  for (const line of lines.slice(start + 1, start + 1 + METADATA_LINES)) {
    if (atxHeading(line.text) || THEMATIC_BREAK.test(line.text.trim())) break;
    section.push(line);
  }
  const found: Array<{ key: string; value: string; line: number }> = [];
  for (const [k, line] of section.entries()) {
    const table = tableMeta(section, k);
    if (table) found.push(...table);
    else if (LIST_ITEM.test(line.text)) {
      const meta = metaLine(line.text);
      if (meta?.key && meta.value) found.push({ key: meta.key.toLowerCase(), value: meta.value, line: line.index });
    }
  }
  let status: StatusField | null = null;
  let date: string | null = null;
  let proposed: string | null = null;
  for (const { key, value, line } of found) {
    if (STATUS_META_KEYS.has(key) && status === null) {
      const [said, dated] = besideStatus(value);
      status = { status: normaliseAdrStatus(said) ?? 'unknown', raw: said, text: said, source: 'madr' };
      if (dated !== null) date ??= dated;
      excluded.add(line);
    } else if (DATE_META_KEYS.has(key) && date === null && (!WORD_DATE_KEYS.has(key) || decisionDate(value) !== null)) date = value;
    else if (PROPOSAL_DATE_KEYS.has(key) && decisionDate(value) !== null) proposed ??= value;
  }
  return { status, date, start: proposed };
}

/** The status heading a line is, if any: `## Status`, `## 2. Status`, `## **Status**`, `### Status: Accepted`. */
function statusHeading(line: Line): RegExpExecArray | null {
  const text = atxHeading(line.text)?.text;
  return text === undefined ? null : STATUS_HEADING.exec(headingLabel(text.trim()));
}

/** The text of a line that is all one bold span and nothing more (`**Status**`, `__Context:__`), or null. */
function boldLabel(text: string): string | null {
  const trimmed = text.trim();
  const mark = trimmed.slice(0, 2);
  if ((mark !== '**' && mark !== '__') || trimmed.length < 5) return null;
  const colon = trimmed.endsWith(':') || trimmed.endsWith('：') ? 1 : 0;
  const inner = trimmed.slice(2, trimmed.length - colon);
  if (!inner.endsWith(mark)) return null;
  const label = inner.slice(0, -2);
  return label.trim() !== '' && !label.includes('*') && !label.includes('_') ? label : null;
}

/** True for a line that is a bold status label standing as a heading would (`**Status**`, `**Status:**`), with no value. */
function isStatusLabel(line: Line): boolean {
  const label = boldLabel(line.text);
  const found = label === null ? null : STATUS_HEADING.exec(headingLabel(label.trim()));
  return found !== null && (found.groups?.['value'] ?? '').trim() === '';
}
// `- [x] ` or `* [ ] `: a task list item, with the box's content.
const TASK_ITEM = /^[-*+]\s+\[([ xX])\]\s+/;
// A list item's bullet (`- `, `* `, `+ `), after any indent.
const LIST_ITEM = /^\s*[-*+]\s/;
// A thematic break (`---`, `***`, `_ _ _`), applied to a trimmed line: three or more of one mark, spaces between.
const THEMATIC_BREAK = /^(?:-[ \t]*){3,}$|^(?:\*[ \t]*){3,}$|^(?:_[ \t]*){3,}$/;
// How far down a MADR metadata list may sit when the file has no `##` heading to stop at.
const TOP_LINES = 40;
// What may follow a status word on a line under the title: nothing, a successor, a date, a note in
// brackets. Anything else ("Accepted practice is …") is prose that happens to start with the word.
const STATUS_LINE_TAILS = [
  'by ',
  'in favour',
  'in favor',
  'on ',
  'since ',
  'as of',
  'at ',
  'until ',
  'with ',
  'adr',
  '(',
  '[',
  ':',
  '-',
  '—',
  '–',
  ',',
  ';',
  '.',
  '→',
  '#',
  '에',
  '로',
  '으로',
];

/** The text of a line without a blockquote marker (`> Status: Accepted`). */
function unquoted(text: string): string {
  let i = 0;
  while (i < text.length && (text[i] === '>' || text[i] === ' ' || text[i] === '\t')) i += 1;
  return text.slice(i);
}

/**
 * The date a `## Date` (`## 날짜`, `## 日付`, `## Fecha`…) section holds: its first non-blank line,
 * when that is a date. Null without such a section or date.
 */
export function sectionDate(lines: readonly Line[]): DateRead | null {
  // A heading that holds its date, `## Date: 2026-07-02` under `## Status: Accepted`, as some records write both.
  for (const line of lines) {
    const text = atxHeading(line.text)?.text;
    const colon = text === undefined ? -1 : text.search(/[:：]/);
    if (text === undefined || colon === -1 || !DATE_META_KEYS.has(headingLabel(text.slice(0, colon).trim()).toLowerCase())) continue;
    const dated = readDate(
      text
        .slice(colon + 1)
        .replace(/[*_]/g, '')
        .trim(),
    );
    if (dated !== null) return dated;
  }
  const start = lines.findIndex((l) => {
    const text = atxHeading(l.text)?.text;
    return (
      text !== undefined &&
      DATE_META_KEYS.has(
        headingLabel(text.trim())
          .toLowerCase()
          .replace(/[*_]+$/, '')
          .replace(/[:：]$/, ''),
      )
    );
  });
  if (start === -1) return null;
  for (const line of lines.slice(start + 1)) {
    if (atxHeading(line.text)) return null;
    const text = line.text.replace(/[*_]/g, '').trim();
    if (text !== '') return readDate(text);
  }
  return null;
}

/** One state of a record's history: a row of a `| Date | Status |` table, or a dated status heading. */
interface DatedState {
  readonly date: string;
  readonly text: string;
  /** The date as written (`03/01/2024`), whose order the folder may have to decide. */
  readonly dateText: string;
}

/** A status section's lines as read: what it says, and the states of a history it gives with their dates. */
interface SectionRead {
  readonly statusLines: string[];
  readonly dated: DatedState[];
  /** The value of a date key in the section's rows or items of a key and its value (`| Date | 2026-09-24 |`). */
  readonly keyedDate: string | null;
}

/**
 * The `## Status` section, up to the next heading or a rule (`---`): its non-blank lines and the most
 * advanced status among them (superseded > partly superseded > deprecated/rejected > accepted > pending > proposed).
 * A history given with dates (rows of a `| Date | Status |` table, or several dated status headings,
 * `## 2021-03-04 Status`) counts by its latest state alone, and dates the record by the latest state
 * that took the decision (accepted or rejected); so does one dated heading (`## Status (2021-03-04)`).
 * Marks its lines as read, so they are not read again as body text.
 */
export function sectionStatus(
  lines: readonly Line[],
  excluded: Set<number>,
): { field: StatusField; lines: string[]; date: DateRead | null } | null {
  const starts = lines.flatMap((l, k) => (statusHeading(l) !== null || isStatusLabel(l) ? [k] : []));
  const first = starts[0];
  if (first === undefined) return null;
  // Several status headings each with its date are one record's history, each heading one state of it.
  const headingDates = starts.map((k) => statusHeading(lines[k] as Line)?.groups?.['date'] ?? null);
  const history = starts.length > 1 && headingDates.every((date) => date !== null);
  const reads = (history ? starts : [first]).map((k) => readSection(lines, k, excluded));
  const statusLines = reads.flatMap((read) => read.statusLines);
  // Nothing written, or no box ticked: the record states no status (its lines stay read, not statements).
  if (statusLines.length === 0) return null;
  const dated = history
    ? reads.flatMap((read, n) =>
        read.statusLines.map((text) => ({ date: headingDates[n] as string, text, dateText: headingDates[n] as string })),
      )
    : (reads[0] as SectionRead).dated;
  const latest = latestState(dated);
  const candidates =
    history && latest
      ? [latest.text]
      : latest
        ? [...statusLines.filter((l) => !dated.some((d) => d.text === l)), latest.text]
        : statusLines;
  let best: { status: AdrStatus; raw: string } | null = null;
  for (const line of candidates) {
    // A status badge under the heading (`![status](https://img.shields.io/badge/status-deprecated-red)`) says it, as under the title.
    const raw = (isBadgeLine(line) ? badgeStatus(line) : null) ?? line;
    const status = normaliseAdrStatus(raw);
    if (status !== null && (best === null || STATUS_RANK[status] > STATUS_RANK[best.status])) best = { status, raw };
  }
  const status = best?.status ?? 'unknown';
  const headingDate = history ? null : headingDateOf(lines[first] as Line);
  return {
    field: { status, raw: best?.raw ?? (statusLines[0] as string), text: statusLines.join('\n'), source: 'nygard' },
    lines: statusLines,
    date:
      dated.length > 0
        ? decisionOf(dated)
        : headingDate !== null && DECIDED.has(status)
          ? headingDate
          : (readDate(reads.find((read) => read.keyedDate !== null)?.keyedDate ?? '') ?? decisionOf(datedLines(statusLines))),
  };
}

// The states that take a decision, whose date is the decision's; a superseded state's date is the supersession's.
const DECIDED = new Set<AdrStatus>(['accepted', 'rejected']);

/** The date a status heading gives: before its label (`2021-03-04 Status`) or in its brackets (`Status (2021-03-04)`). */
function headingDateOf(line: Line): DateRead | null {
  const groups = statusHeading(line)?.groups;
  const date = groups?.['date'];
  return date !== undefined ? { date, text: date } : groups?.['note'] !== undefined ? readDate(groups['note'].trim()) : null;
}

// A list marker, a quote mark or emphasis before a line's own text.
const LINE_LEAD = /^[\s>*_+-]+/;

/**
 * The states of a history written as lines each opening with its date (`- 2024-03-05: Accepted`, `* 5 March 2024 —
 * Rejected`), as a history table's rows are: the line's date, as written, and the line.
 */
function datedLines(statusLines: readonly string[]): DatedState[] {
  return statusLines.flatMap((line) => {
    const text = line.replace(LINE_LEAD, '');
    const date = decisionDate(text);
    return date === null ? [] : [{ date, text: line, dateText: text }];
  });
}

/** The state with the latest date; of states dated alike, the one written last. Null for none. */
function latestState(states: readonly DatedState[]): DatedState | null {
  let latest: DatedState | null = null;
  for (const state of states) if (latest === null || state.date >= latest.date) latest = state;
  return latest;
}

/** The date of the latest state that took the decision (accepted or rejected); null when none did. */
function decisionOf(states: readonly DatedState[]): DateRead | null {
  const state = latestState(states.filter((s) => DECIDED.has(normaliseAdrStatus(s.text) ?? 'unknown')));
  return state === null ? null : { date: state.date, text: state.dateText };
}

/** Reads the status section whose heading is line `start`, marking its lines as read. */
function readSection(lines: readonly Line[], start: number, excluded: Set<number>): SectionRead {
  const heading = lines[start] as Line;
  // A bold label (`**Status**` over `Accepted`) heads no section: its status is the paragraph right under it.
  const labelled = statusHeading(heading) === null;
  excluded.add(heading.index);
  const statusLines: string[] = [];
  const dated: DatedState[] = [];
  const inline = statusHeading(heading)?.groups?.['value']?.trim();
  if (inline) statusLines.push(inline);
  // The Status column of a table of the record's history (`| Date | Status | Note |`), once its header is read, and its Date column.
  let statusColumn = -1;
  let dateColumn = -1;
  let keyedDate: string | null = null;
  // A row or list item of a key and its value (`| Status | Proposed |`, `- **Date:** 2026-09-24`): the
  // status key's value is said, the date key's dates the record, and other keys say nothing of either.
  const keyed = (pair: { key: string; value: string } | null): boolean => {
    if (pair === null || pair.value === '') return false;
    if (STATUS_META_KEYS.has(pair.key)) statusLines.push(pair.value);
    else if (DATE_META_KEYS.has(pair.key)) keyedDate ??= pair.value;
    else return false;
    return true;
  };
  for (const [k, line] of lines.slice(start + 1).entries()) {
    const trimmed = line.text.trim();
    // A rule closes the section as a heading does (a decision log's `---` between its records): it states nothing.
    if (atxHeading(line.text) || THEMATIC_BREAK.test(trimmed)) break;
    if (labelled && (boldLabel(trimmed) !== null || (trimmed === '' && statusLines.length > 0))) break;
    excluded.add(line.index);
    const cells = tableCells(trimmed);
    if (cells === null) {
      statusColumn = -1;
      if (LIST_ITEM.test(trimmed) && keyed(listItemKey(trimmed))) continue;
      // A date line of its own under the status (`Accepted` over `Date of decision: 2024-08-21`) dates the record; it says no status.
      const dateLine = LIST_ITEM.test(trimmed) ? null : listItemKey(trimmed);
      if (dateLine !== null && DATE_META_KEYS.has(dateLine.key) && decisionDate(dateLine.value) !== null && keyed(dateLine)) continue;
    } else if (isDelimiterRow(cells)) continue;
    else {
      const next = tableCells(lines[start + 2 + k]?.text ?? '');
      if (next !== null && isDelimiterRow(next)) {
        statusColumn = cells.findIndex((cell) => STATUS_META_KEYS.has(cell.toLowerCase()));
        dateColumn = cells.findIndex((cell) => DATE_META_KEYS.has(cell.toLowerCase()));
        // `| Field | Value |` heads a table of key and value rows: it says nothing itself.
        if (statusColumn !== -1 || cells.length === 2) continue;
      } else if (statusColumn !== -1) {
        // A row of the history says its status in that column, and its notes in the cells after it
        // (`| Superseded | by [ADR-7](…) |`); a row that leaves the status empty says none.
        const value = cells[statusColumn]?.trim() ?? '';
        const notes = cells.slice(statusColumn + 1).map((cell) => cell.trim());
        if (value === '') continue;
        const said = [value, ...notes.filter((note) => note !== '')].join(' — ');
        statusLines.push(said);
        const dateText = dateColumn === -1 ? '' : (cells[dateColumn]?.trim() ?? '');
        const date = decisionDate(dateText);
        if (date !== null) dated.push({ date, text: said, dateText });
        continue;
      } else if (keyed(keyOf(cells))) continue;
    }
    // A task list of the states (`- [x] Decided`, `- [ ] Superseded`): only the ticked ones are said.
    const box = TASK_ITEM.exec(trimmed);
    if (box) {
      if (box[1] !== ' ') statusLines.push(trimmed.slice(box[0].length).trim());
    } else if (trimmed !== '') statusLines.push(trimmed);
  }
  return { statusLines, dated, keyedDate };
}

/** A table row's first cell as a key (emphasis and a closing colon off, lower case) and its second as the value. */
function keyOf(cells: readonly string[]): { key: string; value: string } | null {
  if (cells.length < 2) return null;
  const cell = cells[0] ?? '';
  // Emphasis off both ends by a scan from each end (a regex `[*_]+$` would try every start of a long run).
  let from = 0;
  let to = cell.length;
  while (from < to && (cell[from] === '*' || cell[from] === '_')) from += 1;
  while (to > from && (cell[to - 1] === '*' || cell[to - 1] === '_')) to -= 1;
  return { key: cell.slice(from, to).replace(/:$/, '').toLowerCase(), value: (cells[1] ?? '').trim() };
}

/** A list item's key and value (`- **Status:** Rejected`), or null when the item is no `Key: value`. */
function listItemKey(text: string): { key: string; value: string } | null {
  const meta = metaLine(text);
  return meta?.key ? { key: meta.key.toLowerCase(), value: meta.value } : null;
}

/**
 * `Status:` and `Date:` lines above the first `##` heading (MADR lists, adr-tools date lines,
 * blockquotes), or the same in a table there: a header row naming them over a row of values
 * (`| Status | Date |`), or rows of a key and its value (`| Status | Accepted |`).
 */
export function topMeta(
  lines: readonly Line[],
  excluded: Set<number>,
): { status: StatusField | null; date: string | null; start: string | null } {
  let status: StatusField | null = null;
  let date: string | null = null;
  let start: string | null = null;
  const top = lines.slice(0, TOP_LINES);
  for (const [k, line] of top.entries()) {
    const heading = atxHeading(line.text);
    if (heading && heading.level >= 2) break;
    const table = tableMeta(top, k);
    if (table) {
      for (const found of table) {
        if (STATUS_META_KEYS.has(found.key) && status === null) {
          status = { status: normaliseAdrStatus(found.value) ?? 'unknown', raw: found.value, text: found.value, source: 'madr' };
          excluded.add(found.line);
        } else if (DATE_META_KEYS.has(found.key) && date === null && (!WORD_DATE_KEYS.has(found.key) || decisionDate(found.value) !== null))
          date = found.value;
        else if (PROPOSAL_DATE_KEYS.has(found.key)) start ??= decisionDate(found.value) !== null ? found.value : null;
      }
      continue;
    }
    // A line may write several fields (`Datum: 2026-08-18 · Status: akzeptiert`): each is read as a line of its own.
    for (const field of metaFields(unquoted(line.text))) {
      const meta = metaLine(field);
      if (!meta?.key || !meta.value) {
        date ??= dateWithoutColon(field);
        continue;
      }
      const key = meta.key.toLowerCase();
      // An RFC's `Start Date:`, or the date a record was proposed on (`Proposed: 2021-03-04`), dates a record that no
      // date of its decision does; it makes no page a record.
      if (PROPOSAL_DATE_KEYS.has(key)) {
        start ??= decisionDate(meta.value) !== null ? meta.value : null;
        continue;
      }
      if (STATUS_META_KEYS.has(key) && status === null) {
        const [value, dated] = besideStatus(meta.value);
        status = { status: normaliseAdrStatus(value) ?? 'unknown', raw: value, text: value, source: 'madr' };
        if (dated !== null && date === null) date = dated;
        excluded.add(line.index);
      } else if (!STATUS_META_KEYS.has(key) && date === null && (!WORD_DATE_KEYS.has(key) || decisionDate(meta.value) !== null)) {
        date = meta.value;
      }
    }
  }
  return { status, date, start };
}

/** A key and its value read from a table, with the index of the line the value is on. */
interface TableMeta {
  readonly key: string;
  readonly value: string;
  readonly line: number;
}

/**
 * What table row `k` of `lines` says of status and date: as a header row over a delimiter row, the
 * values under the status and date columns in the row after; as a row of a key and a value, that
 * pair. Null when the line is not a table row; empty when the row says neither.
 */
function tableMeta(lines: readonly Line[], k: number): TableMeta[] | null {
  // A table may sit in a blockquote (`>| Status | RFC |`).
  const cells = tableCells(unquoted((lines[k] as Line).text));
  if (cells === null || isDelimiterRow(cells)) return cells === null ? null : [];
  const delimiter = tableCells(unquoted(lines[k + 1]?.text ?? ''));
  if (delimiter !== null && isDelimiterRow(delimiter)) {
    const valuesLine = lines[k + 2];
    const values = tableCells(unquoted(valuesLine?.text ?? ''));
    // `| Status | Superseded by ADR-013 |` over `| Date | 2026-08-10 |`: a table of key and value
    // rows whose first row was written as its header. Its header is a pair when its second cell
    // reads as the key's value (a status, a date); `| Status | Date |` over `| Accepted | … |` is a header.
    const pair = headerPair(cells);
    if (pair) return [{ ...pair, line: (lines[k] as Line).index }];
    if (!valuesLine || values === null) return [];
    // A table of records (`| ADR | Title | Status |` over a row per record: an index, a log) gives no
    // record's own status: its Status column is each listed record's.
    const listsRecords =
      cells.some((header) => RECORD_ID_KEYS.has(header.toLowerCase())) && tableCells(unquoted(lines[k + 3]?.text ?? '')) !== null;
    if (listsRecords) return [];
    return cells.flatMap((header, column) => {
      const key = header.toLowerCase();
      const value = values[column]?.trim() ?? '';
      return isMetaKey(key) && value !== '' ? [{ key, value, line: valuesLine.index }] : [];
    });
  }
  const [first, second] = cells;
  const key = first?.toLowerCase().replace(/:$/, '') ?? '';
  return isMetaKey(key) && second !== undefined && second !== '' ? [{ key, value: second, line: (lines[k] as Line).index }] : [];
}

/** Whether a table's key names a record's status, its date or the date it was proposed on. */
const isMetaKey = (key: string) => STATUS_META_KEYS.has(key) || DATE_META_KEYS.has(key) || PROPOSAL_DATE_KEYS.has(key);

// A date key after a separator on the status line: `Accepted, amended by [0018](…) · **Date:** 2026-10-04`.
// Read on a line (no terminator); the separator, emphasis and key are single characters or words, so nothing backtracks.
const DATE_BESIDE = /\s[·•|—–]\s*(?:\*\*|__|\*|_)?(?:date|datum|fecha|data|tarih|tanggal|дата|날짜|日付|日期)(?:\*\*|__|\*|_)?\s*[:：]/iu;

/** A status value and the date written beside it on the same line after a separator, if any: `Accepted · Date: 2026-10-04`. */
function besideStatus(value: string): [string, string | null] {
  const found = DATE_BESIDE.exec(value);
  if (!found) return [value, null];
  const around = (char: string | undefined) => char === '*' || char === '_' || (char !== undefined && char.trim() === '');
  let start = found.index + found[0].length;
  let end = value.length;
  while (start < end && around(value[start])) start += 1;
  while (end > start && around(value[end - 1])) end -= 1;
  const date = value.slice(start, end);
  return [value.slice(0, found.index).trimEnd(), decisionDate(date) === null ? null : date];
}

/** A row of two cells that reads as a key and its value: a status key and a known status, or a date key and a date. */
function headerPair(cells: readonly string[]): { key: string; value: string } | null {
  if (cells.length !== 2) return null;
  const key = (cells[0] ?? '').toLowerCase().replace(/:$/, '');
  const value = (cells[1] ?? '').trim();
  if (STATUS_META_KEYS.has(key)) return (normaliseAdrStatus(value) ?? 'unknown') !== 'unknown' ? { key, value } : null;
  if (DATE_META_KEYS.has(key) || PROPOSAL_DATE_KEYS.has(key)) return decisionDate(value) !== null ? { key, value } : null;
  return null;
}

/** `Date 09/04/2018` or `Date - 2021-01-01`: a Date line whose colon was left out, when a real date follows. */
function dateWithoutColon(text: string): string | null {
  let i = 0;
  while (text[i] === '*' || text[i] === '_' || text[i] === ' ') i += 1;
  if (!startsWithAsciiWordAt(text, i, 'date')) return null;
  i += 4;
  const afterWord = i;
  while (text[i] === '*' || text[i] === '_' || text[i] === ' ' || text[i] === '\t' || text[i] === '-' || text[i] === '–' || text[i] === '—')
    i += 1;
  if (i === afterWord) return null;
  const value = text.slice(i).trim();
  return decisionDate(value) !== null ? value : null;
}

/**
 * A status line right under the title: the first line after the `# ` title (and any `Date:` line)
 * when it starts with a known status and goes on, if at all, with a successor, a date or a note —
 * `✅ Accepted`, `⌛️ Superseded by [2. X](0002-x.md)`, `**Rejected** (see ADR-4)`.
 */
export function statusUnderTitle(lines: readonly Line[], excluded: Set<number>): StatusField | null {
  const first = lines.findIndex((l) => l.text.trim() !== '');
  if (first === -1) return null;
  const titled = atxHeading((lines[first] as Line).text)?.level === 1;
  for (const line of lines.slice(titled ? first + 1 : first, first + TOP_LINES)) {
    const text = unquoted(line.text).trim();
    // `Proposed: 2021-03-04` alone under the title says the status with its date, as `Proposed (2021-03-04)` does.
    if (text === '' || (metaLine(text) && metaLine(text)?.key?.toLowerCase() !== 'proposed') || dateWithoutColon(text) !== null) continue;
    // A line of badges (`![Status](https://img.shields.io/badge/status-accepted-green)`): the status one says it, the rest are passed.
    if (isBadgeLine(text)) {
      const said = badgeStatus(text);
      if (said === null) continue;
      excluded.add(line.index);
      return { status: normaliseAdrStatus(said) ?? 'unknown', raw: said, text: said, source: 'under_title', badge: true };
    }
    if (atxHeading(text) || !isStatusLine(text)) return null;
    excluded.add(line.index);
    return { status: normaliseAdrStatus(text) ?? 'unknown', raw: text, text, source: 'under_title' };
  }
  return null;
}

// Badge services whose address carries a label and a message: shields.io (`badge/<label>-<message>-<colour>`,
// `--` a dash, `_` a space) and badgen (`badge/<label>/<message>/<colour>`).
const BADGE_HOSTS: ReadonlyArray<{ host: string; separator: '-' | '/' }> = [
  { host: 'img.shields.io/badge/', separator: '-' },
  { host: 'badgen.net/badge/', separator: '/' },
];
/** How many badges of one line are looked at. */
const MAX_BADGES = 12;

/** True for a line that opens with an image or a linked image (`![…](…)`, `[![…](…)](…)`, `<img …>`). */
function isBadgeLine(text: string): boolean {
  return text.startsWith('![') || text.startsWith('[![') || text.toLowerCase().startsWith('<img');
}

/** A badge's address part, decoded: `_` a space, `__` an underscore, `%20` a space. */
function badgePart(part: string): string {
  const spaced = part.replace(/__|_/g, (m) => (m === '_' ? ' ' : '_'));
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** The label and message of a shields.io badge path (`status-superseded%20by%20ADR--5-red`): split at single dashes. */
function shieldsParts(path: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < path.length; i += 1) {
    if (path[i] === '-' && path[i + 1] === '-') {
      part += '-';
      i += 1;
    } else if (path[i] === '-') {
      parts.push(part);
      part = '';
    } else part += path[i] as string;
  }
  parts.push(part);
  return parts;
}

/** The message of the first badge on the line whose label is a status key (`status`, `상태`…), or null. */
function badgeStatus(text: string): string | null {
  for (const { host, separator } of BADGE_HOSTS) {
    let at = text.indexOf(host);
    for (let seen = 0; at !== -1 && seen < MAX_BADGES; seen += 1, at = text.indexOf(host, at + host.length)) {
      const rest = text.slice(at + host.length);
      let end = 0;
      while (end < rest.length && !'?)"\' <>#'.includes(rest[end] as string)) end += 1;
      const path = rest.slice(0, end).replace(/\.(?:svg|png)$/i, '');
      const [label, message] = separator === '-' ? shieldsParts(path) : path.split('/');
      if (label !== undefined && message !== undefined && STATUS_META_KEYS.has(badgePart(label).trim().toLowerCase())) {
        const said = badgePart(message).trim();
        if (said !== '') return said;
      }
    }
  }
  return null;
}

/**
 * A status tagged on the record's title, in brackets before or after it (`# [DEPRECATED] 3. Use C`, `# 2. Use B
 * (Superseded)`, `# [Superseded by [ADR-0019](0019-x.md)] Push metrics`), as some teams mark a record they
 * retire without editing its text: the tag's words, when they are a status line. Null without such a tag.
 */
export function statusInTitle(lines: readonly Line[]): StatusField | null {
  const first = lines.find((l) => l.text.trim() !== '');
  const heading = first === undefined ? null : atxHeading(first.text);
  if (heading?.level !== 1 || !heading.text) return null;
  const text = heading.text.trim();
  for (const tag of [leadingTag(text), trailingTag(text)]) {
    const said = tag?.trim() ?? '';
    const status = said !== '' && isStatusLine(said) ? normaliseAdrStatus(said) : null;
    if (status !== null && status !== 'unknown') return { status, raw: said, text: said, source: 'title' };
  }
  return null;
}

const CLOSERS: Readonly<Record<string, string>> = { '[': ']', '(': ')' };

/** The text inside the brackets a title opens with (`[DEPRECATED]`, `(Rejected)`), nested brackets kept; null for none. */
function leadingTag(text: string): string | null {
  const open = text[0] ?? '';
  const close = CLOSERS[open];
  if (close === undefined) return null;
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === open) depth += 1;
    else if (text[i] === close && --depth === 0) return i < text.length - 1 ? text.slice(1, i) : null;
  }
  return null;
}

/** The text inside the brackets a title closes with (`(Superseded)`, `[Superseded by ADR-0010]`); null for none. */
function trailingTag(text: string): string | null {
  const close = text.at(-1) ?? '';
  const open = close === ']' ? '[' : close === ')' ? '(' : null;
  if (open === null) return null;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i -= 1) {
    if (text[i] === close) depth += 1;
    else if (text[i] === open && --depth === 0) return i > 0 ? text.slice(i + 1, -1) : null;
  }
  return null;
}

function isStatusLine(text: string): boolean {
  const phrase = readStatusPhrase(text);
  if (!phrase) return false;
  let i = 0;
  while (i < phrase.rest.length && (phrase.rest[i] === '*' || phrase.rest[i] === '_' || phrase.rest[i] === ' ' || phrase.rest[i] === '\t'))
    i += 1;
  const tail = phrase.rest.slice(i).toLowerCase();
  if (tail === '') return true;
  const code = tail.charCodeAt(0);
  return (code >= 0x30 && code <= 0x39) || STATUS_LINE_TAILS.some((start) => tail.startsWith(start));
}

/** How many `## Status` sections or `**Status**` labels (in any of the languages read) the lines hold: more than one is a digest of records, not one record. */
export function statusSectionCount(lines: readonly Line[]): number {
  // Dated status headings (`## 2021-03-04 Status`) are the states of one record's history: they count once.
  const dated = lines.filter((line) => statusHeading(line)?.groups?.['date'] !== undefined).length;
  return lines.filter((line) => statusHeading(line) !== null || isStatusLabel(line)).length - dated + (dated > 0 ? 1 : 0);
}

/**
 * The lines of the quotations and notes a record's sections hold, below its first `##` heading and outside a status
 * section. A quotation, a blockquote (`> …`) that is no GitHub callout, is someone else's words ("The vendor's notice
 * said: > This API has been superseded by v2."); a note is an aside of its section: a GitHub callout (`> [!NOTE]`), a
 * Docusaurus or MyST admonition (`:::note` … `:::`), an MkDocs one (`!!! note "…"` and its indented lines) or an
 * AsciiDoc one (`NOTE: …` and its paragraph, `[WARNING]` over a `====` block or a paragraph). A supersession or a
 * retired state either states ("> [!NOTE] > ADR-0001 was superseded by ADR-0007", `:::note Superseded by ADR-0007 in
 * the other team`) is not the record's. A blockquote or banner above the first `##` heading or in the status section
 * is the record's own. One pass.
 */
export function quotationLines(lines: readonly Line[], asciidoc = false): Set<number> {
  const out = new Set<number>();
  let inSections = false;
  let statusSection = false;
  // The note being read: a directive closed by its own run of colons, an MkDocs one by a line at the margin, an
  // AsciiDoc paragraph by a blank line, an AsciiDoc block by its `====` line.
  let note: { kind: 'directive'; colons: number } | { kind: 'mkdocs' | 'paragraph' } | { kind: 'block'; fence: string } | null = null;
  let blockNext = false;
  for (const line of lines) {
    const heading = atxHeading(line.text);
    // A note left open ends at the next section, so one unclosed `:::note` takes no more than its own.
    if (heading !== null && (heading.level === 2 || statusHeading(line) !== null)) note = null;
    if (note === null && heading !== null && heading.level >= 2) {
      if (heading.level === 2 || statusHeading(line) !== null) statusSection = statusHeading(line) !== null;
      inSections = true;
      blockNext = false;
      continue;
    }
    const aside = inSections && !statusSection;
    const trimmed = line.text.trim();
    if (note !== null) {
      if (aside) out.add(line.index);
      if (
        note.kind === 'directive'
          ? /^:+$/.test(trimmed) && trimmed.length === note.colons
          : note.kind === 'block'
            ? trimmed === note.fence
            : note.kind === 'paragraph'
              ? trimmed === ''
              : trimmed !== '' && !/^(?: {4}|\t)/.test(line.text)
      ) {
        const atMargin = note.kind === 'mkdocs';
        note = null;
        if (!atMargin) continue;
        out.delete(line.index);
      } else continue;
    }
    if (blockNext) {
      blockNext = false;
      if (/^={4,}$/.test(trimmed)) {
        note = { kind: 'block', fence: trimmed };
        if (aside) out.add(line.index);
        continue;
      }
      if (trimmed !== '') {
        note = { kind: 'paragraph' };
        if (aside) out.add(line.index);
        continue;
      }
    }
    const opened = noteOpening(trimmed, asciidoc);
    if (opened !== null) {
      if (aside) out.add(line.index);
      if (opened === 'block') blockNext = true;
      else note = opened === 'directive' ? { kind: 'directive', colons: /^:+/.exec(trimmed)?.[0].length ?? 3 } : { kind: opened };
      continue;
    }
    if (aside && trimmed.startsWith('>')) out.add(line.index);
  }
  return out;
}

// AsciiDoc's admonition labels, as a paragraph opens with one (`NOTE: …`) or a block is styled with one (`[WARNING]`).
const ASCIIDOC_ADMONITION = /^(?:NOTE|TIP|IMPORTANT|CAUTION|WARNING):\s/;
const ASCIIDOC_ADMONITION_STYLE = /^\[(?:NOTE|TIP|IMPORTANT|CAUTION|WARNING)\]$/;

/**
 * What kind of note a line opens, if any: `:::note`, `!!! note "…"` / `??? note`, and in AsciiDoc a `NOTE: …` paragraph
 * or a `[NOTE]` style line (in markdown, "NOTE: This decision supersedes ADR-3." is the record's own sentence).
 */
function noteOpening(trimmed: string, asciidoc: boolean): 'directive' | 'mkdocs' | 'paragraph' | 'block' | null {
  if (/^:{3,}[{\w]/.test(trimmed)) return 'directive';
  if (/^(?:!!!|\?\?\?\+?)\s*[A-Za-z]/.test(trimmed)) return 'mkdocs';
  if (!asciidoc) return null;
  if (ASCIIDOC_ADMONITION.test(trimmed)) return 'paragraph';
  return ASCIIDOC_ADMONITION_STYLE.test(trimmed) ? 'block' : null;
}

// A section keeping a record's history as dated lines (cosmos-sdk's `## Changelog` over `- 2021-11-13: Accepted`).
const CHANGELOG_HEADING = /^(?:changelog|change[ -]log|changes|history|revision history|version history|document history)[*_]*[:：]?$/i;

/**
 * The date a record's changelog says it was accepted or rejected (`## Changelog` over `- 2019-11-06: Initial Draft`,
 * `- 2021-11-13: Accepted`): the latest of its dated lines that is a decided state alone. Null when none says so;
 * a draft's or an update's date is no decision's.
 */
export function changelogDecision(lines: readonly Line[]): DateRead | null {
  let level = 0;
  const entries: string[] = [];
  for (const line of lines) {
    const heading = atxHeading(line.text);
    if (heading !== null) {
      if (level > 0 && heading.level <= level) break;
      if (level === 0 && heading.level >= 2 && CHANGELOG_HEADING.test(headingLabel(heading.text.trim()))) level = heading.level;
      continue;
    }
    if (level > 0 && line.text.trim() !== '') entries.push(line.text);
  }
  return entries.length === 0 ? null : decisionOf(datedLines(entries));
}

// Hand-written scanners for markdown lines: an ATX heading and a MADR `Status:` / `Date:` line (the
// document's title is read in document-title.ts, outside fenced code). Each replaces a regular expression whose adjacent quantifiers
// backtracked (a 4 KB heading took a minute, a 4 KB status line half a minute); each gives the same
// result as that expression on every input (test/node/corpus/scanner-equivalence.test.ts) and
// runs in time linear in the line.
import { hasLineTerminator, isJsWhitespace, isSpaceOrTab, skipJsWhitespace, startsWithAsciiWordAt } from './char-class';

/** An ATX heading line: its level (number of `#`) and its text without the closing `#` sequence. */
export interface AtxHeading {
  readonly level: number;
  readonly text: string;
}

/** A `Status:` / `Date:` line: the key as written (`Status`, `상태`, …) and its value without emphasis markers. */
export interface MetaLine {
  readonly key: string;
  readonly value: string;
}

const HASH = 0x23;
const SPACE = 0x20;
const COLON = 0x3a;
// English (also `Decision status`, `ADR status`, `RFC status` (getsentry/rfcs' list over the title), `Decision date`, as metadata lists name them beside
// an `Implementation status` that is no decision's status; `Decided`, `Date decided` beside `Raised`
// or `Proposed`; `Date accepted` beside `Date proposed`, `Date of decision`), then Spanish and Portuguese (estado, fecha, data), French (statut), Italian (stato),
// `Start date` (an RFC's, as rust-lang/rfcs and getsentry/rfcs open with it; read apart from the date keys),
// German, Dutch and Czech (datum), Polish (data), Turkish (durum, tarih), Indonesian (tanggal), Czech (stav).
const META_KEYS_ASCII = [
  'status',
  'decision status',
  'adr status',
  'rfc status',
  'date decided',
  'date accepted',
  'date of decision',
  'start date',
  'date proposed',
  'proposed date',
  'proposed on',
  'proposal date',
  'proposed',
  'date',
  'decision date',
  'decided',
  'estado',
  'statut',
  'stato',
  'fecha',
  'datum',
  'data',
  'durum',
  'tarih',
  'tanggal',
  'stav',
] as const;
// Korean, Japanese and Chinese keys: status (상태, ステータス, 状態, 状态, 狀態) and date (날짜, 결정일, 日付, 決定日, 日期).
const META_KEYS_CJK = ['상태', '날짜', '결정일', 'ステータス', '状態', '状态', '狀態', '日付', '決定日', '日期'] as const;
// Keys in Latin letters beyond ASCII, matched without case: Vietnamese status (trạng thái) and date (ngày).
// And Cyrillic ones: Russian and Ukrainian status (статус) and date (дата, дата создания / принятия / решения),
// the longer keys first.
// Portuguese `Situação` (status), as Brazilian records write `Situação: Aceito` where others write `Status:`.
const META_KEYS_LATIN = ['trạng thái', 'ngày', 'situação', 'дата создания', 'дата принятия', 'дата решения', 'статус', 'дата'] as const;
/** The keys of a status line (the rest are dates), lower case as `metaLine` gives them once lowered. */
export const STATUS_META_KEYS: ReadonlySet<string> = new Set([
  'status',
  'decision status',
  'adr status',
  'rfc status',
  'estado',
  'statut',
  'stato',
  '상태',
  'ステータス',
  '状態',
  '状态',
  '狀態',
  'trạng thái',
  'situação',
  'статус',
  'durum',
  'stav',
]);
/** The names a table gives its column of record ids (`| ID | Title | Status |`, `| ADR | … |`), lower case. */
export const RECORD_ID_KEYS: ReadonlySet<string> = new Set([
  ...['id', 'adr', 'adr id', 'adr #', 'adr no', '#', 'no', 'no.', 'nr', 'number', 'ref', 'key', 'decision id', 'decision #'],
]);
/** The keys of a date line, lower case. */
export const DATE_META_KEYS: ReadonlySet<string> = new Set([
  ...['date', 'decision date', 'fecha', 'datum', 'data', 'tarih', 'tanggal', '날짜', '결정일', '日付', '決定日', '日期', 'ngày'],
  ...['decided', 'date decided', 'date accepted', 'date of decision'],
  ...['дата', 'дата создания', 'дата принятия', 'дата решения'],
]);
/**
 * The keys of the date a record was proposed or started on, lower case (an RFC's `Start Date:`, `Proposed: 2021-03-04`,
 * a `| Date proposed | … |` row): it dates a record that no date of its decision does.
 */
export const PROPOSAL_DATE_KEYS: ReadonlySet<string> = new Set([
  ...['start date', 'start-date', 'proposed', 'proposed on', 'proposed date', 'proposed-date', 'date proposed', 'proposal date'],
]);
/**
 * Date keys that are also everyday words (`Data: customer records`), or that a template leaves unfilled
 * until the decision is taken (`Date accepted: N/A`): a line of one is a date line only when a date follows.
 */
export const WORD_DATE_KEYS: ReadonlySet<string> = new Set(['data', 'decided', 'date accepted', 'date of decision']);
const FULLWIDTH_COLON = 0xff1a;
const MIDDLE_DOT = 0xb7;
const FULL_STOP = 0x2e;
const BACKTICK = 0x60;

const isEmphasis = (code: number) => code === 0x2a || code === 0x5f; // * _
const isBullet = (code: number) => code === 0x2d || code === 0x2a || code === 0x2b; // - * +

/**
 * Reads `line` as an ATX heading: up to 3 spaces, 1 to 6 `#`, at least one space or tab, then the
 * text; a closing `#` run preceded by a space or tab and trailing spaces or tabs are not part of the
 * text. A line holding a line terminator after the `#`s is not a heading.
 *
 * Same result as `/^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/` (groups 1 and 2).
 */
export function atxHeading(line: string): AtxHeading | null {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === SPACE) i += 1;
  let hashesEnd = i;
  while (hashesEnd < line.length && line.charCodeAt(hashesEnd) === HASH) hashesEnd += 1;
  const level = hashesEnd - i;
  if (level < 1 || level > 6 || !isSpaceOrTab(line.charCodeAt(hashesEnd))) return null;
  let start = hashesEnd;
  while (start < line.length && isSpaceOrTab(line.charCodeAt(start))) start += 1;
  if (hasLineTerminator(line, start)) return null;
  return { level, text: line.slice(start, withoutClosingSequence(line, start, line.length)) };
}

/**
 * The end of a heading's text in [start, end): trailing spaces and tabs go, and so does a closing
 * `#` run with the spaces or tabs before it, unless the `#` run is the whole text.
 */
function withoutClosingSequence(line: string, start: number, end: number): number {
  let e = end;
  while (e > start && isSpaceOrTab(line.charCodeAt(e - 1))) e -= 1;
  const textEnd = e;
  while (e > start && line.charCodeAt(e - 1) === HASH) e -= 1;
  if (e === textEnd || e === start || !isSpaceOrTab(line.charCodeAt(e - 1))) return textEnd;
  while (e > start && isSpaceOrTab(line.charCodeAt(e - 1))) e -= 1;
  return e;
}

/**
 * A heading's text as the chunker keeps it: trimmed, with a closing `#` run (and the spaces or
 * tabs before it) removed; a text of only `#` is empty.
 *
 * Same result as `rest.trim()`, then `''` when it matches `/^#+$/`, else
 * `.replace(/[ \t]+#+$/, '').trim()`.
 */
/**
 * Text that cannot be a Setext heading's (or a title's) line: blank, indented code, or a line that
 * opens a list item, a quote or a table row (`- Verify the alert⏎---` is an item and a rule).
 */
export const NOT_HEADING_TEXT = /^(?:\s*$| {4}|\s*(?:[-*+>|]|\d+[.)])(?:\s|$))/;

// Inline HTML tags (`<a name="x"></a>`) and links or images (`[SDK](https://…)`): markup a heading
// may carry that is not its text. Each is bounded by characters it cannot hold, so linear.
const HTML_TAG = /<\/?[A-Za-z][^<>\n]*>/g;
const LINK = /!?\[([^[\]\n]*)\]\([^()\s]*(?:\s+"[^"\n]*")?\)/g;

// A heading attribute block at the end (`## Usage {#usage}`, `{#id .class key=val}`: VitePress,
// Docusaurus, Hugo, Pandoc) and a Hugo shortcode (`{{% heading "prerequisites" %}}`, `{{< note >}}`),
// each bounded by braces it cannot hold, so linear.
const ATTRIBUTE_BLOCK = /\{[#.][^{}\n]*\}[ \t]*$/;
const SHORTCODE = /\{\{[%<]([^{}\n]*)[%>]\}\}/g;
const CODE_MARK = '\u0000';

/** A shortcode as a reader sees it: its first quoted argument (`prerequisites`), else nothing. */
function shortcodeText(_whole: string, args: string): string {
  const quoted = /"([^"\n]*)"|'([^'\n]*)'/.exec(args);
  return quoted ? (quoted[1] ?? quoted[2] ?? '') : '';
}

// What a backslash escapes (CommonMark: any ASCII punctuation character).
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/**
 * The text's code spans (`` `<VPTeamMembers>` ``) and backslash-escaped characters (`\#`, `1\.`, `\*`) set aside: the
 * text with a mark for each, and their contents (an escaped character stands for itself, so no later step reads it as
 * markup; inside a code span a backslash is text). Each backtick run is searched for its closer once, and after one
 * that has none no code span is looked for, so the scan is linear.
 */
function setCodeAside(text: string): { marked: string; spans: string[] } {
  const spans: string[] = [];
  let marked = '';
  let copied = 0;
  let codeSpans = true;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\' && ASCII_PUNCTUATION.test(text[i + 1] ?? '')) {
      marked += text.slice(copied, i) + CODE_MARK;
      spans.push(text[i + 1] as string);
      i += 2;
      copied = i;
    } else if (char === '`' && codeSpans) {
      let run = i;
      while (text[run] === '`') run += 1;
      const ticks = text.slice(i, run);
      const close = text.indexOf(ticks, run);
      if (close === -1) {
        codeSpans = false;
        i = run;
        continue;
      }
      marked += text.slice(copied, i) + CODE_MARK;
      spans.push(text.slice(run, close).trim());
      i = close + ticks.length;
      copied = i;
    } else i += 1;
  }
  return { marked: marked + text.slice(copied), spans };
}

/**
 * A heading's text as a reader sees it: inline HTML tags dropped, links and images by their text,
 * code spans by their content (a tag inside one is the text), a backslash-escaped character by itself
 * (`C\#` is "C#"), emphasis marks, a trailing attribute block and Hugo shortcodes (by their quoted
 * argument) dropped, a NUL as U+FFFD, spaces collapsed. The text as
 * written when nothing is left (a heading that is only markup).
 */
export function headingPlainText(text: string): string {
  // CommonMark replaces U+0000 with U+FFFD; here it would also be taken for a code span's mark.
  const { marked, spans } = setCodeAside(text.replace(ATTRIBUTE_BLOCK, '').replaceAll(CODE_MARK, '\uFFFD'));
  let next = 0;
  const plain = marked
    .replace(SHORTCODE, shortcodeText)
    .replace(HTML_TAG, '')
    .replace(LINK, '$1')
    .replace(/\*\*|__|\*/g, '')
    .split(CODE_MARK)
    .map((part, index) => (index === 0 ? part : `${spans[next++] ?? ''}${part}`))
    .join('')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return plain.length > 0 ? plain : text.trim();
}

export function headingTextWithoutClosingHashes(rest: string): string {
  const text = rest.trim();
  let e = text.length;
  while (e > 0 && text.charCodeAt(e - 1) === HASH) e -= 1;
  if (e === 0) return '';
  if (e === text.length || !isSpaceOrTab(text.charCodeAt(e - 1))) return text;
  while (e > 0 && isSpaceOrTab(text.charCodeAt(e - 1))) e -= 1;
  return text.slice(0, e).trim();
}

/**
 * Reads a MADR / adr-tools metadata line such as `- **Status:** Accepted`, `Date: 2020-01-02` or
 * `* 상태: 승인` or `- ステータス: Accepted`: an optional list bullet, `*`/`_` emphasis around the key
 * and the value, a colon (or a full-width one). The key matches ASCII case-insensitively.
 *
 * Same result as
 * `/^\s*(?:[-*+]\s+)?[*_]*(status|date|estado|statut|stato|fecha|datum|상태|날짜|결정일|ステータス|状態|状态|狀態|日付|決定日|日期)[*_]*\s*[:：]\s*[*_]*\s*(.*?)\s*[*_]*\s*$/i`.
 */
export function metaLine(line: string): MetaLine | null {
  const first = skipJsWhitespace(line, 0);
  if (isBullet(line.charCodeAt(first)) && isJsWhitespace(line.charCodeAt(first + 1))) {
    const afterBullet = metaAfterBullet(line, skipJsWhitespace(line, first + 1));
    if (afterBullet) return afterBullet;
  }
  return metaAfterBullet(line, first);
}

/**
 * The fields of a metadata line that writes several (`Datum: 2026-08-18 · Status: akzeptiert · Ergänzt ADR-0017`,
 * `Date : 2026-07-01 · Statut : accepté`, `Datum: 2026-07-03   Status: akzeptiert`, `Data: 2026-10-10. Stato: accettata`): the line cut before each later
 * field that opens a `Status:` / `Date:` line, after a `·`, a full stop and a space, or a run of two or more spaces or tabs; a piece that opens
 * none stays with the field before it. The line alone when it is no metadata line or writes one field. Linear in the line.
 */
export function metaFields(line: string): string[] {
  if (metaLine(line) === null) return [line];
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < line.length) {
    const code = line.charCodeAt(i);
    let after = -1;
    // A full stop then a space ends a field too: `Data: 2026-10-10. Stato: accettata` (a next field must open there).
    if (code === MIDDLE_DOT || (code === FULL_STOP && isSpaceOrTab(line.charCodeAt(i + 1)))) after = i + 1;
    else if (isSpaceOrTab(code) && isSpaceOrTab(line.charCodeAt(i + 1))) {
      after = i;
      while (isSpaceOrTab(line.charCodeAt(after))) after += 1;
    }
    if (after === -1) {
      i += 1;
      continue;
    }
    const next = skipJsWhitespace(line, after);
    if (next < line.length && opensMetaField(line, next)) {
      out.push(line.slice(start, i));
      start = next;
    }
    i = Math.max(after, i + 1);
  }
  out.push(line.slice(start));
  return out;
}

/** True when a `Status:` / `Date:` key (in emphasis or not) and its colon start at `at`. */
function opensMetaField(line: string, at: number): boolean {
  let i = at;
  while (isEmphasis(line.charCodeAt(i))) i += 1;
  const keyLength = metaKeyLengthAt(line, i);
  if (keyLength === 0) return false;
  i += keyLength;
  while (isEmphasis(line.charCodeAt(i))) i += 1;
  while (isSpaceOrTab(line.charCodeAt(i))) i += 1;
  return line.charCodeAt(i) === COLON || line.charCodeAt(i) === FULLWIDTH_COLON;
}

function metaAfterBullet(line: string, from: number): MetaLine | null {
  let i = from;
  while (isEmphasis(line.charCodeAt(i))) i += 1;
  const keyLength = metaKeyLengthAt(line, i);
  if (keyLength === 0) return null;
  const key = line.slice(i, i + keyLength);
  i += keyLength;
  while (isEmphasis(line.charCodeAt(i))) i += 1;
  i = skipJsWhitespace(line, i);
  if (line.charCodeAt(i) !== COLON && line.charCodeAt(i) !== FULLWIDTH_COLON) return null;
  i = skipJsWhitespace(line, i + 1);
  while (isEmphasis(line.charCodeAt(i))) i += 1;
  const valueStart = skipJsWhitespace(line, i);
  let end = line.length;
  while (end > valueStart && isJsWhitespace(line.charCodeAt(end - 1))) end -= 1;
  while (end > valueStart && isEmphasis(line.charCodeAt(end - 1))) end -= 1;
  while (end > valueStart && isJsWhitespace(line.charCodeAt(end - 1))) end -= 1;
  if (hasLineTerminator(line, valueStart, end)) return null;
  return { key, value: line.slice(valueStart, end) };
}

function metaKeyLengthAt(line: string, at: number): number {
  for (const key of META_KEYS_ASCII) if (startsWithAsciiWordAt(line, at, key)) return key.length;
  for (const key of META_KEYS_CJK) if (line.startsWith(key, at)) return key.length;
  for (const key of META_KEYS_LATIN)
    if (line.slice(at, at + key.length).toLowerCase() === key && !/\p{L}/u.test(line[at + key.length] ?? '')) return key.length;
  return 0;
}

/**
 * The cells of a markdown table row (`| Status | Date |`), trimmed, with `*`/`_` emphasis around a
 * cell removed; null for a line that is not a row (it must start with `|` once indented). An escaped
 * `\\|` stays inside its cell.
 */
export function tableCells(line: string): string[] | null {
  const text = line.trim();
  if (!text.startsWith('|')) return null;
  const cells: string[] = [];
  let cell = '';
  for (let i = 1; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === '\\' && text[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (char === '|') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  if (cell.trim() !== '') cells.push(cell);
  return cells.map(withoutEmphasis);
}

/** A table's delimiter row: every cell `---`, `:--`, `--:` or `:-:`. */
export function isDelimiterRow(cells: readonly string[]): boolean {
  return cells.length > 0 && cells.every((cell) => /^:?-+:?$/.test(cell));
}

/** A cell without the emphasis or code marks around it (`**Accepted**`, `` `RFC` ``). */
function withoutEmphasis(cell: string): string {
  const around = (code: number) => isEmphasis(code) || code === BACKTICK || isJsWhitespace(code);
  let start = 0;
  let end = cell.length;
  while (start < end && around(cell.charCodeAt(start))) start += 1;
  while (end > start && around(cell.charCodeAt(end - 1))) end -= 1;
  return cell.slice(start, end);
}

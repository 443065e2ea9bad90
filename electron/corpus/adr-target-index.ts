// Finds the record a supersession statement names, however it is written: a relative link
// (`0015-x.md`, `../adr/0015-x.md`, `0012-x.html`), an absolute repository URL whose path ends in a
// file of the corpus (`https://github.com/o/r/blob/main/docs/adr/0003-x.md`), a reference
// (`ADR-0002`, `ADR 2`, `#2`, `2`, a front matter value), or the record's title.
import { copyInWritersLanguage } from './adr-translation';
import type { AdrFacts } from './adr-record';
import type { AdrLink } from './adr-link';
import { dateOfName, fileSeriesId, rfcTextNumber } from './adr-path';
import { isAsciiDigit, skipJsWhitespace, startsWithAsciiWordAt } from './char-class';
import { DATED_HEADING } from './decision-log';
import { appendTo } from '../../shared/map-list';

/** What the index needs of a record; its decision date, where known, lets a title be named with its day. */
export interface IndexedRecord {
  readonly fileName: string;
  readonly facts: Pick<AdrFacts, 'adr_id' | 'number' | 'title'> & { readonly decided_at?: string | null };
}

/** Exactly one record, several (the target is ambiguous), or none. */
export type Resolution<R> = { record: R } | { ambiguous: R[] } | null;

const WEB_SCHEME = /^https?:\/\/[^/]*/i;
// Extensions a link may carry to a record: markdown, or the HTML a docs site renders it to.
const DOCUMENT_EXTENSIONS = ['.markdown', '.md', '.mdx', '.html', '.htm'];

/** The file name without its folder. */
function baseName(fileName: string): string {
  const cut = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
  return cut === -1 ? fileName : fileName.slice(cut + 1);
}

/** A name without a document extension: `0003-x.md` and `0003-x.html` are both `0003-x`. */
function withoutDocumentExtension(name: string): string {
  const lower = name.toLowerCase();
  const ext = DOCUMENT_EXTENSIONS.find((e) => lower.endsWith(e));
  return ext ? name.slice(0, name.length - ext.length) : name;
}

/** A title for comparison: lower case, without a leading record number, punctuation runs as one space. */
export function titleKey(title: string): string {
  const words: string[] = [];
  let current = '';
  for (const char of title.normalize('NFKC').toLowerCase()) {
    if (/^[\p{L}\p{N}]$/u.test(char)) current += char;
    else if (current !== '') {
      words.push(current);
      current = '';
    }
  }
  if (current !== '') words.push(current);
  if (words[0] === 'adr') words.shift();
  if (words[0] !== undefined && /^\d+$/.test(words[0]) && words.length > 1) words.shift();
  return words.join(' ');
}

/** `a/b/../c/./d.md` → `a/c/d.md`; null when it climbs out of the corpus. */
function normalisePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch (error) {
    // A malformed %-escape cannot be decoded, so the target is matched exactly as written.
    if (error instanceof URIError) return path;
    throw error;
  }
}

/**
 * The number a reference such as `0003`, `ADR-004`, `adr 7` or `#0033` names, without leading
 * zeros (`0` for all zeros); undefined when the text is not such a reference.
 *
 * Same result as `/^(?:adr[-_ ]*)?#?\s*0*(\d+)$/i.exec(stem)?.[1]`, whose `0*(\d+)$` backtracked
 * quadratically on a long run of zeros.
 */
export function numberReference(stem: string): string | undefined {
  let i = 0;
  if (startsWithAsciiWordAt(stem, 0, 'adr')) {
    i = 3;
    while (stem[i] === '-' || stem[i] === '_' || stem[i] === ' ') i += 1;
  }
  if (stem[i] === '#') i += 1;
  i = skipJsWhitespace(stem, i);
  if (i === stem.length) return undefined;
  for (let k = i; k < stem.length; k += 1) if (!isAsciiDigit(stem.charCodeAt(k))) return undefined;
  let firstKept = i;
  while (firstKept < stem.length - 1 && stem[firstKept] === '0') firstKept += 1;
  return stem.slice(firstKept);
}

/** Every record by path, file name, name without extension, id, number and title. */
export class AdrTargetIndex<R extends IndexedRecord> {
  private readonly byPath = new Map<string, R[]>();
  private readonly byFile = new Map<string, R[]>();
  private readonly byStem = new Map<string, R[]>();
  private readonly byId = new Map<string, R[]>();
  private readonly byNumber = new Map<number, R[]>();
  private readonly byTitle = new Map<string, R[]>();
  private readonly byDayAndTitle = new Map<string, R[]>();
  /** Records known by a day and a slug (`DEC-20240301-use-redis`), by the day's id (`dec-20240301`). */
  private readonly byDay = new Map<string, R[]>();
  /** Records whose file name opens with a series' id (`RFC-013-use-nats.md`, outside a folder of records), by that id. */
  private readonly bySeriesName = new Map<string, R[]>();

  constructor(records: readonly R[]) {
    const put = appendTo;
    for (const record of records) {
      const file = nameKey(baseName(record.fileName));
      put(this.byPath, nameKey(record.fileName), record);
      put(this.byFile, file, record);
      put(this.byStem, withoutDocumentExtension(file), record);
      put(this.byId, nameKey(record.facts.adr_id), record);
      const dayId = daySlugId(nameKey(record.facts.adr_id));
      if (dayId !== null) put(this.byDay, dayId, record);
      const series = fileSeriesId(record.fileName);
      if (series) put(this.bySeriesName, seriesKey(series.prefix, series.digits), record);
      // An RFC repository's `text/0230-x.md` is "RFC 230" in prose, as `RFC-230-x.md` would be.
      const rfc = rfcTextNumber(record.fileName);
      if (rfc !== null) put(this.bySeriesName, seriesKey('rfc-', rfc), record);
      if (record.facts.number !== null) put(this.byNumber, record.facts.number, record);
      if (record.facts.title) put(this.byTitle, titleKey(record.facts.title), record);
      // The day a dated log's entry is headed by opens its id (`2024-06-15-use-postgres`); its date may be another.
      const days = new Set([record.facts.decided_at, dateOfName(record.facts.adr_id)]);
      for (const day of days) if (day && record.facts.title) put(this.byDayAndTitle, dayTitleKey(day, record.facts.title), record);
    }
  }

  /**
   * The record `link` names, as stated in `from`. A reference or title several records share is
   * narrowed to those in `from`'s own folder ("#7" in one ADR folder means that folder's record 7).
   */
  resolve(link: Pick<AdrLink, 'target' | 'form'>, from: { readonly fileName: string }): Resolution<R> {
    if (link.form === 'link') return this.byLink(link.target, from);
    const found =
      link.form === 'title'
        ? (pick(this.byTitle.get(titleKey(link.target))) ??
          this.byDayAndTitleOf(link.target, from) ??
          this.byReference(link.target) ??
          this.byNumberedTitle(link.target))
        : (this.byReference(link.target) ?? this.byNumberedTitle(link.target));
    if (found !== null && 'ambiguous' in found) {
      const narrowed = pick(found.ambiguous.filter((r) => folderOf(r.fileName) === folderOf(from.fileName))) ?? found;
      // Copies of one record in several languages (`0003-x.md`, `0003-x-de.md`) are read in the writer's language.
      const copy = 'ambiguous' in narrowed ? copyInWritersLanguage(narrowed.ambiguous, from.fileName) : null;
      return copy !== null ? { record: copy } : narrowed;
    }
    // A reference whose id only a record of another folder has as written ("ADR-4" of a decision log,
    // "ADR-12" of a record titled "12. …") names, in a folder numbering its own records, the record of
    // that number there: "supersedes ADR 4" in docs/adr/0005-x.md is docs/adr/0004-x.md.
    if (found !== null && link.form === 'reference' && folderOf(found.record.fileName) !== folderOf(from.fileName))
      return this.ownNumbered(link.target, from) ?? found;
    return found;
  }

  /**
   * The record named by its heading as written, its number and title (`10. Use Z`, `ADR-10: Use Z`, as a front matter
   * value names it): the one record of that title whose number it is; null when none or several are.
   */
  private byNumberedTitle(target: string): Resolution<R> {
    const text = target.trim();
    const numbered = NUMBERED_TITLE.exec(text);
    if (numbered === null) return null;
    const number = Number(numbered[1]);
    return pick((this.byTitle.get(titleKey(text.slice(numbered[0].length))) ?? []).filter((r) => r.facts.number === number));
  }

  /**
   * The record a dated log's entry is named by, its day and title ("2024-06-15: Use Postgres"): the one
   * record of that day and title, or of the ones in `from`'s folder; null when none or several are.
   */
  private byDayAndTitleOf(target: string, from: { readonly fileName: string }): Resolution<R> {
    const day = DATED_HEADING.exec(target);
    const date = day ? dateOfName(target.slice(0, 10)) : null;
    if (day === null || date === null) return null;
    const found = this.byDayAndTitle.get(dayTitleKey(date, target.slice(day[0].length))) ?? [];
    const chosen = found.length > 1 ? found.filter((r) => folderOf(r.fileName) === folderOf(from.fileName)) : found;
    return chosen.length === 1 ? { record: chosen[0] as R } : null;
  }

  /**
   * The one record in `from`'s folder with the number a reference names, or null; one written with `ADR`
   * names no record of another series there (`ADR-2` in a log of `DEC-` sections is not `DEC-002`).
   */
  private ownNumbered(target: string, from: { readonly fileName: string }): Resolution<R> {
    const stem = withoutDocumentExtension(nameKey(baseName(target)));
    const number = numberReference(stem);
    if (number === undefined) return null;
    const adrWritten = startsWithAsciiWordAt(stem, 0, 'adr');
    const same = (this.byNumber.get(Number.parseInt(number, 10)) ?? []).filter(
      (r) => folderOf(r.fileName) === folderOf(from.fileName) && !(adrWritten && SERIES_RECORD_ID.test(r.facts.adr_id)),
    );
    return same.length === 1 ? { record: same[0] as R } : null;
  }

  /** A link: its path within the corpus, else its file name, else its name without extension, else the reference its name is. */
  private byLink(target: string, from: { readonly fileName: string }): Resolution<R> {
    const web = WEB_SCHEME.exec(target);
    const raw = web ? target.slice(web[0].length) : target;
    const path = decodePath(raw.split(/[?#]/)[0] ?? raw);
    if (!web) {
      const folder = from.fileName.includes('/') ? from.fileName.slice(0, from.fileName.lastIndexOf('/') + 1) : '';
      const inCorpus = normalisePath(path.startsWith('/') ? path : `${folder}${path}`);
      const exact = inCorpus === null ? null : pick(this.byPath.get(nameKey(inCorpus)));
      if (exact) return exact;
    }
    const found = this.byName(baseName(path), path);
    return found ?? (web ? null : this.byReference(baseName(path)));
  }

  /** By file name, then by name without extension; several candidates are narrowed to those whose path ends the link's. */
  private byName(name: string, linkPath: string): Resolution<R> {
    const lower = nameKey(name);
    const candidates = this.byFile.get(lower) ?? this.byFile.get(`${lower}.md`) ?? this.byStem.get(withoutDocumentExtension(lower));
    if (candidates && candidates.length > 1) {
      const path = nameKey(linkPath);
      const ending = candidates.filter((r) => path === nameKey(r.fileName) || path.endsWith(`/${nameKey(r.fileName)}`));
      if (ending.length > 0) return pick(ending);
    }
    return pick(candidates);
  }

  /**
   * The record a link names by the number its file name starts with, when the link's file does not
   * exist (`[4. ADR Result](0004-adr-result.md)` after 0004 was renamed): the one record of that
   * number in the linking record's folder, or null.
   */
  byLinkNumber(link: Pick<AdrLink, 'target' | 'form'>, from: { readonly fileName: string }): R | null {
    if (link.form !== 'link' || WEB_SCHEME.test(link.target)) return null;
    const digits = /^0*(\d{1,6})[-_ .]/.exec(baseName(decodePath(link.target.split(/[?#]/)[0] ?? link.target)))?.[1];
    if (digits === undefined) return null;
    const same = (this.byNumber.get(Number(digits)) ?? []).filter((record) => folderOf(record.fileName) === folderOf(from.fileName));
    return same.length === 1 ? (same[0] as R) : null;
  }

  /** The records whose file name opens with the series' id a reference is (`rfc-013` → `RFC-013-use-nats.md`), or null. */
  private bySeriesNameOf(stem: string): Resolution<R> {
    const series = SERIES_REFERENCE.exec(stem);
    return series ? pick(this.bySeriesName.get(seriesKey(`${series[1] as string}-`, series[2] as string))) : null;
  }

  /** A reference: an id with a folder in it (`backend/20200115-x`), a file name, an id (`ADR-0002`), or a number (`0002`, `ADR 2`, `#2`) that only one record has. */
  private byReference(target: string): Resolution<R> {
    // An id with a folder in it is the whole id (log4brains' `backend/20200115-x`), not the file name its end is.
    const whole = target.includes('/') ? pick(this.byId.get(nameKey(target.trim()))) : null;
    if (whole) return whole;
    const base = nameKey(baseName(target));
    const stem = withoutDocumentExtension(base);
    const number = numberReference(stem);
    // A day with a slug no record is known by (`DEC-20240615-use-postgres` for the one record DEC-20240615) names that day's.
    const day = daySlugId(stem);
    return (
      pick(this.byFile.get(base)) ??
      pick(this.byFile.get(`${base}.md`)) ??
      pick(this.byId.get(stem)) ??
      pick(this.byDay.get(stem)) ??
      this.bySeriesNameOf(stem) ??
      (day !== null ? (pick(this.byId.get(day)) ?? pick(this.byDay.get(day))) : null) ??
      (number !== undefined ? pick(adrFormFirst(stem, this.byNumber.get(Number.parseInt(number, 10)))) : null)
    );
  }
}

// A record's number before its title as a heading writes it (`10. Use Z`, `ADR-10: Use Z`); each part a different character: linear.
const NUMBERED_TITLE = /^(?:adr[-_ #]*)?(\d{1,6})[.:)]\s+(?=\S)/i;

// A series' id a reference names (lower case), as a file name opens with one (`RFC-013-use-nats.md`).
// A space may stand for the dash (`RFC 12`, as RFCs are named in prose).
const SERIES_REFERENCE = /^([a-z]{2,5})[- ](\d{1,6})$/;

/** A series' id as the index compares it: its prefix in lower case, its number without leading zeros (`RFC-013` is `rfc-13`). */
function seriesKey(prefix: string, digits: string): string {
  return `${prefix.toLowerCase()}${Number(digits)}`;
}

// A series' id numbered by a day and a slug after it (`dec-20240301-use-redis`, lower case): the day's id is its first group.
const DAY_SLUG_ID = /^([a-z]{1,5}-(?:19|20)\d{6})-[a-z\d]/;

/** The id of the day a series' id with a slug is numbered by (`dec-20240301-use-redis` → `dec-20240301`), or null. */
function daySlugId(id: string): string | null {
  const found = DAY_SLUG_ID.exec(id);
  return found && dateOfName((found[1] as string).slice(-8)) !== null ? (found[1] as string) : null;
}

// The id of a record of a series of its own (`PG-004`, `DEC-002`, `S001`), not of the ADR form (`ADR-0004`, `ODH-ADR-0004`).
const SERIES_RECORD_ID = /^(?!adr)[a-z]{1,5}-?\d+$/i;

/**
 * The records of a number that a reference written with `ADR` names: those of the ADR form when there
 * are any, so `ADR-4` beside `0004-x.md` and `SEC-004-x.md` (or a log's `DEC-004`) is `0004-x.md`;
 * all of them for a reference without it (`#4`, `4`) or where only another series has the number.
 */
function adrFormFirst<R extends IndexedRecord>(stem: string, records: R[] | undefined): R[] | undefined {
  if (records === undefined || !startsWithAsciiWordAt(stem, 0, 'adr')) return records;
  const adrForm = records.filter((record) => !SERIES_RECORD_ID.test(record.facts.adr_id));
  return adrForm.length > 0 ? adrForm : records;
}

/** A day and a title as the index compares them. */
function dayTitleKey(day: string, title: string): string {
  return `${day}\u0000${titleKey(title)}`;
}

function folderOf(fileName: string): string {
  return fileName.slice(0, Math.max(fileName.lastIndexOf('/'), 0)).normalize('NFC');
}

/**
 * A path, file name or id as the index compares it: lower case, in Unicode's composed form (NFC). A
 * folder unzipped from macOS names its files in decomposed jamo (NFD) while the links in the text
 * are typed composed: `[0005](0005-한글-결정.md)` named no file, and was read by its number with a
 * warning to fix a link that was right (or not at all, for a link without a number).
 */
function nameKey(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

function pick<R>(found: R[] | undefined): Resolution<R> {
  if (found === undefined || found.length === 0) return null;
  return found.length === 1 ? { record: found[0] as R } : { ambiguous: found };
}

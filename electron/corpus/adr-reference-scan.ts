// Record references written without a link: `ADR-0002`, `ADR 2`, `ADR #2`, `adr_12`, `#2`. One pass
// over the text, each character looked at a bounded number of times; no regular expression.
import { dateOfName } from './adr-path';
import { isAsciiDigit, startsWithAsciiWordAt } from './char-class';

/** One reference in a text: where it is and the record it names, written as `ADR-<digits>` or `#<digits>`. */
export interface TextReference {
  readonly start: number;
  readonly end: number;
  readonly reference: string;
}

// A record number longer than this is an issue number, a date or an id, not a record.
const MAX_DIGITS = 6;
const HASH = 0x23;

const isAsciiLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const isWordCode = (code: number) => isAsciiLetter(code) || isAsciiDigit(code) || code === 0x5f;

/**
 * The end of a run of 1 to {@link MAX_DIGITS} digits at `at` that no letter or digit follows, nor a
 * `-`, `/` or `.` and another digit (a date or a version: `2021-05-11`, `1.2`), or -1.
 */
function digitsEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i += 1;
  const length = i - at;
  if (length === 0 || length > MAX_DIGITS) return -1;
  if (i < text.length && isWordCode(text.charCodeAt(i))) return -1;
  const joiner = text[i];
  if ((joiner === '-' || joiner === '/' || joiner === '.') && isAsciiDigit(text.charCodeAt(i + 1))) return -1;
  return i;
}

/** `ADR` then up to three of `-`, `_`, `#`, `:`, space, then the number: `ADR-0002`, `ADR 2`, `ADR #2`. */
function adrReferenceAt(text: string, at: number): TextReference | null {
  if (!startsWithAsciiWordAt(text, at, 'adr')) return null;
  let i = at + 3;
  const limit = i + 3;
  while (i < limit && (text[i] === '-' || text[i] === '_' || text[i] === '#' || text[i] === ':' || text[i] === ' ')) i += 1;
  const end = digitsEnd(text, i);
  return end === -1 ? null : { start: at, end, reference: `ADR-${text.slice(i, end)}` };
}

// `Issue #2129`, `PR #12`, `closes #7`: a number in an issue tracker, not a record.
const TRACKER_WORDS = new Set([
  'issue',
  'issues',
  'pr',
  'prs',
  'mr',
  'request',
  'ticket',
  'bug',
  'story',
  'task',
  'epic',
  'incident',
  'closes',
  'fixes',
  'resolves',
]);
// How far back the word before a `#` is looked for: a word longer than this is no tracker word.
const MAX_TRACKER_WORD = 10;

/** The ASCII word right before `at` (past spaces), lower-cased; at most {@link MAX_TRACKER_WORD} letters are looked at. */
function wordBefore(text: string, at: number): string {
  let end = at;
  while (end > 0 && text[end - 1] === ' ') end -= 1;
  let start = end;
  while (start > 0 && end - start <= MAX_TRACKER_WORD && isAsciiLetter(text.charCodeAt(start - 1))) start -= 1;
  return text.slice(start, end).toLowerCase();
}

/** `#2`: a `#` that does not follow a word character or `&` (an HTML entity), then the number; not an issue's number. */
function hashReferenceAt(text: string, at: number): TextReference | null {
  const before = at > 0 ? text.charCodeAt(at - 1) : 0x20;
  if (isWordCode(before) || before === 0x26 || before === HASH) return null;
  if (TRACKER_WORDS.has(wordBefore(text, at))) return null;
  const end = digitsEnd(text, at + 1);
  return end === -1 ? null : { start: at, end, reference: text.slice(at, end) };
}

// What joins the numbers of one list: `ADR 0010, 0012 and 0013`, `ADR 0010、0012 和 0013`.
const LIST_WORDS = ['and', 'or', '和', '及', '与', '或', '、', '，', ',', '&', '/'];
// The most characters of separators looked at between two numbers of a list (bounded, so linear).
const MAX_LIST_GAP = 8;

// How far a listed number may be from the one before it: records listed together are near each other;
// `ADR-0012 and 2021 plans` names a year, not ADR-2021.
const MAX_LIST_STEP = 200;

/**
 * A number that continues a list begun by an `ADR-<digits>` reference whose number is zero-padded
 * (`ADR 0010、0012 和 0013`): the same count of digits after list separators only, near the number
 * before it. An unpadded number (`ADR-12 and 3 more`) starts no list: a count is not a record.
 */
function listedNumberAt(text: string, at: number, digits: number, previous: number): TextReference | null {
  let i = at;
  let separated = false;
  while (i < text.length && i - at <= MAX_LIST_GAP) {
    if (text[i] === ' ' || text[i] === '\t') {
      i += 1;
      continue;
    }
    const word = LIST_WORDS.find((candidate) =>
      isAsciiLetter(candidate.charCodeAt(0)) ? startsWithAsciiWordAt(text, i, candidate) : text.startsWith(candidate, i),
    );
    if (word === undefined) break;
    separated = true;
    i += word.length;
  }
  if (!separated) return null;
  const end = digitsEnd(text, i);
  if (end === -1 || end - i !== digits || Math.abs(Number(text.slice(i, end)) - previous) > MAX_LIST_STEP) return null;
  return { start: i, end, reference: `ADR-${text.slice(i, end)}` };
}

// Korean "0003번 결정" (decision no. 3): a number with 번, then a noun for a record, or a particle or list
// mark right after 번 ("0007번으로", "0003번과"). Another word after it is a count: "3번 검토한" (reviewed three times).
const KO_NUMBER_MARK = '번';
const KO_RECORD_NOUNS = ['결정', '문서', '기록', 'ADR'];
// What turns the noun into a verb ("3번 결정했다", decided three times): then the number is a count.
const KO_VERB_ENDINGS = '하했한합해됐된되';
const KO_AFTER_MARK = ['으로', '로', '을', '를', '은', '는', '이', '가', '에', '과', '와', '의', ',', '、'];

/** `0003번 결정` / `0007번으로` at `at` (the first digit), as `ADR-0003`; null when the number is no record's. */
function koreanNumberAt(text: string, at: number): TextReference | null {
  const before = text[at - 1];
  if (before === '-' || before === '.' || before === '/' || before === ':') return null;
  const end = digitsEnd(text, at);
  if (end === -1 || text[end] !== KO_NUMBER_MARK) return null;
  const reference = `ADR-${text.slice(at, end)}`;
  let next = end + 1;
  while (text[next] === ' ') next += 1;
  const noun = KO_RECORD_NOUNS.find((word) => text.startsWith(word, next));
  if (noun !== undefined) {
    const nounEnd = next + noun.length;
    return KO_VERB_ENDINGS.includes(text[nounEnd] ?? ' ') ? null : { start: at, end: nounEnd, reference };
  }
  return KO_AFTER_MARK.some((word) => text.startsWith(word, end + 1)) ? { start: at, end: end + 1, reference } : null;
}

/**
 * The end of a number at `at` that is a date (`20240615` in `DEC-20240615` or `DEC-20240615-use-postgres`,
 * a log numbering its records by the day), that no letter or digit follows; or -1. A letter or one or two
 * digits after a dash that tell records of one day apart are the number's (`DEC-20240301-b`), a slug's
 * first word is not (`DEC-20240301-b-cache`, `DEC-20240301-use-redis`).
 */
function datedNumberEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && i - at <= 8 && isAsciiDigit(text.charCodeAt(i))) i += 1;
  if (i - at !== 8 || (i < text.length && isWordCode(text.charCodeAt(i)))) return -1;
  if (dateOfName(text.slice(at, i)) === null) return -1;
  if (text[i] !== '-') return i;
  const code = text.charCodeAt(i + 1);
  const end = isAsciiDigit(code) && isAsciiDigit(text.charCodeAt(i + 2)) ? i + 3 : i + 2;
  const ofDay = isAsciiLetter(code) || isAsciiDigit(code);
  return ofDay && (end >= text.length || (!isWordCode(text.charCodeAt(end)) && text[end] !== '-')) ? end : i;
}

/**
 * A record of a series of its own (`PG-004`, `DEC-002`, `S001`) at `at`: the series' prefix as written,
 * in capitals, then its number (three digits or more after a prefix without a dash, so `S3` is no record).
 */
function seriesReferenceAt(text: string, at: number, series: string): TextReference | null {
  // RFCs are named with a space in prose ("superseded by RFC 1234").
  if (series === 'RFC-' && text.startsWith('RFC ', at)) {
    const end = digitsEnd(text, at + 4);
    return end === -1 ? null : { start: at, end, reference: text.slice(at, end) };
  }
  if (!text.startsWith(series, at)) return null;
  const from = at + series.length;
  const dated = series.endsWith('-') ? datedNumberEnd(text, from) : -1;
  const end = series.endsWith('-') ? Math.max(digitsEnd(text, from), dated) : digitsEnd(text, from);
  if (end === -1 || (!series.endsWith('-') && end - from < 3)) return null;
  // A day's slug is the file name a record of that day is known by (`DEC-20240301-use-redis`, the index
  // falling back to the day when no record is); it stays with the reference, so the day's records are told apart.
  const whole = dated === -1 ? end : slugEnd(text, dated);
  return { start: at, end: whole, reference: text.slice(at, whole) };
}

/** The end of a slug after a dash at `at` (`-use-redis`: lower-case letters and digits, words joined by single dashes), or `at` when none is. */
function slugEnd(text: string, at: number): number {
  let end = at;
  let i = at;
  while (text[i] === '-' && isSlugCode(text.charCodeAt(i + 1))) {
    i += 1;
    while (isSlugCode(text.charCodeAt(i))) i += 1;
    end = i;
  }
  // A slug runs to the end of its word: `DEC-20240301-useRedis` is no file's name.
  return isWordCode(text.charCodeAt(end)) ? at : end;
}

const isSlugCode = (code: number) => (code >= 0x61 && code <= 0x7a) || isAsciiDigit(code);

/**
 * Every record reference in `text`, left to right, none overlapping; with `series`, the prefix of the
 * series the text's record belongs to (`PG-`), that series' ids too.
 */
export function adrReferences(text: string, series?: string): TextReference[] {
  const out: TextReference[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    const startsWord = i === 0 || !isWordCode(text.charCodeAt(i - 1));
    const own = startsWord && series !== undefined && code === series.charCodeAt(0) ? seriesReferenceAt(text, i, series) : null;
    const adr = own === null && startsWord && (code === 0x41 || code === 0x61) ? adrReferenceAt(text, i) : null;
    const korean = startsWord && isAsciiDigit(code) ? koreanNumberAt(text, i) : null;
    const found = code === HASH ? hashReferenceAt(text, i) : (own ?? adr ?? korean);
    if (found) {
      out.push(found);
      i = found.end;
      const digits = adr ? adr.reference.length - 4 : 0;
      if (adr && digits >= 3 && adr.reference[4] === '0')
        for (let next = listedNumberAt(text, i, digits, Number(adr.reference.slice(4))); next;) {
          out.push(next);
          i = next.end;
          next = listedNumberAt(text, i, digits, Number(next.reference.slice(4)));
        }
    } else {
      i += 1;
    }
  }
  return out;
}

/**
 * A bare record number at `at` (after spaces, `:`, `#`, emphasis and a code mark), as a verb's object
 * is written in "Superseded by 0019", "Supersedes #4" or "reemplazado por `0007`"; null when something else stands there.
 */
export function bareNumberAt(text: string, at: number): TextReference | null {
  let i = at;
  while (
    i < text.length &&
    (text[i] === ' ' || text[i] === '\t' || text[i] === ':' || text[i] === '*' || text[i] === '_' || text[i] === '`')
  )
    i += 1;
  const start = i;
  if (text.charCodeAt(i) === HASH) i += 1;
  const end = digitsEnd(text, i);
  return end === -1 ? null : { start, end, reference: text.slice(i, end) };
}

// The record a supersession sentence names as its subject: "ADR-0003 is superseded by ADR-0005",
// "ADR-0005 supersedes ADR-0003", Turkish "ADR-0003 yerini ADR-0005'e bıraktı", Korean "ADR-0003은
// ADR-0005에 의해 대체되었다". A sentence without one ("Superseded by ADR-0005", "This decision
// supersedes ADR-0003") is about the record it is written in.
import { CITE_REACH, citedAsSource } from './adr-wording';
import { countBelow } from './sorted-search';

/** A record named in a sentence, as the statement reader holds it (offsets within the sentence). */
export interface NamedRecord {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Where a verb's subject must end, and what may stand between it and there. */
export interface SubjectPlace {
  /** The subject ends before this offset: the verb's start, or for a reader that reads after the target, the target's start. */
  readonly before: number;
  /** Whether the text between the subject and `before` joins them (a copula, a case particle, nothing). */
  readonly gap: (text: string) => boolean;
}

/**
 * What stands as a verb's subject: `none` when no record is written right before it (the sentence
 * is about the record it is in, as it always was); `records` with the records named, a list
 * joined by `,` / `and` / `ve` / `과` … taken whole, and whether one of them is the record the
 * sentence is written in (`self`); `unclear` when a word such as "and" joins
 * something other than a record to them ("This decision and ADR-0003 are superseded by …"), so
 * the subject may take in the record the sentence is written in.
 */
export type Subject<T extends NamedRecord> =
  | { readonly kind: 'none' }
  | { readonly kind: 'unclear' }
  | { readonly kind: 'records'; readonly records: readonly T[]; readonly self: boolean };

const NONE = { kind: 'none' } as const;
const UNCLEAR = { kind: 'unclear' } as const;
// A subject's gap is a few words at most ("has since been partly"); a longer one is no gap, and is not read.
const MAX_GAP = 80;

/**
 * The records of one sentence (in order, none overlapping) with the lists they form, worked out once
 * so each record's subject is found in logarithmic time: a sentence may name thousands.
 */
export class SentenceRecords<T extends NamedRecord> {
  private readonly ends: Int32Array;
  /** For each record, the index of the first record of the list it stands in (itself when it stands alone). */
  private readonly firsts: Int32Array;
  /** Each subject found, by where it must end: every record one verb governs has the same. */
  private readonly found = new Map<number, Subject<T>>();
  /** For each record, 1 when it or a record before it in its list is the record the sentence is written in; worked out when first asked. */
  private selfInList: Uint8Array | null = null;

  constructor(
    private readonly sentence: string,
    private readonly records: readonly T[],
    private readonly isSelf: (text: string) => boolean,
  ) {
    this.ends = Int32Array.from(records, (record) => record.end);
    this.firsts = new Int32Array(records.length);
    records.forEach((record, i) => {
      const joiner = joinerEndingAt(sentence, skipSpacesBack(sentence, record.start));
      const previous = records[i - 1];
      const joined = joiner !== null && previous !== undefined && previous.end === skipSpacesBack(sentence, joiner.start);
      this.firsts[i] = joined ? (this.firsts[i - 1] as number) : i;
    });
  }

  /**
   * Where the list the record at `index` stands in starts: the first of the records joined to it by
   * `,` / `and` / `와` … ("ADR-0005가 ADR-0002와 ADR-0003을 대체한다": at ADR-0002), so the subject
   * before the list is found for each record of it.
   */
  listStart(index: number): number {
    return (this.records[this.firsts[index] as number] as T).start;
  }

  /** True when the record at `index` and the one after it stand in one list ("ADR-0002와 ADR-0003", "ADR-0002 と ADR-0003"). */
  joinedToNext(index: number): boolean {
    return index + 1 < this.records.length && this.firsts[index + 1] === this.firsts[index];
  }

  /**
   * True when the record at `index`, or one listed before it in its list, is the record the sentence
   * is written in ("ADR-0002 と ADR-0003 を …" in ADR-0002, asked at ADR-0003).
   */
  listHasSelf(index: number): boolean {
    if (this.selfInList === null) {
      const selfInList = new Uint8Array(this.records.length);
      this.records.forEach((record, i) => {
        selfInList[i] = this.isSelf(record.text) || (this.firsts[i] !== i && selfInList[i - 1] === 1) ? 1 : 0;
      });
      this.selfInList = selfInList;
    }
    return this.selfInList[index] === 1;
  }

  /** The subject written right before `place.before`, a list of records taken whole. */
  subjectAt(place: SubjectPlace): Subject<T> {
    let subject = this.found.get(place.before);
    if (subject === undefined) {
      subject = this.read(place);
      this.found.set(place.before, subject);
    }
    return subject;
  }

  private read(place: SubjectPlace): Subject<T> {
    const index = countBelow(this.ends, place.before + 1) - 1;
    const last = this.records[index];
    if (last === undefined || place.before - last.end > MAX_GAP || !place.gap(this.sentence.slice(last.end, place.before))) return NONE;
    const first = this.firsts[index] as number;
    const joiner = joinerEndingAt(this.sentence, skipSpacesBack(this.sentence, (this.records[first] as T).start));
    // A comma after words, not a record, ends a clause ("As decided, ADR-0003 is …"); "and" alone joins them.
    if (joiner !== null && !joiner.comma) return UNCLEAR;
    const records = this.records.slice(first, index + 1);
    return { kind: 'records', records, self: records.some((record) => this.isSelf(record.text)) };
  }
}

/**
 * For each record of the sentence, whether the sentence cites it as its source or names it in a clause
 * of its own ("as ADR-0005 states", "because ADR-0005 failed"; see citedAsSource), a list of records
 * read whole: "as ADR-0005 and ADR-0006 say" cites both. The statement reader and the stale-ADR
 * suggestions both read so.
 */
export function citedRecords<T extends NamedRecord>(sentence: string, records: readonly T[], lists: SentenceRecords<T>): boolean[] {
  const cited: boolean[] = [];
  let listLast = -1;
  let listCited = false;
  records.forEach((record, index) => {
    if (index > listLast) {
      listLast = index;
      while (lists.joinedToNext(listLast)) listLast += 1;
      const last = records[listLast] as T;
      const before = sentence.slice(Math.max(0, record.start - CITE_REACH), record.start);
      listCited = citedAsSource(before, sentence.slice(last.end, last.end + CITE_REACH), listLast > index);
    }
    cited.push(listCited);
  });
  return cited;
}

function skipSpacesBack(text: string, at: number): number {
  let i = at;
  while (i > 0 && SPACES.includes(text[i - 1] as string)) i -= 1;
  return i;
}

const SPACES = ' \t\n\r*_';
const COMMAS = ',，、';
// Words that join the records of one list: English, Turkish, German, French, Spanish, Portuguese and
// Italian, Dutch, Russian, Indonesian; Korean, Chinese and Japanese particles and conjunctions.
const JOINER_WORDS = [
  ...['and', '&', 've', 'und', 'et', 'y', 'e', 'en', 'и', 'dan'],
  ...['과', '와', '및', '그리고', '和', '与', '及', 'と', 'や', '及び', 'および'],
];

/**
 * The list joiner ending at `at`: a comma, or a joining word standing apart from the word before it,
 * with the comma before it if there is one (`, and`); `comma` when a comma stands in it, which after
 * words that are no record ends a clause ("As decided, ADR-0003 …", "…last spring, and ADR-0005 …").
 */
function joinerEndingAt(text: string, at: number): { start: number; comma: boolean } | null {
  if (at > 0 && COMMAS.includes(text[at - 1] as string)) return { start: at - 1, comma: true };
  for (const word of JOINER_WORDS) {
    const start = at - word.length;
    if (start < 0 || text.slice(start, at).toLowerCase() !== word) continue;
    // A Latin or Cyrillic word must stand apart ("and", not the end of "brand"); a particle attaches to its record.
    if (/[\p{Script=Latin}\p{Script=Cyrillic}]/u.test(word) && /\p{L}/u.test(text[start - 1] ?? '')) continue;
    const before = skipSpacesBack(text, start);
    if (before > 0 && COMMAS.includes(text[before - 1] as string)) return { start: before - 1, comma: true };
    return { start, comma: false };
  }
  return null;
}

// What may stand between an English (or German, Romance, Dutch …) subject and its verb: a copula or
// auxiliary and an adverb ("ADR-0003 has since been superseded by"), after a relative pronoun
// ("ADR-0003, which was replaced by"). Nothing else: "Like ADR-0003, this is superseded by" and
// "Following ADR-0003 we are superseded by" are about this record.
const AUXILIARIES = new Set([
  ...['is', 'was', 'are', 'were', 'has', 'have', 'had', 'been', 'be', 'being', 'will', 'shall', 'would', 'got', 'gets', 'get'],
  ...['now', 'also', 'hereby', 'already', 'since', 'later', 'effectively', 'formally', 'officially', 'itself', 'then'],
  ...['partly', 'partially', 'fully', 'entirely', 'wholly', 'largely'],
  ...['ist', 'wurde', 'wird', 'wurden', 'sind', 'fue', 'fueron', 'ha', 'sido', 'foi', 'foram', 'est', 'été', 'è', 'stato', 'stata'],
  ...['werd', 'wordt', 'został', 'została', 'zostało', 'был', 'была', 'было', 'telah', 'sudah'],
]);
const RELATIVES = new Set(['which', 'that', 'who', 'der', 'die', 'das', 'que', 'qui', 'che', 'dat']);

/** The gap between an English subject and its verb: a space, auxiliaries, or a relative pronoun (with its comma) and auxiliaries. */
export function englishSubjectGap(gap: string): boolean {
  // The record stands apart from what follows it: "[badge](x.md)Superseded by …" has no subject.
  let lead = 0;
  while (gap[lead] === '*' || gap[lead] === '_') lead += 1;
  if (!' \t\n\r,'.includes(gap[lead] ?? 'x')) return false;
  let text = gap.replace(/[*_]/g, ' ').trim();
  const comma = text.startsWith(',');
  if (comma) text = text.slice(1).trim();
  // A verb opening a line ("Accepted [ADR-0003]" above "Superseded by [ADR-0005]" in a status) starts a statement of its own.
  if (text === '') return !comma && !gap.includes('\n');
  const words = text.toLowerCase().split(/\s+/);
  if (words.some((word) => !/^\p{L}+$/u.test(word))) return false;
  const first = RELATIVES.has(words[0] as string) ? 1 : 0;
  if (comma && first === 0) return false;
  return words.slice(first).every((word) => AUXILIARIES.has(word));
}

// A Turkish genitive ending after a record (`ADR-0003'ün yerini ADR-0005 aldı`), its apostrophe typed or typographic.
const TR_GENITIVE = /^['’]?n?[ıiuü]n$/u;

/**
 * The gap between a Turkish record and `yerini`: a space, its genitive ending, or a comma after the
 * subject, as Turkish writers often set one (`ADR-0003, yerini ADR-0005'e bıraktı`).
 */
export function turkishSubjectGap(gap: string): boolean {
  const text = gap.trim();
  // `Yerini ADR-0005'e bıraktı` opening a line is a statement of its own, as in English.
  if (text === '' || text === ',') return gap !== '' && !gap.includes('\n');
  return TR_GENITIVE.test(text);
}

/** The gap between a Korean subject and the next record: its topic or subject particle ("ADR-0003은 ADR-0005에 의해 …"). */
export function koreanSubjectGap(gap: string): boolean {
  return ['은', '는', '이', '가'].includes(gap.trim());
}

// Chinese: "ADR-0003 已被 [target] 取代" (passive: 被 or 由 after the subject) and "ADR-0005 取代了 [target]" (active).
const ZH_ALREADY = ['已经', '已', '将', '现已'];
const ZH_BY = ['被', '由'];
const ZH_VERBS = ['取代', '替代', '替换', '废弃'];

/** The gap between a Chinese subject and the next record: 被 / 由 or a supersession verb, after at most a word for "already". */
export function chineseSubjectGap(gap: string): boolean {
  let text = gap.trim();
  const already = ZH_ALREADY.find((word) => text.startsWith(word));
  if (already !== undefined) text = text.slice(already.length).trim();
  if (ZH_BY.includes(text)) return true;
  const verb = ZH_VERBS.find((word) => text.startsWith(word));
  if (verb === undefined) return false;
  const rest = text.slice(verb.length).trim();
  return rest === '' || rest === '了' || rest === ':' || rest === '：';
}

/** The gap between a Japanese subject and the next record: its topic or subject particle ("ADR-0003 は ADR-0005 により …"). */
export function japaneseSubjectGap(gap: string): boolean {
  return ['は', 'が'].includes(gap.replace(/\u3000/g, ' ').trim());
}

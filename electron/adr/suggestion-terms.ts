// The subject of a decision record as words, and how alike two records' subjects are. Pure: the
// suggestions are computed from what one read of the graph returned, and tested without Neo4j.

/** Words that say nothing about what a record decides: English function words and the words of every ADR. */
const STOPWORDS = new Set(
  (
    'a an the and or but nor of to in on at by for from with without into onto over under as is are was were be been being ' +
    'this that these those it its we our us they their them he she you your i me my not no yes do does did done has have had ' +
    'will would shall should can could may might must than then there here which who whom what when where why how all any ' +
    'each both some such more most other only own same so too very just also about after before again against between ' +
    'during through until while up down out off once per via etc use uses used using adopt adopted adopting decide decided ' +
    'decision decisions record records architecture architectural adr adrs status context consequences option options ' +
    'chosen new old now instead'
  ).split(' '),
);
const KOREAN_STOPWORDS = new Set([
  '결정',
  '사용',
  '도입',
  '기록',
  '문서',
  '상태',
  '맥락',
  '결과',
  '배경',
  '위한',
  '대한',
  '우리',
  '이',
  '그',
  '저',
]);
// Korean particles written onto a noun, longest first, so "정산을" and "정산으로" both give "정산".
const KOREAN_PARTICLES = [
  '에서는',
  '으로는',
  '에서',
  '으로',
  '에게',
  '까지',
  '부터',
  '에는',
  '와',
  '과',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '로',
  '도',
  '만',
];
const HANGUL = /\p{Script=Hangul}/u;
const WORD = /[\p{L}\p{N}]+/gu;
const DIGITS = /^\p{N}+$/u;

/** A Korean word without the particle written onto it (kept whole when that would leave one syllable or less). */
function koreanStem(word: string): string {
  for (const particle of KOREAN_PARTICLES)
    if (word.endsWith(particle) && word.length - particle.length >= 2) return word.slice(0, word.length - particle.length);
  return word;
}

/** "queues" and "queue" are one term; "ss" endings ("access") stay. */
function englishStem(word: string): string {
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * The subject terms of a text, in order with repeats: lower-case words of letters and digits,
 * Korean particles and English plurals taken off, without numbers, one-letter words and stopwords.
 */
export function subjectTerms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (DIGITS.test(word)) continue;
    const term = HANGUL.test(word) ? koreanStem(word) : englishStem(word);
    if (term.length < 2 || STOPWORDS.has(term) || KOREAN_STOPWORDS.has(term)) continue;
    out.push(term);
  }
  return out;
}

/** What one record's subject is made of. */
export interface SubjectSource {
  readonly id: string;
  readonly title: string | null;
  readonly text: string;
  /** The entities (services, APIs, …) the graph links the record to, by a key stable within one read. */
  readonly entities: readonly string[];
}

interface Profile {
  readonly title: ReadonlySet<string>;
  readonly counts: ReadonlyMap<string, number>;
  readonly entities: ReadonlySet<string>;
  norm: number;
}

/**
 * How alike two records' subjects are, in [0, 1]: a weighted sum of the overlap of their title
 * terms (shared terms over the shorter title's terms), the cosine of their body terms weighted by
 * tf-idf over the records given, and, when both are linked to entities, the Jaccard index of those
 * entities. Weights: title 0.55, body 0.45 without entities; title 0.4, body 0.3, entities 0.3 with.
 */
export class SubjectIndex {
  private readonly profiles = new Map<string, Profile>();
  private readonly idf = new Map<string, number>();

  constructor(sources: readonly SubjectSource[]) {
    const documentFrequency = new Map<string, number>();
    for (const source of sources) {
      const counts = new Map<string, number>();
      for (const term of subjectTerms(`${source.title ?? ''}\n${source.text}`)) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      const title = new Set(subjectTerms(source.title ?? ''));
      this.profiles.set(source.id, { title, counts, entities: new Set(source.entities), norm: 0 });
    }
    for (const [term, df] of documentFrequency) this.idf.set(term, Math.log(1 + sources.length / df));
    for (const profile of this.profiles.values()) profile.norm = Math.sqrt(sumSquares(this.weights(profile)));
  }

  /** The title terms of a record (empty for an unknown id). */
  titleTerms(id: string): ReadonlySet<string> {
    return this.profiles.get(id)?.title ?? new Set();
  }

  /** The subject similarity of two records, in [0, 1]; 0 when either is unknown. */
  similarity(a: string, b: string): number {
    const left = this.profiles.get(a);
    const right = this.profiles.get(b);
    if (left === undefined || right === undefined) return 0;
    const title = overlap(left.title, right.title);
    const body = this.cosine(left, right);
    if (left.entities.size === 0 || right.entities.size === 0) return 0.55 * title + 0.45 * body;
    return 0.4 * title + 0.3 * body + 0.3 * jaccard(left.entities, right.entities);
  }

  private weights(profile: Profile): number[] {
    return [...profile.counts].map(([term, count]) => count * (this.idf.get(term) ?? 0));
  }

  private cosine(left: Profile, right: Profile): number {
    if (left.norm === 0 || right.norm === 0) return 0;
    let dot = 0;
    for (const [term, count] of left.counts) {
      const other = right.counts.get(term);
      if (other !== undefined) dot += count * other * (this.idf.get(term) ?? 0) ** 2;
    }
    return Math.min(1, dot / (left.norm * right.norm));
  }
}

function sumSquares(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value * value, 0);
}

/** Shared members over the smaller set's size; 0 when either is empty. */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const member of a) if (b.has(member)) shared += 1;
  return shared / Math.min(a.size, b.size);
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const member of a) if (b.has(member)) shared += 1;
  return shared / (a.size + b.size - shared);
}

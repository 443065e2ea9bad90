// Deterministic pseudo-random text for the synthetic benchmark graph: a seeded PRNG, an
// English-like and a Korean-like vocabulary, and Zipf-distributed word draws, so full-text and the
// hashing embedder see term statistics like those of real documents (a few very common words, a
// long tail of rare ones) without shipping a real corpus.

/** A seeded pseudo-random source: `next()` is uniform in [0, 1). */
export interface Random {
  next(): number;
  /** A whole number in [0, n). */
  below(n: number): number;
}

/** Mixes non-negative whole numbers (a seed, a document index…) into one 32-bit seed, murmur3's finaliser per 32-bit word. */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  const mix = (word: number) => {
    h = Math.imul(h ^ word, 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
  };
  for (const part of parts) {
    mix(part >>> 0);
    mix(Math.floor(part / 2 ** 32) >>> 0);
  }
  return h;
}

/** mulberry32: tiny, fast and good enough for test data; never for anything secret. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, below: (n) => Math.floor(next() * n) };
}

/** Fisher–Yates shuffle of 0..n-1. */
export function permutation(n: number, random: Random): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const swap = order[i] as number;
    order[i] = order[j] as number;
    order[j] = swap;
  }
  return order;
}

/** Frequent real words first, so the head of the distribution looks like English. */
const ENGLISH_HEAD = [
  'the',
  'of',
  'and',
  'to',
  'in',
  'is',
  'for',
  'on',
  'with',
  'as',
  'by',
  'that',
  'this',
  'be',
  'are',
  'from',
  'or',
  'at',
  'it',
  'an',
  'not',
  'when',
  'we',
  'all',
  'each',
  'after',
  'before',
  'service',
  'request',
  'data',
  'team',
  'error',
  'deploy',
  'queue',
  'cache',
  'latency',
  'owner',
  'config',
  'release',
  'schema',
];
const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'cl',
  'cr',
  'd',
  'dr',
  'f',
  'fl',
  'fr',
  'g',
  'gl',
  'gr',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'pr',
  'qu',
  'r',
  's',
  'sh',
  'sk',
  'sl',
  'sn',
  'sp',
  'st',
  't',
  'th',
  'tr',
  'v',
  'w',
  'y',
  'z',
];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ee', 'io', 'oo', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'st', 'ck', 'ng', 'x', 'rt', 'sh'];
/** Frequent Korean words and endings first, for the same reason. */
const KOREAN_HEAD = [
  '그리고',
  '있다',
  '하는',
  '있는',
  '것은',
  '수',
  '때',
  '이',
  '그',
  '및',
  '경우',
  '서비스',
  '요청',
  '데이터',
  '배포',
  '장애',
  '설정',
  '담당',
  '확인한다',
  '처리한다',
];
const PARTICLES = ['', '', '', '은', '는', '이', '가', '을', '를', '의', '에', '에서', '으로', '와', '도'];
const HANGUL_BASE = 0xac00;

function englishWord(random: Random): string {
  const syllables = 1 + random.below(3);
  let word = '';
  for (let i = 0; i < syllables; i++)
    word += `${ONSETS[random.below(ONSETS.length)]}${NUCLEI[random.below(NUCLEI.length)]}${CODAS[random.below(CODAS.length)]}`;
  return word;
}

function koreanStem(random: Random): string {
  const syllables = 2 + random.below(2);
  let word = '';
  // Initial (19) × medial (21) × final (28, 0 = none), the Unicode Hangul syllable layout;
  // finals are kept to a third of syllables, roughly as in running Korean text.
  for (let i = 0; i < syllables; i++) {
    const final = random.next() < 0.35 ? 1 + random.below(27) : 0;
    word += String.fromCodePoint(HANGUL_BASE + (random.below(19) * 21 + random.below(21)) * 28 + final);
  }
  return word;
}

function distinctWords(head: readonly string[], size: number, make: () => string): string[] {
  const words = new Set(head);
  while (words.size < size) words.add(make());
  return [...words];
}

/** Cumulative Zipf weights (rank r has weight 1 / (r + 1)^s), for draws by binary search. */
function zipfCdf(size: number, exponent: number): Float64Array {
  const cdf = new Float64Array(size);
  let sum = 0;
  for (let r = 0; r < size; r++) {
    sum += 1 / (r + 1) ** exponent;
    cdf[r] = sum;
  }
  for (let r = 0; r < size; r++) cdf[r] = (cdf[r] as number) / sum;
  return cdf;
}

function drawRank(cdf: Float64Array, u: number): number {
  let low = 0;
  let high = cdf.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((cdf[mid] as number) < u) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** One language's words in rank order, with a sampler over them. */
export interface Lexicon {
  readonly words: readonly string[];
  /** A word drawn with Zipf frequencies. */
  draw(random: Random): string;
  /** A word drawn with Zipf frequencies from ranks `from` and below (skipping the most common ones). */
  drawFrom(random: Random, from: number): string;
}

function lexicon(words: readonly string[], exponent: number): Lexicon {
  const cdf = zipfCdf(words.length, exponent);
  return {
    words,
    draw: (random) => words[drawRank(cdf, random.next())] as string,
    drawFrom: (random, from) => {
      const floor = from > 0 ? (cdf[from - 1] as number) : 0;
      return words[drawRank(cdf, floor + random.next() * (1 - floor))] as string;
    },
  };
}

/** The vocabulary of the synthetic corpus. */
export interface Vocabulary {
  readonly english: Lexicon;
  readonly korean: Lexicon;
}

/** Sizes of the two lexicons. */
export const ENGLISH_WORDS = 3_000;
export const KOREAN_WORDS = 1_500;
/** Near 1, as in natural language. */
const ZIPF_EXPONENT = 1.05;

/** The vocabulary for `seed`: the same words in the same rank order for the same seed. */
export function syntheticVocabulary(seed: number): Vocabulary {
  const random = createRandom(mixSeed(seed, 0x766f63));
  const english = distinctWords(ENGLISH_HEAD, ENGLISH_WORDS, () => englishWord(random));
  const korean = distinctWords(KOREAN_HEAD, KOREAN_WORDS, () => koreanStem(random));
  return { english: lexicon(english, ZIPF_EXPONENT), korean: lexicon(korean, ZIPF_EXPONENT) };
}

/** The language of a document or a query. */
export type SyntheticLanguage = 'en' | 'ko';

/** One word of running text: Korean words take a particle now and then, and borrow English terms. */
function runningWord(vocabulary: Vocabulary, language: SyntheticLanguage, random: Random): string {
  if (language === 'en') return vocabulary.english.draw(random);
  if (random.next() < 0.12) return vocabulary.english.draw(random);
  return `${vocabulary.korean.draw(random)}${PARTICLES[random.below(PARTICLES.length)]}`;
}

function sentence(vocabulary: Vocabulary, language: SyntheticLanguage, random: Random): string {
  const length = 6 + random.below(11);
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(runningWord(vocabulary, language, random));
  const first = words[0] as string;
  words[0] = `${first.charAt(0).toUpperCase()}${first.slice(1)}`;
  return `${words.join(' ')}.`;
}

/** A heading of two to four words. */
export function syntheticHeading(vocabulary: Vocabulary, language: SyntheticLanguage, random: Random): string {
  const lex = language === 'en' ? vocabulary.english : vocabulary.korean;
  const words: string[] = [];
  for (let i = 2 + random.below(3); i > 0; i--) words.push(lex.drawFrom(random, 20));
  return words.join(' ');
}

/** A paragraph of three to six sentences (well under the chunker's 900-character target). */
export function syntheticParagraph(vocabulary: Vocabulary, language: SyntheticLanguage, random: Random): string {
  const sentences: string[] = [];
  for (let i = 3 + random.below(4); i > 0; i--) sentences.push(sentence(vocabulary, language, random));
  return sentences.join(' ');
}

/**
 * Query texts of two to five words from the same vocabulary, skipping its 50 most common words
 * (nobody searches for "the of and"), seven in ten English and three in ten Korean.
 */
export function syntheticQueries(seed: number, count: number, vocabulary: Vocabulary = syntheticVocabulary(seed)): string[] {
  const random = createRandom(mixSeed(seed, 0x717279));
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const lex = random.next() < 0.7 ? vocabulary.english : vocabulary.korean;
    const words: string[] = [];
    for (let w = 2 + random.below(4); w > 0; w--) words.push(lex.drawFrom(random, 50));
    queries.push(words.join(' '));
  }
  return queries;
}

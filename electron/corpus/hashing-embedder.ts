import type { Embedder } from './embedder';
import { isKoreanQuestionWord, withoutQuestionEnding } from './korean-question-words';
import { termRuns } from './script-runs';

/**
 * The version of the hashing embedder's features. Its name stays `hashing-384` (what LENS_EMBEDDER
 * and Settings take), so the version is recorded beside it with stored vectors: a graph embedded
 * with other features is refused rather than searched with vectors that mean something else.
 * 1 (unrecorded): whole words with 3-grams, Hangul words 2-grams too. 2: words cut at script
 * changes (`kubelet의` is `kubelet`), Hangul runs weighted towards their syllable bigrams.
 */
export const HASHING_FEATURES = 2;

/** The deterministic local embedder: lexical features hashed into 384 signed buckets. */
export interface HashingEmbedder extends Embedder {
  /** Recorded with stored vectors, with `features`; change `features` whenever the features or hashing change. */
  readonly name: 'hashing-384';
  readonly features: typeof HASHING_FEATURES;
  /** Number of hash buckets. */
  readonly dimensions: 384;
  /** Shared words and spellings only: it finds no synonyms or paraphrases. */
  readonly kind: 'lexical';
  /** The vector for `text` at once: this embedder needs no I/O (benchmarks and test stubs score with it synchronously). */
  embedNow(text: string): Float32Array;
}

const DIMENSIONS = 384;
const WORD_WEIGHT = 1.0;
const NGRAM_WEIGHT = 0.5;
/**
 * A Hangul run's weights: its syllable bigrams carry most, since particles and endings glue onto
 * stems (`파드는`, `파드를` share `<파`, `파드`) and the whole run seldom recurs as written. Chosen on
 * the five golden sets (README, "Embedders"); nonsense over the demo stays under the floor.
 */
const HANGUL_RUN_WEIGHT = 0.5;
const HANGUL_BIGRAM_WEIGHT = 0.75;
const HANGUL_TRIGRAM_WEIGHT = 0.25;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// The sign comes from a second FNV-1a pass with another offset basis, so it is independent of the bucket.
const SIGN_OFFSET = 0x9e3779b9;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const HANGUL = /\p{Script=Hangul}/u;
const encoder = new TextEncoder();

type AddFeature = (feature: string, weight: number) => void;

/**
 * Creates the hashing embedder: no network, no model, the same vector for the same text on every
 * run and platform. It is lexical, for the demo and offline use, not a semantic embedding.
 *
 * Features, after NFKC and (locale-independent) lowercasing, for each word of Unicode letters,
 * digits and marks cut where it changes between CJK and other scripts (`kubelet의` is `kubelet`, the
 * lone particle left out): a run without Hangul adds itself (weight 1.0) and its character 3-grams with `<` `>`
 * boundary markers (0.5); a Hangul run, its question ending (`하나요`) left out and question words
 * (`무엇을`, `왜`) skipped, adds itself (0.5), its marked 2-grams (0.75) and 3-grams (0.25). Each
 * feature's UTF-8 bytes are hashed with FNV-1a 32-bit into one of 384 buckets, with a sign from a
 * second hash (the signed hashing trick), and the sum is L2-normalised.
 *
 * Text without any word (`""`, `"!!!"`) gives the zero vector. It has no cosine with anything:
 * callers must read it as "no lexical signal", not as a poor match.
 */
export function createHashingEmbedder(): HashingEmbedder {
  return {
    name: 'hashing-384',
    features: HASHING_FEATURES,
    dimensions: DIMENSIONS,
    kind: 'lexical',
    // Local and cheap: a batch is only the loader's unit of writing.
    batchSize: 500,
    embedNow: embedText,
    embed: async (text) => embedText(text),
    embedMany: async (texts) => texts.map(embedText),
  };
}

function embedText(text: string): Float32Array {
  const sums = new Float64Array(DIMENSIONS);
  const add: AddFeature = (feature, weight) => {
    const bytes = encoder.encode(feature);
    const bucket = fnv1a(bytes, FNV_OFFSET) % DIMENSIONS;
    sums[bucket] = (sums[bucket] as number) + (fnv1a(bytes, SIGN_OFFSET) >>> 31 === 1 ? -weight : weight);
  };
  for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    for (const run of termRuns(word)) {
      if (HANGUL.test(run)) addHangulRun(run, add);
      else addRun(run, add);
    }
  }
  return normalised(sums);
}

/** A run without Hangul: itself and its marked 3-grams. */
function addRun(run: string, add: AddFeature): void {
  add(`w:${run}`, WORD_WEIGHT);
  addGrams(`<${run}>`, 3, NGRAM_WEIGHT, add);
}

/** A Hangul run that says what is asked about: itself, its marked 2-grams and 3-grams. */
function addHangulRun(run: string, add: AddFeature): void {
  if (isKoreanQuestionWord(run)) return;
  const stem = withoutQuestionEnding(run);
  add(`w:${stem}`, HANGUL_RUN_WEIGHT);
  addGrams(`<${stem}>`, 2, HANGUL_BIGRAM_WEIGHT, add);
  addGrams(`<${stem}>`, 3, HANGUL_TRIGRAM_WEIGHT, add);
}

/** Each n-gram of code points (not UTF-16 units, so astral characters are never cut in half). */
function addGrams(marked: string, n: 2 | 3, weight: number, add: AddFeature): void {
  const chars = Array.from(marked);
  for (let i = 0; i + n <= chars.length; i++) add(`${n}:${chars.slice(i, i + n).join('')}`, weight);
}

function normalised(sums: Float64Array): Float32Array {
  let norm = 0;
  for (const value of sums) norm += value * value;
  norm = Math.sqrt(norm);
  const vector = new Float32Array(DIMENSIONS);
  if (norm === 0) return vector;
  for (let i = 0; i < DIMENSIONS; i++) vector[i] = (sums[i] as number) / norm;
  return vector;
}

/** FNV-1a 32-bit over bytes, from the given offset basis; returns an unsigned 32-bit integer. */
function fnv1a(bytes: Uint8Array, offset: number): number {
  let hash = offset >>> 0;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, FNV_PRIME) >>> 0;
  return hash;
}

import type { Embedder } from './embedder';

/** The deterministic local embedder: lexical features hashed into 384 signed buckets. */
export interface HashingEmbedder extends Embedder {
  /** Recorded with stored vectors; change it whenever the features or hashing change. */
  readonly name: 'hashing-384';
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
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// The sign comes from a second FNV-1a pass with another offset basis, so it is independent of the bucket.
const SIGN_OFFSET = 0x9e3779b9;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const HANGUL = /\p{Script=Hangul}/u;
const encoder = new TextEncoder();

/**
 * Creates the hashing embedder: no network, no model, the same vector for the same text on every
 * run and platform. It is lexical, for the demo and offline use, not a semantic embedding.
 *
 * Features, after NFKC and (locale-independent) lowercasing: each word of Unicode letters,
 * digits and marks (weight 1.0); character 3-grams of each word with `<` `>` boundary markers,
 * plus 2-grams for words containing Hangul so Korean stems match across particles (weight 0.5).
 * Each feature's UTF-8 bytes are hashed with FNV-1a 32-bit into one of 384 buckets, with a
 * sign from a second hash (the signed hashing trick), and the sum is L2-normalised.
 *
 * Text without any word (`""`, `"!!!"`) gives the zero vector. It has no cosine with anything:
 * callers must read it as "no lexical signal", not as a poor match.
 */
export function createHashingEmbedder(): HashingEmbedder {
  return {
    name: 'hashing-384',
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
  const add = (feature: string, weight: number) => {
    const bytes = encoder.encode(feature);
    const bucket = fnv1a(bytes, FNV_OFFSET) % DIMENSIONS;
    sums[bucket] = (sums[bucket] as number) + (fnv1a(bytes, SIGN_OFFSET) >>> 31 === 1 ? -weight : weight);
  };

  for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    add(`w:${word}`, WORD_WEIGHT);
    // Code points, not UTF-16 units, so astral characters are never cut in half.
    const chars = Array.from(`<${word}>`);
    for (let i = 0; i + 3 <= chars.length; i++) add(`3:${chars.slice(i, i + 3).join('')}`, NGRAM_WEIGHT);
    if (HANGUL.test(word)) {
      for (let i = 0; i + 2 <= chars.length; i++) add(`2:${chars.slice(i, i + 2).join('')}`, NGRAM_WEIGHT);
    }
  }

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

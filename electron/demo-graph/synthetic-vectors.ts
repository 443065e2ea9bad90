// Synthetic "model-like" vectors for benchmarks: a mixture of topic clusters, so approximate search
// behaves as it does on real embeddings (tight neighbourhoods), unlike lexical hashing vectors. They
// are labelled synthetic in their name, which the loader records on the graph and every trace shows.
import type { Embedder } from '../corpus/embedder';
import { createHashingEmbedder } from '../corpus/hashing-embedder';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { wholeNumberRange } from './synthetic-graph';
import { createRandom, mixSeed, type Random } from './synthetic-text';

/** Which vectors a synthetic load embeds its chunks with. */
export type SyntheticVectors = 'hashing' | 'clustered';
export const SYNTHETIC_VECTOR_KINDS: readonly SyntheticVectors[] = ['hashing', 'clustered'];

/** The clustered embedder: also usable synchronously, as the benchmark scores with it. */
export interface ClusteredEmbedder extends Embedder {
  readonly dimensions: number;
  embedNow(text: string): Float32Array;
  /** The cluster `text` is drawn from (for tests and reports). */
  clusterOf(text: string): number;
}

export interface ClusteredOptions {
  readonly seed: number;
  /** Topic clusters; default 256. */
  readonly clusters?: number;
  /** Default 384, the length of the hashing embedder's vectors. */
  readonly dimensions?: number;
}

const DEFAULT_CLUSTERS = 256;
const DEFAULT_DIMENSIONS = 384;
/** Weight of the direction every vector shares (real embeddings are anisotropic: unrelated texts still score about 0.2). */
const COMMON_WEIGHT = 0.5;
/** Weight of a subtopic's offset from its topic's centre. */
const SUBTOPIC_WEIGHT = 0.7;
const SUBTOPICS = 32;
/**
 * Length of each text's own noise. With these weights two texts of one subtopic score about 0.87,
 * of one topic about 0.63, of two topics about 0.13, roughly as a sentence-embedding model's do.
 */
const NOISE = 0.5;
const CENTRE_STREAM = 0x63656e;
const SUBTOPIC_STREAM = 0x737562;
const TEXT_STREAM = 0x747874;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** A standard normal draw (Box–Muller). */
function gaussian(random: Random): number {
  const u = Math.max(random.next(), Number.MIN_VALUE);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** A random direction of `dimensions` with unit length. */
function unitVector(random: Random, dimensions: number): Float64Array {
  const v = new Float64Array(dimensions);
  let norm = 0;
  for (let i = 0; i < dimensions; i++) {
    v[i] = gaussian(random);
    norm += (v[i] as number) ** 2;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < dimensions; i++) v[i] = (v[i] as number) / norm;
  return v;
}

/** FNV-1a over the UTF-16 code units of `text`: the text's own random stream. */
function textHash(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME) >>> 0;
  return h;
}

/**
 * An embedder that draws each text's vector from a mixture of topic clusters, deterministically
 * from the seed and the text: the text picks a topic (topics have Zipf-like sizes, as real corpora
 * do), one of its subtopics and a point around that, plus a direction all vectors share. Chunks and queries are
 * embedded alike, so a query lands near a cluster and its nearest chunks are that topic's. It is
 * synthetic, not a model: it knows nothing of meaning. Its kind is `semantic` because the planner
 * must treat it as it treats a model's vectors; its name says it is synthetic.
 */
export function createClusteredEmbedder(options: ClusteredOptions): ClusteredEmbedder {
  const clusters = options.clusters ?? DEFAULT_CLUSTERS;
  const dimensions = options.dimensions ?? DEFAULT_DIMENSIONS;
  if (!Number.isSafeInteger(options.seed) || options.seed < 0)
    throw codedError('invalid_input', serverError('seed_invalid', { value: String(options.seed) }));
  if (!Number.isInteger(clusters) || clusters < 1 || clusters > 100_000)
    throw codedError('invalid_input', wholeNumberRange('clusters', 1, 100_000, clusters));
  if (!Number.isInteger(dimensions) || dimensions < 2 || dimensions > 4096)
    throw codedError('invalid_input', wholeNumberRange('dimensions', 2, 4096, dimensions));
  const centreRandom = createRandom(mixSeed(options.seed, CENTRE_STREAM));
  const common = unitVector(centreRandom, dimensions);
  const centres = Array.from({ length: clusters }, () => unitVector(centreRandom, dimensions));
  // Zipf-like topic sizes: cumulative weights of 1/(rank+1)^0.8.
  const cumulative = new Float64Array(clusters);
  let sum = 0;
  for (let i = 0; i < clusters; i++) cumulative[i] = sum += 1 / (i + 1) ** 0.8;
  const pick = (u: number) => {
    const target = u * sum;
    let lo = 0;
    let hi = clusters - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const subtopics = new Map<number, Float64Array>();
  const subtopic = (cluster: number, sub: number) => {
    const key = cluster * SUBTOPICS + sub;
    let found = subtopics.get(key);
    if (!found) {
      found = unitVector(createRandom(mixSeed(options.seed, SUBTOPIC_STREAM, cluster, sub)), dimensions);
      subtopics.set(key, found);
    }
    return found;
  };
  const streamOf = (text: string) => createRandom(mixSeed(options.seed, TEXT_STREAM, textHash(text)));
  const clusterOf = (text: string) => pick(streamOf(text).next());
  const embedNow = (text: string): Float32Array => {
    const random = streamOf(text);
    const cluster = pick(random.next());
    const centre = centres[cluster] as Float64Array;
    const offset = subtopic(cluster, random.below(SUBTOPICS));
    const noise = NOISE / Math.sqrt(dimensions);
    const v = new Float64Array(dimensions);
    let norm = 0;
    for (let i = 0; i < dimensions; i++) {
      v[i] =
        (centre[i] as number) + SUBTOPIC_WEIGHT * (offset[i] as number) + COMMON_WEIGHT * (common[i] as number) + noise * gaussian(random);
      norm += (v[i] as number) ** 2;
    }
    norm = Math.sqrt(norm);
    return Float32Array.from(v, (x) => x / norm);
  };
  return {
    name: `synthetic-clustered-${dimensions}-k${clusters}-seed${options.seed}`,
    dimensions,
    kind: 'semantic',
    batchSize: 500,
    embedNow,
    clusterOf,
    embed: async (text) => embedNow(text),
    embedMany: async (texts) => texts.map(embedNow),
  };
}

/** The embedder a synthetic load of `vectors` uses: the hashing embedder, or clustered vectors for `seed`. */
export function syntheticEmbedder(vectors: SyntheticVectors, seed: number): Embedder & { embedNow(text: string): Float32Array } {
  return vectors === 'clustered' ? createClusteredEmbedder({ seed }) : createHashingEmbedder();
}

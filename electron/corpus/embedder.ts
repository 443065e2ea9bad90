import type { Deadline } from '../../shared/deadline';

/**
 * What an embedding says about meaning: `lexical` vectors match shared words and spellings
 * only, `semantic` vectors come from a model and match paraphrases too.
 */
export type EmbedderKind = 'lexical' | 'semantic';

/**
 * Turns text into a fixed-length vector for `Chunk.embedding` and for query vectors. Asynchronous
 * for every embedder, since a model embedder calls a server; the local one answers at once.
 */
export interface Embedder {
  /** A stable name recorded with every index and trace, so vectors from different embedders are never mixed. */
  readonly name: string;
  /**
   * The version of a local embedder's features, recorded with its vectors beside the name, which
   * stays as the features change (`hashing-384`); absent for a model, whose name says it all.
   */
  readonly features?: number;
  /**
   * Length of every vector the embedder returns; the vector index must be created with it. Null
   * only for a model that was given no length and has not answered yet: its first reply sets it.
   */
  readonly dimensions: number | null;
  /** Shown to users beside results so a lexical match is never mistaken for a semantic one. */
  readonly kind: EmbedderKind;
  /** The most texts one request of `embedMany` carries; the loader embeds and writes in batches of it. */
  readonly batchSize: number;
  /** The vector for `text`, `dimensions` long, within `deadline` (a default of the embedder's when absent). */
  embed(text: string, deadline?: Deadline): Promise<Float32Array>;
  /** The vectors for `texts`, in order, in requests of at most `batchSize` texts, all within `deadline`. */
  embedMany(texts: readonly string[], deadline?: Deadline): Promise<Float32Array[]>;
}

/**
 * What the loader marks each chunk's vector with (`embedded_with`) and hashes into a load's plan: the
 * name, and the features' version where the embedder has one (`hashing-384#features-2`), so a
 * resumed load re-embeds chunks of other features and a reload of the same folder counts as new.
 */
export function vectorStamp(embedder: Pick<Embedder, 'name' | 'features'>): string {
  return embedder.features === undefined ? embedder.name : `${embedder.name}#features-${embedder.features}`;
}

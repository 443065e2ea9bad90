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

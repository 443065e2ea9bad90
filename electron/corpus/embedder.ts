/**
 * What an embedding says about meaning: `lexical` vectors match shared words and spellings
 * only, `semantic` vectors come from a model and match paraphrases too.
 */
export type EmbedderKind = 'lexical' | 'semantic';

/** Turns text into a fixed-length vector for `Chunk.embedding` and for query vectors. */
export interface Embedder {
  /** A stable name recorded with every index and trace, so vectors from different embedders are never mixed. */
  readonly name: string;
  /** Length of every vector `embed` returns; the vector index must be created with it. */
  readonly dimensions: number;
  /** Shown to users beside results so a lexical match is never mistaken for a semantic one. */
  readonly kind: EmbedderKind;
  /** The vector for `text`; always `dimensions` long. */
  embed(text: string): Float32Array;
}

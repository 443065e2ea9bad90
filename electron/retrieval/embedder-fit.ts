// Whether the run's query embedder can search the graph's vector index: the same length as the
// index and the same embedder the loader recorded on the graph. A mismatch is an error naming both,
// raised before any vector query (and before a model is paid to embed the query), never a quiet
// search that compares vectors of different models.
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { LensError } from '../../shared/lens-error';
import type { CoreMessage } from '../../shared/core-message';
import type { Embedder } from '../corpus/embedder';
import type { GraphCapabilities } from './graph-capabilities';
import type { RetrievalRun } from './retrieval-run';

type VectorIndex = NonNullable<GraphCapabilities['vectorIndex']>;
type RecordedEmbedding = NonNullable<GraphCapabilities['recordedEmbedding']>;

const OPENAI_NAME = /^openai:([^:]+)(?::(\d+))?$/;

/** `dims` as words, or nothing when the length is not known yet. */
function lengthOf(dimensions: number | null): CoreMessage[] {
  return dimensions === null ? [] : [retrievalError('dimensions_in_brackets', { dimensions })];
}

/**
 * Whether the recorded embedder and `embedder` make the same vectors: the same name, or the same
 * OpenAI model where one name leaves out a length the other states (`openai:m` loaded at 1536
 * dimensions, queried as `openai:m:1536`).
 */
export function sameEmbedder(recorded: RecordedEmbedding, embedder: Pick<Embedder, 'name' | 'dimensions'>): boolean {
  if (recorded.embedder === embedder.name) return true;
  const a = OPENAI_NAME.exec(recorded.embedder);
  const b = OPENAI_NAME.exec(embedder.name);
  if (!a || !b || a[1] !== b[1]) return false;
  const lengths = [recorded.dimensions, embedder.dimensions, a[2] ? Number(a[2]) : null, b[2] ? Number(b[2]) : null];
  const known = lengths.filter((value): value is number => value !== null);
  return known.length > 0 && known.every((value) => value === known[0]);
}

function hintFor(recorded: RecordedEmbedding | null, embedder: Embedder): CoreMessage {
  return recorded
    ? retrievalError('embedder_recorded_hint', { recorded: recorded.embedder, embedder: embedder.name })
    : retrievalError('embedder_unrecorded_hint', { embedder: embedder.name });
}

/** The error for an index of `indexDimensions` queried with vectors of `queryDimensions` made by `embedder`. */
function lengthMismatch(index: VectorIndex, recorded: RecordedEmbedding | null, embedder: Embedder, queryDimensions: number): LensError {
  const params = { index: index.name, dimensions: String(index.dimensions), embedder: embedder.name, query_dimensions: queryDimensions };
  const message = recorded
    ? retrievalError('vector_length_mismatch_recorded', { ...params, recorded: recorded.embedder })
    : retrievalError('vector_length_mismatch', params);
  return codedError('invalid_input', message, { hint: hintFor(recorded, embedder) });
}

/**
 * The error for a graph embedded by this embedder with other features: a load that recorded none
 * was made with version 1. The name is the same, so only loading again makes the vectors comparable.
 */
function featuresDiffer(recorded: RecordedEmbedding, embedder: Embedder): LensError {
  const features = String(embedder.features);
  const message = retrievalError('embedder_features_differ', {
    embedder: embedder.name,
    recorded_features: String(recorded.features ?? 1),
    features,
  });
  return codedError('invalid_input', message, { hint: retrievalError('embedder_features_hint', { features }) });
}

/**
 * The run's vector index once it is known to fit the run's embedder: an `unavailable` error when the
 * graph has none, an `invalid_input` error naming both sides when its length differs from the
 * embedder's or the graph records another embedder (or the same with other features). Reads only the run's capabilities, which are
 * read once per connection.
 */
export function usableVectorIndex(run: Pick<RetrievalRun, 'capabilities' | 'embedder' | 'profile'>): VectorIndex {
  const { capabilities, embedder } = run;
  const index = capabilities.vectorIndex;
  if (!index) {
    throw codedError('unavailable', retrievalError('no_vector_index', { index: run.profile.indexes.chunkVector }), {
      hint: retrievalError('no_vector_index_hint'),
    });
  }
  const recorded = capabilities.recordedEmbedding;
  if (index.dimensions !== null && embedder.dimensions !== null && index.dimensions !== embedder.dimensions)
    throw lengthMismatch(index, recorded, embedder, embedder.dimensions);
  if (recorded && !sameEmbedder(recorded, embedder)) {
    const differs = retrievalError('embedder_differs', {
      recorded: recorded.embedder,
      recorded_length: lengthOf(recorded.dimensions),
      embedder: embedder.name,
      embedder_length: lengthOf(embedder.dimensions),
    });
    throw codedError('invalid_input', differs, { hint: hintFor(recorded, embedder) });
  }
  if (recorded && embedder.features !== undefined && (recorded.features ?? 1) !== embedder.features)
    throw featuresDiffer(recorded, embedder);
  return index;
}

/** Refuses a query vector whose length differs from the index's (a model that was given no length, learned from its reply). */
export function checkQueryVectorLength(run: Pick<RetrievalRun, 'capabilities' | 'embedder' | 'profile'>, vector: Float32Array): void {
  const index = usableVectorIndex(run);
  if (index.dimensions !== null && index.dimensions !== vector.length)
    throw lengthMismatch(index, run.capabilities.recordedEmbedding, run.embedder, vector.length);
}

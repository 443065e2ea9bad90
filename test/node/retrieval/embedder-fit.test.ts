import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import type { Embedder } from '../../../electron/corpus/embedder';
import { createHashingEmbedder, HASHING_FEATURES } from '../../../electron/corpus/hashing-embedder';
import { checkQueryVectorLength, sameEmbedder, usableVectorIndex } from '../../../electron/retrieval/embedder-fit';
import type { GraphCapabilities } from '../../../electron/retrieval/graph-capabilities';
import { errorOf } from '../../support/lens-error-of';

/** An embedder identity as the check sees it (it never embeds). */
function named(name: string, dimensions: number | null): Embedder {
  const { features: _features, ...hashing } = createHashingEmbedder();
  return { ...hashing, name, dimensions, kind: 'semantic' };
}

function capabilities(indexDimensions: number | null, recorded: GraphCapabilities['recordedEmbedding']): GraphCapabilities {
  return {
    version: '5.26.30',
    searchClause: false,
    vectorIndex: { name: 'chunk_embedding', dimensions: indexDimensions, filterable: [], online: true },
    recordedEmbedding: recorded,
    fulltextIndex: null,
    entityIndex: null,
    fulltextAclTerms: { present: false, reason: 'not needed here' },
  };
}

const hashingRecord = { embedder: 'hashing-384', features: HASHING_FEATURES, dimensions: 384, kind: 'lexical' };
/** What a load recorded before the features' version was recorded: no version, which was version 1. */
const firstFeaturesRecord = { embedder: 'hashing-384', dimensions: 384, kind: 'lexical' };
const run = (caps: GraphCapabilities, embedder: Embedder) => ({ capabilities: caps, embedder, profile: DEFAULT_SCHEMA_PROFILE });

describe('sameEmbedder', () => {
  it('matches equal names, and an OpenAI model named with and without the length it has', () => {
    expect(sameEmbedder(hashingRecord, createHashingEmbedder())).toBe(true);
    expect(sameEmbedder({ embedder: 'openai:m', dimensions: 1536, kind: 'semantic' }, named('openai:m:1536', 1536))).toBe(true);
    expect(sameEmbedder({ embedder: 'openai:m:1536', dimensions: 1536, kind: 'semantic' }, named('openai:m', null))).toBe(true);
  });

  it('tells apart other models, other lengths of one model, and hashing from a model', () => {
    expect(sameEmbedder({ embedder: 'openai:m', dimensions: 1536, kind: 'semantic' }, named('openai:n', null))).toBe(false);
    expect(sameEmbedder({ embedder: 'openai:m', dimensions: 1536, kind: 'semantic' }, named('openai:m:256', 256))).toBe(false);
    expect(sameEmbedder(hashingRecord, named('openai:m:384', 384))).toBe(false);
  });
});

describe('usableVectorIndex', () => {
  it('passes the embedder the graph was loaded with', () => {
    expect(usableVectorIndex(run(capabilities(384, hashingRecord), createHashingEmbedder())).name).toBe('chunk_embedding');
  });

  it('refuses another length as invalid_input naming the index, both embedders and both lengths', () => {
    const error = errorOf(() => usableVectorIndex(run(capabilities(384, hashingRecord), named('openai:m:256', 256))));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      'The vector index chunk_embedding holds 384-dimension vectors, embedded with hashing-384, but queries are embedded with openai:m:256, which makes 256; vector search cannot compare them.',
    );
    expect(error.hint).toMatch(/LENS_EMBEDDER=hashing-384.*reload the graph with openai:m:256/);
    expect(error.said).toEqual({
      code: 'error_retrieval:vector_length_mismatch_recorded',
      params: { index: 'chunk_embedding', dimensions: '384', embedder: 'openai:m:256', query_dimensions: 256, recorded: 'hashing-384' },
    });
    expect(error.hintSaid).toEqual({
      code: 'error_retrieval:embedder_recorded_hint',
      params: { recorded: 'hashing-384', embedder: 'openai:m:256' },
    });
  });

  it('refuses another embedder of the same length, since its similarities mean nothing', () => {
    const error = errorOf(() => usableVectorIndex(run(capabilities(384, hashingRecord), named('openai:m:384', 384))));
    expect(error.message).toMatch(/made by hashing-384 \(384 dimensions\), but queries are embedded with openai:m:384 \(384 dimensions\)/);
    // The lengths are message parts, so the Korean sentence has no English fragment in it.
    expect(error.said?.code).toBe('error_retrieval:embedder_differs');
    expect(wordCore(error.said as CoreMessage, 'ko')).toBe(
      '그래프의 벡터는 hashing-384(384차원)로 만들었지만, 질의는 openai:m:384(384차원)로 임베딩됩니다. 유사도가 의미가 없습니다.',
    );
  });

  it('refuses a graph the hashing embedder made with its first features (recorded without a version), saying to load it again', () => {
    const error = errorOf(() => usableVectorIndex(run(capabilities(384, firstFeaturesRecord), createHashingEmbedder())));
    expect(error.kind).toBe('invalid_input');
    expect(error.said).toEqual({
      code: 'error_retrieval:embedder_features_differ',
      params: { embedder: 'hashing-384', recorded_features: '1', features: String(HASHING_FEATURES) },
    });
    expect(error.message).toBe(
      `The graph's vectors were made by hashing-384 with its features of version 1, but this version of Provenance Lens embeds queries with version ${HASHING_FEATURES}; their similarities would mean nothing.`,
    );
    expect(error.hint).toMatch(/Load the graph again.*`lens demo load`.*`lens demo load --docs <folder>`/);
    expect(wordCore(error.said as CoreMessage, 'ko')).toBe(
      `그래프의 벡터는 hashing-384의 특징 버전 1로 만들었지만, 이 버전의 Provenance Lens는 질의를 버전 ${HASHING_FEATURES}로 임베딩합니다. 유사도가 의미가 없습니다.`,
    );
  });

  it('passes a model embedder whatever features a record says, since a model has no features version', () => {
    expect(usableVectorIndex(run(capabilities(384, { ...hashingRecord, embedder: 'openai:m:384' }), named('openai:m:384', 384))).name).toBe(
      'chunk_embedding',
    );
  });

  it('passes an embedder of the right length on a graph that records none (a graph this app did not load)', () => {
    expect(usableVectorIndex(run(capabilities(1536, null), named('openai:m', null))).dimensions).toBe(1536);
  });

  it('says there is no index as unavailable', () => {
    const caps = { ...capabilities(384, null), vectorIndex: null };
    expect(errorOf(() => usableVectorIndex(run(caps, createHashingEmbedder()))).kind).toBe('unavailable');
  });
});

describe('checkQueryVectorLength', () => {
  it('refuses a learned vector length that differs from the index, naming both', () => {
    const error = errorOf(() => checkQueryVectorLength(run(capabilities(1536, null), named('openai:m', null)), new Float32Array(768)));
    expect(error.message).toMatch(/holds 1536-dimension vectors, but queries are embedded with openai:m, which makes 768/);
  });
});

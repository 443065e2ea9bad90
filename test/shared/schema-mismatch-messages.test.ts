import { describe, expect, it } from 'vitest';
import type { GraphSchemaSnapshot } from '../../shared/connect-report';
import { coreSentence, wordCore } from '../../shared/core-catalogues';
import { findSchemaMismatches } from '../../shared/schema-mismatches';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';

const P = DEFAULT_SCHEMA_PROFILE;

/** A graph with no labels, relationships or indexes, embedded with another embedder: every kind of mismatch but the index ones that need an index. */
const EMPTY: GraphSchemaSnapshot = {
  labels: [],
  relationship_types: [],
  indexes: [
    {
      name: P.indexes.chunkVector,
      type: 'VECTOR',
      entity_type: 'NODE',
      labels_or_types: ['Other'],
      properties: ['vec'],
      state: 'POPULATING',
      dimensions: 768,
      similarity: 'COSINE',
      analyzer: null,
    },
  ],
  embedding: { index: P.indexes.chunkVector, embedder: 'big-768', dimensions: 768, kind: 'semantic', recorded_at: null },
  node_count: 0,
  relationship_count: 0,
};

describe('a schema mismatch as a message code', () => {
  const found = findSchemaMismatches(P, EMPTY, { name: 'hashing-384', dimensions: 384 });

  it('keeps the English sentences the report always gave, worded from their codes', () => {
    const byCode = new Map(found.map((entry) => [entry.message_code, entry.message]));
    expect(byCode.get('mismatch:vector_dimensions_built_with')).toBe(
      `The vector index ${P.indexes.chunkVector} has 768 dimensions, but the embedder in use (hashing-384) makes 384; vector queries would fail. Configure the embedder that built the index (big-768), or re-load the graph with this one.`,
    );
    expect(byCode.get('mismatch:vector_not_online')).toBe(
      `The vector index ${P.indexes.chunkVector} is POPULATING, not ONLINE; results may be incomplete until it is.`,
    );
    expect(byCode.get('mismatch:entity_index_missing')).toBe(
      `There is no full-text index named ${P.indexes.entityNames}; entity lookup by name will be unavailable.`,
    );
    expect(byCode.get('mismatch:embedder_differs')).toBe(
      'The graph was embedded with big-768 (768 dimensions) but the app embeds queries with hashing-384; similarities will be meaningless until they match.',
    );
  });

  it('gives every mismatch a code worded in Korean, and keeps the English of a report made before codes', () => {
    expect(found.length).toBeGreaterThan(8);
    for (const entry of found) {
      expect(entry.message_code, entry.message).toMatch(/^mismatch:/);
      expect(wordCore({ code: entry.message_code ?? '', params: entry.message_params ?? {} }, 'en')).toBe(entry.message);
      const korean = wordCore({ code: entry.message_code ?? '', params: entry.message_params ?? {} }, 'ko') ?? '';
      expect(korean, entry.message_code).toMatch(/[가-힣]/);
    }
    expect(coreSentence(undefined, undefined, 'The graph has no :Chunk nodes.', 'ko')).toBe('The graph has no :Chunk nodes.');
  });
});

import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../electron/corpus/embedder';
import type { PipelineDeps } from '../../../electron/retrieval/context-pipeline';
import { warmupEmbedder, warmupRuns } from '../../../electron/services/connection-warmup';
import type { Principal } from '../../../shared/principal';

/** A model embedder that counts its calls (each one would be paid). */
function countingEmbedder(dimensions: number | null) {
  const calls = { count: 0 };
  const embedder: Embedder = {
    name: 'openai:text-embedding-3-small',
    dimensions,
    kind: 'semantic',
    batchSize: 64,
    embed: async () => {
      calls.count += 1;
      return new Float32Array(dimensions ?? 3);
    },
    embedMany: async (texts) => {
      calls.count += 1;
      return texts.map(() => new Float32Array(dimensions ?? 3));
    },
  };
  return { embedder, calls };
}

const reader: Principal = { principal_id: 'u1', workspace_id: 'w', groups: ['g'], acl_partitions: [], source: 'graph' };

describe('the warm-up embedder', () => {
  it("keeps the connection's name, kind and length, answers a unit vector, and never calls the model", async () => {
    const { embedder, calls } = countingEmbedder(1536);
    const warm = warmupEmbedder(embedder);
    expect(warm).not.toBeNull();
    expect({ name: warm?.name, kind: warm?.kind, dimensions: warm?.dimensions }).toEqual({
      name: embedder.name,
      kind: 'semantic',
      dimensions: 1536,
    });
    const vector = await warm?.embed('warm-up 준비');
    const many = await warm?.embedMany(['a', 'b']);
    expect(vector?.length).toBe(1536);
    expect(Math.hypot(...(vector ?? []))).toBeCloseTo(1);
    expect(many?.map((v) => v.length)).toEqual([1536, 1536]);
    expect(calls.count).toBe(0);
  });

  it('is null while the model has not said its length', () => {
    expect(warmupEmbedder(countingEmbedder(null).embedder)).toBeNull();
  });
});

describe('the warm-up runs', () => {
  const depsWith = (embedder: Embedder) => ({ embedder }) as unknown as PipelineDeps;

  it("run every mode with the warm-up embedder, never the connection's", () => {
    const { embedder } = countingEmbedder(8);
    const runs = warmupRuns(depsWith(embedder), [reader]);
    expect(runs.map((run) => `${run.mode}/${run.strategy}`)).toEqual([
      'vector/default',
      'fulltext/default',
      'hybrid/default',
      'graph/default',
      'vector/ann',
    ]);
    expect(runs.every((run) => run.deps.embedder !== embedder && run.deps.embedder.name === embedder.name)).toBe(true);
  });

  it('warm only full-text while the embedding length is unknown', () => {
    const runs = warmupRuns(depsWith(countingEmbedder(null).embedder), [reader]);
    expect(runs.map((run) => run.mode)).toEqual(['fulltext']);
  });
});

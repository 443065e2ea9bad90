import { describe, expect, it } from 'vitest';
import { createClusteredEmbedder, syntheticEmbedder } from '../../../electron/demo-graph/synthetic-vectors';
import { syntheticQueries } from '../../../electron/demo-graph/synthetic-text';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);
const texts = Array.from({ length: 400 }, (_, i) => `chunk ${i} of the synthetic corpus`);

describe('clustered synthetic vectors', () => {
  it('gives the same unit vector for the same seed and text, and another for another seed', () => {
    const a = createClusteredEmbedder({ seed: 3 }).embedNow('deploy the gateway');
    const b = createClusteredEmbedder({ seed: 3 }).embedNow('deploy the gateway');
    const c = createClusteredEmbedder({ seed: 4 }).embedNow('deploy the gateway');
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(a).toHaveLength(384);
    expect(cosine(a, a)).toBeCloseTo(1, 5);
    expect(cosine(a, c)).toBeLessThan(0.9);
  });

  it('puts texts of one cluster far closer together than texts of two', () => {
    const embedder = createClusteredEmbedder({ seed: 1, clusters: 8 });
    const vectors = texts.map((t) => ({ cluster: embedder.clusterOf(t), v: embedder.embedNow(t) }));
    let same = 0;
    let sameCount = 0;
    let other = 0;
    let otherCount = 0;
    for (let i = 0; i < vectors.length; i += 3) {
      for (let j = i + 1; j < vectors.length; j += 7) {
        const a = vectors[i]!;
        const b = vectors[j]!;
        const score = cosine(a.v, b.v);
        if (a.cluster === b.cluster) {
          same += score;
          sameCount += 1;
        } else {
          other += score;
          otherCount += 1;
        }
      }
    }
    expect(sameCount).toBeGreaterThan(50);
    expect(otherCount).toBeGreaterThan(50);
    expect(same / sameCount).toBeGreaterThan(0.55);
    expect(other / otherCount).toBeLessThan(0.25);
  });

  it('draws topics of unequal size, every one used', () => {
    const embedder = createClusteredEmbedder({ seed: 1, clusters: 8 });
    const counts = new Array<number>(8).fill(0);
    for (const t of texts) counts[embedder.clusterOf(t)]! += 1;
    expect(counts.every((n) => n > 0)).toBe(true);
    expect(counts[0]!).toBeGreaterThan(counts[7]!);
  });

  it('places each query near a cluster: its nearest chunks score well above unrelated ones', () => {
    const embedder = createClusteredEmbedder({ seed: 2, clusters: 16 });
    const chunks = texts.map((t) => embedder.embedNow(t));
    for (const query of syntheticQueries(2, 5)) {
      const q = embedder.embedNow(query);
      const scores = chunks.map((c) => cosine(q, c)).sort((a, b) => b - a);
      expect(scores[0]! - scores[scores.length - 1]!).toBeGreaterThan(0.3);
    }
  });

  it('is labelled synthetic and model-like, and the hashing kind stays the lexical embedder', () => {
    const clustered = syntheticEmbedder('clustered', 5);
    expect(clustered.name).toMatch(/^synthetic-clustered-384-k256-seed5$/);
    expect(clustered.kind).toBe('semantic');
    expect(syntheticEmbedder('hashing', 5).name).toBe('hashing-384');
  });

  it('refuses a bad seed or cluster count, naming it', () => {
    expect(() => createClusteredEmbedder({ seed: -1 })).toThrow(/seed/);
    expect(() => createClusteredEmbedder({ seed: 1, clusters: 0 })).toThrow(/clusters/);
  });
});

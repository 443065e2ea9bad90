import { beforeAll, describe, expect, it } from 'vitest';
import type { PrincipalRecord } from '../../../electron/corpus/corpus-model';
import { createHashingEmbedder } from '../../../electron/corpus/hashing-embedder';
import { planHash } from '../../../electron/demo-graph/graph-writer';
import {
  benchPrincipalId,
  buildSyntheticCorpus,
  buildSyntheticPlan,
  percentLabel,
  type SyntheticCorpus,
} from '../../../electron/demo-graph/synthetic-graph';
import { syntheticQueries, syntheticVocabulary } from '../../../electron/demo-graph/synthetic-text';
import { referenceChunkVisible } from '../../support/reference-acl';

const SELECTIVITIES = [0.001, 0.01, 0.1, 0.5, 1];
const OPTIONS = { chunks: 20_000, selectivities: SELECTIVITIES, seed: 7 };

describe('the synthetic benchmark graph', () => {
  let corpus: SyntheticCorpus;
  const principal = (id: string): PrincipalRecord => {
    const found = corpus.plan.principals.find((p) => p.principal_id === id);
    if (!found) throw new Error(`no principal ${id}`);
    return found;
  };
  const visibleChunkIds = (p: PrincipalRecord) =>
    corpus.plan.documents.flatMap((doc) =>
      doc.chunks.filter((chunk) => referenceChunkVisible(doc.acl, chunk.acl_partition, p)).map((chunk) => chunk.chunk_id),
    );

  beforeAll(() => {
    corpus = buildSyntheticCorpus(OPTIONS);
  });

  it('is the same plan for the same seed', () => {
    const again = buildSyntheticPlan(OPTIONS);
    expect(planHash(again, createHashingEmbedder())).toBe(planHash(corpus.plan, createHashingEmbedder()));
  });

  it('is a different plan for another seed', () => {
    const other = buildSyntheticPlan({ ...OPTIONS, seed: 8 });
    expect(planHash(other, createHashingEmbedder())).not.toBe(planHash(corpus.plan, createHashingEmbedder()));
  });

  it('has exactly the requested number of chunks, with unique ids', () => {
    const ids = corpus.plan.documents.flatMap((doc) => doc.chunks.map((chunk) => chunk.chunk_id));
    expect(ids).toHaveLength(OPTIONS.chunks);
    expect(new Set(ids).size).toBe(OPTIONS.chunks);
    expect(new Set(corpus.plan.documents.map((doc) => doc.document_id)).size).toBe(corpus.plan.documents.length);
  });

  it('averages about chunksPerDocument chunks per document', () => {
    expect(OPTIONS.chunks / corpus.plan.documents.length).toBeGreaterThan(3.5);
    expect(OPTIONS.chunks / corpus.plan.documents.length).toBeLessThan(4.5);
    const small = buildSyntheticPlan({ ...OPTIONS, chunks: 3_000, chunksPerDocument: 1 });
    expect(small.documents).toHaveLength(3_000);
  });

  it('has a bench-s<percent> principal for each selectivity', () => {
    expect(corpus.plan.principals.map((p) => p.principal_id)).toEqual(['bench-s0.1', 'bench-s1', 'bench-s10', 'bench-s50', 'bench-s100']);
    expect(percentLabel(0.07)).toBe('7');
    expect(benchPrincipalId(0.0005)).toBe('bench-s0.05');
  });

  it('gives each principal its selectivity of all chunks under the reference rule, within one document', () => {
    const largest = Math.max(...corpus.plan.documents.map((doc) => doc.chunks.length));
    for (const reach of corpus.reach) {
      const seen = visibleChunkIds(principal(reach.principal_id)).length;
      expect({ principal: reach.principal_id, seen }).toEqual({ principal: reach.principal_id, seen: reach.chunks });
      expect(Math.abs(seen - Math.round(reach.selectivity * OPTIONS.chunks))).toBeLessThan(largest);
    }
    expect(visibleChunkIds(principal('bench-s100'))).toHaveLength(OPTIONS.chunks);
  });

  it("spreads allowed chunks over the id space and does not nest the principals' sets", () => {
    const order = new Map(
      corpus.plan.documents.flatMap((doc) => doc.chunks.map((chunk) => chunk.chunk_id)).map((id, index) => [id, index]),
    );
    const small = visibleChunkIds(principal('bench-s1'));
    const positions = small.map((id) => order.get(id) as number);
    // A contiguous block of 1 % would span 200 positions; a spread one spans nearly all of them.
    expect(Math.max(...positions) - Math.min(...positions)).toBeGreaterThan(OPTIONS.chunks * 0.9);
    const tenPercent = new Set(visibleChunkIds(principal('bench-s10')));
    const inBoth = small.filter((id) => tenPercent.has(id)).length;
    expect(inBoth).toBeLessThan(small.length * 0.5);
  });

  it("makes every chunk's text exactly its span of the document body", () => {
    for (const doc of corpus.plan.documents) {
      const body = corpus.bodyOf(doc.document_id);
      for (const chunk of doc.chunks) expect(body.slice(chunk.start_char, chunk.end_char)).toBe(chunk.text);
    }
  });

  it("gives each document a claim whose evidence quotes its own chunk and another document's, at the quote's span", () => {
    const { documents, claims } = corpus.plan;
    expect(claims).toHaveLength(documents.length);
    expect(new Set(claims.map((claim) => claim.claim_id)).size).toBe(claims.length);
    const chunkById = new Map(documents.flatMap((doc) => doc.chunks.map((chunk) => [chunk.chunk_id, { chunk, doc }] as const)));
    const evidenceIds = new Set<string>();
    let crossDocument = 0;
    claims.forEach((claim, index) => {
      expect(claim.evidence).toHaveLength(2);
      const [own, other] = claim.evidence.map((evidence) => {
        evidenceIds.add(evidence.evidence_id);
        const found = chunkById.get(evidence.chunk_id);
        expect(found).toBeDefined();
        expect(found?.chunk.text.slice(evidence.start_char, evidence.end_char)).toBe(evidence.quote);
        expect(evidence.quote.length).toBeGreaterThan(0);
        return found?.doc.document_id;
      });
      expect(own).toBe(documents[index]?.document_id);
      if (other !== own) crossDocument += 1;
    });
    expect(evidenceIds.size).toBe(2 * claims.length);
    expect(crossDocument).toBe(claims.length);
  });

  it('writes English and Korean documents with a Zipf-like head', () => {
    const languages = corpus.plan.documents.map((doc) => doc.language);
    expect(languages.filter((l) => l === 'ko').length / languages.length).toBeGreaterThan(0.2);
    expect(languages.filter((l) => l === 'en').length / languages.length).toBeGreaterThan(0.6);
    const counts = new Map<string, number>();
    for (const doc of corpus.plan.documents.slice(0, 500)) {
      if (doc.language !== 'en') continue;
      for (const chunk of doc.chunks)
        for (const word of chunk.text.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const ranked = [...counts.values()].sort((a, b) => b - a);
    // Zipf: the most common word is far more frequent than the hundredth, and many words are rare.
    expect((ranked[0] as number) / (ranked[99] as number)).toBeGreaterThan(20);
    expect(ranked.filter((count) => count <= 2).length).toBeGreaterThan(100);
  });

  it('draws benchmark queries from the same vocabulary, deterministically', () => {
    const queries = syntheticQueries(OPTIONS.seed, 30);
    expect(queries).toEqual(syntheticQueries(OPTIONS.seed, 30));
    const vocabulary = syntheticVocabulary(OPTIONS.seed);
    const words = new Set([...vocabulary.english.words, ...vocabulary.korean.words]);
    for (const query of queries) for (const word of query.split(' ')) expect(words.has(word)).toBe(true);
  });

  it('refuses selectivities outside (0, 1] and selectivities that name the same principal', () => {
    expect(() => buildSyntheticPlan({ ...OPTIONS, selectivities: [0] })).toThrow(/selectivity/);
    expect(() => buildSyntheticPlan({ ...OPTIONS, selectivities: [1.5] })).toThrow(/selectivity/);
    expect(() => buildSyntheticPlan({ ...OPTIONS, selectivities: [0.1, 0.1] })).toThrow(/bench-s10/);
    expect(() => buildSyntheticPlan({ ...OPTIONS, chunks: 0 })).toThrow(/chunks/);
  });
});

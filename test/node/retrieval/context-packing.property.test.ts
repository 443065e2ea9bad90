import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packContext, type PackCandidate, type PackResult } from '../../../electron/retrieval/context-packing';
import { createTokenCounter } from '../../../electron/retrieval/token-counter';

const counter = createTokenCounter();
// A fixed seed keeps every run of the suite on the same generated cases.
const RUNS = { seed: 20260715, numRuns: 300 };
const FINAL_CUTS = new Set(['claim_already_covered', 'evidence_limit', 'over_top_k', 'over_budget']);
const PHRASES = [
  '결제 서비스의 장애 대응 절차',
  'The event bus moved to Redpanda.',
  '내부 DNS 영역',
  'rate limits at the edge',
  '인증서 갱신은 cert-manager가 맡는다',
];

/**
 * One pick of a chunk: a chunk id always means the same document, position and text, as in the graph.
 * Document 3's graph holds no positions and no offsets, document 2's positions but no offsets (a graph
 * built without them, as neo4j-graphrag's lexical graph is).
 */
const pick = fc.record({
  doc: fc.integer({ min: 0, max: 3 }),
  position: fc.integer({ min: 0, max: 6 }),
  claim: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  required: fc.boolean(),
});

const scenario = fc.record({
  picks: fc.array(pick, { maxLength: 24 }),
  maxTokens: fc.integer({ min: 0, max: 200 }),
  topK: fc.integer({ min: 1, max: 10 }),
  maxEvidenceChunks: fc.integer({ min: 0, max: 6 }),
  withRequired: fc.boolean(),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

function candidatesOf(s: Scenario): PackCandidate<number>[] {
  return s.picks.map((p, index) => {
    const phrase = PHRASES[(p.doc * 7 + p.position) % PHRASES.length] as string;
    const candidate: PackCandidate<number> = {
      chunk_id: `d${p.doc}#${p.position}`,
      document_id: `d${p.doc}`,
      position: p.doc === 3 ? null : p.position,
      content: `${phrase} `.repeat(1 + ((p.doc + p.position) % 4)).trim(),
      start_char: p.doc >= 2 ? null : p.position * 100,
      end_char: p.doc >= 2 ? null : p.position * 100 + 99,
      score: 1 - index / 100,
      required: s.withRequired && p.required,
      payload: index,
    };
    if (p.claim !== undefined) {
      candidate.claim_id = `c-${p.claim}`;
      candidate.evidence_id = `e-${p.claim}-${p.doc}-${p.position}`;
    }
    return candidate;
  });
}

function run(s: Scenario): { candidates: PackCandidate<number>[]; result: PackResult<number> } {
  const candidates = candidatesOf(s);
  return {
    candidates,
    result: packContext(candidates, { maxTokens: s.maxTokens, topK: s.topK, maxEvidenceChunks: s.maxEvidenceChunks, counter }),
  };
}

function holds(property: (s: Scenario) => void): void {
  fc.assert(fc.property(scenario, property), RUNS);
}

describe('packContext properties', () => {
  it('never spends more than maxTokens, and used_tokens is the sum of the items', () => {
    holds((s) => {
      const { result } = run(s);
      expect(result.used_tokens).toBeLessThanOrEqual(s.maxTokens);
      expect(result.used_tokens).toBe(result.items.reduce((sum, item) => sum + item.tokens, 0));
    });
  });

  it("counts each item's final content", () => {
    holds((s) => {
      for (const item of run(s).result.items) expect(item.tokens).toBe(counter.count(item.content));
    });
  });

  it('never puts a chunk in two items', () => {
    holds((s) => {
      const ids = run(s).result.items.flatMap((item) => item.chunk_ids);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });

  it('accounts for every input chunk: delivered in exactly one item, or cut', () => {
    holds((s) => {
      const { candidates, result } = run(s);
      const delivered = new Set(result.items.flatMap((item) => item.chunk_ids));
      for (const chunkId of new Set(candidates.map((c) => c.chunk_id))) {
        const finalCuts = result.cuts.filter((cut) => cut.chunk_id === chunkId && FINAL_CUTS.has(cut.reason));
        if (delivered.has(chunkId)) expect(finalCuts).toEqual([]);
        else expect(finalCuts).toHaveLength(1);
        const occurrences = candidates.filter((c) => c.chunk_id === chunkId).length;
        expect(result.cuts.filter((cut) => cut.chunk_id === chunkId && cut.reason === 'duplicate')).toHaveLength(occurrences - 1);
      }
    });
  });

  it('records a merge exactly for the chunks after the first of each delivered item', () => {
    holds((s) => {
      const { result } = run(s);
      const merged = result.cuts.filter((cut) => cut.reason === 'merged').map((cut) => cut.chunk_id);
      expect(merged.sort()).toEqual(result.items.flatMap((item) => item.chunk_ids.slice(1)).sort());
    });
  });

  it('merges only consecutive positions of one document, joined in position order', () => {
    holds((s) => {
      const { candidates, result } = run(s);
      const byId = new Map(candidates.map((c) => [c.chunk_id, c]));
      for (const item of result.items) {
        const chunks = item.chunk_ids.map((id) => byId.get(id) as PackCandidate<number>);
        expect(item.chunk_id).toBe(item.chunk_ids[0]);
        chunks.forEach((chunk, i) => {
          expect(chunk.document_id).toBe(item.document_id);
          const before = chunks[i - 1]?.position;
          // A chunk without a position is never merged: nothing says what it follows.
          if (i > 0) expect([before, chunk.position]).toEqual([expect.any(Number), (before ?? NaN) + 1]);
        });
        expect(item.content).toBe(chunks.map((c) => c.content).join('\n\n'));
        const [start, end] = [chunks[0]?.start_char ?? null, chunks.at(-1)?.end_char ?? null];
        // No offsets in the graph: no span, never an invented 0–0.
        expect(item.span).toEqual(start === null || end === null ? null : { start_char: start, end_char: end });
      }
    });
  });

  it('keeps at most topK items, more only for required ones', () => {
    holds((s) => {
      const { candidates, result } = run(s);
      const required = new Set(candidates.filter((c) => c.required).map((c) => c.chunk_id)).size;
      expect(result.items.length).toBeLessThanOrEqual(Math.max(s.topK, required));
      if (required === 0) expect(result.items.length).toBeLessThanOrEqual(s.topK);
    });
  });

  it('keeps at most maxEvidenceChunks evidence chunks when none is required', () => {
    holds((s) => {
      if (s.withRequired) return;
      const { candidates, result } = run(s);
      const evidence = new Set(candidates.filter((c) => c.evidence_id !== undefined).map((c) => c.chunk_id));
      const delivered = result.items.flatMap((item) => item.chunk_ids).filter((id) => evidence.has(id));
      expect(delivered.length).toBeLessThanOrEqual(s.maxEvidenceChunks);
    });
  });

  it('orders items by the rank of their best-ranked chunk', () => {
    holds((s) => {
      const { candidates, result } = run(s);
      const firstRank = (id: string) => candidates.findIndex((c) => c.chunk_id === id);
      const ranks = result.items.map((item) => Math.min(...item.chunk_ids.map(firstRank)));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    });
  });

  it('carries each payload of the kept occurrence, aligned with chunk_ids', () => {
    holds((s) => {
      const { candidates, result } = run(s);
      for (const item of result.items) {
        expect(item.payloads).toEqual(item.chunk_ids.map((id) => candidates.findIndex((c) => c.chunk_id === id)));
      }
    });
  });
});

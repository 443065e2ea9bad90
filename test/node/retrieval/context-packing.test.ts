import { describe, expect, it } from 'vitest';
import { isLensError } from '../../../shared/lens-error';
import { packContext, type PackCandidate, type PackOptions } from '../../../electron/retrieval/context-packing';
import { createTokenCounter, type TokenCounter } from '../../../electron/retrieval/token-counter';

// One token per word keeps the budget arithmetic in these examples readable.
const words: TokenCounter = { name: 'words', count: (text) => text.split(/\s+/).filter(Boolean).length };

let nextScore = 100;
function chunk(chunk_id: string, fields: Partial<PackCandidate<string>> = {}): PackCandidate<string> {
  const [document_id = 'doc', position = '0'] = chunk_id.split('#');
  return {
    chunk_id,
    document_id,
    position: Number(position),
    content: `text of ${chunk_id}`,
    start_char: Number(position) * 100,
    end_char: Number(position) * 100 + 90,
    score: nextScore--,
    payload: `payload of ${chunk_id}`,
    ...fields,
  };
}

function pack(candidates: PackCandidate<string>[], options: Partial<PackOptions> = {}) {
  return packContext(candidates, { maxTokens: 1000, topK: 10, maxEvidenceChunks: 8, counter: words, ...options });
}

describe('packContext: dedupe', () => {
  it('keeps the best-ranked occurrence of a chunk found twice', () => {
    const result = pack([chunk('a#0', { score: 0.9, payload: 'vector' }), chunk('b#5'), chunk('a#0', { score: 0.4, payload: 'fulltext' })]);
    expect(result.items.map((i) => i.chunk_id)).toEqual(['a#0', 'b#5']);
    expect(result.items[0]?.payloads).toEqual(['vector']);
    expect(result.items[0]?.score).toBe(0.9);
    expect(result.cuts).toEqual([
      { chunk_id: 'a#0', reason: 'duplicate', detail: 'already kept at rank 1', detail_code: 'cut:duplicate', detail_params: { rank: 1 } },
    ]);
  });

  it('keeps one item under the first claim when two claims cite the same chunk, naming the other claim', () => {
    const result = pack([chunk('a#0', { claim_id: 'c-1', evidence_id: 'e-1' }), chunk('a#0', { claim_id: 'c-2', evidence_id: 'e-2' })]);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]?.claim_id).toBe('c-1');
    expect(result.cuts).toHaveLength(1);
    expect(result.cuts[0]?.reason).toBe('duplicate');
    expect(result.cuts[0]?.detail).toContain('claim c-2');
    expect(result.cuts[0]?.detail_code).toBe('cut:duplicate_other_claim');
    expect(result.cuts[0]?.detail_params).toEqual({ claim: 'c-2', kept_claim: 'c-1', rank: 1 });
  });

  it('gives a chunk found by search the claim of a later occurrence as evidence', () => {
    const result = pack([chunk('a#0'), chunk('a#0', { claim_id: 'c-1', evidence_id: 'e-1' })]);
    expect(result.items[0]?.claim_id).toBe('c-1');
    expect(result.cuts[0]?.detail).toBe('already kept at rank 1, now as evidence of claim c-1');
    expect(result.cuts[0]?.detail_code).toBe('cut:duplicate_now_claim');
    expect(result.cuts[0]?.detail_params).toEqual({ rank: 1, claim: 'c-1' });
  });
});

describe('packContext: claims and evidence', () => {
  it('cuts lower-ranked evidence of a claim that is already covered', () => {
    const result = pack([chunk('a#0', { claim_id: 'c-1', evidence_id: 'e-1' }), chunk('b#0', { claim_id: 'c-1', evidence_id: 'e-2' })]);
    expect(result.items.map((i) => i.chunk_id)).toEqual(['a#0']);
    expect(result.cuts).toEqual([
      {
        chunk_id: 'b#0',
        reason: 'claim_already_covered',
        detail: 'claim c-1 is already covered by chunk a#0',
        detail_code: 'cut:claim_already_covered',
        detail_params: { claim: 'c-1', chunk: 'a#0' },
      },
    ]);
  });

  it('keeps evidence of different claims', () => {
    const result = pack([chunk('a#0', { claim_id: 'c-1', evidence_id: 'e-1' }), chunk('b#0', { claim_id: 'c-2', evidence_id: 'e-2' })]);
    expect(result.items.map((i) => i.claim_id)).toEqual(['c-1', 'c-2']);
  });

  it('cuts evidence chunks beyond maxEvidenceChunks but not plain chunks', () => {
    const result = pack(
      [
        chunk('a#0', { claim_id: 'c-1', evidence_id: 'e-1' }),
        chunk('p#0'),
        chunk('b#0', { claim_id: 'c-2', evidence_id: 'e-2' }),
        chunk('c#0', { claim_id: 'c-3', evidence_id: 'e-3' }),
        chunk('q#0'),
      ],
      { maxEvidenceChunks: 2 },
    );
    expect(result.items.map((i) => i.chunk_id)).toEqual(['a#0', 'p#0', 'b#0', 'q#0']);
    expect(result.cuts).toEqual([
      {
        chunk_id: 'c#0',
        reason: 'evidence_limit',
        detail: 'at most 2 evidence chunks are kept',
        detail_code: 'cut:evidence_limit',
        detail_params: { max: 2 },
      },
    ]);
  });

  it('gives required evidence its slots first and never cuts it for claims or evidence', () => {
    const result = pack(
      [
        chunk('a#0', { claim_id: 'c-1', evidence_id: 'e-1' }),
        chunk('b#0', { claim_id: 'c-1', evidence_id: 'e-2', required: true }),
        chunk('c#0', { claim_id: 'c-2', evidence_id: 'e-3' }),
      ],
      { maxEvidenceChunks: 2 },
    );
    expect(result.items.map((i) => i.chunk_id)).toEqual(['a#0', 'b#0']);
    expect(result.cuts.map((c) => [c.chunk_id, c.reason])).toEqual([['c#0', 'evidence_limit']]);
  });
});

describe('packContext: merging consecutive chunks', () => {
  it('merges consecutive chunks of one document, at any rank distance', () => {
    const result = pack([
      chunk('d#4', { score: 0.9, claim_id: 'c-1', evidence_id: 'e-1', start_char: 400, end_char: 480 }),
      chunk('x#0'),
      chunk('y#0'),
      chunk('d#3', { score: 0.2, start_char: 310, end_char: 399 }),
    ]);
    const merged = result.items[0];
    expect(merged).toEqual({
      chunk_id: 'd#3',
      chunk_ids: ['d#3', 'd#4'],
      document_id: 'd',
      content: 'text of d#3\n\ntext of d#4',
      span: { start_char: 310, end_char: 480 },
      tokens: 6,
      claim_id: 'c-1',
      score: 0.9,
      payloads: ['payload of d#3', 'payload of d#4'],
      best: 1,
    });
    expect(result.items.map((i) => i.chunk_id)).toEqual(['d#3', 'x#0', 'y#0']);
    expect(result.cuts).toEqual([
      {
        chunk_id: 'd#4',
        reason: 'merged',
        detail: 'merged into d#3 (consecutive chunks of d)',
        detail_code: 'cut:merged',
        detail_params: { chunk: 'd#3', document: 'd' },
      },
    ]);
  });

  it('merges a run of three when its middle chunk ranks last', () => {
    const result = pack([chunk('d#1'), chunk('d#3'), chunk('d#2')]);
    expect(result.items.map((i) => i.chunk_ids)).toEqual([['d#1', 'd#2', 'd#3']]);
    expect(result.items[0]?.best).toBe(0);
    expect(result.cuts.map((c) => [c.chunk_id, c.reason])).toEqual([
      ['d#2', 'merged'],
      ['d#3', 'merged'],
    ]);
  });

  it('does not merge chunks with a gap between them', () => {
    expect(pack([chunk('d#1'), chunk('d#3')]).items.map((i) => i.chunk_ids)).toEqual([['d#1'], ['d#3']]);
  });

  it('does not merge neighbouring positions of different documents', () => {
    expect(pack([chunk('d#1'), chunk('e#2')]).items).toHaveLength(2);
  });

  it('takes the claim of the best-ranked chunk and names the other claim in the merge record', () => {
    const result = pack([chunk('d#2', { claim_id: 'c-2', evidence_id: 'e-2' }), chunk('d#1', { claim_id: 'c-1', evidence_id: 'e-1' })]);
    expect(result.items[0]?.claim_id).toBe('c-2');
    expect(result.cuts[0]?.detail).toBe('merged into d#1 (consecutive chunks of d); d#1 is evidence of claim c-1');
    expect(result.cuts[0]?.detail_code).toBe('cut:merged_claims');
    expect(result.cuts[0]?.detail_params).toEqual({
      chunk: 'd#1',
      document: 'd',
      claims: [{ code: 'cut:claim_of_chunk', params: { chunk: 'd#1', claim: 'c-1' } }],
    });
  });

  it('counts the tokens of the merged content with the real tokenizer', () => {
    const counter = createTokenCounter();
    const result = pack([chunk('d#0', { content: '결제 서비스의 장애 대응 절차' }), chunk('d#1', { content: 'The payments runbook.' })], {
      counter,
    });
    expect(result.items[0]?.tokens).toBe(counter.count('결제 서비스의 장애 대응 절차\n\nThe payments runbook.'));
    expect(result.used_tokens).toBe(result.items[0]?.tokens);
  });
});

describe('packContext: top_k', () => {
  it('keeps at most topK items and cuts the rest', () => {
    const result = pack([chunk('a#0'), chunk('b#0'), chunk('c#0'), chunk('d#0')], { topK: 2 });
    expect(result.items.map((i) => i.chunk_id)).toEqual(['a#0', 'b#0']);
    expect(result.cuts).toEqual([
      {
        chunk_id: 'c#0',
        reason: 'over_top_k',
        detail: 'only 2 items are kept',
        detail_code: 'cut:over_top_k',
        detail_params: { top_k: 2 },
      },
      {
        chunk_id: 'd#0',
        reason: 'over_top_k',
        detail: 'only 2 items are kept',
        detail_code: 'cut:over_top_k',
        detail_params: { top_k: 2 },
      },
    ]);
  });

  it('counts a merged item once', () => {
    const result = pack([chunk('a#0'), chunk('a#1'), chunk('b#0')], { topK: 2 });
    expect(result.items.map((i) => i.chunk_ids)).toEqual([['a#0', 'a#1'], ['b#0']]);
  });

  it('keeps a low-ranked required item in place of a higher-ranked plain one', () => {
    const result = pack([chunk('a#0'), chunk('b#0'), chunk('c#0', { required: true })], { topK: 2 });
    expect(result.items.map((i) => i.chunk_id)).toEqual(['a#0', 'c#0']);
    expect(result.cuts.map((c) => [c.chunk_id, c.reason])).toEqual([['b#0', 'over_top_k']]);
  });

  it('never cuts required items for top_k, even beyond topK', () => {
    const result = pack([chunk('a#0', { required: true }), chunk('b#0', { required: true }), chunk('c#0')], { topK: 1 });
    expect(result.items.map((i) => i.chunk_id)).toEqual(['a#0', 'b#0']);
  });

  it('records every chunk of a merged item it cuts, and no merge for them', () => {
    const result = pack([chunk('a#0'), chunk('b#0'), chunk('b#1')], { topK: 1 });
    expect(result.cuts).toEqual([
      {
        chunk_id: 'b#0',
        reason: 'over_top_k',
        detail: 'only 1 items are kept',
        detail_code: 'cut:over_top_k',
        detail_params: { top_k: 1 },
      },
      {
        chunk_id: 'b#1',
        reason: 'over_top_k',
        detail: 'only 1 items are kept (merged with b#0)',
        detail_code: 'cut:merged_with',
        detail_params: { detail: [{ code: 'cut:over_top_k', params: { top_k: 1 } }], head: 'b#0' },
      },
    ]);
  });
});

describe('packContext: budget', () => {
  it('skips an item that does not fit and keeps a smaller later one', () => {
    const result = pack(
      [chunk('a#0', { content: 'one two three' }), chunk('b#0', { content: 'one two three four five' }), chunk('c#0', { content: 'one' })],
      { maxTokens: 5 },
    );
    expect(result.items.map((i) => i.chunk_id)).toEqual(['a#0', 'c#0']);
    expect(result.used_tokens).toBe(4);
    expect(result.cuts).toEqual([
      {
        chunk_id: 'b#0',
        reason: 'over_budget',
        detail: '2 of 5 tokens were left',
        detail_code: 'cut:tokens_left',
        detail_params: { left: 2, max: 5 },
        tokens: 5,
      },
    ]);
  });

  it('fills the budget exactly', () => {
    const result = pack([chunk('a#0', { content: 'one two' }), chunk('b#0', { content: 'three four five' })], { maxTokens: 5 });
    expect(result.used_tokens).toBe(5);
    expect(result.items).toHaveLength(2);
  });

  it('gives required items the budget first and says when one did not fit', () => {
    const result = pack(
      [
        chunk('a#0', { content: 'one two three' }),
        chunk('b#0', { content: 'one two', required: true }),
        chunk('c#0', { content: 'one two three four', required: true }),
      ],
      { maxTokens: 4 },
    );
    expect(result.items.map((i) => i.chunk_id)).toEqual(['b#0']);
    expect(result.cuts).toEqual([
      {
        chunk_id: 'c#0',
        reason: 'over_budget',
        detail: 'required path did not fit',
        detail_code: 'cut:required_did_not_fit',
        detail_params: {},
        tokens: 4,
      },
      {
        chunk_id: 'a#0',
        reason: 'over_budget',
        detail: '2 of 4 tokens were left',
        detail_code: 'cut:tokens_left',
        detail_params: { left: 2, max: 4 },
        tokens: 3,
      },
    ]);
  });

  it('counts the merged content, and cuts a merged item whole', () => {
    const result = pack([chunk('a#0', { content: 'one two' }), chunk('a#1', { content: 'three four' })], { maxTokens: 3 });
    expect(result.items).toEqual([]);
    expect(result.used_tokens).toBe(0);
    expect(result.cuts.map((c) => [c.chunk_id, c.reason, c.tokens])).toEqual([
      ['a#0', 'over_budget', 4],
      ['a#1', 'over_budget', undefined],
    ]);
  });

  it('packs nothing from nothing', () => {
    expect(pack([])).toEqual({ items: [], used_tokens: 0, cuts: [] });
  });
});

describe('packContext: options and payloads', () => {
  it('carries payloads through untouched', () => {
    const payload = { scores: { vector: 0.8 } };
    const result = packContext([{ ...chunk('a#0'), payload }], { maxTokens: 100, topK: 1, maxEvidenceChunks: 1, counter: words });
    expect(result.items[0]?.payloads[0]).toBe(payload);
  });

  it.each([{ maxTokens: -1 }, { maxTokens: 1.5 }, { topK: 0 }, { maxEvidenceChunks: Number.NaN }])(
    'refuses limits that are not whole numbers in range: %j',
    (bad) => {
      let thrown: unknown;
      try {
        pack([chunk('a#0')], bad);
      } catch (error) {
        thrown = error;
      }
      expect(isLensError(thrown) && thrown.kind).toBe('invalid_input');
    },
  );
});

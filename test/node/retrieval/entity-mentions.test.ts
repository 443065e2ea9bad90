import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../../electron/retrieval/candidate';
import { namedIn } from '../../../electron/retrieval/entity-mentions';
import { fuseRankings } from '../../../electron/retrieval/rank-fusion';

describe('namedIn: whether a question names an entity', () => {
  it('finds an id whatever its case, with a Korean particle after it', () => {
    expect(namedIn('INC-2026-0219의 원인', ['inc-2026-0219'])).toBe('inc-2026-0219');
  });

  it('reads spaces, hyphens and underscores alike', () => {
    expect(namedIn('event bus consumer lag', ['event-bus'])).toBe('event-bus');
    expect(namedIn('ledger_service deploy', ['ledger-service'])).toBe('ledger-service');
  });

  it('does not count a name inside a longer word or a single shared word', () => {
    expect(namedIn('payments-gateways', ['payments-gateway'])).toBeNull();
    expect(namedIn('payments refunds', ['payments-gateway', 'Payments Team (결제팀)'])).toBeNull();
  });

  it('counts each part of a name with a part in parentheses', () => {
    expect(namedIn('결제팀이 담당하는 서비스', ['Payments Team (결제팀)'])).toBe('Payments Team (결제팀)');
  });

  it('leaves out names too short to tell from a word', () => {
    expect(namedIn('go to the db', ['db'])).toBeNull();
  });
});

const candidate = (id: string, side: 'vector' | 'fulltext' | 'entity', rank: number, score: number): Candidate => ({
  chunk_id: id,
  chunk: {},
  document: {},
  documents: [],
  scores: { [side]: score },
  ranks: { [side]: rank },
  path: [],
});

describe('fuseRankings with the entity list', () => {
  it('rrf adds one 1/(k + rank) term for the entity list', () => {
    const fused = fuseRankings(
      {
        vector: [candidate('a', 'vector', 1, 0.9)],
        fulltext: [candidate('b', 'fulltext', 1, 3)],
        entity: [candidate('a', 'entity', 1, 1)],
      },
      { kind: 'rrf', k: 60 },
    );
    expect(fused.map((c) => [c.chunk_id, c.scores.fused])).toEqual([
      ['a', 2 / 61],
      ['b', 1 / 61],
    ]);
    expect(fused[0]?.ranks).toMatchObject({ vector: 1, entity: 1, fused: 1 });
  });

  it('rrf gives a chunk citing a claim about the entity (score below 1) no vote where a text search found it, and a vote where none did', () => {
    const fused = fuseRankings(
      {
        vector: [candidate('top', 'vector', 1, 0.9), candidate('claim', 'vector', 2, 0.8)],
        fulltext: [candidate('top', 'fulltext', 1, 3), candidate('claim', 'fulltext', 2, 2)],
        entity: [candidate('claim', 'entity', 1, 0.5), candidate('missed', 'entity', 2, 0.5)],
      },
      { kind: 'rrf', k: 60 },
    );
    // 'claim' would have 2/62 + 1/61 > 2/61 with a third vote and overtake 'top'; 'missed' keeps its one vote.
    expect(fused.map((c) => [c.chunk_id, c.scores.fused])).toEqual([
      ['top', 2 / 61],
      ['claim', 2 / 62],
      ['missed', 1 / 62],
    ]);
    expect(fused[1]?.ranks).toMatchObject({ entity: 1 });
  });

  it('linear counts the entity side with the full-text weight, never twice', () => {
    const fused = fuseRankings(
      { vector: [], fulltext: [candidate('a', 'fulltext', 1, 2)], entity: [candidate('a', 'entity', 1, 1)] },
      { kind: 'linear', alpha: 0.25 },
    );
    expect(fused[0]?.scores.fused).toBeCloseTo(0.75);
  });
});

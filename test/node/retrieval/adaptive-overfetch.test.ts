import { describe, expect, it } from 'vitest';
import { overfetchEnds, type OverfetchRound } from '../../../electron/retrieval/adaptive-overfetch';

const round = (asked: number, fetched: number, allowedTotal = 0): OverfetchRound => ({ asked, fetched, allowedTotal });
const whole = { k: 10, maxFetch: 100_000, shortRoundIsLast: true };
const inIndex = { ...whole, shortRoundIsLast: false };

describe('overfetchEnds: when the adaptive over-fetch stops asking for more', () => {
  it('ends once k hits are allowed, whatever else', () => {
    expect(overfetchEnds(round(400, 400, 10), null, inIndex)).toBe(true);
    expect(overfetchEnds(round(400, 400, 9), null, inIndex)).toBe(false);
  });

  it('ends at a round that asked for the most it may', () => {
    expect(overfetchEnds(round(100_000, 100_000, 2), round(25_000, 25_000, 1), inIndex)).toBe(true);
  });

  it('ends, searching the whole index, at the first round the index answered with fewer hits than asked (its cap)', () => {
    expect(overfetchEnds(round(25_600, 10_000, 3), round(6_400, 6_400, 1), whole)).toBe(true);
    expect(overfetchEnds(round(6_400, 6_400, 1), round(1_600, 1_600, 0), whole)).toBe(false);
  });

  it('goes on, filtering inside the index, while a larger fetch still brings more hits', () => {
    expect(overfetchEnds(round(1_600, 1_500, 3), round(400, 380, 1), inIndex)).toBe(false);
    expect(overfetchEnds(round(25_600, 10_000, 3), round(6_400, 6_000, 1), inIndex)).toBe(false);
  });

  it('ends, filtering inside the index, when asking for more brought no more hits than the round before', () => {
    expect(overfetchEnds(round(102_400, 10_000, 3), round(25_600, 10_000, 3), { ...inIndex, maxFetch: 1_000_000 })).toBe(true);
  });
});

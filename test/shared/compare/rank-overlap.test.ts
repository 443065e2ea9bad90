import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaccard, rankBiasedOverlap } from '../../../shared/compare/rank-overlap';

// Float sums: a figure may differ from its exact value in the last bits, never by more.
const EPSILON = 1e-12;

/** Ranked lists of keys from a small alphabet, so lists share keys often; repeats included. */
const list = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'), { maxLength: 14 });
const distinctList = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 25 });
const persistence = fc.double({ min: 0.05, max: 0.99, noNaN: true });

describe('jaccard', () => {
  it('is in [0, 1] and the same whichever list comes first', () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        const value = jaccard(a, b);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
        expect(jaccard(b, a)).toBe(value);
      }),
    );
  });

  it('is 1 for a list and any reordering of it, and for two empty lists', () => {
    fc.assert(
      fc.property(list, (a) => {
        expect(jaccard(a, [...a].reverse())).toBe(1);
      }),
    );
    expect(jaccard([], [])).toBe(1);
  });

  it('is 0 for lists that share no key, one of them not empty', () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        fc.pre(a.length + b.length > 0);
        const disjoint = b.map((key) => `other-${key}`);
        expect(jaccard(a, disjoint)).toBe(0);
      }),
    );
  });

  it('counts a key repeated in a list once: 2 shared of 3 distinct', () => {
    expect(jaccard(['a', 'a', 'b', 'c'], ['b', 'a', 'a'])).toBeCloseTo(2 / 3, 12);
  });
});

describe('rankBiasedOverlap (extrapolated)', () => {
  it('is in [0, 1] for any two lists and any persistence', () => {
    fc.assert(
      fc.property(list, list, persistence, (a, b, p) => {
        const value = rankBiasedOverlap(a, b, p);
        expect(value).toBeGreaterThanOrEqual(-EPSILON);
        expect(value).toBeLessThanOrEqual(1 + EPSILON);
      }),
    );
  });

  it('is the same whichever list comes first', () => {
    fc.assert(
      fc.property(list, list, persistence, (a, b, p) => {
        expect(rankBiasedOverlap(b, a, p)).toBe(rankBiasedOverlap(a, b, p));
      }),
    );
  });

  it('is 1 for identical lists, whatever their length', () => {
    fc.assert(
      fc.property(distinctList, persistence, (a, p) => {
        expect(rankBiasedOverlap(a, [...a], p)).toBeCloseTo(1, 12);
      }),
    );
    expect(rankBiasedOverlap([], [])).toBe(1);
  });

  it('is 0 for lists that share no key', () => {
    fc.assert(
      fc.property(distinctList, distinctList, persistence, (a, b, p) => {
        const disjoint = b.map((key) => `other-${key}`);
        fc.pre(a.length > 0 || disjoint.length > 0);
        expect(rankBiasedOverlap(a, disjoint, p)).toBe(0);
      }),
    );
  });

  it('weighs the top more: swapping the first two ranks costs more than swapping the last two', () => {
    const base = ['a', 'b', 'c', 'd', 'e', 'f'];
    const topSwapped = ['b', 'a', 'c', 'd', 'e', 'f'];
    const bottomSwapped = ['a', 'b', 'c', 'd', 'f', 'e'];
    expect(rankBiasedOverlap(base, topSwapped)).toBeLessThan(rankBiasedOverlap(base, bottomSwapped));
    expect(rankBiasedOverlap(base, bottomSwapped)).toBeLessThan(1);
  });

  it('matches the paper on a worked case: for p = 0.9, [a b c] against [a c] is (X_d/d summed) as equation 32 gives', () => {
    // l = 3, s = 2; X_1 = 1, X_2 = 1, X_3 = 2; X_s = 1, X_l = 2.
    const p = 0.9;
    const seen = (1 / 1) * p + (1 / 2) * p ** 2 + (2 / 3) * p ** 3;
    const beyond = ((1 * (3 - 2)) / (2 * 3)) * p ** 3;
    const expected = ((1 - p) / p) * (seen + beyond) + ((2 - 1) / 3 + 1 / 2) * p ** 3;
    expect(rankBiasedOverlap(['a', 'b', 'c'], ['a', 'c'], p)).toBeCloseTo(expected, 12);
  });

  it('refuses a persistence outside (0, 1) as invalid input', () => {
    for (const p of [0, 1, -0.5, 1.5, Number.NaN]) expect(() => rankBiasedOverlap(['a'], ['a'], p)).toThrow(/between 0 and 1/);
  });
});

import { describe, expect, it } from 'vitest';
import { roundToTenths } from '../../shared/round-to-tenths';

describe('rounding to tenths', () => {
  it('keeps one decimal place, rounding halves up', () => {
    expect(roundToTenths(212.46)).toBe(212.5);
    expect(roundToTenths(1.44)).toBe(1.4);
    expect(roundToTenths(0.25)).toBe(0.3);
    expect(roundToTenths(-0.25)).toBe(-0.2);
  });

  it('leaves whole numbers and tenths as they are', () => {
    expect(roundToTenths(3)).toBe(3);
    expect(roundToTenths(38.2)).toBe(38.2);
  });
});

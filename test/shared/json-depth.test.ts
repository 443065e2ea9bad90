import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from '../../shared/json-depth';

describe('nestedDeeperThan', () => {
  it('counts a scalar as 0 deep and each array or object around it as one level', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan([], 0)).toBe(true);
    expect(nestedDeeperThan({ a: [1, { b: 'x' }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it('measures the deepest branch, wherever it is', () => {
    expect(nestedDeeperThan([[], [[[]]], {}], 3)).toBe(true);
    expect(nestedDeeperThan([[], [[]], {}], 3)).toBe(false);
  });

  it('measures a value 100,000 levels deep without overflowing the call stack', () => {
    const deep: unknown = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(nestedDeeperThan(deep, 256)).toBe(true);
    expect(nestedDeeperThan(deep, 100_000)).toBe(false);
  });
});

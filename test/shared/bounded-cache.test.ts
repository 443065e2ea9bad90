import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../shared/bounded-cache';

describe('BoundedCache', () => {
  it('never holds more than its limit, however many keys pass through it, and holds the newest', () => {
    const cache = new BoundedCache<number, number>(100);
    for (let i = 0; i < 10_000; i++) {
      cache.set(i, i * 2);
      expect(cache.size).toBe(Math.min(i + 1, 100));
    }
    for (let i = 10_000 - 100; i < 10_000; i++) expect(cache.get(i)).toBe(i * 2);
    expect(cache.get(10_000 - 101)).toBeUndefined();
  });

  it('forgets the oldest key first, whether or not it was read since', () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([2, 3, 4]);
    cache.set('e', 5);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
  });

  it('overwrites a key it holds without holding it twice or losing its place', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBe(10);
    cache.set('c', 3);
    // 'a' came first: the overwrite did not make it newer.
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')]).toEqual([2, 3]);
  });

  it.each([0, 2.5, Number.NaN, -1])('refuses a limit of %s', (limit) => {
    expect(() => new BoundedCache(limit)).toThrow(/at least 1 entry/);
  });
});

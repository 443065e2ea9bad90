import { describe, expect, it } from 'vitest';
import { closestKey } from '../../shared/closest-key';

describe('closestKey: the known name a misspelt one most likely meant', () => {
  it('takes two neighbouring letters swapped as one slip', () => {
    expect(closestKey('qurey', ['query', 'compare', 'traces'])).toBe('query');
    expect(closestKey('--top-k', ['--tpo-k'])).toBe('--tpo-k');
    expect(closestKey('trcaes', ['query', 'traces'])).toBe('traces');
  });

  it('still takes a letter missing, added or wrong, and prefers the nearest name', () => {
    expect(closestKey('--topk', ['--top-k', '--hops'])).toBe('--top-k');
    expect(closestKey('querry', ['query'])).toBe('query');
    expect(closestKey('adr', ['adr', 'audit'])).toBe('adr');
  });

  it('names nothing when every known name is too far off', () => {
    expect(closestKey('zzzzz', ['query', 'compare'])).toBeNull();
    expect(closestKey('qyuer', ['query'])).toBeNull();
    expect(closestKey('x', [])).toBeNull();
  });
});

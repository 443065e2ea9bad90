import { describe, expect, it } from 'vitest';
import { leakedTo, returnedToOf, visibleToOf } from '../../../shared/compare/node-visibility';

describe('node visibility classes of a comparison graph', () => {
  it('a node is seen by A only, B only, both or neither as each principal may see it', () => {
    expect([visibleToOf(true, false), visibleToOf(false, true), visibleToOf(true, true), visibleToOf(false, false)]).toEqual([
      'a',
      'b',
      'both',
      'neither',
    ]);
  });

  it('a node neither run drew on has no returned_to', () => {
    expect(returnedToOf(false, false)).toBeUndefined();
    expect([returnedToOf(true, false), returnedToOf(false, true), returnedToOf(true, true)]).toEqual(['a', 'b', 'both']);
  });

  it('a node returned to B that only A may see is leaked to B, and to nobody when B may see it', () => {
    expect(leakedTo('a', 'b')).toBe('b');
    expect(leakedTo('a', 'both')).toBe('b');
    expect(leakedTo('both', 'both')).toBeNull();
    expect(leakedTo('b', 'b')).toBeNull();
  });

  it('a node neither may see is leaked to every run that drew on it, and a node no run drew on leaks to nobody', () => {
    expect(leakedTo('neither', 'both')).toBe('both');
    expect(leakedTo('neither', 'a')).toBe('a');
    expect(leakedTo('neither', undefined)).toBeNull();
    expect(leakedTo('b', 'a')).toBe('a');
  });
});

import { describe, expect, it } from 'vitest';
import { criticalPath, unionLength, type ReadInterval } from '../../bench/read-intervals';

const read = (startMs: number, endMs: number, serverMs: number): ReadInterval => ({ name: 'q', startMs, endMs, serverMs });

describe('the critical path of a request’s reads', () => {
  it('counts overlapping intervals once and disjoint ones in full', () => {
    expect(unionLength([])).toBe(0);
    expect(unionLength([[0, 10]])).toBe(10);
    expect(
      unionLength([
        [0, 10],
        [5, 20],
      ]),
    ).toBe(20);
    expect(
      unionLength([
        [5, 20],
        [0, 10],
        [30, 35],
      ]),
    ).toBe(25);
    expect(
      unionLength([
        [0, 30],
        [5, 10],
      ]),
    ).toBe(30);
    expect(
      unionLength([
        [3, 3],
        [4, 2],
      ]),
    ).toBe(0);
  });

  it('counts the server time of reads side by side once, so it never exceeds the wall time they covered', () => {
    // The principal lookup and the load marker beside a long retrieval query: their server times add
    // up to more than the retrieval's, but they ran while it did.
    const reads = [read(0, 300, 280), read(0, 30, 10), read(2, 28, 8)];
    const summed = reads.reduce((sum, r) => sum + r.serverMs, 0);
    const path = criticalPath(reads);
    expect(summed).toBe(298);
    expect(path.serverMs).toBe(280);
    expect(path.clientMs).toBe(300);
  });

  it('adds the server time of reads one after another', () => {
    const path = criticalPath([read(0, 30, 10), read(30, 330, 280)]);
    expect(path.serverMs).toBe(290);
    expect(path.clientMs).toBe(330);
  });

  it('places a read’s server time at the end of its client interval, and never before the read started', () => {
    expect(criticalPath([read(0, 100, 40), read(0, 50, 40)]).serverMs).toBe(80);
    expect(criticalPath([read(10, 20, 50)]).serverMs).toBe(10);
  });
});

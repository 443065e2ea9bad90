import { describe, expect, it } from 'vitest';
import { allSides } from '../../../electron/retrieval/concurrent-sides';

const after = <T>(ms: number, value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, message: string): Promise<never> =>
  new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms));

describe('allSides: retrieval sides side by side', () => {
  it('gives every side its value, in the order the sides were given', async () => {
    await expect(allSides<[number, string]>([after(20, 1), after(5, 'two')])).resolves.toEqual([1, 'two']);
  });

  it('ends in the failure that came first in time, not the first in the list', async () => {
    await expect(allSides<[number, number]>([failAfter(40, 'slow failure'), failAfter(5, 'fast failure')])).rejects.toThrow('fast failure');
  });

  it('does not end in a failure before the other sides have settled', async () => {
    let slowSideDone = false;
    const slow = after(40, 0).then(() => {
      slowSideDone = true;
      return 0;
    });
    await expect(allSides<[number, number]>([failAfter(1, 'early failure'), slow])).rejects.toThrow('early failure');
    expect(slowSideDone).toBe(true);
  });
});

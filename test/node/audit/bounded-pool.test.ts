import { describe, expect, it } from 'vitest';
import { mapBounded } from '../../../electron/audit/bounded-pool';

describe('mapBounded', () => {
  it('keeps at most `limit` calls in flight and returns the results in the items order', async () => {
    let inFlight = 0;
    let most = 0;
    const delays = [30, 5, 20, 1, 15, 2, 25, 3, 10, 4];
    const results = await mapBounded(delays, 3, async (delay, index) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, delay));
      inFlight -= 1;
      return index * 10;
    });
    expect(most).toBe(3);
    expect(results).toEqual(delays.map((_, index) => index * 10));
  });

  it('runs one at a time with a limit of 1, and starts no more workers than items', async () => {
    const order: string[] = [];
    await mapBounded(['a', 'b', 'c'], 1, async (item) => {
      order.push(`start ${item}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      order.push(`end ${item}`);
    });
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });

  it('refuses a limit below 1', async () => {
    await expect(mapBounded([1], 0, async () => 1)).rejects.toThrow('limit must be a whole number of at least 1, got 0');
  });
});

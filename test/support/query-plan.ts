import { expect } from 'vitest';

/**
 * An EXPLAIN QUERY PLAN (its `detail` lines) that reads along an index (`using`) and sorts no whole
 * list: ties of one column and one instant may be sorted among themselves ("LAST TERM"), never all rows.
 */
export function expectReadAlongIndex(plan: readonly string[], using: RegExp): void {
  expect(
    plan.some((detail) => using.test(detail)),
    plan.join(' | '),
  ).toBe(true);
  expect(
    plan.filter((detail) => /TEMP B-TREE FOR ORDER BY/.test(detail)),
    plan.join(' | '),
  ).toEqual([]);
}

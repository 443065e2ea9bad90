import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../electron/trace-store/migrations';
import { orderOf } from '../../../electron/trace-store/run-repository';
import { RUN_SORT_KEYS } from '../../../shared/trace-record';

describe('the Traces list sorted by a column', () => {
  const db = new Database(':memory:');
  applyMigrations(db);

  for (const sort of RUN_SORT_KEYS)
    for (const direction of ['desc', 'asc'] as const)
      it(`reads a page sorted by ${sort} ${direction} along an index, without sorting every run`, () => {
        const plan = db
          .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN SELECT trace_id FROM runs ${orderOf(sort, direction)} LIMIT 100`)
          .all()
          .map((row) => row.detail);
        expect(
          plan.some((detail) => /USING (COVERING )?INDEX/.test(detail)),
          plan.join(' | '),
        ).toBe(true);
        // Ties of one column and one instant may be sorted among themselves ("LAST TERM"); the whole list never is.
        expect(
          plan.filter((detail) => /TEMP B-TREE FOR ORDER BY/.test(detail)),
          plan.join(' | '),
        ).toEqual([]);
      });
});

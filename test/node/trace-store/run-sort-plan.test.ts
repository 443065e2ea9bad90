import Database from 'better-sqlite3';
import { describe, it } from 'vitest';
import { applyMigrations } from '../../../electron/trace-store/migrations';
import { orderOf } from '../../../electron/trace-store/run-repository';
import { RUN_SORT_KEYS } from '../../../shared/trace-record';
import { expectReadAlongIndex } from '../../support/query-plan';

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
        expectReadAlongIndex(plan, /USING (COVERING )?INDEX/);
      });
});

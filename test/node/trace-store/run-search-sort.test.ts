import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { applyMigrations, MIGRATIONS } from '../../../electron/trace-store/migrations';
import { orderOf, RunRepository } from '../../../electron/trace-store/run-repository';
import { RetrievalMode } from '../../../shared/context-contract';
import { RUN_SORT_KEYS, type RunFilter } from '../../../shared/trace-record';
import { buildRunRecord } from '../../support/run-record-factory';
import { expectReadAlongIndex } from '../../support/query-plan';

/** 1,500 runs (more than the sort-them-all path takes), most holding "he", a tenth "결제"; created times and columns repeat, so ties meet. */
function fill(runs: RunRepository): void {
  const start = Date.UTC(2026, 0, 1);
  for (let index = 0; index < 1_500; index += 1) {
    const run = buildRunRecord({
      query: index % 10 === 0 ? `결제 장애 ${index}` : `where the ledger ${index % 7} went`,
      createdAt: new Date(start + (index % 400) * 60_000).toISOString(),
      principal: { principal_id: `u-${index % 5}` },
      mode: RetrievalMode.options[index % RetrievalMode.options.length] ?? 'hybrid',
      itemCount: index % 11,
      deniedCount: index % 4,
    });
    runs.record({ ...run, elapsed_ms: 20 + (index % 13) });
  }
}

/** The same search and order read without the search index or the sorts' indexes: every run's text checked, every match sorted. */
function reference(db: Database.Database, text: string, filter: RunFilter): string[] {
  return db
    .prepare<[string], { trace_id: string }>(
      `SELECT trace_id FROM runs NOT INDEXED WHERE instr(lens_fold(query_text), ?) > 0 ${orderOf(filter.sort, filter.direction)}`,
    )
    .all(text)
    .map((row) => row.trace_id)
    .slice(filter.offset ?? 0, (filter.offset ?? 0) + (filter.limit ?? 100));
}

describe('a search sorted by a column', () => {
  const db = new Database(':memory:');
  applyMigrations(db);
  const runs = new RunRepository(db);
  fill(runs);
  afterAll(() => db.close());

  it('gives the rows of sorting every match, for each column, direction and page, with many matches and with few', () => {
    for (const text of ['he', 'ledger 3', '결제'])
      for (const sort of RUN_SORT_KEYS)
        for (const direction of ['desc', 'asc'] as const)
          for (const page of [
            { limit: 100, offset: 0 },
            { limit: 50, offset: 700 },
          ]) {
            const filter: RunFilter = { text, sort, direction, ...page };
            expect(
              runs.list(filter).map((run) => run.trace_id),
              JSON.stringify(filter),
            ).toEqual(reference(db, text, filter));
          }
  });

  for (const sort of RUN_SORT_KEYS)
    for (const direction of ['desc', 'asc'] as const)
      it(`reads the first page of a search matching most runs sorted by ${sort} ${direction} along an index, not sorting every match`, () => {
        const prepare = vi.spyOn(db, 'prepare');
        try {
          runs.list({ text: 'he', sort, direction, limit: 100 });
          const listed = prepare.mock.calls.map(([sql]) => sql).find((sql) => sql.startsWith('SELECT trace_id, created_at'));
          expect(listed, 'the list read its page').toBeDefined();
          const plan = db
            .prepare<[Record<string, unknown>], { detail: string }>(`EXPLAIN QUERY PLAN ${listed ?? ''}`)
            .all({ text: 'he', limit: 100, offset: 0 })
            .map((row) => row.detail);
          expectReadAlongIndex(plan, /SCAN runs USING INDEX/);
        } finally {
          prepare.mockRestore();
        }
      });
});

describe("a search sorted by a column in a store left before the sorts' indexes (too damaged to migrate)", () => {
  it('sorts the matches as before, with the same rows', () => {
    const db = new Database(':memory:');
    try {
      applyMigrations(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 10),
      );
      const runs = new RunRepository(db);
      fill(runs);
      for (const direction of ['desc', 'asc'] as const) {
        const filter: RunFilter = { text: 'he', sort: 'elapsed', direction, limit: 100 };
        expect(runs.list(filter).map((run) => run.trace_id)).toEqual(reference(db, 'he', filter));
      }
    } finally {
      db.close();
    }
  });
});

/** The runs of `filter` (a mode or principal beside a search or none) read without indexes: every match sorted. */
function filteredReference(db: Database.Database, filter: RunFilter): string[] {
  const clauses = [
    filter.mode === undefined ? null : `mode = @mode`,
    filter.principal_id === undefined ? null : `principal_id = @principal_id`,
    filter.text === undefined ? null : `instr(lens_fold(query_text), @text) > 0`,
  ].filter((clause) => clause !== null);
  const params = { mode: filter.mode, principal_id: filter.principal_id, text: filter.text };
  const bound = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return db
    .prepare<[Record<string, unknown>], { trace_id: string }>(
      `SELECT trace_id FROM runs NOT INDEXED WHERE ${clauses.join(' AND ')} ${orderOf(filter.sort, filter.direction)}`,
    )
    .all(bound)
    .map((row) => row.trace_id)
    .slice(filter.offset ?? 0, (filter.offset ?? 0) + (filter.limit ?? 100));
}

describe('a sorted list with a mode or principal filter beside, with a search or none', () => {
  const db = new Database(':memory:');
  applyMigrations(db);
  const runs = new RunRepository(db);
  fill(runs);
  afterAll(() => db.close());
  const beside: readonly RunFilter[] = [
    { mode: 'hybrid' },
    { principal_id: 'u-1' },
    { mode: 'hybrid', text: 'he' },
    { principal_id: 'u-1', text: 'he' },
  ];

  it('gives the rows of sorting every match, for each column, direction and page', () => {
    for (const narrowing of beside)
      for (const sort of RUN_SORT_KEYS)
        for (const direction of ['desc', 'asc'] as const)
          for (const page of [
            { limit: 100, offset: 0 },
            { limit: 20, offset: 150 },
          ]) {
            const filter: RunFilter = { ...narrowing, sort, direction, ...page };
            expect(
              runs.list(filter).map((run) => run.trace_id),
              JSON.stringify(filter),
            ).toEqual(filteredReference(db, filter));
          }
  });

  for (const narrowing of beside)
    for (const sort of ['elapsed', 'items', 'withheld'] as const)
      it(`reads the first page of ${JSON.stringify(narrowing)} sorted by ${sort} along the sort's index, not sorting every match`, () => {
        const prepare = vi.spyOn(db, 'prepare');
        try {
          runs.list({ ...narrowing, sort, direction: 'desc', limit: 100 });
          const listed = prepare.mock.calls.map(([sql]) => sql).find((sql) => sql.startsWith('SELECT trace_id, created_at'));
          expect(listed, 'the list read its page').toBeDefined();
          const params = Object.fromEntries(
            Object.entries({ ...narrowing, limit: 100, offset: 0 }).map(([key, value]) => [key, key === 'text' ? '"b68x65"' : value]),
          );
          const plan = db
            .prepare<[Record<string, unknown>], { detail: string }>(`EXPLAIN QUERY PLAN ${listed ?? ''}`)
            .all(params)
            .map((row) => row.detail);
          expectReadAlongIndex(plan, /SCAN runs USING INDEX runs_by_/);
        } finally {
          prepare.mockRestore();
        }
      });
});

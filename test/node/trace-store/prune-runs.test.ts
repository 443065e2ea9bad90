import { beforeEach, describe, expect, it } from 'vitest';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useFreshStore, withRawDatabase } from '../../support/temp-trace-stores';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('pruning runs', () => {
  const { temp, store } = useFreshStore();
  let ids: string[];

  beforeEach(() => {
    ids = [90, 45, 31, 10, 1].map((days) => store().recordRun(buildRunRecord({ createdAt: daysAgo(days) })).trace_id);
  });

  const remaining = () =>
    store()
      .listRuns()
      .map((run) => run.trace_id)
      .reverse();

  it('deletes runs older than a number of days and returns how many', () => {
    expect(store().prune({ olderThanDays: 30 })).toBe(3);
    expect(remaining()).toEqual(ids.slice(3));
  });

  it('keeps only the newest N runs', () => {
    expect(store().prune({ keepLatest: 2 })).toBe(3);
    expect(remaining()).toEqual(ids.slice(3));
  });

  it('keeps the newest N as the list orders them, with equal times and imported runs older than recorded ones', () => {
    const same = daysAgo(20);
    // Recorded after the others but created earlier (as an import makes them), and two pairs at the same instant.
    for (const createdAt of [daysAgo(60), same, same, daysAgo(5), daysAgo(5)]) store().recordRun(buildRunRecord({ createdAt }));
    const listed = () =>
      store()
        .listRuns()
        .map((run) => run.trace_id);
    // 5 and 2 split the pairs of equal times.
    for (const keep of [9, 5, 2]) {
      const before = listed();
      expect(store().prune({ keepLatest: keep }), String(keep)).toBe(before.length - keep);
      const newest = before.slice(0, keep);
      expect(listed()).toEqual(newest);
    }
    expect(store().prune({ keepLatest: 5 })).toBe(0);
    expect(store().prune({ keepLatest: 0 })).toBe(2);
    expect(store().countRuns()).toBe(0);
  });

  it('applies both rules at once when both are given', () => {
    expect(store().prune({ olderThanDays: 40, keepLatest: 4 })).toBe(2);
    expect(remaining()).toEqual(ids.slice(2));
  });

  it('deletes the queries of pruned runs too', () => {
    store().prune({ keepLatest: 1 });
    withRawDatabase(temp.file(), (db) => expect(db.prepare<[], { n: number }>('SELECT count(*) AS n FROM run_queries').get()?.n).toBe(2));
  });

  it('refuses to prune without a rule, deleting nothing', () => {
    expect(errorOf(() => store().prune({})).kind).toBe('invalid_input');
    expect(errorOf(() => store().prune({ keepLatest: -1 })).kind).toBe('invalid_input');
    expect(store().countRuns()).toBe(5);
  });
});

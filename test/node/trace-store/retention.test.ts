import { describe, expect, it } from 'vitest';
import { ServiceHub } from '../../../electron/services/service-hub';
import { applyRetention, readRetention, saveRetention } from '../../../electron/trace-store/retention';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { traceStorePath } from '../../../electron/trace-store/trace-store-location';
import { errorOf } from '../../support/lens-error-of';
import { buildRunRecord } from '../../support/run-record-factory';
import { useTempStores } from '../../support/temp-trace-stores';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const AGES = [90, 45, 31, 10, 1];

/** Records one run per age (oldest first) and returns their trace ids in that order. */
function recordRuns(store: TraceStore): string[] {
  return AGES.map((days) => store.recordRun(buildRunRecord({ createdAt: daysAgo(days) })).trace_id);
}
const remaining = (store: TraceStore) =>
  store
    .listRuns()
    .map((run) => run.trace_id)
    .reverse();

describe('trace retention', () => {
  const temp = useTempStores();

  it('keeps every run while no rule is saved', () => {
    const store = temp.open();
    const ids = recordRuns(store);
    expect(readRetention(store)).toEqual({});
    expect(applyRetention(store)).toBe(0);
    expect(remaining(store)).toEqual(ids);
  });

  it('keeps the newest max_runs runs when saved, and says how many went', () => {
    const store = temp.open();
    const ids = recordRuns(store);
    expect(saveRetention(store, { max_runs: 2 })).toEqual({ retention: { max_runs: 2 }, pruned: 3 });
    expect(remaining(store)).toEqual(ids.slice(3));
  });

  it('drops runs older than max_days', () => {
    const store = temp.open();
    const ids = recordRuns(store);
    expect(saveRetention(store, { max_days: 40 }).pruned).toBe(2);
    expect(remaining(store)).toEqual(ids.slice(2));
  });

  it('applies both limits together', () => {
    const store = temp.open();
    const ids = recordRuns(store);
    expect(saveRetention(store, { max_days: 60, max_runs: 2 }).pruned).toBe(3);
    expect(remaining(store)).toEqual(ids.slice(3));
  });

  it('keeps applying the saved rule to runs recorded later', () => {
    const store = temp.open();
    saveRetention(store, { max_runs: 3 });
    const ids = recordRuns(store);
    expect(applyRetention(store)).toBe(2);
    expect(remaining(store)).toEqual(ids.slice(2));
  });

  it.each([
    [{ max_runs: 0 }, 'max_runs'],
    [{ max_days: 1.5 }, 'max_days'],
    [{ keep: 3 }, 'keep'],
  ])('refuses %j naming %s, deleting nothing and keeping the old rule', (input, field) => {
    const store = temp.open();
    const ids = recordRuns(store);
    saveRetention(store, { max_days: 365 });
    const error = errorOf(() => saveRetention(store, input));
    expect(error.message).toContain(field);
    expect(readRetention(store)).toEqual({ max_days: 365 });
    expect(remaining(store)).toEqual(ids);
  });

  it('is applied when the app opens the trace store', async () => {
    const home = temp.dir;
    const store = TraceStore.open(traceStorePath(home));
    const ids = recordRuns(store);
    store.setSetting('retention', { max_runs: 1 });
    store.close();
    const hub = new ServiceHub({ LENS_HOME: home });
    try {
      expect(remaining(hub.store())).toEqual(ids.slice(4));
    } finally {
      await hub.close();
    }
  });
});

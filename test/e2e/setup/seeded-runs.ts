import { TraceStore } from '../../../electron/trace-store/trace-store';
import { traceStorePath } from '../../../electron/trace-store/trace-store-location';
import type { RunRecord } from '../../../shared/trace-record';
import { buildRunRecord, type RunRecordOptions } from '../../support/run-record-factory';
import { e2eState } from './e2e-app';

function withStore<T>(work: (store: TraceStore) => T): T {
  const store = TraceStore.open(traceStorePath(e2eState().home));
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/**
 * Records `count` runs in the e2e server's trace store, a minute apart from `start`, each asking
 * `<marker> <index, three digits> consumer lag` (so a search for the marker finds exactly them);
 * `more` adds options or changes the record per index. Returns their trace ids, oldest first.
 */
export function seedMarkedRuns(
  marker: string,
  count: number,
  start: string,
  more: (index: number) => { options?: RunRecordOptions; record?: (run: RunRecord) => RunRecord } = () => ({}),
): string[] {
  const from = Date.parse(start);
  return withStore((store) =>
    Array.from({ length: count }, (_, index) => {
      const { options = {}, record = (run: RunRecord) => run } = more(index);
      const run = buildRunRecord({
        query: `${marker} ${String(index).padStart(3, '0')} consumer lag`,
        createdAt: new Date(from + index * 60_000).toISOString(),
        ...options,
      });
      return store.recordRun(record(run)).trace_id;
    }),
  );
}

/** Deletes the runs `seedMarkedRuns` recorded (any already deleted by the test are skipped by the store). */
export function removeSeededRuns(traceIds: readonly string[]): void {
  withStore((store) => {
    for (const traceId of traceIds) store.deleteRun(traceId);
  });
}

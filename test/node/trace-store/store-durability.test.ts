// How long a commit waits for the disk: hand-made writes until the disk has them, recorded runs not
// (the connection's WAL default, NORMAL). Read inside each write, since neither leaves a trace after it.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { TraceStore } from '../../../electron/trace-store/trace-store';
import { buildRunRecord } from '../../support/run-record-factory';
import { useFreshStore } from '../../support/temp-trace-stores';

const FULL = 2;
const NORMAL = 1;

/** The store's connection, and `repository.method` wrapped to note the synchronous setting it ran under. */
function syncDuring(store: TraceStore, repository: string, method: string): { seen: number[] } {
  const inside = store as unknown as Record<string, Record<string, (...args: unknown[]) => unknown>> & { db: Database.Database };
  const target = inside[repository] as Record<string, (...args: unknown[]) => unknown>;
  const original = (target[method] as (...args: unknown[]) => unknown).bind(target);
  const seen: number[] = [];
  target[method] = (...args: unknown[]) => {
    seen.push(inside.db.pragma('synchronous', { simple: true }) as number);
    return original(...args);
  };
  return { seen };
}

describe('trace store durability', () => {
  const { store } = useFreshStore();
  const synchronous = () => (store() as unknown as { db: Database.Database }).db.pragma('synchronous', { simple: true });

  it('commits a stale mark, an unmark, a setting and principals waiting for the disk, and goes back to the WAL default', () => {
    expect(synchronous()).toBe(NORMAL);
    const marks = syncDuring(store(), 'staleMarks', 'mark');
    const unmarks = syncDuring(store(), 'staleMarks', 'unmark');
    const settings = syncDuring(store(), 'settings', 'set');
    const principals = syncDuring(store(), 'principals', 'upsert');
    store().markStale({ document_id: 'adr-1', reason: 'superseded', marked_by: 'u-a', marked_at: '2026-01-01T00:00:00Z' });
    store().unmarkStale({ document_id: 'adr-1', reason: 'still in force', recorded_by: 'u-a', recorded_at: '2026-01-02T00:00:00Z' });
    store().setSetting('ui', { language: 'ko' });
    store().upsertPrincipals([{ principal_id: 'u-x', display_name: 'X', workspace_id: 'ws', groups: [], acl_partitions: [] }], 'import');
    expect([marks.seen, unmarks.seen, settings.seen, principals.seen]).toEqual([[FULL], [FULL], [FULL], [FULL]]);
    expect(synchronous()).toBe(NORMAL);
  });

  it('records a run with the WAL default (a log written on every request)', () => {
    const runs = syncDuring(store(), 'runs', 'record');
    store().recordRun(buildRunRecord({}));
    expect(runs.seen).toEqual([NORMAL]);
  });
});

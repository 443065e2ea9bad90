import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from '../../../electron/trace-store/migrations';
import { errorOf } from '../../support/lens-error-of';
import { useTempStores, withRawDatabase } from '../../support/temp-trace-stores';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
const mark = (documentId: string, day: number, extra: { successor_document_id?: string | null; marked_by?: string } = {}) => ({
  document_id: documentId,
  reason: `reason ${day}`,
  marked_by: 'u-seoyeon',
  marked_at: at(day),
  ...extra,
});
const unmark = (documentId: string, day: number) => ({
  document_id: documentId,
  reason: `lifted ${day}`,
  recorded_by: 'u-jiho',
  recorded_at: at(day),
});

describe('the stale mark history', () => {
  const temp = useTempStores();

  it('takes the latest entry of a document as its mark, by order of recording rather than by the clock', () => {
    const store = temp.open();
    store.markStale(mark('adr-1', 5));
    // A later entry whose clock reads earlier (another machine, a clock set back) still wins.
    store.markStale(mark('adr-1', 2, { successor_document_id: 'adr-9', marked_by: 'u-minjun' }));
    expect(store.listStaleMarks()).toEqual([{ ...mark('adr-1', 2), successor_document_id: 'adr-9', marked_by: 'u-minjun' }]);
  });

  it('restores no earlier mark on unmark: the document is unmarked until it is marked again', () => {
    const store = temp.open();
    store.markStale(mark('adr-1', 1));
    store.markStale(mark('adr-1', 2));
    store.unmarkStale(unmark('adr-1', 3));
    expect(store.listStaleMarks()).toEqual([]);
    store.markStale(mark('adr-1', 4));
    expect(store.listStaleMarks().map((entry) => entry.reason)).toEqual(['reason 4']);
    expect(store.staleMarkHistory().map((entry) => [entry.seq, entry.action])).toEqual([
      [1, 'mark'],
      [2, 'mark'],
      [3, 'unmark'],
      [4, 'mark'],
    ]);
  });

  it('records nothing for an unmark of a document that has no mark in force', () => {
    const store = temp.open();
    expect(store.unmarkStale(unmark('adr-1', 1))).toBeNull();
    expect(store.staleMarkHistory()).toEqual([]);
  });

  it('refuses an unmark without a reason, naming the field', () => {
    const store = temp.open();
    store.markStale(mark('adr-1', 1));
    const error = errorOf(() => store.unmarkStale({ ...unmark('adr-1', 2), reason: '  ' }));
    expect(error).toMatchObject({ kind: 'invalid_input', message: expect.stringContaining('reason') });
  });

  it('refuses to change or delete an entry, even through SQL', () => {
    const store = temp.open();
    store.markStale(mark('adr-1', 1));
    store.close();
    withRawDatabase(temp.file(), (db) => {
      expect(() => db.prepare('DELETE FROM stale_mark_history').run()).toThrow(/append-only/);
      expect(() => db.prepare("UPDATE stale_mark_history SET reason = 'x'").run()).toThrow(/append-only/);
    });
  });

  it('moves the marks of a store at version 3 into the history, oldest first, and keeps them in force', () => {
    const db = new Database(temp.file());
    applyMigrations(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 3),
    );
    const insert = db.prepare(
      'INSERT INTO stale_marks (document_id, reason, successor_document_id, marked_by, marked_at) VALUES (?, ?, ?, ?, ?)',
    );
    insert.run('runbook-old', 'replaced', null, 'u-minjun', at(10));
    insert.run('adr-013-cert-manager-tls', 'superseded by ADR 021', 'adr-021-acme-tls', 'u-seoyeon', at(1));
    db.close();

    const store = temp.open();
    expect(store.staleMarkHistory()).toEqual([
      {
        seq: 1,
        document_id: 'adr-013-cert-manager-tls',
        action: 'mark',
        reason: 'superseded by ADR 021',
        successor_document_id: 'adr-021-acme-tls',
        recorded_by: 'u-seoyeon',
        recorded_at: at(1),
      },
      {
        seq: 2,
        document_id: 'runbook-old',
        action: 'mark',
        reason: 'replaced',
        successor_document_id: null,
        recorded_by: 'u-minjun',
        recorded_at: at(10),
      },
    ]);
    expect(store.listStaleMarks().map((entry) => entry.document_id)).toEqual(['runbook-old', 'adr-013-cert-manager-tls']);
    store.close();
    withRawDatabase(temp.file(), (raw) => {
      expect(raw.prepare("SELECT name FROM sqlite_schema WHERE name = 'stale_marks'").all()).toEqual([]);
    });
  });
});

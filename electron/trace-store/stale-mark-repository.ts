import { storeError } from '../../shared/errors/store-error-messages';
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { StaleMarkEntry, StaleUnmark } from '../../shared/stale-mark-history';
import { StaleMark } from '../../shared/trace-record';
import { parseInput, parseStored } from './store-validation';

/** A stale mark as callers hand it over: the successor may be left out. */
export type StaleMarkInput = z.input<typeof StaleMark>;

const ENTRY_COLUMNS = 'seq, document_id, action, reason, successor_document_id, recorded_by, recorded_at';

// The latest entry of each document, when it is a mark: the marks in force.
const CURRENT_MARKS = `
  SELECT h.document_id, h.reason, h.successor_document_id, h.recorded_by AS marked_by, h.recorded_at AS marked_at
  FROM stale_mark_history h
  WHERE h.action = 'mark' AND h.seq = (SELECT max(seq) FROM stale_mark_history WHERE document_id = h.document_id)`;

/**
 * The analyst's stale marks as a history (`stale_mark_history`): marking and unmarking each add an
 * entry, nothing is changed or deleted (triggers refuse it), and a document's current mark is its
 * latest entry when that entry is a mark.
 */
export class StaleMarkRepository {
  /** The marks in force, read by every run's freshness stage: prepared on its first use and kept. */
  private selectCurrent: Database.Statement<[], Record<string, unknown>> | undefined;

  /** Keeps the database; statements are prepared per call, but for the one every run reads. */
  constructor(private readonly db: Database.Database) {}

  /** The marks in force, most recent first. */
  list(): StaleMark[] {
    this.selectCurrent ??= this.db.prepare<[], Record<string, unknown>>(`${CURRENT_MARKS} ORDER BY h.recorded_at DESC, h.document_id`);
    return this.selectCurrent
      .all()
      .map((row) => parseStored(StaleMark, row, storeError('stored_stale_mark', { document: String(row.document_id) })));
  }

  /** The mark in force on one document, or null. */
  current(documentId: string): StaleMark | null {
    const row = this.db.prepare<[string], Record<string, unknown>>(`${CURRENT_MARKS} AND h.document_id = ?`).get(documentId);
    return row === undefined ? null : parseStored(StaleMark, row, storeError('stored_stale_mark', { document: documentId }));
  }

  /** Marks a document stale (a new entry; an earlier mark stays in the history); returns the mark in force. */
  mark(input: StaleMarkInput): StaleMark {
    const mark = parseInput(StaleMark, input, storeError('input_stale_mark'));
    this.db
      .prepare(
        `INSERT INTO stale_mark_history (document_id, action, reason, successor_document_id, recorded_by, recorded_at)
         VALUES (@document_id, 'mark', @reason, @successor_document_id, @marked_by, @marked_at)`,
      )
      .run(mark);
    return mark;
  }

  /** Lifts the mark on a document with a new entry; null (and nothing recorded) when no mark is in force. */
  unmark(input: StaleUnmark): StaleMarkEntry | null {
    const unmark = parseInput(StaleUnmark, input, storeError('input_unmark'));
    return this.db.transaction(() => {
      if (this.current(unmark.document_id) === null) return null;
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO stale_mark_history (document_id, action, reason, successor_document_id, recorded_by, recorded_at)
           VALUES (@document_id, 'unmark', @reason, NULL, @recorded_by, @recorded_at)`,
        )
        .run(unmark);
      return this.entry(Number(lastInsertRowid));
    })();
  }

  /** Every entry in the order recorded, of one document or of all. */
  history(documentId?: string): StaleMarkEntry[] {
    const rows =
      documentId === undefined
        ? this.db.prepare<[], Record<string, unknown>>(`SELECT ${ENTRY_COLUMNS} FROM stale_mark_history ORDER BY seq`).all()
        : this.db
            .prepare<[string], Record<string, unknown>>(
              `SELECT ${ENTRY_COLUMNS} FROM stale_mark_history WHERE document_id = ? ORDER BY seq`,
            )
            .all(documentId);
    return rows.map((row) => parseStored(StaleMarkEntry, row, storeError('stored_stale_mark_entry', { seq: String(row.seq) })));
  }

  private entry(seq: number): StaleMarkEntry {
    const row = this.db
      .prepare<[number], Record<string, unknown>>(`SELECT ${ENTRY_COLUMNS} FROM stale_mark_history WHERE seq = ?`)
      .get(seq);
    return parseStored(StaleMarkEntry, row, storeError('stored_stale_mark_entry', { seq }));
  }
}

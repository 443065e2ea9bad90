import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { StaleMark } from '../../shared/trace-record';
import { parseInput, parseStored } from './store-validation';

/** A stale mark as callers hand it over: the successor may be left out. */
export type StaleMarkInput = z.input<typeof StaleMark>;

/** The analyst's stale marks (`stale_marks` table), one per document. */
export class StaleMarkRepository {
  /** Keeps the database; statements are prepared per call. */
  constructor(private readonly db: Database.Database) {}

  /** Every mark, most recent first. */
  list(): StaleMark[] {
    return this.db
      .prepare<[], Record<string, unknown>>(
        'SELECT document_id, reason, successor_document_id, marked_by, marked_at FROM stale_marks ORDER BY marked_at DESC, document_id',
      )
      .all()
      .map((row) => parseStored(StaleMark, row, `stale mark of ${String(row.document_id)}`));
  }

  /** Marks a document stale, replacing an earlier mark on it; returns the mark as stored. */
  mark(input: StaleMarkInput): StaleMark {
    const mark = parseInput(StaleMark, input, 'The stale mark');
    this.db
      .prepare(
        `INSERT INTO stale_marks (document_id, reason, successor_document_id, marked_by, marked_at)
         VALUES (@document_id, @reason, @successor_document_id, @marked_by, @marked_at)
         ON CONFLICT (document_id) DO UPDATE SET reason = excluded.reason, successor_document_id = excluded.successor_document_id,
           marked_by = excluded.marked_by, marked_at = excluded.marked_at`,
      )
      .run(mark);
    return mark;
  }

  /** Removes the mark on a document. False when it had none. */
  unmark(documentId: string): boolean {
    return this.db.prepare('DELETE FROM stale_marks WHERE document_id = ?').run(documentId).changes > 0;
  }
}

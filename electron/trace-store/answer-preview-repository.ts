import { storeError } from '../../shared/errors/store-error-messages';
import type Database from 'better-sqlite3';
import { AnswerPreview } from '../../shared/answer-preview';
import { parseInput, parseStored, parseStoredJson } from './store-validation';

/** The answer previews of runs (`answer_previews`): one per run, the latest drafted, deleted with its run. */
export class AnswerPreviewRepository {
  /** Keeps the database; statements are prepared per call. */
  constructor(private readonly db: Database.Database) {}

  /** Keeps a run's preview, replacing an earlier one; returns it as stored. */
  save(input: AnswerPreview): AnswerPreview {
    const preview = parseInput(AnswerPreview, input, storeError('input_answer_preview'));
    this.db
      .prepare(
        `INSERT INTO answer_previews (trace_id, created_at, json) VALUES (@trace_id, @created_at, @json)
         ON CONFLICT (trace_id) DO UPDATE SET created_at = excluded.created_at, json = excluded.json`,
      )
      .run({ trace_id: preview.trace_id, created_at: preview.created_at, json: JSON.stringify(preview) });
    return preview;
  }

  /** The preview kept with a run, or null. */
  get(traceId: string): AnswerPreview | null {
    const row = this.db.prepare<[string], { json: string }>('SELECT json FROM answer_previews WHERE trace_id = ?').get(traceId);
    if (!row) return null;
    const what = storeError('stored_answer_preview', { trace: traceId });
    return parseStored(AnswerPreview, parseStoredJson(row.json, what), what);
  }
}

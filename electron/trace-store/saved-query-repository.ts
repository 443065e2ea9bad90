import { storeError } from '../../shared/errors/store-error-messages';
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { SavedQuery, SavedQueryToSave } from '../../shared/trace-record';
import { parseInput, parseStored, parseStoredJson } from './store-validation';

/** A saved query as callers hand it over: description and parameters may be left out. */
export type SavedQueryInput = z.input<typeof SavedQueryToSave>;

interface SavedQueryRow {
  id: string;
  json: string;
}

/** Saved query templates for `cypher` mode (`saved_queries` table). They are checked by the read gateway when they run, not here. */
export class SavedQueryRepository {
  /** Keeps the database; statements are prepared per call. */
  constructor(private readonly db: Database.Database) {}

  /** Every saved query, by id. */
  list(): SavedQuery[] {
    return this.db.prepare<[], SavedQueryRow>('SELECT id, json FROM saved_queries ORDER BY id').all().map(savedQueryOf);
  }

  /** The saved query with this id, or null. */
  get(id: string): SavedQuery | null {
    const row = this.db.prepare<[string], SavedQueryRow>('SELECT id, json FROM saved_queries WHERE id = ?').get(id);
    return row ? savedQueryOf(row) : null;
  }

  /** Saves a query, replacing one with the same id; returns it as stored. */
  save(input: SavedQueryInput): SavedQuery {
    const query = parseInput(SavedQueryToSave, input, storeError('input_saved_query'));
    this.db
      .prepare(
        `INSERT INTO saved_queries (id, json, created_at) VALUES (@id, @json, @created_at)
         ON CONFLICT (id) DO UPDATE SET json = excluded.json, created_at = excluded.created_at`,
      )
      .run({ id: query.id, json: JSON.stringify(query), created_at: query.created_at });
    return query;
  }

  /** Deletes a saved query. False when there was none. */
  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM saved_queries WHERE id = ?').run(id).changes > 0;
  }
}

function savedQueryOf(row: SavedQueryRow): SavedQuery {
  const what = storeError('stored_saved_query', { id: row.id });
  return parseStored(SavedQuery, parseStoredJson(row.json, what), what);
}

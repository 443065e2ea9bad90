import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { z } from 'zod';
import { LensError } from '../../shared/lens-error';
import type { Principal } from '../../shared/principal';
import type { RunFilter, RunRecord, RunSummary, SavedQuery, StaleMark, TraceBundle } from '../../shared/trace-record';
import { applyMigrations, LATEST_SCHEMA_VERSION, schemaVersion } from './migrations';
import { PrincipalRepository, type PrincipalInput, type PrincipalSource } from './principal-repository';
import { RunRepository, type ImportResult, type PruneOptions, type RunRecordInput } from './run-repository';
import { SavedQueryRepository, type SavedQueryInput } from './saved-query-repository';
import { SettingsRepository } from './settings-repository';
import { assertSqliteFileOrAbsent } from './sqlite-header';
import { StaleMarkRepository, type StaleMarkInput } from './stale-mark-repository';
import { newerSchema, storeFailure } from './store-errors';

export type { PrincipalInput, PrincipalSource } from './principal-repository';
export type { ImportResult, PruneOptions, RunRecordInput } from './run-repository';
export type { SavedQueryInput } from './saved-query-repository';
export type { StaleMarkInput } from './stale-mark-repository';

/** How long a statement waits for another connection's write lock before it reports the store as busy. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * The local SQLite trace store: every run with its queries, the principals, stale marks, saved
 * queries and settings. One file, WAL mode, numbered migrations. Never holds passwords or API keys.
 */
export class TraceStore {
  private readonly runs: RunRepository;
  private readonly principals: PrincipalRepository;
  private readonly staleMarks: StaleMarkRepository;
  private readonly savedQueries: SavedQueryRepository;
  private readonly settings: SettingsRepository;

  private constructor(
    private readonly db: Database.Database,
    /** The database file, as an absolute path. */
    readonly file: string,
  ) {
    this.runs = new RunRepository(db);
    this.principals = new PrincipalRepository(db);
    this.staleMarks = new StaleMarkRepository(db);
    this.savedQueries = new SavedQueryRepository(db);
    this.settings = new SettingsRepository(db);
  }

  /**
   * Opens (creating folder and file as needed) and migrates the trace store at `file`.
   * A file that is not a SQLite database is an `io` error and one written by a newer release a
   * `conflict`; neither file is changed.
   */
  static open(file: string): TraceStore {
    const resolved = path.resolve(file);
    try {
      fs.mkdirSync(path.dirname(resolved), { recursive: true });
    } catch (error) {
      throw new LensError('io', `The folder for the trace store, ${path.dirname(resolved)}, cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, {
        hint: 'Check its permissions, or set LENS_HOME to a folder you own.',
        cause: error,
      });
    }
    assertSqliteFileOrAbsent(resolved);
    let db: Database.Database;
    try {
      db = new Database(resolved, { timeout: BUSY_TIMEOUT_MS });
    } catch (error) {
      throw storeFailure(error, resolved, 'open it');
    }
    try {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // Read the version before anything writes: a newer schema must stay exactly as it is.
      const found = schemaVersion(db);
      if (found > LATEST_SCHEMA_VERSION) throw newerSchema(resolved, found, LATEST_SCHEMA_VERSION);
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      applyMigrations(db);
      return new TraceStore(db, resolved);
    } catch (error) {
      db.close();
      throw storeFailure(error, resolved, 'open it');
    }
  }

  /** Closes the database; later calls on this store fail. Closing twice is harmless. */
  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Validates and stores a run with its queries in one transaction; returns it as stored (created_at in UTC ISO form). */
  recordRun(run: RunRecordInput): RunRecord {
    return this.guarded('record the run', () => this.runs.record(run));
  }

  /** The run with this trace id, or null. */
  getRun(traceId: string): RunRecord | null {
    return this.guarded('read the run', () => this.runs.get(traceId));
  }

  /** Runs matching the filter (principal, mode, outcome, since/until, text in the query), newest first, one page. */
  listRuns(filter: RunFilter = {}): RunSummary[] {
    return this.guarded('list the runs', () => this.runs.list(filter));
  }

  /** How many runs match the filter, ignoring limit and offset. */
  countRuns(filter: RunFilter = {}): number {
    return this.guarded('count the runs', () => this.runs.count(filter));
  }

  /** Deletes a run and its queries; false when there was no such run. */
  deleteRun(traceId: string): boolean {
    return this.guarded('delete the run', () => this.runs.delete(traceId));
  }

  /** A bundle of the named runs (all runs, oldest first, when omitted); an unknown id is `not_found`. */
  exportRuns(traceIds?: readonly string[]): TraceBundle {
    return this.guarded('export the runs', () => this.runs.export(traceIds));
  }

  /** Imports a bundle all or nothing: an invalid one is `invalid_input` naming the field; known trace ids are skipped. */
  importBundle(bundle: unknown): ImportResult {
    return this.guarded('import the bundle', () => this.runs.import(bundle));
  }

  /** Deletes runs older than `olderThanDays` and/or all but the newest `keepLatest`; returns how many went. */
  prune(options: PruneOptions): number {
    return this.guarded('prune the runs', () => this.runs.prune(options));
  }

  /** Every principal in the local list, by id. */
  listPrincipals(): Principal[] {
    return this.guarded('list the principals', () => this.principals.list());
  }

  /** The principal with this id, or null. */
  getPrincipal(principalId: string): Principal | null {
    return this.guarded('read the principal', () => this.principals.get(principalId));
  }

  /** Adds or replaces principals, stamped with `source`, all or nothing; returns how many were written. */
  upsertPrincipals(list: readonly PrincipalInput[], source: PrincipalSource): number {
    return this.guarded('save the principals', () => this.principals.upsert(list, source));
  }

  /** Deletes a principal from the local list; false when there was none. */
  deletePrincipal(principalId: string): boolean {
    return this.guarded('delete the principal', () => this.principals.delete(principalId));
  }

  /** Every stale mark, most recent first. */
  listStaleMarks(): StaleMark[] {
    return this.guarded('list the stale marks', () => this.staleMarks.list());
  }

  /** Marks a document stale (replacing an earlier mark on it); returns the mark as stored. */
  markStale(mark: StaleMarkInput): StaleMark {
    return this.guarded('save the stale mark', () => this.staleMarks.mark(mark));
  }

  /** Removes a document's stale mark; false when it had none. */
  unmarkStale(documentId: string): boolean {
    return this.guarded('remove the stale mark', () => this.staleMarks.unmark(documentId));
  }

  /** Every saved query, by id. */
  listSavedQueries(): SavedQuery[] {
    return this.guarded('list the saved queries', () => this.savedQueries.list());
  }

  /** The saved query with this id, or null. */
  getSavedQuery(id: string): SavedQuery | null {
    return this.guarded('read the saved query', () => this.savedQueries.get(id));
  }

  /** Saves a query template, replacing one with the same id; returns it as stored. */
  saveQuery(query: SavedQueryInput): SavedQuery {
    return this.guarded('save the query', () => this.savedQueries.save(query));
  }

  /** Deletes a saved query; false when there was none. */
  deleteSavedQuery(id: string): boolean {
    return this.guarded('delete the saved query', () => this.savedQueries.delete(id));
  }

  /** A setting parsed with `schema`, or null when never set. Secret-looking keys are refused. */
  getSetting<T>(key: string, schema: z.ZodType<T>): T | null {
    return this.guarded('read the setting', () => this.settings.get(key, schema));
  }

  /** Stores a setting as JSON; secret-looking keys, in the key or inside the value, are `invalid_input`. */
  setSetting(key: string, value: unknown): void {
    this.guarded('save the setting', () => this.settings.set(key, value));
  }

  private guarded<T>(action: string, work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw storeFailure(error, this.file, action);
    }
  }
}

import path from 'node:path';
import Database from 'better-sqlite3';
import type { z } from 'zod';
import type { AnswerPreview } from '../../shared/answer-preview';
import type { Comparison, ComparisonSummary } from '../../shared/compare/comparison';
import type { EvalReport, EvalSummary } from '../../shared/eval/eval-report';
import type { Principal } from '../../shared/principal';
import type { StaleMarkEntry, StaleUnmark } from '../../shared/stale-mark-history';
import type { RunFilter, RunRecord, RunSummary, SavedQuery, StaleMark, TraceBundle } from '../../shared/trace-record';
import { importDiffering, type TraceImportResult } from '../../shared/trace-import';
import { checkBundleRuns } from './bundle-import';
import { AnswerPreviewRepository } from './answer-preview-repository';
import { ComparisonRepository } from './comparison-repository';
import { EvaluationRepository } from './evaluation-repository';
import { applyMigrations, LATEST_SCHEMA_VERSION, schemaVersion } from './migrations';
import { PrincipalRepository, type PrincipalInput, type PrincipalSource } from './principal-repository';
import { RunRepository, type ImportResult, type PruneOptions, type RunRecordInput } from './run-repository';
import { SavedQueryRepository, type SavedQueryInput } from './saved-query-repository';
import { SettingsRepository } from './settings-repository';
import { assertSqliteFileOrAbsent } from './sqlite-header';
import { makeStoreFilePrivate, makeStoreFolder } from './store-file-mode';
import { closedCleanlyAndUnchanged, forgetCleanClose, quickCheck, stampCleanClose, type IntegrityResult } from './store-integrity';
import { StaleMarkRepository, type StaleMarkInput } from './stale-mark-repository';
import { codedError } from '../../shared/coded-error';
import { storeError, type StoreActionCode } from '../../shared/errors/store-error-messages';
import { damagedStore, damageWarning, newerSchema, sqliteCode, storeFailure, type RunListing } from './store-errors';

export type { PrincipalInput, PrincipalSource } from './principal-repository';
export type { ImportResult, PruneOptions, RunRecordInput } from './run-repository';
export type { SavedQueryInput } from './saved-query-repository';
export type { IntegrityResult } from './store-integrity';
export type { StaleMarkInput } from './stale-mark-repository';

/** How long a statement waits for another connection's write lock before it reports the store as busy. */
const BUSY_TIMEOUT_MS = 5_000;
/** The fewest characters of a trace id that `resolveTraceId` completes (a UUID's first group). */
export const TRACE_PREFIX_MIN = 8;
/** How many of the ids an ambiguous prefix begins are named in its error. */
const AMBIGUOUS_SHOWN = 5;

/** What the open found out about the file's soundness. */
export interface StoreIntegrity {
  /** Whether `quick_check` ran at this open: it is skipped when the app closed the file cleanly and nothing touched it since. */
  readonly checked: boolean;
  readonly checkMs: number;
  /** What SQLite found wrong, first first; empty for a sound store. */
  readonly problems: readonly string[];
}

/**
 * The local SQLite trace store: every run with its queries, the principals, stale marks, saved
 * queries and settings. One file, WAL mode, numbered migrations, readable by its owner only (0600).
 * Never holds passwords or API keys. A file that fails its integrity check is only read: every write
 * is refused with an `io` error saying what to do.
 */
export class TraceStore {
  private readonly runs: RunRepository;
  private readonly principals: PrincipalRepository;
  private readonly staleMarks: StaleMarkRepository;
  private readonly savedQueries: SavedQueryRepository;
  private readonly settings: SettingsRepository;
  private readonly comparisons: ComparisonRepository;
  private readonly previews: AnswerPreviewRepository;
  private readonly evaluations: EvaluationRepository;
  private problems: readonly string[];

  private constructor(
    private readonly db: Database.Database,
    /** The database file, as an absolute path. */
    readonly file: string,
    /** What the integrity check at open found. */
    readonly integrity: StoreIntegrity,
  ) {
    this.problems = integrity.problems;
    this.runs = new RunRepository(db, (problem) => this.markDamaged([problem]));
    this.principals = new PrincipalRepository(db);
    this.staleMarks = new StaleMarkRepository(db);
    this.savedQueries = new SavedQueryRepository(db);
    this.settings = new SettingsRepository(db);
    this.comparisons = new ComparisonRepository(db);
    this.previews = new AnswerPreviewRepository(db);
    this.evaluations = new EvaluationRepository(db);
  }

  /**
   * Opens (creating folder and file as needed, private to the user) and migrates the trace store at
   * `file`, after an integrity check unless the app closed it cleanly and nothing touched it since.
   * A file that is not a SQLite database is an `io` error and one written by a newer release a
   * `conflict`; neither file is changed. A damaged file opens for reading only (see `damage`).
   */
  static open(file: string): TraceStore {
    const resolved = path.resolve(file);
    makeStoreFolder(resolved);
    assertSqliteFileOrAbsent(resolved);
    const trusted = closedCleanlyAndUnchanged(resolved);
    makeStoreFilePrivate(resolved);
    let db: Database.Database;
    try {
      db = new Database(resolved, { timeout: BUSY_TIMEOUT_MS });
    } catch (error) {
      throw storeFailure(error, resolved, storeError('action_open_store'));
    }
    try {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // Read the version before anything writes: a newer schema must stay exactly as it is.
      const found = schemaVersion(db);
      if (found > LATEST_SCHEMA_VERSION) throw newerSchema(resolved, found, LATEST_SCHEMA_VERSION);
      const integrity: StoreIntegrity = trusted ? { checked: false, checkMs: 0, problems: [] } : checkedAtOpen(db);
      if (integrity.problems.length > 0) return TraceStore.openDamaged(db, resolved, integrity);
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      // Deleted and rewritten rows are overwritten with zeros, so pruned runs and scrubbed secrets leave no bytes behind.
      db.pragma('secure_delete = ON');
      applyMigrations(db);
      return new TraceStore(db, resolved, integrity);
    } catch (error) {
      db.close();
      throw storeFailure(error, resolved, storeError('action_open_store'));
    }
  }

  /** A damaged file: SQLite refuses writes on this connection, and so does every write method, first. */
  private static openDamaged(db: Database.Database, file: string, integrity: StoreIntegrity): TraceStore {
    forgetCleanClose(file);
    db.pragma('query_only = ON');
    try {
      return new TraceStore(db, file, integrity);
    } catch (error) {
      // Too damaged (or too old, and not to be migrated now) for the reads to be prepared.
      throw damagedStore(file, [...integrity.problems, (error as Error).message], storeError('action_open_store'));
    }
  }

  /** Null for a sound store; else a sentence for a reader: the store is damaged, read-only, and what to do. */
  get damage(): string | null {
    return this.problems.length > 0 ? damageWarning(this.file, this.problems) : null;
  }

  /** Runs `quick_check` now, whatever the open did; a damaged file is from then on only read. */
  checkIntegrity(): IntegrityResult {
    const result = this.guarded('action_check_file', () => quickCheck(this.db));
    if (result.problems.length > 0) this.markDamaged(result.problems);
    return result;
  }

  /** Closes the database (stamping a clean close when the store is sound); later calls fail. Closing twice is harmless. */
  close(): void {
    if (!this.db.open) return;
    this.db.close();
    if (this.problems.length > 0) return;
    try {
      stampCleanClose(this.file);
    } catch {
      // Without a stamp the next open runs the integrity check: slower, never wrong.
      forgetCleanClose(this.file);
    }
  }

  /** Validates and stores a run with its queries in one transaction; returns it as stored (created_at in UTC ISO form). */
  recordRun(run: RunRecordInput): RunRecord {
    return this.written('action_record_run', () => this.runs.record(run));
  }

  /** The run with this trace id, or null. */
  getRun(traceId: string): RunRecord | null {
    return this.guarded('action_read_run', () => this.runs.get(traceId));
  }

  /**
   * The trace id a person typed, made whole: itself when a run has it; else, for at least
   * {@link TRACE_PREFIX_MIN} characters, the one kept id that begins with it; else itself (the lookup
   * then says no run has it). A prefix that begins more than one id is an `invalid_input` naming some.
   */
  resolveTraceId(typed: string): string {
    return this.guarded('action_read_run', () => {
      if (typed.length < TRACE_PREFIX_MIN || this.runs.get(typed)) return typed;
      const { ids, total } = this.runs.idsStartingWith(typed, AMBIGUOUS_SHOWN + 1);
      if (ids.length === 1) return ids[0] as string;
      if (total === 0) return typed;
      throw codedError(
        'invalid_input',
        storeError('trace_prefix_ambiguous', { prefix: typed, count: total, ids: ids.slice(0, AMBIGUOUS_SHOWN).join(', ') }),
        { hint: storeError('trace_prefix_ambiguous_hint') },
      );
    });
  }

  /** Runs matching the filter (principal, mode, outcome, since/until, text in the query), newest first, one page. */
  listRuns(filter: RunFilter = {}): RunSummary[] {
    return this.guarded('action_list_runs', () => this.runs.list(filter));
  }

  /** How many runs match the filter, ignoring limit and offset. */
  countRuns(filter: RunFilter = {}): number {
    return this.guarded('action_count_runs', () => this.runs.count(filter));
  }

  /** Deletes a run and its queries; false when there was no such run. */
  deleteRun(traceId: string): boolean {
    return this.erased(this.written('action_delete_run', () => this.runs.delete(traceId)));
  }

  /** Keeps a run's answer preview (replacing an earlier one); the run must exist, and deleting it deletes the preview. */
  saveAnswerPreview(preview: AnswerPreview): AnswerPreview {
    return this.written('action_save_answer_preview', () => this.previews.save(preview));
  }

  /** The answer preview kept with a run, or null. */
  getAnswerPreview(traceId: string): AnswerPreview | null {
    return this.guarded('action_read_answer_preview', () => this.previews.get(traceId));
  }

  /** A bundle of the named runs (all runs, oldest first, when omitted); an unknown id is `not_found`, saying where `listing` lists the kept ones. */
  exportRuns(traceIds?: readonly string[], listing?: RunListing): TraceBundle {
    return this.guarded('action_export_runs', () => this.runs.export(traceIds, listing));
  }

  /** Imports a bundle all or nothing: an invalid one is `invalid_input` naming the field; known trace ids are skipped. */
  importBundle(bundle: unknown): ImportResult {
    return this.written('action_import_bundle', () => this.runs.import(bundle));
  }

  /**
   * Imports a bundle run by run (the Traces screen): the good runs are added, runs already here are
   * counted, and each bad run is refused with its position, trace id and the field that failed.
   */
  importBundleRuns(bundle: unknown): TraceImportResult {
    const { runs, refused, exporterSkipped } = checkBundleRuns(bundle);
    const { imported_ids, already_present, differing_ids } = this.written('action_import_bundle', () => this.runs.importChecked(runs));
    const result: TraceImportResult = { imported: imported_ids.length, already_present, refused: [...refused], imported_ids };
    const differing = importDiffering(differing_ids);
    return { ...result, ...(exporterSkipped ? { exporter_skipped: exporterSkipped } : {}), ...(differing ? { differing } : {}) };
  }

  /** Deletes runs older than `olderThanDays` and/or all but the newest `keepLatest`; returns how many went. */
  prune(options: PruneOptions): number {
    return this.erased(this.written('action_prune_runs', () => this.runs.prune(options)));
  }

  /**
   * After runs were deleted: their text must not stay on disk while the store stays open.
   * `secure_delete` zeroes the freed pages, but the write-ahead log still holds the frames written
   * before (a run's query text among them) until a checkpoint; one that truncates the log copies the
   * zeroed pages into the file and empties the log. Best effort: a reader holding an old snapshot lets
   * it finish at the next one.
   */
  private erased<T extends boolean | number>(deleted: T): T {
    if (deleted !== false && deleted !== 0 && this.db.open) this.db.pragma('wal_checkpoint(TRUNCATE)');
    return deleted;
  }

  /** Every principal in the local list, by id. */
  listPrincipals(): Principal[] {
    return this.guarded('action_list_principals', () => this.principals.list());
  }

  /** The principal with this id, or null. */
  getPrincipal(principalId: string): Principal | null {
    return this.guarded('action_read_principal', () => this.principals.get(principalId));
  }

  /** Adds or replaces principals, stamped with `source`, all or nothing; returns how many were written. */
  upsertPrincipals(list: readonly PrincipalInput[], source: PrincipalSource): number {
    return this.writtenDurably('action_save_principals', () => this.principals.upsert(list, source));
  }

  /** Deletes a principal from the local list; false when there was none. */
  deletePrincipal(principalId: string): boolean {
    return this.writtenDurably('action_delete_principal', () => this.principals.delete(principalId));
  }

  /** The stale marks in force (each document's latest entry, when it is a mark), most recent first. */
  listStaleMarks(): StaleMark[] {
    return this.guarded('action_list_stale_marks', () => this.staleMarks.list());
  }

  /** Marks a document stale with a new history entry (an earlier mark stays in the history); returns the mark in force. */
  markStale(mark: StaleMarkInput): StaleMark {
    return this.writtenDurably('action_save_stale_mark', () => this.staleMarks.mark(mark));
  }

  /** Lifts a document's stale mark with a new history entry; null, recording nothing, when no mark is in force. */
  unmarkStale(unmark: StaleUnmark): StaleMarkEntry | null {
    return this.writtenDurably('action_record_unmark', () => this.staleMarks.unmark(unmark));
  }

  /** The stale-mark history in the order recorded, of one document or of all. */
  staleMarkHistory(documentId?: string): StaleMarkEntry[] {
    return this.guarded('action_read_stale_mark_history', () => this.staleMarks.history(documentId));
  }

  /** Every saved query, by id. */
  listSavedQueries(): SavedQuery[] {
    return this.guarded('action_list_saved_queries', () => this.savedQueries.list());
  }

  /** The saved query with this id, or null. */
  getSavedQuery(id: string): SavedQuery | null {
    return this.guarded('action_read_saved_query', () => this.savedQueries.get(id));
  }

  /** Saves a query template, replacing one with the same id; returns it as stored. */
  saveQuery(query: SavedQueryInput): SavedQuery {
    return this.writtenDurably('action_save_query', () => this.savedQueries.save(query));
  }

  /** Deletes a saved query; false when there was none. */
  deleteSavedQuery(id: string): boolean {
    return this.writtenDurably('action_delete_saved_query', () => this.savedQueries.delete(id));
  }

  /** A setting parsed with `schema`, or null when never set. Secret-looking keys are refused. */
  getSetting<T>(key: string, schema: z.ZodType<T>): T | null {
    return this.guarded('action_read_setting', () => this.settings.get(key, schema));
  }

  /** Stores a setting as JSON; secret-looking keys, in the key or inside the value, are `invalid_input`. */
  setSetting(key: string, value: unknown): void {
    this.writtenDurably('action_save_setting', () => this.settings.set(key, value));
  }

  /** Validates and stores a comparison of two runs; returns it as stored, exactly as it reopens. */
  saveComparison(comparison: Comparison): Comparison {
    return this.written('action_save_comparison', () => this.comparisons.save(comparison));
  }

  /** The comparison with this id, or null. */
  getComparison(id: string): Comparison | null {
    return this.guarded('action_read_comparison', () => this.comparisons.get(id));
  }

  /** The newest comparisons first, at most `limit`. */
  listComparisons(limit = 100): ComparisonSummary[] {
    return this.guarded('action_list_comparisons', () => this.comparisons.list(limit));
  }

  /** Validates and stores an evaluation report; returns it as stored. */
  saveEvaluation(report: EvalReport): EvalReport {
    return this.written('action_save_evaluation', () => this.evaluations.save(report));
  }

  /** The evaluation with this id, or null. */
  getEvaluation(id: string): EvalReport | null {
    return this.guarded('action_read_evaluation', () => this.evaluations.get(id));
  }

  /** The newest evaluations first, at most `limit`. */
  listEvaluations(limit = 100): EvalSummary[] {
    return this.guarded('action_list_evaluations', () => this.evaluations.list(limit));
  }

  /** Runs a write, unless the store is damaged: then nothing is tried and the refusal says what to do. */
  private written<T>(action: StoreActionCode, work: () => T): T {
    if (this.problems.length > 0) throw damagedStore(this.file, this.problems, storeError(action));
    return this.guarded(action, work);
  }

  /**
   * A write people make by hand (a stale mark, a setting, a principal, a saved query): its commit
   * waits until the disk has it (`synchronous = FULL`), so a power cut right after cannot take it
   * back. Other writes (recorded runs, imports, reports) keep the connection's WAL default
   * (`NORMAL`: intact after any crash, durable across the app's own; a power cut may take back the
   * last moments), and a commit made here makes them durable too.
   */
  private writtenDurably<T>(action: StoreActionCode, work: () => T): T {
    const before = this.db.pragma('synchronous', { simple: true }) as number;
    this.db.pragma('synchronous = FULL');
    try {
      return this.written(action, work);
    } finally {
      if (this.db.open) this.db.pragma(`synchronous = ${Math.trunc(before)}`);
    }
  }

  private guarded<T>(action: StoreActionCode, work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (sqliteCode(error)?.startsWith('SQLITE_CORRUPT')) this.markDamaged([(error as Error).message]);
      throw storeFailure(error, this.file, storeError(action));
    }
  }

  /** Damage met in use: from now on the store is only read, and the next open checks it again. */
  private markDamaged(problems: readonly string[]): void {
    if (this.problems.length === 0) this.problems = problems;
    forgetCleanClose(this.file);
    if (this.db.open) this.db.pragma('query_only = ON');
  }
}

function checkedAtOpen(db: Database.Database): StoreIntegrity {
  const { problems, ms } = quickCheck(db);
  return { checked: true, checkMs: ms, problems };
}

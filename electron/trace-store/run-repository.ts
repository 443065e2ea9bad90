import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import { isLensError } from '../../shared/lens-error';
import {
  RunFilter,
  RunRecord,
  TraceBundle,
  type RunSortKey,
  type RunSummary,
  type SkippedRun,
  type SortDirection,
} from '../../shared/trace-record';
import {
  canonicalInstant,
  runFromRows,
  runToRows,
  summaryFromRow,
  withoutSecrets,
  type RunQueryRow,
  type RunRow,
  type RunSummaryRow,
} from './run-rows';
import { exporterSkipped, importDiffering, type ExporterSkipped, type ImportDiffering } from '../../shared/trace-import';
import { conflictingRepeat, refuseDroppedKey, refuseNewerBundle, type CheckedRun } from './bundle-import';
import { foldText, registerSearchFunctions, textLookup, type TextLookup } from './run-search';
import { runNotFound, sqliteCode, type RunListing } from './store-errors';
import { parseInput } from './store-validation';

/** A run as callers hand it over: defaults (e.g. `replay_of`) may be left out. */
export type RunRecordInput = z.input<typeof RunRecord>;

/** What `prune` deletes: runs older than a number of days, all but the newest N, or both rules at once. */
export interface PruneOptions {
  readonly olderThanDays?: number;
  readonly keepLatest?: number;
}

/**
 * What an import did: new runs added, runs whose trace id was already here (left as they were), and
 * the runs the bundle says its exporter left out (absent when it left out none).
 */
export interface ImportResult {
  readonly imported: number;
  readonly skipped: number;
  readonly exporter_skipped?: ExporterSkipped;
  /** Of `skipped`, the runs stored with other content than the bundle's (absent when none). */
  readonly differing?: ImportDiffering;
}

const DAY_MS = 86_400_000;
const RUN_COLUMNS = [
  'trace_id',
  'created_at',
  'principal_id',
  'mode',
  'outcome',
  'query_text',
  'item_count',
  'denied_count',
  'elapsed_ms',
  'graph_uri',
  'replay_of',
  'request_json',
  'principal_json',
  'response_json',
] as const;
const QUERY_COLUMNS = [
  'trace_id',
  'seq',
  'stage',
  'name',
  'cypher',
  'params_hash',
  'rows',
  'truncated',
  'duration_ms',
  'server_ms',
] as const;
/** Columns migration 8 added; a store too damaged to be migrated may lack them, and its runs are kept without. */
const SPAN_COLUMNS = ['params_json', 'started_ms'] as const;
/** The column migration 10 added (a store too damaged to be migrated may lack it). */
const SERVED_COLUMNS = ['served_json'] as const;
const SUMMARY_COLUMNS =
  "trace_id, created_at, principal_id, mode, outcome, query_text, item_count, denied_count, elapsed_ms, replay_of, response_json -> '$.denied' AS denied_json";
/** Newest first; rowid breaks ties between runs recorded in the same millisecond. */
const NEWEST_FIRST = 'ORDER BY created_at DESC, rowid DESC';
/** The column each sort key orders by; ties go newest first, so every order is total and pages never overlap. */
const SORT_COLUMNS: Record<RunSortKey, string> = {
  time: 'created_at',
  elapsed: 'elapsed_ms',
  mode: 'mode',
  principal: 'principal_id',
  items: 'item_count',
  withheld: 'denied_count',
};
/** The ORDER BY of a sort (newest first when none is asked); migration 11 indexes each one. */
export function orderOf(sort: RunSortKey | undefined, direction: SortDirection | undefined): string {
  if (sort === undefined || sort === 'time') return direction === 'asc' ? OLDEST_FIRST : NEWEST_FIRST;
  return `ORDER BY ${SORT_COLUMNS[sort]} ${direction === 'asc' ? 'ASC' : 'DESC'}, created_at DESC, rowid DESC`;
}
/** NEWEST_FIRST reversed. */
const OLDEST_FIRST = 'ORDER BY created_at ASC, rowid ASC';
/** The index that reads a sort's order (see orderOf): walked backwards for descending, forwards for ascending. */
function sortIndexOf(sort: RunSortKey | undefined, direction: SortDirection | undefined): string {
  if (sort === undefined || sort === 'time') return 'runs_created_at';
  return `runs_by_${SORT_COLUMNS[sort]}${direction === 'asc' ? '_asc' : ''}`;
}

/** The filter clauses; each binds only its own named parameter, never text from the caller. */
const FILTER_CLAUSES = {
  principal_id: 'principal_id = @principal_id',
  mode: 'mode = @mode',
  outcome: 'outcome = @outcome',
  since: 'created_at >= @since',
  until: 'created_at <= @until',
  // A store too damaged to be migrated has no search index; it is read by scanning, with the same result.
  text: 'instr(lens_fold(query_text), @text) > 0',
} as const;
/** The text clause through the search index: the runs whose folded query text holds the term (see run-search.ts). */
const INDEXED_TEXT_CLAUSE = (lookup: TextLookup) => `runs.rowid IN (SELECT rowid FROM ${lookup.table} WHERE ${lookup.table} MATCH @text)`;
/** The text clause of a term no stored text can hold. */
const NO_RUN = '0';
/**
 * How a page of a search's matches is read, in the list's order (each way gives the same rows):
 * - `sort`: every match, sorted; costs the number of matches, so only for up to SORT_UP_TO of them.
 * - `along`: along the order's index (sortIndexOf), each run checked against the set of matches, stopping at the page.
 * - `scan`: along the order's index, each run's text checked as before the index, stopping at the page;
 *   when matches are so dense that about SCAN_ROWS runs hold a page of them, this skips building the set.
 */
type PagePlan = 'sort' | 'along' | 'scan';
const SORT_UP_TO = 500;
const SCAN_ROWS = 400;
/**
 * The filter on a sort's own column: a list filtered by it is read along the column's index already
 * (measured at 100,000 runs: 9 ms), as is time order with a filter (2–13 ms), so neither needs a plan.
 */
const FILTER_OF_SORT: Partial<Record<RunSortKey, string>> = { mode: 'mode', principal: 'principal_id' };
const filtersOwnColumn = (sort: RunSortKey | undefined, params: Record<string, string>) => {
  const key = sort === undefined ? undefined : FILTER_OF_SORT[sort];
  return key !== undefined && key in params;
};
/** How many runs a walk along the order's index may read for a page of a filter beside (see filteredPagePlan). */
const WALK_ROWS = 4_000;

const quoted = (column: string) => `"${column}"`;
const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.map(quoted).join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`;

/** Runs and the queries they executed, in the `runs` and `run_queries` tables. */
export class RunRepository {
  private readonly insertRun: Database.Statement<[RunRow]>;
  private readonly insertQuery: Database.Statement<[RunQueryRow]>;
  private readonly selectRun: Database.Statement<[string], RunRow>;
  private readonly selectQueries: Database.Statement<[string], RunQueryRow>;
  private readonly selectAllIds: Database.Statement<[], { trace_id: string }>;
  private readonly selectIdsByKey: Database.Statement<[], { trace_id: string }>;
  private readonly selectIdsByRowid: Database.Statement<[], { trace_id: string }>;
  private readonly exists: Database.Statement<[string], { found: number }>;
  private readonly deleteOne: Database.Statement<[string]>;
  /** Whether the store has the search index (a store too damaged to be migrated may not). */
  private readonly searchIndexed: boolean;
  /** The indexes on runs (a store too damaged to be migrated may lack the sorts' ones, which came later). */
  private readonly runIndexes: ReadonlySet<string>;

  /**
   * Prepares the statements on a migrated database and registers the SQL functions of text search.
   * `onPageDamage` hears of every damaged page a read met but stepped over (in an export).
   */
  constructor(
    private readonly db: Database.Database,
    private readonly onPageDamage: (problem: string) => void = () => undefined,
  ) {
    registerSearchFunctions(db);
    this.searchIndexed = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'run_text'").get() !== undefined;
    const indexes = db.prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'runs'").all();
    this.runIndexes = new Set(indexes.map((index) => index.name));
    this.insertRun = db.prepare(insertSql('runs', RUN_COLUMNS));
    const has = (column: string) =>
      db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get('run_queries', column) !== undefined;
    const queryColumns = [...QUERY_COLUMNS, ...(has('params_json') ? SPAN_COLUMNS : []), ...(has('served_json') ? SERVED_COLUMNS : [])];
    this.insertQuery = db.prepare(insertSql('run_queries', queryColumns));
    this.selectRun = db.prepare(`SELECT ${RUN_COLUMNS.join(', ')} FROM runs WHERE trace_id = ?`);
    this.selectQueries = db.prepare(`SELECT ${queryColumns.map(quoted).join(', ')} FROM run_queries WHERE trace_id = ? ORDER BY seq`);
    this.selectAllIds = db.prepare('SELECT trace_id FROM runs ORDER BY created_at, rowid');
    // Two other paths to the ids: the primary key's index alone, and the table alone.
    this.selectIdsByKey = db.prepare('SELECT trace_id FROM runs ORDER BY trace_id');
    this.selectIdsByRowid = db.prepare('SELECT trace_id FROM runs NOT INDEXED');
    this.exists = db.prepare('SELECT 1 AS found FROM runs WHERE trace_id = ?');
    this.deleteOne = db.prepare('DELETE FROM runs WHERE trace_id = ?');
  }

  /** Validates and stores one run with its queries in one transaction; a trace id already recorded is a `conflict`. */
  record(input: RunRecordInput): RunRecord {
    const run = withoutSecrets(parseInput(RunRecord, input, storeError('input_run')));
    const rows = runToRows(run);
    try {
      this.db.transaction(() => this.insertRows(rows))();
    } catch (error) {
      if (sqliteCode(error) === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw codedError('conflict', storeError('run_already_recorded', { trace: run.trace_id }), {
          hint: storeError('run_already_recorded_hint'),
          cause: error,
        });
      }
      throw error;
    }
    return { ...run, created_at: rows.run.created_at };
  }

  /**
   * The kept trace ids that begin with `prefix`, in order, at most `limit` of them, and how many there
   * are: a range over the primary key, so it costs what it finds, not the store's size.
   */
  idsStartingWith(prefix: string, limit: number): { readonly ids: string[]; readonly total: number } {
    // Every character of a trace id sorts below U+FFFF, so [prefix, prefix + U+FFFF) holds exactly the ids that begin with it.
    const range = [prefix, `${prefix}\uffff`] as const;
    const ids = this.db
      .prepare<[string, string, number], { trace_id: string }>(
        'SELECT trace_id FROM runs WHERE trace_id >= ? AND trace_id < ? ORDER BY trace_id LIMIT ?',
      )
      .all(...range, limit)
      .map((row) => row.trace_id);
    const total =
      ids.length < limit
        ? ids.length
        : (this.db
            .prepare<[string, string], { total: number }>('SELECT count(*) AS total FROM runs WHERE trace_id >= ? AND trace_id < ?')
            .get(...range)?.total ?? ids.length);
    return { ids, total };
  }

  /** The run with this trace id, or null. */
  get(traceId: string): RunRecord | null {
    const row = this.selectRun.get(traceId);
    return row ? runFromRows(row, this.selectQueries.all(traceId)) : null;
  }

  /** The runs matching `filter`, newest first or in its `sort`, one page (`limit`, `offset`). */
  list(filter: RunFilter = {}): RunSummary[] {
    const parsed = parseInput(RunFilter, filter, storeError('input_run_filter'));
    const first = this.whereOf(parsed);
    const byTime = parsed.sort === undefined || parsed.sort === 'time';
    const index = sortIndexOf(parsed.sort, parsed.direction);
    // Along time, since/until narrow the walk itself; along another column they would only be checked on the way.
    const walkable = (byTime ? first.onlyTime : first.onlyText) && this.runIndexes.has(index);
    const plan =
      first.lookup && walkable
        ? this.pagePlan(first.lookup, first.page)
        : !byTime && first.where !== '' && !filtersOwnColumn(parsed.sort, first.params) && this.runIndexes.has(index)
          ? this.filteredPagePlan(first.where, first.params, first.page)
          : 'sort';
    const { where, params, page } = plan === 'scan' ? this.whereOf(parsed, { scanText: true }) : first;
    const along = plan === 'sort' ? '' : `INDEXED BY ${index}`;
    const rows = this.db
      .prepare<[Record<string, unknown>], RunSummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM runs ${along} ${where} ${orderOf(parsed.sort, parsed.direction)} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, ...page });
    return rows.map(summaryFromRow);
  }

  /** How many runs match `filter`, ignoring its page. */
  count(filter: RunFilter = {}): number {
    const { where, params, lookup, onlyText } = this.whereOf(filter);
    // The index holds exactly one entry per run: counting its matches counts the runs without reading them.
    const sql =
      lookup && onlyText
        ? `SELECT count(*) AS total FROM ${lookup.table} WHERE ${lookup.table} MATCH @text`
        : `SELECT count(*) AS total FROM runs ${where}`;
    return this.db.prepare<[Record<string, unknown>], { total: number }>(sql).get(params)?.total ?? 0;
  }

  /** How to read a page of the matches of `lookup` (see PagePlan), from how many there are, read only as far as needed. */
  private pagePlan(lookup: TextLookup, page: { limit: number; offset: number }): PagePlan {
    const span = this.rowSpan();
    const dense = Math.ceil((span * (page.offset + page.limit)) / SCAN_ROWS);
    // One read of the matches decides both (a second one cost a ~1 % search a third of its time).
    const matches = this.matchesUpTo(lookup, Math.max(SORT_UP_TO, dense) + 1);
    if (matches <= SORT_UP_TO) return 'sort';
    return matches > dense ? 'scan' : 'along';
  }

  /**
   * How to read a page of a filter that is not a search alone (a mode or principal, with a search or
   * none): along the order's index, each run checked on the way, when enough runs match that the walk
   * is short (about WALK_ROWS runs for the page); else every match, sorted. Sorting 12,500 runs of one
   * mode by a column took 170–260 ms at 100,000 runs, where walking for the page takes a few.
   */
  private filteredPagePlan(where: string, params: Record<string, string>, page: { limit: number; offset: number }): PagePlan {
    const span = this.rowSpan();
    const enough = Math.ceil((span * (page.offset + page.limit)) / WALK_ROWS);
    const sql = `SELECT count(*) AS total FROM (SELECT 1 FROM runs ${where} LIMIT @cap)`;
    const matches = this.db.prepare<[Record<string, unknown>], { total: number }>(sql).get({ ...params, cap: enough })?.total ?? 0;
    return matches >= enough ? 'along' : 'sort';
  }

  /** How many rowids the runs spread over (the store's size, with the gaps deletes left). */
  private rowSpan(): number {
    return this.db.prepare<[], { span: number | null }>('SELECT max(rowid) - min(rowid) + 1 AS span FROM runs').get()?.span ?? 0;
  }

  /** How many matches of `lookup` the search index holds, reading at most `cap` of them. */
  private matchesUpTo(lookup: TextLookup, cap: number): number {
    const sql = `SELECT count(*) AS total FROM (SELECT rowid FROM ${lookup.table} WHERE ${lookup.table} MATCH ? LIMIT ?)`;
    return this.db.prepare<[string, number], { total: number }>(sql).get(lookup.match, cap)?.total ?? 0;
  }

  /** Deletes one run and, by cascade, its queries. False when there was no such run. */
  delete(traceId: string): boolean {
    // One statement: its triggers take the run's entries out of the search index with it.
    return this.deleteOne.run(traceId).changes > 0;
  }

  /**
   * A bundle of the named runs, in that order, or of every run, oldest first; an unknown id is
   * `not_found`. A run the store cannot read (a damaged page, a row changed outside the app) is left
   * out and named in `skipped` with the reason, so one bad page never costs the whole export. The
   * not_found says where its reader finds the kept ids (`listing`).
   */
  export(traceIds?: readonly string[], listing: RunListing = 'command'): TraceBundle {
    return this.inReadTransaction(() => {
      const { ids, unlisted } = traceIds ? { ids: [...new Set(traceIds)], unlisted: null } : this.everyId();
      const runs: RunRecord[] = [];
      const skipped: SkippedRun[] = [];
      for (const id of ids) {
        const read = this.readable(() => this.get(id));
        if (typeof read === 'string') skipped.push({ trace_id: id, reason: read });
        else runs.push(read ?? throwNotFound(id, listing));
      }
      if (unlisted) skipped.push({ trace_id: null, reason: unlisted });
      // Over a damaged file the ids may come in key order; a bundle of all runs is oldest first either way.
      if (!traceIds) runs.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
      const bundle: TraceBundle = { format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs };
      if (skipped.length > 0) bundle.skipped = skipped;
      return bundle;
    });
  }

  /**
   * Every trace id, oldest first. When a damaged page stops that scan, the ids are gathered along the
   * primary-key index and then along the table itself, each as far as it reads, so a run is lost
   * from the list only when both paths to it are damaged; `unlisted` then says so.
   */
  private everyId(): { ids: string[]; unlisted: string | null } {
    const ordered = this.readable(() => this.selectAllIds.all().map((row) => row.trace_id));
    if (typeof ordered !== 'string') return { ids: ordered, unlisted: null };
    const ids = new Set<string>();
    for (const statement of [this.selectIdsByKey, this.selectIdsByRowid]) {
      const complete = this.readable(() => {
        for (const row of statement.iterate()) ids.add(row.trace_id);
        return true;
      });
      if (complete === true) return { ids: [...ids], unlisted: null };
    }
    return { ids: [...ids], unlisted: `some runs could not even be listed: ${ordered}` };
  }

  /**
   * Adds the runs of a bundle in one transaction. The whole bundle is validated first: a bad field
   * is `invalid_input` naming it, and nothing is imported. Trace ids already here are skipped, never overwritten.
   */
  import(bundle: unknown): ImportResult {
    refuseNewerBundle(bundle);
    const parsed = parseInput(TraceBundle, bundle, storeError('input_bundle'));
    const given = (bundle as { runs: unknown[] }).runs;
    const pending = parsed.runs.map((run, index) => {
      const rows = runToRows(withoutSecrets(run), `runs[${index}]`);
      refuseDroppedKey(given[index], run, `runs[${index}]`);
      return rows;
    });
    const repeat = conflictingRepeat(pending);
    if (repeat !== null)
      throw codedError('invalid_input', storeError('bundle_repeats_id', repeat), { hint: storeError('bundle_repeats_id_hint') });
    return this.db.transaction(() => {
      let imported = 0;
      // A set: a bundle may repeat a run identically, and the run is named once.
      const differingIds = new Set<string>();
      for (const rows of pending) {
        if (this.exists.get(rows.run.trace_id)) {
          if (!differingIds.has(rows.run.trace_id) && !this.storedAs(rows)) differingIds.add(rows.run.trace_id);
          continue;
        }
        this.insertRows(rows);
        imported += 1;
      }
      const result: ImportResult = { imported, skipped: pending.length - imported };
      const leftOut = exporterSkipped(parsed.skipped);
      const differing = importDiffering([...differingIds]);
      return { ...result, ...(leftOut ? { exporter_skipped: leftOut } : {}), ...(differing ? { differing } : {}) };
    })();
  }

  /**
   * Adds runs already checked (see `checkBundleRuns`) in one transaction. Trace ids already here,
   * or earlier in the same bundle with the same content (another is refused by the check), are left as they were and counted.
   */
  importChecked(runs: readonly CheckedRun[]): { imported_ids: string[]; already_present: number; differing_ids: string[] } {
    return this.db.transaction(() => {
      const imported_ids: string[] = [];
      const differing = new Set<string>();
      for (const { rows } of runs) {
        if (this.exists.get(rows.run.trace_id)) {
          if (!differing.has(rows.run.trace_id) && !this.storedAs(rows)) differing.add(rows.run.trace_id);
          continue;
        }
        this.insertRows(rows);
        imported_ids.push(rows.run.trace_id);
      }
      return { imported_ids, already_present: runs.length - imported_ids.length, differing_ids: [...differing] };
    })();
  }

  /**
   * Whether the run stored under `rows`' trace id is the one `rows` would store: read back as a run and
   * made into rows the way an import makes them, so a run exported and imported again compares equal
   * whatever version stored it. A stored run that cannot be read is not that run either.
   */
  private storedAs(rows: CheckedRun['rows']): boolean {
    const stored = this.readable(() => this.get(rows.run.trace_id));
    if (stored === null || typeof stored === 'string') return false;
    try {
      return JSON.stringify(runToRows(withoutSecrets(stored))) === JSON.stringify(rows);
    } catch {
      return false;
    }
  }

  /** Deletes runs older than `olderThanDays`, and all but the newest `keepLatest`; returns how many runs went. */
  prune(options: PruneOptions): number {
    const { olderThanDays, keepLatest } = options;
    if (olderThanDays === undefined && keepLatest === undefined) {
      throw codedError('invalid_input', storeError('prune_needs_limit'), { hint: storeError('prune_needs_limit_hint') });
    }
    if (olderThanDays !== undefined && !(Number.isFinite(olderThanDays) && olderThanDays >= 0)) {
      throw codedError('invalid_input', storeError('prune_days_invalid', { days: olderThanDays }));
    }
    if (keepLatest !== undefined && !(Number.isInteger(keepLatest) && keepLatest >= 0)) {
      throw codedError('invalid_input', storeError('prune_keep_invalid', { keep: keepLatest }));
    }
    return this.db.transaction(() => {
      let deleted = 0;
      if (olderThanDays !== undefined) {
        const cutoff = new Date(Date.now() - olderThanDays * DAY_MS).toISOString();
        deleted += this.db.prepare('DELETE FROM runs WHERE created_at < ?').run(cutoff).changes;
      }
      if (keepLatest !== undefined) {
        // The runs beyond the newest `keepLatest` are the oldest ones, read along the created_at index: a
        // retention rule applied as each run comes in deletes the one run over, without sorting the rest.
        const total = this.db.prepare<[], { total: number }>('SELECT count(*) AS total FROM runs').get()?.total ?? 0;
        if (total > keepLatest) {
          deleted += this.db
            .prepare(`DELETE FROM runs WHERE rowid IN (SELECT rowid FROM runs INDEXED BY runs_created_at ${OLDEST_FIRST} LIMIT ?)`)
            .run(total - keepLatest).changes;
        }
      }
      return deleted;
    })();
  }

  /**
   * The result of a read, or why it could not be read when the reason is damage: a damaged page
   * (SQLITE_CORRUPT, also reported to `onPageDamage`) or a row that no longer parses (`io`). Any other failure is thrown.
   */
  private readable<T>(read: () => T): T | string {
    try {
      return read();
    } catch (error) {
      if (sqliteCode(error)?.startsWith('SQLITE_CORRUPT')) {
        this.onPageDamage((error as Error).message);
        return `its page in the file is damaged (${(error as Error).message})`;
      }
      if (isLensError(error) && error.kind === 'io') return error.message;
      throw error;
    }
  }

  /**
   * Runs `work` on one snapshot of the file. A read that met a damaged page leaves its error on the
   * transaction and COMMIT reports it again; nothing was written and what was read stands, so that is not a failure.
   */
  private inReadTransaction<T>(work: () => T): T {
    this.db.exec('BEGIN');
    let result: T;
    try {
      result = work();
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      if (!sqliteCode(error)?.startsWith('SQLITE_CORRUPT')) throw error;
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    }
    return result;
  }

  private insertRows(rows: { run: RunRow; queries: RunQueryRow[] }): void {
    this.insertRun.run(rows.run);
    for (const query of rows.queries) this.insertQuery.run(query);
  }

  /**
   * The WHERE clause of a filter with its parameters and page; `lookup` is the search index's lookup
   * when the filter searches text through it (`scanText` checks each run's text instead), `onlyText` says no other filter applies, `onlyTime` that at most since/until do.
   */
  private whereOf(
    input: RunFilter,
    options: { scanText?: boolean } = {},
  ): {
    where: string;
    params: Record<string, string>;
    page: { limit: number; offset: number };
    lookup: TextLookup | null;
    onlyText: boolean;
    onlyTime: boolean;
  } {
    const filter = parseInput(RunFilter, input, storeError('input_run_filter'));
    const params: Record<string, string> = {};
    if (filter.principal_id !== undefined) params.principal_id = filter.principal_id;
    if (filter.mode !== undefined) params.mode = filter.mode;
    if (filter.outcome !== undefined) params.outcome = filter.outcome;
    if (filter.since !== undefined) params.since = canonicalInstant(filter.since, 'since');
    if (filter.until !== undefined) params.until = canonicalInstant(filter.until, 'until');
    const term = filter.text === undefined ? '' : foldText(filter.text.trim());
    const keys = Object.keys(params) as (keyof typeof FILTER_CLAUSES)[];
    const clauses: string[] = keys.map((key) => FILTER_CLAUSES[key]);
    let lookup: TextLookup | null = null;
    // An empty term is in every text (instr gives 1), so it filters nothing.
    if (term !== '' && (!this.searchIndexed || options.scanText)) {
      params.text = term;
      clauses.push(FILTER_CLAUSES.text);
    } else if (term !== '') {
      lookup = textLookup(term);
      if (lookup) params.text = lookup.match;
      clauses.push(lookup ? INDEXED_TEXT_CLAUSE(lookup) : NO_RUN);
    }
    return {
      where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '',
      params,
      page: { limit: filter.limit, offset: filter.offset },
      lookup,
      onlyText: keys.length === 0,
      onlyTime: keys.every((key) => key === 'since' || key === 'until'),
    };
  }
}

function throwNotFound(traceId: string, listing?: RunListing): never {
  throw runNotFound(traceId, listing);
}

import type Database from 'better-sqlite3';
import { redactSecretsInText, redactUri } from '../../shared/redact-uri';
import { registerSearchFunctions, SEARCH_INDEX_SQL, SEARCH_INDEX_V7_SQL } from './run-search';
import { scrubJsonText } from './secret-names';

/** One step of the trace store's schema. Applied once, in order, in its own transaction. */
export interface Migration {
  /** 1, 2, 3 …: stored in `PRAGMA user_version` once the step is applied. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * The schema, step by step. Never edit a released step: add the next one. Tables are STRICT so
 * SQLite itself refuses a value of the wrong type.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'runs, queries, principals, stale marks, saved queries, comparisons and settings',
    sql: `
      CREATE TABLE runs (
        trace_id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        principal_id TEXT NOT NULL,
        mode TEXT NOT NULL,
        outcome TEXT NOT NULL,
        query_text TEXT NOT NULL,
        item_count INTEGER NOT NULL,
        denied_count INTEGER NOT NULL,
        elapsed_ms REAL NOT NULL,
        graph_uri TEXT NOT NULL,
        replay_of TEXT,
        request_json TEXT NOT NULL,
        principal_json TEXT NOT NULL,
        response_json TEXT NOT NULL
      ) STRICT;
      CREATE INDEX runs_created_at ON runs (created_at);
      CREATE INDEX runs_principal_id ON runs (principal_id);
      CREATE INDEX runs_outcome ON runs (outcome);
      CREATE INDEX runs_mode ON runs (mode);

      CREATE TABLE run_queries (
        trace_id TEXT NOT NULL REFERENCES runs (trace_id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        stage TEXT NOT NULL,
        name TEXT NOT NULL,
        cypher TEXT NOT NULL,
        params_hash TEXT NOT NULL,
        "rows" INTEGER NOT NULL,
        truncated INTEGER NOT NULL CHECK (truncated IN (0, 1)),
        duration_ms REAL NOT NULL,
        server_ms REAL NOT NULL,
        PRIMARY KEY (trace_id, seq)
      ) STRICT;

      CREATE TABLE principals (
        principal_id TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        source TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE stale_marks (
        document_id TEXT PRIMARY KEY,
        reason TEXT NOT NULL,
        successor_document_id TEXT,
        marked_by TEXT NOT NULL,
        marked_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE saved_queries (
        id TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      -- No foreign key to runs: a comparison keeps its own snapshot, so pruning runs does not erase it.
      CREATE TABLE comparisons (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        trace_a TEXT NOT NULL,
        trace_b TEXT NOT NULL,
        json TEXT NOT NULL
      ) STRICT;

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        json TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 2,
    name: 'credentials taken out of graph URIs, run messages and settings kept before they were masked',
    // The lens_* functions are registered by applyMigrations; secure_delete (set at open) zeroes the old bytes.
    sql: `
      UPDATE runs SET graph_uri = lens_redact_uri(graph_uri) WHERE graph_uri <> lens_redact_uri(graph_uri);
      UPDATE runs SET response_json = json_set(response_json, '$.message', lens_redact_text(response_json ->> '$.message'))
        WHERE response_json ->> '$.message' <> lens_redact_text(response_json ->> '$.message');
      UPDATE settings SET json = lens_scrub_json(json) WHERE json <> lens_scrub_json(json);
    `,
  },
  {
    version: 3,
    name: 'comparisons: who was compared, on what query, and how many leaks, for the list',
    // Version 1 made the table but nothing wrote it before this step; the whole comparison stays in json.
    sql: `
      ALTER TABLE comparisons ADD COLUMN source TEXT NOT NULL DEFAULT 'runs';
      ALTER TABLE comparisons ADD COLUMN principal_a TEXT NOT NULL DEFAULT '';
      ALTER TABLE comparisons ADD COLUMN principal_b TEXT NOT NULL DEFAULT '';
      ALTER TABLE comparisons ADD COLUMN query_text TEXT NOT NULL DEFAULT '';
      ALTER TABLE comparisons ADD COLUMN leak_count INTEGER;
      CREATE INDEX comparisons_created_at ON comparisons (created_at);
    `,
  },
  {
    version: 4,
    name: 'stale marks kept as a history: marking and unmarking each add an entry, nothing is deleted',
    // Each old row (one per document, the mark in force) becomes a mark entry, oldest first.
    sql: `
      CREATE TABLE stale_mark_history (
        seq INTEGER PRIMARY KEY,
        document_id TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('mark', 'unmark')),
        reason TEXT NOT NULL,
        successor_document_id TEXT,
        recorded_by TEXT NOT NULL,
        recorded_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX stale_mark_history_document ON stale_mark_history (document_id, seq);
      INSERT INTO stale_mark_history (document_id, action, reason, successor_document_id, recorded_by, recorded_at)
        SELECT document_id, 'mark', reason, successor_document_id, marked_by, marked_at FROM stale_marks ORDER BY marked_at, document_id;
      DROP TABLE stale_marks;
      CREATE TRIGGER stale_mark_history_no_update BEFORE UPDATE ON stale_mark_history
        BEGIN SELECT RAISE(ABORT, 'the stale mark history is append-only'); END;
      CREATE TRIGGER stale_mark_history_no_delete BEFORE DELETE ON stale_mark_history
        BEGIN SELECT RAISE(ABORT, 'the stale mark history is append-only'); END;
    `,
  },
  {
    version: 5,
    name: 'answer previews: the grounded answer drafted from a run, kept with it and deleted with it',
    sql: `
      CREATE TABLE answer_previews (
        trace_id TEXT PRIMARY KEY REFERENCES runs (trace_id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        json TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 6,
    name: 'evaluations: golden-set runs with their figures per question and mode (the runs themselves stay in runs)',
    sql: `
      CREATE TABLE evaluations (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        set_name TEXT NOT NULL,
        graph_label TEXT,
        modes TEXT NOT NULL,
        questions INTEGER NOT NULL,
        runs INTEGER NOT NULL,
        violations INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        json TEXT NOT NULL
      ) STRICT;
      CREATE INDEX evaluations_created_at ON evaluations (created_at);
    `,
  },
  {
    version: 7,
    name: 'full-text search over the runs: a trigram index and a 1- and 2-character index of the folded query text',
    // Fills both indexes from the runs already stored; triggers keep them in step from then on (see run-search.ts).
    sql: SEARCH_INDEX_V7_SQL,
  },
  {
    version: 8,
    name: 'spans: each query keeps a redacted copy of its parameters and when it started in the run (older rows have neither)',
    sql: `
      ALTER TABLE run_queries ADD COLUMN params_json TEXT;
      ALTER TABLE run_queries ADD COLUMN started_ms REAL;
    `,
  },
  {
    version: 9,
    name: 'search index rebuilt so that deleting a run takes its entries out at once (FTS5 secure-delete), with each run’s folded text as indexed',
    sql: SEARCH_INDEX_SQL,
  },
  {
    version: 10,
    name: 'joined reads: a query that carried other stages’ reads keeps their names (older rows have none)',
    sql: `ALTER TABLE run_queries ADD COLUMN served_json TEXT;`,
  },
  {
    version: 11,
    name: 'the Traces list sorted by a column reads a page along an index, both ways, not every run (mode and principal filters use them too)',
    // Each sort orders by its column, then newest first (run-repository.ts orderOf): one index walked
    // backwards serves descending, the other forwards ascending with the ties still newest first.
    sql: ['elapsed_ms', 'mode', 'principal_id', 'item_count', 'denied_count']
      .map(
        (column) => `
      CREATE INDEX runs_by_${column} ON runs (${column}, created_at);
      CREATE INDEX runs_by_${column}_asc ON runs (${column}, created_at DESC);`,
      )
      .concat('DROP INDEX runs_mode; DROP INDEX runs_principal_id;')
      .join(''),
  },
];

/** The schema version this build writes: the last migration's. */
export const LATEST_SCHEMA_VERSION: number = MIGRATIONS.at(-1)?.version ?? 0;

/** The schema version of an open database. */
export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies every migration newer than the database's `user_version`, each in its own transaction
 * together with the version bump, so a failed step leaves the previous version intact.
 * Returns the versions applied.
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  registerScrubFunctions(db);
  registerSearchFunctions(db);
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= schemaVersion(db)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      // PRAGMA takes no bound parameters; the version is an integer from this file, never user input.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}

/** The SQL functions the migrations call to take credentials out of what was stored before they were masked. */
function registerScrubFunctions(db: Database.Database): void {
  const text = (scrub: (value: string) => string) => (value: unknown) => (typeof value === 'string' ? scrub(value) : value);
  db.function('lens_redact_uri', { deterministic: true }, text(redactUri));
  db.function('lens_redact_text', { deterministic: true }, text(redactSecretsInText));
  db.function('lens_scrub_json', { deterministic: true }, text(scrubJsonText));
}

import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../electron/trace-store/migrations';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { traceStorePath } from '../../../electron/trace-store/trace-store-location';
import { wordCore } from '../../../shared/core-catalogues';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useTempStores, withRawDatabase } from '../../support/temp-trace-stores';

describe('opening the trace store', () => {
  const temp = useTempStores();

  it('numbers the migrations 1, 2, 3 … without gaps', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
    expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('applies every migration to a fresh file and records the version in user_version', () => {
    temp.open('nested/folder/traces.sqlite').close();
    const file = temp.file('nested/folder/traces.sqlite');
    withRawDatabase(file, (db) => {
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      const tables = db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .all()
        .map((row) => row.name);
      expect(tables).toEqual([
        'answer_previews',
        'comparisons',
        'evaluations',
        'principals',
        // The search index (migration 7): two FTS5 tables and their shadow tables.
        'run_grams',
        'run_grams_config',
        'run_grams_data',
        'run_grams_docsize',
        'run_grams_idx',
        'run_queries',
        'run_search',
        'run_text',
        'run_text_config',
        'run_text_data',
        'run_text_docsize',
        'run_text_idx',
        'runs',
        'saved_queries',
        'settings',
        'stale_mark_history',
      ]);
      const indexes = db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'runs' AND sql IS NOT NULL ORDER BY name",
        )
        .all()
        .map((row) => row.name);
      // Each column the Traces list sorts by has two (run-sort-plan.test.ts); they serve the mode and principal filters too.
      const sorted = ['denied_count', 'elapsed_ms', 'item_count', 'mode', 'principal_id'].flatMap((column) => [
        `runs_by_${column}`,
        `runs_by_${column}_asc`,
      ]);
      expect(indexes).toEqual([...sorted, 'runs_created_at', 'runs_outcome'].sort());
    });
  });

  it('puts the database in WAL mode', () => {
    temp.open().close();
    withRawDatabase(temp.file(), (db) => expect(db.pragma('journal_mode', { simple: true })).toBe('wal'));
  });

  it('keeps the data of an existing store when it is opened again', () => {
    const run = buildRunRecord();
    const first = TraceStore.open(temp.file());
    first.recordRun(run);
    first.setSetting('theme', 'dark');
    first.close();
    const second = temp.open();
    expect(second.getRun(run.trace_id)).toStrictEqual(run);
    expect(second.getSetting('theme', z.string())).toBe('dark');
  });

  it('refuses a text file as the store with an io error naming it and a hint, and leaves its bytes alone', () => {
    const file = temp.file();
    const text = 'These are my notes, not a database.\n'.repeat(20);
    fs.writeFileSync(file, text);
    const before = fs.statSync(file);
    const error = errorOf(() => TraceStore.open(file));
    expect(error.kind).toBe('io');
    expect(error.message).toContain(file);
    expect(error.message).toContain('not a trace store');
    expect(error.hint).toMatch(/move the file away.*LENS_HOME/i);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(fs.readdirSync(temp.dir)).toEqual([path.basename(file)]);
  });

  it('names why a store file it cannot look at is unreadable, in words and in Korean, never a bare system code', () => {
    // A link that leads back to itself: stat fails with ELOOP whoever runs the test (root reads past chmod 000).
    const file = temp.file();
    fs.symlinkSync(path.basename(file), file);
    const error = errorOf(() => TraceStore.open(file));
    expect(error.kind).toBe('io');
    expect(error.said?.code).toBe('error_store:store_unreadable');
    expect(error.message).toBe(
      `The trace store ${file} cannot be read: its symbolic links lead back to themselves; name the file they should point to.`,
    );
    expect(error.message).not.toContain('ELOOP');
    expect(wordCore(error.said!, 'ko')).toBe(
      `트레이스 저장소 ${file}을(를) 읽을 수 없습니다: 심볼릭 링크가 자기 자신으로 되돌아옵니다. 링크가 가리켜야 할 파일을 지정하세요.`,
    );
    expect(error.hint).toBe('Check its permissions, or set LENS_HOME to a folder you own.');
  });

  it('refuses a short non-empty file the same way', () => {
    const file = temp.file();
    fs.writeFileSync(file, '{"runs": []}');
    expect(errorOf(() => TraceStore.open(file)).kind).toBe('io');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"runs": []}');
  });

  it('refuses a file that starts like SQLite but is not readable as one, as io, and leaves it alone', () => {
    const file = temp.file();
    const bytes = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096, 0x41)]);
    fs.writeFileSync(file, bytes);
    const error = errorOf(() => TraceStore.open(file));
    expect(error.kind).toBe('io');
    expect(error.message).toContain(file);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a store written by a newer release as a conflict, and neither migrates nor rewrites it', () => {
    const file = temp.file();
    const newer = LATEST_SCHEMA_VERSION + 4;
    const db = new Database(file);
    db.exec("CREATE TABLE runs (trace_id TEXT PRIMARY KEY, future_column TEXT); INSERT INTO runs VALUES ('tr-future', 'x');");
    db.pragma(`user_version = ${newer}`);
    db.close();
    const bytes = fs.readFileSync(file);
    const mtime = fs.statSync(file).mtimeMs;
    const error = errorOf(() => TraceStore.open(file));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain(`written by a newer Provenance Lens (schema ${newer}, this build knows ${LATEST_SCHEMA_VERSION})`);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    withRawDatabase(file, (raw) => expect(raw.pragma('journal_mode', { simple: true })).toBe('delete'));
  });

  it('finds the store at <LENS_HOME>/traces.sqlite', () => {
    expect(traceStorePath('/data/lens')).toBe(path.join('/data/lens', 'traces.sqlite'));
    expect(traceStorePath()).toMatch(/traces\.sqlite$/);
  });
});

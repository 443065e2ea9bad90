import crypto from 'node:crypto';
import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../shared/trace-record';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { buildRunRecord } from '../../support/run-record-factory';
import { damagePages, fillStore } from '../../support/damaged-store';
import { errorOf } from '../../support/lens-error-of';
import { useTempStores, withRawDatabase } from '../../support/temp-trace-stores';

const RUNS = 120;
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('a trace store with damaged pages', () => {
  const temp = useTempStores();
  let runs: RunRecord[];
  let file: string;

  beforeEach(() => {
    file = temp.file();
    runs = fillStore(file, RUNS);
    damagePages(file, 'runs', 2);
  });

  it('is found damaged at open, and says so naming the file, the first problem and what to do', () => {
    const store = temp.open();
    expect(store.integrity.checked).toBe(true);
    expect(store.integrity.problems.length).toBeGreaterThan(0);
    expect(store.damage).toContain(file);
    expect(store.damage).toMatch(/damaged \(.*(page|btree|Tree).*\); it is open for reading only/);
    expect(store.damage).toContain('.recover');
  });

  it('refuses to record a run with an io error saying what to do, and writes nothing', () => {
    const before = sha256(file);
    const store = temp.open();
    const error = errorOf(() => store.recordRun(buildRunRecord()));
    expect(error.kind).toBe('io');
    expect(error.message).toMatch(
      new RegExp(
        `^The trace store ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged \\(.+\\), so Provenance Lens did not record the run; nothing was written\\.$`,
      ),
    );
    expect(error.hint).toMatch(/move it aside.*sqlite3 .*\.recover/i);
    expect(errorOf(() => store.deleteRun(runs[0]?.trace_id ?? '')).kind).toBe('io');
    expect(errorOf(() => store.setSetting('theme', 'dark')).kind).toBe('io');
    store.close();
    expect(sha256(file)).toBe(before);
    expect(fs.existsSync(`${file}-clean`)).toBe(false);
  });

  it('exports every run it can read, equal to what was recorded, and names the runs it skipped with the reason', () => {
    const store = temp.open();
    const bundle = store.exportRuns();
    const skipped = bundle.skipped ?? [];
    expect(skipped.length).toBeGreaterThan(0);
    expect(bundle.runs.length + skipped.length).toBe(RUNS);
    const byId = new Map(runs.map((run) => [run.trace_id, run]));
    for (const run of bundle.runs) expect(run).toStrictEqual(byId.get(run.trace_id));
    for (const entry of skipped) {
      expect(byId.has(entry.trace_id ?? '')).toBe(true);
      expect(entry.reason).toMatch(/damaged/);
    }
    expect(new Set([...bundle.runs.map((run) => run.trace_id), ...skipped.map((entry) => entry.trace_id)]).size).toBe(RUNS);
    expect(bundle.runs.map((run) => run.created_at)).toEqual([...bundle.runs.map((run) => run.created_at)].sort());
  });

  it('still reads a run on a sound page', () => {
    const store = temp.open();
    const readable = store.exportRuns().runs[0];
    if (!readable) throw new Error('no run was readable');
    expect(store.getRun(readable.trace_id)).toStrictEqual(readable);
  });
});

describe('when the integrity check runs', () => {
  const temp = useTempStores();

  it('runs on a new store, and is skipped after a clean close when nothing touched the file since', () => {
    const store = temp.open();
    expect(store.integrity.checked).toBe(true);
    store.recordRun(buildRunRecord());
    store.close();
    const again = temp.open();
    expect(again.integrity).toEqual({ checked: false, checkMs: 0, problems: [] });
    expect(again.damage).toBeNull();
  });

  it('runs again when the file changed after the clean close', () => {
    temp.open().close();
    withRawDatabase(temp.file(), (db) => db.prepare("INSERT INTO settings (key, json) VALUES ('theme', '\"dark\"')").run());
    expect(temp.open().integrity.checked).toBe(true);
  });

  it('runs when the store was not closed (a -wal is left, as after a crash)', () => {
    const crashed = TraceStore.open(temp.file());
    crashed.recordRun(buildRunRecord());
    expect(temp.open().integrity.checked).toBe(true);
    crashed.close();
  });

  it('notices damage met in use: later writes are refused and the next open checks again', () => {
    const file = temp.file();
    fillStore(file, 40);
    const store = temp.open();
    expect(store.integrity.checked).toBe(false);
    damagePages(file, 'runs', 1);
    const bundle = store.exportRuns();
    expect(bundle.skipped?.length).toBeGreaterThan(0);
    expect(store.damage).toContain('damaged');
    expect(errorOf(() => store.recordRun(buildRunRecord())).message).toContain('nothing was written');
    store.close();
    expect(fs.existsSync(`${file}-clean`)).toBe(false);
    expect(temp.open().integrity.checked).toBe(true);
  });

  it('checks on demand and reports a sound store as sound', () => {
    const store = temp.open();
    store.recordRun(buildRunRecord());
    expect(store.checkIntegrity().problems).toEqual([]);
  });
});

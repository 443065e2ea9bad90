// `npx tsx test/bench/trace-store-check-bench.ts [--runs 10000,100000] [--repeat 3]`: what the trace
// store's integrity check costs at open. For each size a store is filled with synthetic runs (the test
// factory's, about 4.7 KB each), then timed: SQLite's quick_check and integrity_check on a raw
// connection, and TraceStore.open with the check (no clean-close stamp) and without it (stamp present).
// The page cache is warm (the file was just written); a cold disk adds its read time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { TraceStore } from '../../electron/trace-store/trace-store';
import { roundToTenths } from '../../shared/round-to-tenths';
import { buildRunRecord } from '../support/run-record-factory';
import { REPO_ROOT } from '../support/test-env';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
/** Runs per imported bundle while filling: one transaction each, bounded memory. */
const FILL_BATCH = 5_000;

interface SizeResult {
  readonly runs: number;
  readonly file_mb: number;
  readonly fill_s: number;
  readonly quick_check_ms: number;
  readonly integrity_check_ms: number;
  readonly open_checked_ms: number;
  readonly open_trusted_ms: number;
}

const log = (message: string) => process.stderr.write(`[bench:trace-store-check] ${message}\n`);
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

function fill(file: string, runs: number): void {
  const store = TraceStore.open(file);
  try {
    const start = Date.UTC(2026, 0, 1);
    for (let done = 0; done < runs; done += FILL_BATCH) {
      const batch = Array.from({ length: Math.min(FILL_BATCH, runs - done) }, (_, index) =>
        buildRunRecord({ traceId: `bench-${done + index}`, createdAt: new Date(start + (done + index) * 1000).toISOString() }),
      );
      store.importBundle({ format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs: batch });
    }
  } finally {
    store.close();
  }
}

function pragmaMs(file: string, pragma: string, repeat: number): number {
  return median(
    Array.from({ length: repeat }, () => {
      const db = new Database(file, { readonly: true });
      try {
        return timed(() => db.pragma(pragma));
      } finally {
        db.close();
      }
    }),
  );
}

function openMs(file: string, repeat: number, trusted: boolean): number {
  return median(
    Array.from({ length: repeat }, () => {
      if (!trusted) fs.rmSync(`${file}-clean`, { force: true });
      let store: TraceStore | null = null;
      const ms = timed(() => {
        store = TraceStore.open(file);
      });
      const opened = store as TraceStore | null;
      if (opened?.integrity.checked === trusted) throw new Error(`expected the check to ${trusted ? 'be skipped' : 'run'}`);
      opened?.close();
      return ms;
    }),
  );
}

function measure(dir: string, runs: number, repeat: number): SizeResult {
  const file = path.join(dir, `traces-${runs}.sqlite`);
  log(`filling ${runs} runs…`);
  const fillMs = timed(() => fill(file, runs));
  const result: SizeResult = {
    runs,
    file_mb: Math.round(fs.statSync(file).size / 1e5) / 10,
    fill_s: Math.round(fillMs / 100) / 10,
    quick_check_ms: Math.round(pragmaMs(file, 'quick_check', repeat)),
    integrity_check_ms: Math.round(pragmaMs(file, 'integrity_check', repeat)),
    open_checked_ms: Math.round(openMs(file, repeat, false)),
    open_trusted_ms: roundToTenths(openMs(file, repeat, true)),
  };
  log(JSON.stringify(result));
  return result;
}

function formatTable(results: readonly SizeResult[]): string {
  const header = ['runs', 'file MB', 'quick_check ms', 'integrity_check ms', 'open, checked ms', 'open, clean close ms'];
  const rows = results.map((entry) =>
    [entry.runs, entry.file_mb, entry.quick_check_ms, entry.integrity_check_ms, entry.open_checked_ms, entry.open_trusted_ms].map(String),
  );
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((cell, index) => cell.padStart(widths[index] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '1000,10000,100000' }, repeat: { type: 'string', default: '3' } },
  });
  const sizes = values.runs.split(',').map((size) => Number.parseInt(size, 10));
  const repeat = Number.parseInt(values.repeat, 10);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-check-bench-'));
  const startedAt = new Date();
  try {
    const results = sizes.map((runs) => measure(dir, runs, repeat));
    process.stdout.write(
      `\nTrace store integrity check, median of ${repeat}, warm page cache, ${os.cpus().length} cores\n\n${formatTable(results)}\n\n`,
    );
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `trace-store-check-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      `${JSON.stringify({ started_at: startedAt.toISOString(), repeat, cores: os.cpus().length, results }, null, 1)}\n`,
    );
    process.stdout.write(`${path.relative(REPO_ROOT, file)}\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();

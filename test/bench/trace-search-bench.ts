// `npm run bench:traces [-- --runs 100000] [--repeat 15] [--singles 500]`: the trace store's text search
// before and after the search index, in one run. Two stores get the same runs (realistic mixed
// English/Korean questions, the test factory's runs of about 4.7 KB), batch by batch, interleaved: one
// at the schema before the index (version 6, whose repository searches by scanning, as before) and one
// migrated to the latest schema. Then, interleaved, what the Traces screen asks on every search: the
// count and the first page of 100, for a rare term, a common one, a two-syllable Korean word, one
// character and no term. Also the files' size and the insert throughput (bundle imports and single
// recorded runs). Both stores must return the same ids and counts, or the benchmark fails.
// Then the Traces screen's column sorts on the latest store (trace-sort-measure.ts), with and without a
// search; `--sorts-only` fills the latest store alone and measures only those. `--insert-cost` measures
// what schema 11's sort indexes cost a write instead (trace-insert-cost.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { applyMigrations, LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../electron/trace-store/migrations';
import { RunRepository } from '../../electron/trace-store/run-repository';
import { TraceStore } from '../../electron/trace-store/trace-store';
import { roundToTenths } from '../../shared/round-to-tenths';
import { RetrievalMode } from '../../shared/context-contract';
import type { RunFilter, RunRecord, RunSummary } from '../../shared/trace-record';
import { buildRunRecord } from '../support/run-record-factory';
import { REPO_ROOT } from '../support/test-env';
import { questions, SEARCH_TERMS } from './trace-search-questions';
import { formatInsertCost, measureInsertCost, type InsertSide } from './trace-insert-cost';
import { formatSortTable, measureSorts, type SortedSearch, type SortRow } from './trace-sort-measure';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
const FILL_BATCH = 5_000;
const PAGE = 100;
const BEFORE_VERSION = 6;

/** One side of the comparison: how the Traces screen reads it. */
interface Side {
  readonly name: 'before' | 'after';
  count(filter: RunFilter): number;
  list(filter: RunFilter): RunSummary[];
  import(runs: RunRecord[]): void;
  record(run: RunRecord): void;
  delete(traceId: string): void;
  prune(keepLatest: number): void;
  close(): void;
}

const log = (message: string) => process.stderr.write(`[bench:traces] ${message}\n`);
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const bundle = (runs: RunRecord[]) => ({ format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs });

function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** A store at schema `version` read and written by the repository alone, with the pragmas TraceStore sets. */
function repositoryAt(file: string, version: number): { db: Database.Database; runs: RunRepository } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('secure_delete = ON');
  applyMigrations(
    db,
    MIGRATIONS.filter((migration) => migration.version <= version),
  );
  return { db, runs: new RunRepository(db) };
}

/** The store as it was before the index: schema 6, the repository searching by scanning. */
function beforeSide(file: string): Side {
  const { db, runs } = repositoryAt(file, BEFORE_VERSION);
  return {
    name: 'before',
    count: (filter) => runs.count(filter),
    list: (filter) => runs.list(filter),
    import: (batch) => void runs.import(bundle(batch)),
    record: (run) => void runs.record(run),
    delete: (traceId) => void runs.delete(traceId),
    prune: (keepLatest) => void runs.prune({ keepLatest }),
    close: () => db.close(),
  };
}

function afterSide(file: string): Side {
  const store = TraceStore.open(file);
  return {
    name: 'after',
    count: (filter) => store.countRuns(filter),
    list: (filter) => store.listRuns(filter),
    import: (batch) => void store.importBundle(bundle(batch)),
    record: (run) => void store.recordRun(run),
    delete: (traceId) => void store.deleteRun(traceId),
    prune: (keepLatest) => void store.prune({ keepLatest }),
    close: () => store.close(),
  };
}

/** Principals of the bench runs: a few people run most of them, as on a team. */
const PRINCIPALS = ['u-minjun', 'u-seoyeon', 'u-guest', 'svc-eval-bot', 'u-jiho', 'u-alice', 'u-hr-auditor', 'svc-payments-batch'];

/** The bench's runs: the same each time, with principals, modes, item and withheld counts and times spread as the sorts meet them. */
function runsOf(texts: readonly string[], from: number, count: number, prefix: string): RunRecord[] {
  const start = Date.UTC(2026, 0, 1);
  const modes = RetrievalMode.options;
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const run = buildRunRecord({
      traceId: `${prefix}-${index}`,
      createdAt: new Date(start + index * 1000).toISOString(),
      query: texts[index % texts.length] ?? '',
      principal: { principal_id: PRINCIPALS[((index * index) % 11) % PRINCIPALS.length] ?? 'u-minjun' },
      mode: modes[(index * 7) % modes.length] ?? 'hybrid',
      itemCount: (index * 13) % 11,
      deniedCount: (index * 17) % 9,
    });
    const elapsed = 20 + ((index * 7_919) % 9_973) / 10;
    return { ...run, elapsed_ms: elapsed, response: { ...run.response, limits: { ...run.response.limits, elapsed_ms: elapsed } } };
  });
}

/** Fills both stores with the same runs, a batch each in turn; returns the import time of each side. */
function fill(sides: readonly Side[], texts: readonly string[], total: number): Record<string, number> {
  const spent: Record<string, number> = {};
  for (let done = 0; done < total; done += FILL_BATCH) {
    const batch = runsOf(texts, done, Math.min(FILL_BATCH, total - done), 'bench');
    for (const side of sides) spent[side.name] = (spent[side.name] ?? 0) + timed(() => side.import(batch));
    if ((done / FILL_BATCH) % 4 === 0) log(`filled ${done + batch.length} runs into each store`);
  }
  return spent;
}

interface SearchRow {
  readonly search: string;
  readonly text: string | null;
  readonly matches: number;
  readonly before_ms: number;
  readonly after_ms: number;
  readonly before_count_ms: number;
  readonly after_count_ms: number;
  readonly ratio: number;
}

function measureSearch(sides: readonly Side[], search: string, text: string | null, repeat: number): SearchRow {
  const filter: RunFilter = text === null ? { limit: PAGE } : { text, limit: PAGE };
  const answers = sides.map((side) => ({ total: side.count(filter), ids: side.list(filter).map((run) => run.trace_id) }));
  const [before, after] = answers;
  if (JSON.stringify(before) !== JSON.stringify(after)) throw new Error(`"${text}": the index answers differently from the scan`);
  const totals: Record<string, number[]> = {};
  const counts: Record<string, number[]> = {};
  for (let round = 0; round < repeat; round += 1) {
    // Alternate which side goes first, so neither always meets the other's warm cache.
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const count = timed(() => side.count(filter));
      const list = timed(() => side.list(filter));
      (totals[side.name] ??= []).push(count + list);
      (counts[side.name] ??= []).push(count);
    }
  }
  const beforeMs = median(totals.before ?? []);
  const afterMs = median(totals.after ?? []);
  return {
    search,
    text,
    matches: before?.total ?? 0,
    before_ms: roundToTenths(beforeMs),
    after_ms: roundToTenths(afterMs),
    before_count_ms: roundToTenths(median(counts.before ?? [])),
    after_count_ms: roundToTenths(median(counts.after ?? [])),
    ratio: Math.round((afterMs / beforeMs) * 1000) / 1000,
  };
}

/** Records runs one at a time (one transaction each, as the app does), alternating the sides; runs per second each. */
function singleInserts(sides: readonly Side[], texts: readonly string[], count: number, from: number): Record<string, number> {
  const spent: Record<string, number> = {};
  const runs = runsOf(texts, from, count, 'single');
  for (const run of runs) for (const side of sides) spent[side.name] = (spent[side.name] ?? 0) + timed(() => side.record(run));
  return Object.fromEntries(Object.entries(spent).map(([name, ms]) => [name, Math.round((count / ms) * 1000)]));
}

/**
 * What a delete costs now that the index takes the deleted run's entries out with it: `deletes` single runs
 * (the oldest, alternating the sides), then one prune of 1 % of the runs; median ms of the deletes, ms of the prune.
 */
function deletes(sides: readonly Side[], deletes: number, total: number): Record<string, { delete_one_ms: number; prune_1pct_ms: number }> {
  const spent: Record<string, number[]> = {};
  for (let index = 0; index < deletes; index += 1) {
    for (const side of sides) (spent[side.name] ??= []).push(timed(() => side.delete(`bench-${index}`)));
  }
  const prune: Record<string, number> = {};
  for (const side of sides) prune[side.name] = timed(() => side.prune(total - deletes - Math.round(total / 100)));
  return Object.fromEntries(
    sides.map((side) => [
      side.name,
      { delete_one_ms: roundToTenths(median(spent[side.name] ?? [])), prune_1pct_ms: Math.round(prune[side.name] ?? 0) },
    ]),
  );
}

/** The file's size in MB once its WAL is folded in (the stores are closed first). */
const megabytes = (file: string) => Math.round(fs.statSync(file).size / 1e5) / 10;

/** How much of the file the search index takes: the pages of the FTS5 tables. */
function indexMegabytes(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const row = db
      .prepare<[], { bytes: number | null }>(
        "SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'run\\_text%' ESCAPE '\\' OR name LIKE 'run\\_grams%' ESCAPE '\\'",
      )
      .get();
    return Math.round((row?.bytes ?? 0) / 1e5) / 10;
  } finally {
    db.close();
  }
}

function formatTable(rows: readonly SearchRow[]): string {
  const header = ['search', 'text', 'matches', 'before ms', 'after ms', 'after/before', 'count before ms', 'count after ms'];
  const cells = rows.map((row) =>
    [row.search, row.text ?? '—', row.matches, row.before_ms, row.after_ms, row.ratio, row.before_count_ms, row.after_count_ms].map(String),
  );
  const widths = header.map((title, index) => Math.max(title.length, ...cells.map((row) => row[index]?.length ?? 0)));
  const line = (row: readonly string[]) => row.map((cell, index) => cell.padStart(widths[index] ?? 0)).join('  ');
  return [line(header), ...cells.map(line)].join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '100000' },
      repeat: { type: 'string', default: '15' },
      singles: { type: 'string', default: '500' },
      'sorts-only': { type: 'boolean', default: false },
      'insert-cost': { type: 'boolean', default: false },
    },
  });
  if (values['insert-cost']) {
    insertCost(Number.parseInt(values.runs, 10));
    return;
  }
  if (values['sorts-only']) {
    sortsOnly(Number.parseInt(values.runs, 10), Number.parseInt(values.repeat, 10));
    return;
  }
  const total = Number.parseInt(values.runs, 10);
  const repeat = Number.parseInt(values.repeat, 10);
  const singles = Number.parseInt(values.singles, 10);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-search-bench-'));
  const files = { before: path.join(dir, 'before.sqlite'), after: path.join(dir, 'after.sqlite') };
  const startedAt = new Date();
  const texts = questions(total);
  try {
    let sides = [beforeSide(files.before), afterSide(files.after)];
    const fillMs = fill(sides, texts, total);
    const searches: [string, string | null][] = [
      ['rare term', SEARCH_TERMS.rare],
      ['common term', SEARCH_TERMS.common],
      ['2-syllable Korean', SEARCH_TERMS.korean2],
      ['1 character', SEARCH_TERMS.char1],
      ['3-syllable Korean', '어디인'],
      ['two words', 'payments api'],
      ['no term', null],
    ];
    const rows = searches.map(([search, text]) => {
      const row = measureSearch(sides, search, text, repeat);
      log(JSON.stringify(row));
      return row;
    });
    const sorts = measureSorts(sides[1] as Side, SORT_SEARCHES, PAGE, repeat, log);
    const singlePerSecond = singleInserts(sides, texts, singles, total);
    const deleteCost = deletes(sides, 5, total + singles);
    for (const side of sides) side.close();
    sides = [];
    const disk = {
      before_mb: megabytes(files.before),
      after_mb: megabytes(files.after),
      index_mb: indexMegabytes(files.after),
    };
    const importPerSecond = Object.fromEntries(Object.entries(fillMs).map(([name, ms]) => [name, Math.round((total / ms) * 1000)]));
    const summary = {
      started_at: startedAt.toISOString(),
      runs: total,
      repeat,
      page: PAGE,
      schema: { before: BEFORE_VERSION, after: LATEST_SCHEMA_VERSION },
      cores: os.cpus().length,
      searches: rows,
      worst_after_ms: Math.max(...rows.map((row) => row.after_ms)),
      disk,
      import_runs_per_s: importPerSecond,
      single_record_runs_per_s: singlePerSecond,
      deletes: deleteCost,
      sorts,
      worst_sort_to_time: worstToTime(sorts),
    };
    process.stdout.write(
      `\nTrace search over ${total} runs: count + first page of ${PAGE}, median of ${repeat}, interleaved, ${os.cpus().length} cores\n\n${formatTable(rows)}\n\n` +
        `store on disk: before ${disk.before_mb} MB, after ${disk.after_mb} MB (search index ${disk.index_mb} MB)\n` +
        `bundle import: before ${importPerSecond.before} runs/s, after ${importPerSecond.after} runs/s\n` +
        `single recorded runs: before ${singlePerSecond.before} runs/s, after ${singlePerSecond.after} runs/s\n` +
        `delete one run: before ${deleteCost.before?.delete_one_ms} ms, after ${deleteCost.after?.delete_one_ms} ms; ` +
        `prune 1 %: before ${deleteCost.before?.prune_1pct_ms} ms, after ${deleteCost.after?.prune_1pct_ms} ms\n\n` +
        `${sortHeading(total, repeat)}${formatSortTable(sorts)}\n\n`,
    );
    writeSummary('trace-search', startedAt, summary);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The searches the sorts are measured with: none, terms matching about half, 7 %, 1 % and 0.1 % of the runs, and some with a filter beside. */
const SORT_SEARCHES: readonly (readonly [string, SortedSearch])[] = [
  ['no search', null],
  ['common term', SEARCH_TERMS.common],
  ['rare term', SEARCH_TERMS.rare],
  ['~50 % of runs', SEARCH_TERMS.half],
  ['~1 % of runs', SEARCH_TERMS.oneInHundred],
  // A filter beside the search, as the Traces screen's Mode and Principal fields add one.
  ['~50 % + mode', { text: SEARCH_TERMS.half, mode: 'hybrid' }],
  ['~50 % + principal', { text: SEARCH_TERMS.half, principal_id: 'u-seoyeon' }],
  ['~1 % + mode', { text: SEARCH_TERMS.oneInHundred, mode: 'hybrid' }],
  ['mode alone', { mode: 'hybrid' }],
];

const worstToTime = (rows: readonly SortRow[]) => Math.max(...rows.map((row) => row.to_time));
const sortHeading = (total: number, repeat: number) =>
  `Traces sorts over ${total} runs: count + first page of ${PAGE}, median of ${repeat}, latest schema (${LATEST_SCHEMA_VERSION})\n\n`;

function writeSummary(name: string, startedAt: Date, summary: object): void {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(summary, null, 1)}\n`);
  process.stdout.write(`${path.relative(REPO_ROOT, file)}\n`);
}

/** `--sorts-only`: the latest store alone, filled and sorted. */
function sortsOnly(total: number, repeat: number): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-sort-bench-'));
  const startedAt = new Date();
  try {
    const side = afterSide(path.join(dir, 'after.sqlite'));
    try {
      fill([side], questions(total), total);
      const sorts = measureSorts(side, SORT_SEARCHES, PAGE, repeat, log);
      process.stdout.write(`\n${sortHeading(total, repeat)}${formatSortTable(sorts)}\n\n`);
      const summary = {
        started_at: startedAt.toISOString(),
        runs: total,
        repeat,
        page: PAGE,
        schema: LATEST_SCHEMA_VERSION,
        cores: os.cpus().length,
      };
      writeSummary('trace-sorts', startedAt, { ...summary, sorts, worst_sort_to_time: worstToTime(sorts) });
    } finally {
      side.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `--insert-cost`: `--runs` runs recorded, and as many imported, into a store without schema 11's sort indexes and one with them. */
function insertCost(total: number): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-insert-bench-'));
  const startedAt = new Date();
  const stores = [repositoryAt(path.join(dir, 'without.sqlite'), 10), repositoryAt(path.join(dir, 'with.sqlite'), LATEST_SCHEMA_VERSION)];
  try {
    const sides = (['without', 'with'] as const).map((name, index) => {
      const runs = stores[index]?.runs as RunRepository;
      return { name, record: (run: RunRecord) => void runs.record(run), import: (batch: RunRecord[]) => void runs.import(bundle(batch)) };
    }) as [InsertSide, InsertSide];
    const texts = questions(total * 2);
    const cost = measureInsertCost(sides, (from, count) => runsOf(texts, from, count, 'insert'), total);
    process.stdout.write(`\n${formatInsertCost(cost)}\n`);
    writeSummary('trace-insert-cost', startedAt, { started_at: startedAt.toISOString(), cores: os.cpus().length, ...cost });
  } finally {
    for (const store of stores) store.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();

// `npm run bench:audit`: how long the demo audit suite takes (resources/audit/demo-suite.yaml, 8
// principals × 15 questions × 4 modes), run as a user runs it: `lens audit` through the bundle,
// against the demo graph. Prints a table and writes bench-results/audit-<time>.json.
// Goal (issue 10): the whole demo suite in under 60 s.
//   --concurrency N,M   one audit per value (default 4, the CLI's default)
//   --suite FILE        another suite (default the demo suite)
//   --lens-home DIR     use the demo server already running for DIR instead of one of the bench's own
//   --keep-server       leave the bench's own server running
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stopLocalServer } from '../../electron/neo4j-server/local-server';
import type { AuditReport } from '../../shared/audit/audit-report';
import { REPO_ROOT } from '../support/test-env';
import { benchDemoServer, buildCliIfStale } from './bench-demo-server';
import { benchHost, formatColumns, loadAverageText, percentile } from './bench-report';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
const BENCH_HOME = path.join(REPO_ROOT, '.lens-bench', 'audit-home');
const LENS_BIN = path.join(REPO_ROOT, 'electron', 'cli', 'lens.mjs');
const DEMO_SUITE = path.join(REPO_ROOT, 'resources', 'audit', 'demo-suite.yaml');
const GOAL_S = 60;

const log = (message: string) => process.stderr.write(`[bench:audit] ${message}\n`);

interface Row {
  readonly concurrency: number;
  readonly exit_code: number;
  readonly runs: number;
  readonly comparisons: number;
  readonly checks: number;
  readonly passed: number;
  readonly violated: number;
  readonly could_not_run: number;
  /** Wall time of the whole `lens audit` process, start-up included. */
  readonly wall_s: number;
  /** The audit's own time (the report's elapsed_ms). */
  readonly audit_s: number;
  readonly runs_per_s: number;
  /** Median and 95th percentile of one query.run as the runner saw it (queueing in the pool excluded). */
  readonly run_p50_ms: number;
  readonly run_p95_ms: number;
  readonly load_before: number;
  readonly load_after: number;
}

function options() {
  const { values } = parseArgs({
    options: {
      concurrency: { type: 'string', default: '4' },
      suite: { type: 'string', default: DEMO_SUITE },
      'lens-home': { type: 'string' },
      'keep-server': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const concurrency = values.concurrency.split(',').map((raw) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--concurrency takes whole numbers of at least 1, got "${raw}"`);
    return value;
  });
  return {
    concurrency,
    suite: path.resolve(values.suite),
    lensHome: values['lens-home'] ? path.resolve(values['lens-home']) : null,
    keepServer: values['keep-server'],
  };
}

/** Runs one `lens audit` and reads its report. */
function audit(
  suite: string,
  concurrency: number,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; wall_ms: number; report: AuditReport }> {
  const reportFile = path.join(os.tmpdir(), `lens-bench-audit-${process.pid}-${concurrency}.json`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [LENS_BIN, 'audit', '--suite', suite, '--concurrency', String(concurrency), '--report', reportFile],
      {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall_ms = performance.now() - started;
      if (!fs.existsSync(reportFile)) {
        reject(new Error(`lens audit exited ${code} without a report:\n${stderr.trim()}`));
        return;
      }
      const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as AuditReport;
      fs.rmSync(reportFile);
      resolve({ code: code ?? -1, wall_ms, report });
    });
  });
}

async function measure(suite: string, concurrency: number, env: NodeJS.ProcessEnv): Promise<Row> {
  const loadBefore = os.loadavg()[0] as number;
  const { code, wall_ms, report } = await audit(suite, concurrency, env);
  const runMs = report.runs.map((run) => run.elapsed_ms);
  const row: Row = {
    concurrency,
    exit_code: code,
    ...report.totals,
    wall_s: wall_ms / 1000,
    audit_s: report.elapsed_ms / 1000,
    runs_per_s: report.totals.runs / (report.elapsed_ms / 1000),
    run_p50_ms: percentile(runMs, 50),
    run_p95_ms: percentile(runMs, 95),
    load_before: loadBefore,
    load_after: os.loadavg()[0] as number,
  };
  log(`concurrency ${concurrency}: ${row.checks} checks in ${row.wall_s.toFixed(1)} s (exit ${code})`);
  return row;
}

const COLUMNS: { title: string; right: boolean; value: (row: Row) => string }[] = [
  { title: 'concurrency', right: true, value: (r) => String(r.concurrency) },
  { title: 'runs', right: true, value: (r) => String(r.runs) },
  { title: 'comparisons', right: true, value: (r) => String(r.comparisons) },
  { title: 'checks', right: true, value: (r) => String(r.checks) },
  { title: 'passed', right: true, value: (r) => String(r.passed) },
  { title: 'violated', right: true, value: (r) => String(r.violated) },
  { title: 'not run', right: true, value: (r) => String(r.could_not_run) },
  { title: 'exit', right: true, value: (r) => String(r.exit_code) },
  { title: 'wall s', right: true, value: (r) => r.wall_s.toFixed(1) },
  { title: 'audit s', right: true, value: (r) => r.audit_s.toFixed(1) },
  { title: 'runs/s', right: true, value: (r) => r.runs_per_s.toFixed(1) },
  { title: 'run p50 ms', right: true, value: (r) => r.run_p50_ms.toFixed(0) },
  { title: 'run p95 ms', right: true, value: (r) => r.run_p95_ms.toFixed(0) },
  { title: 'load 1m before → after', right: false, value: (r) => `${r.load_before.toFixed(2)} → ${r.load_after.toFixed(2)}` },
];

async function main(): Promise<void> {
  const opts = options();
  buildCliIfStale(log);
  const startedAt = new Date();
  const demo = await benchDemoServer(opts.lensHome, BENCH_HOME, log);
  const env = { ...process.env, LENS_HOME: demo.home } as NodeJS.ProcessEnv;
  for (const name of Object.keys(env)) if (name.startsWith('NEO4J_')) delete env[name];
  const rows: Row[] = [];
  try {
    for (const concurrency of opts.concurrency) rows.push(await measure(opts.suite, concurrency, env));
  } finally {
    if (demo.ours && !opts.keepServer) log((await stopLocalServer({ home: demo.home })).message);
  }
  const best = Math.min(...rows.map((row) => row.wall_s));
  process.stdout.write(`${formatColumns(COLUMNS, rows)}\n\n`);
  process.stdout.write(
    `goal: the suite in under ${GOAL_S} s: ${best < GOAL_S ? 'met' : 'missed'} (best ${best.toFixed(1)} s; ${loadAverageText()})\n`,
  );
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `audit-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    started_at: startedAt.toISOString(),
    ...benchHost(),
    suite: path.relative(REPO_ROOT, opts.suite),
    graph: demo.server.boltUri,
    goal_s: GOAL_S,
    met: best < GOAL_S,
    rows,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  log(`wrote ${path.relative(REPO_ROOT, file)}`);
}

await main();

// `npm run bench:warm`: the first query after connect against a warm one, with the warm-up at
// connect off and on, interleaved in one run. Each trial is a fresh process (new driver, new
// services, as the CLI and the app start) on the retrieval bench's synthetic graph (.lens-bench/home);
// Neo4j's query caches are cleared before each trial, so every trial starts with no plans.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import neo4j from 'neo4j-driver';
import { syntheticQueries } from '../../electron/demo-graph/synthetic-text';
import { stopLocalServer, type RunningServer } from '../../electron/neo4j-server/local-server';
import { loadBenchGraph, syntheticBenchServer } from './bench-demo-server';
import { REPO_ROOT } from '../support/test-env';
import { benchHost, formatColumns, percentile, runBench, wholeOption, writeBenchJson } from './bench-report';
import type { TrialResult } from './warm-trial';

const HOME = path.join(REPO_ROOT, '.lens-bench', 'home');
const run = promisify(execFile);
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      chunks: { type: 'string', default: '30000' },
      trials: { type: 'string', default: '3' },
      'warm-rounds': { type: 'string', default: '3' },
      modes: { type: 'string', default: 'vector,fulltext,hybrid,graph' },
      principals: { type: 'string', default: 'bench-s0.1,bench-s10,bench-s100' },
      'keep-server': { type: 'boolean', default: false },
    },
    strict: true,
  });
  return {
    chunks: wholeOption('chunks', values.chunks),
    trials: wholeOption('trials', values.trials),
    warmRounds: wholeOption('warm-rounds', values['warm-rounds']),
    modes: values.modes,
    principals: values.principals,
    keepServer: values['keep-server'],
  };
}

const benchServer = () => syntheticBenchServer(HOME, log);

/** Empties Neo4j's plan caches (the bench's own admin session; it changes no data). */
async function clearQueryCaches(server: RunningServer): Promise<void> {
  const driver = neo4j.driver(server.boltUri, neo4j.auth.basic(server.user, server.password), {
    logging: { level: 'error', logger: () => undefined },
  });
  try {
    await driver.executeQuery('CALL db.clearQueryCaches()');
  } finally {
    await driver.close();
  }
}

async function trial(server: RunningServer, warmup: boolean, opts: ReturnType<typeof options>, queries: string[]): Promise<TrialResult> {
  await clearQueryCaches(server);
  const env: NodeJS.ProcessEnv = { ...process.env, NEO4J_URI: server.boltUri, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password };
  delete env.LENS_EMBEDDER;
  const args = [
    path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
    path.join(REPO_ROOT, 'test', 'bench', 'warm-trial.ts'),
    `--warmup=${warmup ? 'on' : 'off'}`,
    `--modes=${opts.modes}`,
    `--principals=${opts.principals}`,
    `--queries=${JSON.stringify(queries)}`,
    `--warm-rounds=${opts.warmRounds}`,
  ];
  const { stdout } = await run(process.execPath, args, { cwd: REPO_ROOT, env, maxBuffer: 16 * 2 ** 20 });
  return JSON.parse(stdout.trim().split('\n').pop() as string) as TrialResult;
}

interface Row {
  readonly cell: string;
  readonly off_first: number;
  readonly off_warm: number;
  readonly on_first: number;
  readonly on_warm: number;
}

/** Per cell, the median first query and median warm query over the trials, for warm-up off and on. */
function rows(results: readonly TrialResult[]): Row[] {
  const cells = Object.keys(results[0]?.first ?? {});
  const median = (values: number[]) => percentile(values, 50);
  const of = (on: boolean) => results.filter((r) => r.warmup === on);
  return cells.map((cell) => ({
    cell,
    off_first: median(of(false).map((r) => r.first[cell] as number)),
    off_warm: median(of(false).flatMap((r) => r.warm[cell] ?? [])),
    on_first: median(of(true).map((r) => r.first[cell] as number)),
    on_warm: median(of(true).flatMap((r) => r.warm[cell] ?? [])),
  }));
}

async function main(): Promise<void> {
  const opts = options();
  const startedAt = new Date();
  const server = await benchServer();
  log(`${server.reused ? 'reusing' : 'started'} Neo4j ${server.version} on ${server.boltUri}`);
  try {
    await loadBenchGraph(HOME, opts.chunks, log);
    const perTrial = opts.modes.split(',').length * opts.principals.split(',').length * (1 + opts.warmRounds);
    const results: TrialResult[] = [];
    for (let t = 0; t < opts.trials; t++) {
      // Alternate which goes first, so neither always meets the server (page cache, JIT) right after the other.
      for (const warmup of t % 2 === 0 ? [false, true] : [true, false]) {
        const queries = syntheticQueries(100 + results.length, perTrial);
        results.push(await trial(server, warmup, opts, queries));
        log(`trial ${t + 1}/${opts.trials}, warm-up ${warmup ? 'on' : 'off'} done`);
      }
    }
    const table = rows(results);
    const ms = (v: number) => v.toFixed(0);
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    process.stdout.write(
      `\nFirst query after connect vs warm (medians over ${opts.trials} fresh processes each; ${opts.warmRounds} warm rounds), ${opts.chunks} chunks, Neo4j ${server.version}, ${os.cpus().length} cores\n\n`,
    );
    process.stdout.write(
      `${formatColumns(
        [
          { title: 'mode/principal', right: false, value: (r: Row) => r.cell },
          { title: 'off first ms', right: true, value: (r: Row) => ms(r.off_first) },
          { title: 'off warm ms', right: true, value: (r: Row) => ms(r.off_warm) },
          { title: 'off ratio', right: true, value: (r: Row) => ratio(r.off_first, r.off_warm) },
          { title: 'on first ms', right: true, value: (r: Row) => ms(r.on_first) },
          { title: 'on warm ms', right: true, value: (r: Row) => ms(r.on_warm) },
          { title: 'on ratio', right: true, value: (r: Row) => ratio(r.on_first, r.on_warm) },
        ],
        table,
      )}\n`,
    );
    const on = results.filter((r) => r.warmup);
    const connectOn = on.map((r) => r.connect_ms);
    const connectOff = results.filter((r) => !r.warmup).map((r) => r.connect_ms);
    const warmupMs = on.map((r) => r.warmup_ms ?? 0);
    process.stdout.write(
      `\nconnect (open services) median: off ${percentile(connectOff, 50).toFixed(1)} ms, on ${percentile(connectOn, 50).toFixed(1)} ms; warm-up in the background: median ${percentile(warmupMs, 50).toFixed(0)} ms (the first query was sent after it)\n`,
    );
    const report = {
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      machine: benchHost(),
      neo4j: { version: server.version, reused: server.reused },
      options: opts,
      definitions: {
        first:
          'latency of the first request of each mode/principal cell after connect, in a fresh process with the server query caches cleared',
        warm: 'latency of the same cell in later rounds of the same process (median over rounds and trials)',
        ratio: 'first / warm, per warm-up setting; goal ≤ 2 with the warm-up on',
      },
      rows: table,
      trials: results,
    };
    process.stdout.write(`\nJSON: ${writeBenchJson('warm', startedAt, report)}\n`);
  } finally {
    log(opts.keepServer ? `Neo4j left running on ${server.boltUri} (--keep-server)` : (await stopLocalServer({ home: HOME })).message);
  }
}

runBench(main);

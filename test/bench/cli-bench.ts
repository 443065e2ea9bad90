// `npm run bench:cli`: what starting `lens` costs. CPU (user + system of the process, from its own
// process.cpuUsage() at exit) and wall time of `lens --version` and of one `lens query` on the demo
// graph, each through the bundle in dist-cli/ and through the TypeScript sources (the launcher's
// fallback, tsx), beside a bare `node -e 0`. Prints a table and writes bench-results/cli-<time>.json.
// Goals (issue 9): `lens --version` under 300 ms of CPU, `lens query` under 1 s of wall time.
//   --runs N           runs of each --version row (default 10)
//   --query-runs N     runs of each query row (default 5)
//   --lens-home DIR    use the demo server already running for DIR instead of one of the bench's own
//   --keep-server      leave the bench's own server running
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { stopLocalServer } from '../../electron/neo4j-server/local-server';
import { REPO_ROOT } from '../support/test-env';
import { benchDemoServer, buildCliIfStale } from './bench-demo-server';
import { benchHost, formatColumns, loadAverageText, percentile } from './bench-report';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
const BENCH_HOME = path.join(REPO_ROOT, '.lens-bench', 'cli-home');
const LENS_BIN = path.join(REPO_ROOT, 'electron', 'cli', 'lens.mjs');
const LAUNCHER = pathToFileURL(path.join(REPO_ROOT, 'electron', 'cli', 'cli-launch.mjs')).href;
const QUERY = ['query', 'Who owns the Payments API?', '--as', 'u-minjun', '--json'];
const GOALS = { version_cpu_ms: 300, query_wall_ms: 1000 };
/** Writes the process's CPU use to fd 3 as it exits: the same for every row, `node -e 0` included. */
const CPU_HOOK =
  'data:text/javascript,import fs from "node:fs"; process.on("exit", () => fs.writeSync(3, JSON.stringify(process.cpuUsage())));';

const log = (message: string) => process.stderr.write(`[bench:cli] ${message}\n`);

interface Sample {
  readonly cpu_ms: number;
  readonly wall_ms: number;
  /** The retrieval's own time (limits.elapsed_ms of the response), for query rows. */
  readonly pipeline_ms: number | null;
}

interface Row {
  readonly case: string;
  readonly build: 'node' | 'bundle' | 'sources';
  readonly runs: number;
  readonly failures: number;
  readonly cpu_ms_median: number;
  readonly cpu_ms_min: number;
  readonly wall_ms_median: number;
  readonly wall_ms_min: number;
  readonly pipeline_ms_median: number | null;
  /** Median CPU over the median CPU of `node -e 0`. */
  readonly cpu_x_node: number;
}

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '10' },
      'query-runs': { type: 'string', default: '5' },
      'lens-home': { type: 'string' },
      'keep-server': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const whole = (name: string, raw: string) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1, got "${raw}"`);
    return value;
  };
  return {
    runs: whole('runs', values.runs),
    queryRuns: whole('query-runs', values['query-runs']),
    lensHome: values['lens-home'] ? path.resolve(values['lens-home']) : null,
    keepServer: values['keep-server'],
  };
}

/** The node arguments that run `lens <args>`: the bin (the bundle), or the launcher told the bundle is missing (the sources). */
function lensArgs(build: 'bundle' | 'sources', args: readonly string[]): string[] {
  if (build === 'bundle') return [LENS_BIN, ...args];
  const script = `import { launch } from ${JSON.stringify(LAUNCHER)};\nprocess.exitCode = (await launch({ argv: [process.execPath, 'lens', ...${JSON.stringify(args)}], bundleDir: ${JSON.stringify(path.join(os.tmpdir(), 'no-lens-bundle'))} })).exitCode;`;
  return ['--input-type=module', '-e', script];
}

/** Runs node once with the CPU hook and measures it; null when it failed. */
function sample(nodeArgs: readonly string[], env: NodeJS.ProcessEnv): Promise<Sample | null> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', CPU_HOOK, ...nodeArgs], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let cpu = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => (cpu += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = performance.now() - started;
      if (code !== 0 || cpu === '') {
        log(`node ${nodeArgs.slice(0, 3).join(' ')}… exited ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}`);
        resolve(null);
        return;
      }
      const used = JSON.parse(cpu) as { user: number; system: number };
      const elapsed = stdout.startsWith('{')
        ? ((JSON.parse(stdout) as { limits?: { elapsed_ms?: number } }).limits?.elapsed_ms ?? null)
        : null;
      resolve({ cpu_ms: (used.user + used.system) / 1000, wall_ms: wall, pipeline_ms: elapsed });
    });
  });
}

async function measure(
  name: string,
  build: Row['build'],
  nodeArgs: readonly string[],
  runs: number,
  env: NodeJS.ProcessEnv,
  baselineCpu: number,
): Promise<Row> {
  await sample(nodeArgs, env); // warm the file cache; not counted
  const samples: Sample[] = [];
  let failures = 0;
  for (let run = 0; run < runs; run += 1) {
    const result = await sample(nodeArgs, env);
    if (result) samples.push(result);
    else failures += 1;
  }
  const cpu = samples.map((s) => s.cpu_ms);
  const wall = samples.map((s) => s.wall_ms);
  const pipeline = samples.map((s) => s.pipeline_ms).filter((value): value is number => value !== null);
  const row: Row = {
    case: name,
    build,
    runs: samples.length,
    failures,
    cpu_ms_median: percentile(cpu, 50),
    cpu_ms_min: Math.min(...cpu),
    wall_ms_median: percentile(wall, 50),
    wall_ms_min: Math.min(...wall),
    pipeline_ms_median: pipeline.length > 0 ? percentile(pipeline, 50) : null,
    cpu_x_node: baselineCpu > 0 ? percentile(cpu, 50) / baselineCpu : Number.NaN,
  };
  log(`${name} (${build}): cpu ${row.cpu_ms_median.toFixed(0)} ms, wall ${row.wall_ms_median.toFixed(0)} ms`);
  return row;
}

const ms = (value: number | null) => (value === null ? '-' : value.toFixed(0));
const COLUMNS: { title: string; right: boolean; value: (row: Row) => string }[] = [
  { title: 'case', right: false, value: (r) => r.case },
  { title: 'build', right: false, value: (r) => r.build },
  { title: 'runs', right: true, value: (r) => `${r.runs}${r.failures > 0 ? ` (${r.failures} failed)` : ''}` },
  { title: 'cpu ms', right: true, value: (r) => ms(r.cpu_ms_median) },
  { title: 'cpu min', right: true, value: (r) => ms(r.cpu_ms_min) },
  { title: '× node', right: true, value: (r) => r.cpu_x_node.toFixed(1) },
  { title: 'wall ms', right: true, value: (r) => ms(r.wall_ms_median) },
  { title: 'wall min', right: true, value: (r) => ms(r.wall_ms_min) },
  { title: 'retrieval ms', right: true, value: (r) => ms(r.pipeline_ms_median) },
];

async function main(): Promise<void> {
  const opts = options();
  buildCliIfStale(log);
  const startedAt = new Date();
  const env = { ...process.env, LENS_HOME: path.join(os.tmpdir(), 'lens-bench-no-home') } as NodeJS.ProcessEnv;
  for (const name of Object.keys(env)) if (name.startsWith('NEO4J_')) delete env[name];
  const node = await measure('node -e 0', 'node', ['-e', '0'], opts.runs, env, 0);
  const rows: Row[] = [{ ...node, cpu_x_node: 1 }];
  for (const build of ['bundle', 'sources'] as const)
    rows.push(await measure('lens --version', build, lensArgs(build, ['--version']), opts.runs, env, node.cpu_ms_median));
  const demo = await benchDemoServer(opts.lensHome, BENCH_HOME, log);
  try {
    const queryEnv = { ...env, LENS_HOME: demo.home };
    for (const build of ['bundle', 'sources'] as const)
      rows.push(await measure('lens query (demo)', build, lensArgs(build, QUERY), opts.queryRuns, queryEnv, node.cpu_ms_median));
  } finally {
    if (demo.ours && !opts.keepServer) log((await stopLocalServer({ home: demo.home })).message);
  }
  const version = rows.find((r) => r.case === 'lens --version' && r.build === 'bundle');
  const query = rows.find((r) => r.case === 'lens query (demo)' && r.build === 'bundle');
  const met = {
    version_cpu: (version?.cpu_ms_median ?? Infinity) < GOALS.version_cpu_ms,
    query_wall: (query?.wall_ms_median ?? Infinity) < GOALS.query_wall_ms,
  };
  process.stdout.write(`${formatColumns(COLUMNS, rows)}\n\n`);
  process.stdout.write(
    `goals: lens --version under ${GOALS.version_cpu_ms} ms CPU: ${met.version_cpu ? 'met' : 'missed'}; lens query under ${GOALS.query_wall_ms} ms wall: ${met.query_wall ? 'met' : 'missed'} (${loadAverageText()})\n`,
  );
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `cli-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    started_at: startedAt.toISOString(),
    ...benchHost(),
    query: QUERY.slice(1),
    graph: demo.server.boltUri,
    goals: GOALS,
    met,
    rows,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  log(`wrote ${path.relative(REPO_ROOT, file)}`);
}

await main();

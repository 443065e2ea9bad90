// `npm run bench:throughput`: requests served at once, as a context provider serving several agents
// is, with a run's state read riding in its first retrieval read (riding-read.ts) against the same
// read going on its own beside the retrieval (PipelineDeps.readsRide false, the behaviour before).
// One process, one connection's caches warm, on the retrieval bench's synthetic graph
// (.lens-bench/home); the two settings alternate batch by batch, so the ratios come from one run.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import { syntheticQueries } from '../../electron/demo-graph/synthetic-text';
import { stopLocalServer } from '../../electron/neo4j-server/local-server';
import type { RetrievalMode } from '../../shared/context-contract';
import { ask, retrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';
import { REPO_ROOT } from '../support/test-env';
import { benchTestServer, loadBenchGraph, syntheticBenchServer } from './bench-demo-server';
import { benchHost, formatColumns, loadAverageText, percentile, runBench, wholeOption, writeBenchJson } from './bench-report';

const HOME = path.join(REPO_ROOT, '.lens-bench', 'home');
const SETTINGS = ['alone', 'riding'] as const;
type Setting = (typeof SETTINGS)[number];
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      chunks: { type: 'string', default: '100000' },
      requests: { type: 'string', default: '150' },
      rounds: { type: 'string', default: '3' },
      concurrency: { type: 'string', default: '1,4' },
      modes: { type: 'string', default: 'vector,hybrid' },
      principals: { type: 'string', default: 'bench-s0.1,bench-s10' },
      'keep-server': { type: 'boolean', default: false },
    },
    strict: true,
  });
  return {
    chunks: wholeOption('chunks', values.chunks),
    requests: wholeOption('requests', values.requests),
    rounds: wholeOption('rounds', values.rounds),
    concurrency: values.concurrency.split(',').map((value) => wholeOption('concurrency', value)),
    modes: values.modes.split(',') as RetrievalMode[],
    principals: values.principals.split(','),
    keepServer: values['keep-server'],
  };
}

/** One batch: `texts` asked with `concurrency` requests in flight, and what it took. */
interface Batch {
  readonly wallMs: number;
  readonly latencies: number[];
  readonly reads: number;
  readonly cpuMs: number;
  readonly failed: number;
}

async function batch(
  deps: RetrievalDeps,
  mode: RetrievalMode,
  principal: string,
  texts: readonly string[],
  concurrency: number,
): Promise<Batch> {
  const latencies: number[] = [];
  let reads = 0;
  let failed = 0;
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < texts.length) {
        const text = texts[next++] as string;
        const sent = performance.now();
        const { response, run } = await ask(deps, { query: text, principal, mode, top_k: 10, options: { min_similarity: 0 } });
        latencies.push(performance.now() - sent);
        reads += run.queries.length;
        if (response.outcome !== 'ok' && response.outcome !== 'no_evidence') failed += 1;
      }
    }),
  );
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, latencies, reads, cpuMs: (used.user + used.system) / 1000, failed };
}

interface Row {
  readonly cell: string;
  readonly concurrency: number;
  readonly alone_per_s: number;
  readonly riding_per_s: number;
  readonly throughput_ratio: number;
  readonly alone_p50_ms: number;
  readonly riding_p50_ms: number;
  readonly alone_p95_ms: number;
  readonly riding_p95_ms: number;
  readonly alone_reads: number;
  readonly riding_reads: number;
  readonly alone_cpu_ms: number;
  readonly riding_cpu_ms: number;
  readonly failed: number;
}

function summary(batches: Record<Setting, Batch[]>, cell: string, concurrency: number): Row {
  const of = (setting: Setting) => {
    const list = batches[setting];
    const requests = list.reduce((sum, b) => sum + b.latencies.length, 0);
    return {
      perS: requests / (list.reduce((sum, b) => sum + b.wallMs, 0) / 1000),
      p50: percentile(
        list.flatMap((b) => b.latencies),
        50,
      ),
      p95: percentile(
        list.flatMap((b) => b.latencies),
        95,
      ),
      reads: list.reduce((sum, b) => sum + b.reads, 0) / requests,
      cpu: list.reduce((sum, b) => sum + b.cpuMs, 0) / requests,
      failed: list.reduce((sum, b) => sum + b.failed, 0),
    };
  };
  const alone = of('alone');
  const riding = of('riding');
  return {
    cell,
    concurrency,
    alone_per_s: alone.perS,
    riding_per_s: riding.perS,
    throughput_ratio: riding.perS / alone.perS,
    alone_p50_ms: alone.p50,
    riding_p50_ms: riding.p50,
    alone_p95_ms: alone.p95,
    riding_p95_ms: riding.p95,
    alone_reads: alone.reads,
    riding_reads: riding.reads,
    alone_cpu_ms: alone.cpu,
    riding_cpu_ms: riding.cpu,
    failed: alone.failed + riding.failed,
  };
}

async function main(): Promise<void> {
  const opts = options();
  const startedAt = new Date();
  const server = await syntheticBenchServer(HOME, log);
  log(`${server.reused ? 'reusing' : 'started'} Neo4j ${server.version} on ${server.boltUri}`);
  const riding = retrievalDeps(benchTestServer(server, HOME), { embedder: createHashingEmbedder() });
  try {
    await loadBenchGraph(HOME, opts.chunks, log);
    // The same connection and caches; only whether the state read rides differs.
    const depsOf: Record<Setting, RetrievalDeps> = { riding, alone: { ...riding, readsRide: false } };
    const rows: Row[] = [];
    let seed = 1_000;
    for (const mode of opts.modes)
      for (const principal of opts.principals)
        for (const concurrency of opts.concurrency) {
          const cell = `${mode}/${principal}`;
          // Warm: plans, counts and the principal cached for this cell, in both settings.
          for (const setting of SETTINGS) await batch(depsOf[setting], mode, principal, syntheticQueries(seed++, 20), concurrency);
          const batches: Record<Setting, Batch[]> = { alone: [], riding: [] };
          for (let round = 0; round < opts.rounds; round++) {
            // Alternate which goes first, so neither always meets the server right after the other.
            for (const setting of round % 2 === 0 ? SETTINGS : [...SETTINGS].reverse())
              batches[setting].push(await batch(depsOf[setting], mode, principal, syntheticQueries(seed++, opts.requests), concurrency));
          }
          rows.push(summary(batches, cell, concurrency));
          log(`${cell} at ${concurrency} done`);
        }
    const f1 = (v: number) => v.toFixed(1);
    const f2 = (v: number) => v.toFixed(2);
    process.stdout.write(
      `\nRequests in flight at once, the run's state read alone vs riding in the first retrieval read (${opts.rounds} alternating batches of ${opts.requests} per setting), ${opts.chunks} chunks, Neo4j ${server.version}, ${os.cpus().length} cores, ${loadAverageText()}\n\n`,
    );
    process.stdout.write(
      `${formatColumns(
        [
          { title: 'mode/principal', right: false, value: (r: Row) => r.cell },
          { title: 'in flight', right: true, value: (r: Row) => String(r.concurrency) },
          { title: 'alone req/s', right: true, value: (r: Row) => f1(r.alone_per_s) },
          { title: 'riding req/s', right: true, value: (r: Row) => f1(r.riding_per_s) },
          { title: 'riding ÷ alone', right: true, value: (r: Row) => `${f2(r.throughput_ratio)}×` },
          { title: 'p50 ms alone', right: true, value: (r: Row) => f1(r.alone_p50_ms) },
          { title: 'p50 ms riding', right: true, value: (r: Row) => f1(r.riding_p50_ms) },
          { title: 'p95 ms alone', right: true, value: (r: Row) => f1(r.alone_p95_ms) },
          { title: 'p95 ms riding', right: true, value: (r: Row) => f1(r.riding_p95_ms) },
          { title: 'reads alone', right: true, value: (r: Row) => f2(r.alone_reads) },
          { title: 'reads riding', right: true, value: (r: Row) => f2(r.riding_reads) },
          { title: 'Node CPU ms alone', right: true, value: (r: Row) => f2(r.alone_cpu_ms) },
          { title: 'Node CPU ms riding', right: true, value: (r: Row) => f2(r.riding_cpu_ms) },
          { title: 'failed', right: true, value: (r: Row) => String(r.failed) },
        ],
        rows,
      )}\n`,
    );
    const report = {
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      machine: benchHost(),
      neo4j: { version: server.version, reused: server.reused },
      options: opts,
      definitions: {
        alone:
          "PipelineDeps.readsRide false: a cached principal's re-read (with the graph's state) is a read of its own beside the retrieval",
        riding: "the default: that read rides in the round trip of the run's first retrieval read (riding-read.ts)",
        per_s: 'requests finished per second of wall time over all batches of the setting',
        reads: 'Neo4j reads per request (from each run trace)',
        cpu_ms: "this process's user + system CPU per request (the app and the driver)",
      },
      rows,
    };
    process.stdout.write(`\nJSON: ${writeBenchJson('throughput', startedAt, report)}\n`);
  } finally {
    await riding.close();
    log(opts.keepServer ? `Neo4j left running on ${server.boltUri} (--keep-server)` : (await stopLocalServer({ home: HOME })).message);
  }
}

runBench(main);

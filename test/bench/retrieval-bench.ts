// `npm run bench:retrieval`: latency, Neo4j time, app overhead, planner strategy and recall@10 of
// every retrieval mode as principals of chosen ACL selectivity, on a synthetic graph in a Neo4j of
// its own (.lens-bench/home). Speed targets live here, printed and written as JSON, never in timed tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import neo4j from 'neo4j-driver';
import type { RetrievalMode } from '../../shared/context-contract';
import { Deadline } from '../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import { defineQuery } from '../../electron/graph/built-in-query';
import { toPlain } from '../../electron/graph/graph-values';
import { stopLocalServer, type RunningServer } from '../../electron/neo4j-server/local-server';
import type { PipelineDeps, PipelineResult } from '../../electron/retrieval/context-pipeline';
import { principalCacheOf } from '../../electron/retrieval/principal-cache';
import { principalFromGraph } from '../../electron/retrieval/retrieval-queries';
import { loadSyntheticGraph, type SyntheticLoadSummary } from '../../electron/demo-graph/synthetic-load';
import { syntheticQueries } from '../../electron/demo-graph/synthetic-text';
import { testGateway } from '../support/demo-graph';
import { ask, retrievalDeps } from '../support/retrieval-deps';
import { syntheticBenchServer } from './bench-demo-server';
import { REPO_ROOT, type TestNeo4j } from '../support/test-env';
import { formatTable, summarise, type CellSummary, type RequestSample } from './bench-report';
import { cosineScores, readGroundTruth, recallAtK, type BenchPrincipal, type GroundTruth } from './exact-answers';

const HOME = path.join(REPO_ROOT, '.lens-bench', 'home');
const RESULTS = path.join(REPO_ROOT, 'bench-results');
const SELECTIVITIES = [0.001, 0.01, 0.1, 0.5, 1];
const TOP_K = 10;
const MAX_TOKENS = 200_000;
const TIMEOUT_MS = 300_000;
const WARMUP_QUERIES = 3;
/** Stage names whose queries run concurrently in hybrid and graph mode (Promise.all of both sides). */
const CONCURRENT_STAGES = ['vector', 'fulltext'];

interface Variant {
  readonly name: string;
  readonly mode: RetrievalMode;
  /** The stage whose strategy the table shows. */
  readonly stage: string;
  /**
   * The planner's exact-scan limit: a number; `allowed-1`, one below each principal's allowed count
   * (the count then stops at exactly that count, so ANN runs with an exact selectivity estimate);
   * or `all`, the number of chunks (always an exact scan).
   */
  readonly exactScanLimit?: number | 'allowed-1' | 'all';
  readonly recall: boolean;
  /** False: full-text fetches and post-filters even where the index holds ACL terms (the pre-ACL-terms behaviour, for comparison). */
  readonly fulltextAclInIndex?: boolean;
  /** True: the connection's principal cache is emptied before each request, so the principal is read and waited for (as before the cache). */
  readonly uncachedPrincipal?: boolean;
}

const VARIANTS: readonly Variant[] = [
  { name: 'vector', mode: 'vector', stage: 'vector', recall: true },
  { name: 'vector@limit0', mode: 'vector', stage: 'vector', exactScanLimit: 0, recall: true },
  { name: 'vector@ann', mode: 'vector', stage: 'vector', exactScanLimit: 'allowed-1', recall: true },
  { name: 'vector@exact', mode: 'vector', stage: 'vector', exactScanLimit: 'all', recall: true },
  { name: 'fulltext', mode: 'fulltext', stage: 'fulltext', recall: false },
  { name: 'fulltext@postfilter', mode: 'fulltext', stage: 'fulltext', recall: false, fulltextAclInIndex: false },
  { name: 'hybrid', mode: 'hybrid', stage: 'vector', recall: false },
  { name: 'graph', mode: 'graph', stage: 'vector', recall: false },
  { name: 'vector@uncached', mode: 'vector', stage: 'vector', recall: true, uncachedPrincipal: true },
  { name: 'fulltext@uncached', mode: 'fulltext', stage: 'fulltext', recall: false, uncachedPrincipal: true },
  { name: 'hybrid@uncached', mode: 'hybrid', stage: 'vector', recall: false, uncachedPrincipal: true },
];

function options() {
  const { values } = parseArgs({
    options: {
      chunks: { type: 'string', default: '100000' },
      queries: { type: 'string', default: '30' },
      seed: { type: 'string', default: '1' },
      variants: { type: 'string', default: VARIANTS.map((v) => v.name).join(',') },
      'keep-server': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const whole = (name: string, raw: string, min: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, got "${raw}"`);
    return value;
  };
  const names = values.variants.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !VARIANTS.some((v) => v.name === name));
  if (unknown.length > 0) throw new Error(`unknown variant ${unknown.join(', ')}; known: ${VARIANTS.map((v) => v.name).join(', ')}`);
  const variants = VARIANTS.filter((v) => names.includes(v.name));
  return {
    chunks: whole('chunks', values.chunks, 1),
    queries: whole('queries', values.queries, 1),
    seed: whole('seed', values.seed, 0),
    keepServer: values['keep-server'],
    variants,
  };
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** The bench server: the one already running in its home, or a new one on a free port. */
const benchServer = () => syntheticBenchServer(HOME, log);

function sample(result: PipelineResult, variant: Variant, e2e: number, recall: number | null): RequestSample {
  const { response, run } = result;
  const server = run.queries.reduce((sum, q) => sum + q.server_ms, 0);
  const concurrent = variant.mode === 'hybrid' || variant.mode === 'graph';
  const bySide = CONCURRENT_STAGES.map((stage) => run.queries.filter((q) => q.stage === stage).reduce((sum, q) => sum + q.server_ms, 0));
  const critical = concurrent ? server - bySide.reduce((a, b) => a + b, 0) + Math.max(...bySide) : server;
  const driverOf = (q: (typeof run.queries)[number]) => Math.max(0, q.duration_ms - q.server_ms);
  const driver = run.queries.reduce((sum, q) => sum + driverOf(q), 0);
  const driverBySide = CONCURRENT_STAGES.map((stage) =>
    run.queries.filter((q) => q.stage === stage).reduce((sum, q) => sum + driverOf(q), 0),
  );
  const driverCritical = concurrent ? driver - driverBySide.reduce((a, b) => a + b, 0) + Math.max(...driverBySide) : driver;
  return {
    query: String(run.request.query),
    outcome: response.outcome,
    items: response.items.length,
    e2e_ms: e2e,
    server_ms: server,
    server_critical_ms: critical,
    driver_ms: driver,
    driver_critical_ms: driverCritical,
    packing_ms: response.stages.find((s) => s.name === 'packing')?.duration_ms ?? 0,
    candidates_in: response.stages.find((s) => s.name === variant.stage)?.candidates_in ?? 0,
    rounds: Number(/(\d+) round\(s\)/.exec(response.stages.find((s) => s.name === variant.stage)?.note ?? '')?.[1] ?? 0),
    queries: run.queries.length,
    server_by_query: run.queries.reduce<Record<string, number>>((acc, q) => ({ ...acc, [q.name]: (acc[q.name] ?? 0) + q.server_ms }), {}),
    strategy:
      response.stages.find((s) => s.name === variant.stage)?.strategy ??
      (response.outcome === 'ok' || response.outcome === 'no_evidence' ? 'none' : `failed:${response.outcome}`),
    recall,
  };
}

const TRIVIAL = defineQuery('bench-trivial', 'RETURN 1 AS one');
const CALIBRATION_ROUNDS = 50;

/** Client time and server time of one gateway read, averaged. */
interface ReadCost {
  readonly mean_client_ms: number;
  readonly mean_server_ms: number;
}

/**
 * What one gateway read costs beyond the server's own time (a trivial query), and the principal
 * lookup the pipeline makes through the gateway directly, so it is not in run.queries and lands in
 * the app overhead of every request.
 */
async function calibrate(server: TestNeo4j, principalId: string): Promise<{ trivial_query: ReadCost; principal_lookup: ReadCost }> {
  const gateway = testGateway(server);
  const measure = async (run: () => Promise<{ serverMs: { available: number; consumed: number } }>): Promise<ReadCost> => {
    let client = 0;
    let serverMs = 0;
    for (let i = 0; i < CALIBRATION_ROUNDS; i++) {
      const started = performance.now();
      const result = await run();
      client += performance.now() - started;
      serverMs += result.serverMs.available + result.serverMs.consumed;
    }
    return { mean_client_ms: client / CALIBRATION_ROUNDS, mean_server_ms: serverMs / CALIBRATION_ROUNDS };
  };
  try {
    return {
      trivial_query: await measure(() => gateway.read(TRIVIAL, {}, { deadline: Deadline.after(10_000), stage: 'bench' })),
      principal_lookup: await measure(() =>
        gateway.read(
          principalFromGraph(DEFAULT_SCHEMA_PROFILE),
          { principal_id: principalId },
          { deadline: Deadline.after(10_000), stage: 'principal' },
        ),
      ),
    };
  } finally {
    await gateway.close();
  }
}

async function indexFacts(server: RunningServer): Promise<Record<string, unknown>> {
  const driver = neo4j.driver(server.boltUri, neo4j.auth.basic(server.user, server.password), {
    logging: { level: 'error', logger: () => undefined },
  });
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const rows = (
      await session.run(
        "SHOW INDEXES YIELD name, type, indexProvider, options, state WHERE name IN ['chunk_embedding', 'chunk_fulltext'] RETURN name, type, indexProvider, options, state",
      )
    ).records;
    return Object.fromEntries(
      rows.map((r) => [
        r.get('name'),
        {
          type: r.get('type'),
          provider: r.get('indexProvider'),
          state: r.get('state'),
          config: toPlain((r.get('options') as { indexConfig?: unknown }).indexConfig),
        },
      ]),
    );
  } finally {
    await session.close();
    await driver.close();
  }
}

async function main(): Promise<void> {
  const opts = options();
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  log(`chunks ${opts.chunks}, ${opts.queries} queries per cell, seed ${opts.seed}, home ${HOME}`);
  const server = await benchServer();
  log(`${server.reused ? 'reusing' : 'started'} Neo4j ${server.version} on ${server.boltUri}`);
  try {
    let lastPhase = '';
    const load: SyntheticLoadSummary = await loadSyntheticGraph({
      chunks: opts.chunks,
      selectivities: SELECTIVITIES,
      seed: opts.seed,
      home: HOME,
      env: {},
      skipIfLoaded: true,
      progress: (event) => {
        if (event.phase !== lastPhase || event.fraction === 1) log(event.message);
        lastPhase = event.phase;
      },
    });
    log(
      load.skipped
        ? 'the graph already holds this plan; load skipped'
        : `loaded in ${(load.timings_ms.total / 1000).toFixed(1)} s (write ${(load.timings_ms.write / 1000).toFixed(1)} s)`,
    );

    const testServer: TestNeo4j = {
      uri: server.boltUri,
      user: server.user,
      password: server.password,
      version: server.version,
      local: true,
      home: HOME,
      startupMs: server.startupMs,
    };
    const driver = neo4j.driver(server.boltUri, neo4j.auth.basic(server.user, server.password), {
      logging: { level: 'error', logger: () => undefined },
    });
    let truth: GroundTruth;
    try {
      truth = await readGroundTruth(driver);
    } finally {
      await driver.close();
    }
    log(
      `read ${truth.ids.length} embeddings and ACL fields in ${(truth.readMs / 1000).toFixed(1)} s; principals ${truth.principals.map((p) => `${p.record.principal_id}=${p.allowedCount}`).join(', ')}`,
    );

    const depsByLimit = new Map<string, PipelineDeps & { close(): Promise<void> }>();
    const depsFor = (variant: Variant, principal: BenchPrincipal) => {
      const limit =
        variant.exactScanLimit === 'allowed-1'
          ? Math.max(0, principal.allowedCount - 1)
          : variant.exactScanLimit === 'all'
            ? truth.ids.length
            : variant.exactScanLimit;
      const cacheKey = `${String(limit)}/${variant.fulltextAclInIndex ?? true}/${variant.uncachedPrincipal ?? false}`;
      const found = depsByLimit.get(cacheKey);
      if (found) return found;
      const deps = retrievalDeps(testServer, {
        ...(limit === undefined ? {} : { exactScanLimit: limit }),
        ...(variant.fulltextAclInIndex === false ? { fulltextAclInIndex: false } : {}),
      });
      depsByLimit.set(cacheKey, deps);
      return deps;
    };
    const texts = syntheticQueries(opts.seed, WARMUP_QUERIES + opts.queries);
    const embedder = createHashingEmbedder();
    const scores = new Map(texts.map((text) => [text, cosineScores(truth, embedder.embedNow(text))]));
    const samples = new Map<string, RequestSample[]>();
    let calibration: Awaited<ReturnType<typeof calibrate>> | null = null;
    const key = (variant: Variant, principalId: string) => `${variant.name}/${principalId}`;

    try {
      // Queries outermost, so the machine's noise spreads over every cell alike; the first few warm up plans and caches.
      for (const [q, text] of texts.entries()) {
        const measured = q >= WARMUP_QUERIES;
        for (const variant of opts.variants) {
          for (const principal of truth.principals) {
            const deps = depsFor(variant, principal);
            if (variant.uncachedPrincipal) principalCacheOf(deps.gateway).forget();
            const started = performance.now();
            const result = await ask(deps, {
              query: text,
              principal: principal.record.principal_id,
              mode: variant.mode,
              top_k: TOP_K,
              max_tokens: MAX_TOKENS,
              timeout_ms: TIMEOUT_MS,
            });
            const e2e = performance.now() - started;
            if (!measured) continue;
            const returned = result.response.items.flatMap((item) => item.chunk_ids);
            const recall = variant.recall ? recallAtK(truth, scores.get(text) as Float64Array, principal.allowed, TOP_K, returned) : null;
            const list = samples.get(key(variant, principal.record.principal_id)) ?? [];
            list.push(sample(result, variant, e2e, recall));
            samples.set(key(variant, principal.record.principal_id), list);
          }
        }
        log(`${measured ? `query ${q - WARMUP_QUERIES + 1}/${opts.queries}` : `warm-up ${q + 1}/${WARMUP_QUERIES}`} done`);
      }
      calibration = await calibrate(testServer, truth.principals[0]?.record.principal_id ?? 'bench-s100');
    } finally {
      for (const deps of depsByLimit.values()) await deps.close();
    }

    const cells: CellSummary[] = opts.variants.flatMap((variant) =>
      truth.principals.map((principal) =>
        summarise(
          {
            variant: variant.name,
            mode: variant.mode,
            principal_id: principal.record.principal_id,
            selectivity: Number((principal.allowedCount / truth.ids.length).toPrecision(6)),
            allowed_chunks: principal.allowedCount,
          },
          samples.get(key(variant, principal.record.principal_id)) ?? [],
        ),
      ),
    );
    const table = formatTable(cells);
    process.stdout.write(
      `\nRetrieval benchmark: ${truth.ids.length} chunks, top_k ${TOP_K}, ${opts.queries} queries per cell, Neo4j ${server.version}, ${os.cpus().length} cores\n`,
    );
    process.stdout.write(
      'neo4j ms = Σ server time (resultAvailableAfter + resultConsumedAfter) per request, concurrent vector/full-text sides counted once; app = end-to-end − neo4j; own = app − driver (neo4j-driver and Bolt time of the executed queries), i.e. what our code adds\n\n',
    );
    process.stdout.write(`${table}\n`);
    if (calibration) {
      const { trivial_query: t, principal_lookup: p } = calibration;
      process.stdout.write(
        `\nPer gateway read: RETURN 1 costs ${t.mean_client_ms.toFixed(2)} ms at the client for ${t.mean_server_ms.toFixed(2)} ms on the server; the principal lookup (through the gateway directly, not in run.queries, so counted as app time) ${p.mean_client_ms.toFixed(2)} ms (${p.mean_server_ms.toFixed(2)} ms server)\n`,
      );
    }

    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `retrieval-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    const report = {
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpu_model: os.cpus()[0]?.model ?? null,
        memory_gb: Math.round(os.totalmem() / 2 ** 30),
        load_average_before: loadBefore,
        load_average_after: os.loadavg(),
        node: process.version,
      },
      neo4j: {
        version: server.version,
        bolt_uri: server.boltUri,
        reused: server.reused,
        heap_mb: 2048,
        page_cache_mb: 1024,
        note: server.reused ? 'reused: heap and page cache are those it was started with' : undefined,
        indexes: await indexFacts(server),
      },
      options: {
        variants: opts.variants,
        chunks: opts.chunks,
        queries: opts.queries,
        warmup_queries: WARMUP_QUERIES,
        seed: opts.seed,
        top_k: TOP_K,
        max_tokens: MAX_TOKENS,
        selectivities: SELECTIVITIES,
      },
      definitions: {
        server_ms: "Σ over the run's executed queries of server_ms (resultAvailableAfter + resultConsumedAfter, as the gateway records it)",
        server_critical_ms: 'server_ms with the concurrent vector and full-text stages of hybrid/graph counted as the slower side only',
        overhead: 'end-to-end − server_critical_ms; overhead_pct relative to server_critical_ms',
        own_code:
          "overhead − driver_critical_ms (the neo4j-driver and Bolt time of the executed queries, concurrent sides counted once): what the app's own code adds, including the principal lookup's whole cost; own_code_pct relative to server_critical_ms",
        driver_ms: 'Σ (client-observed query duration − server_ms): round trips, decoding and row conversion in the driver and gateway',
        recall_at_10:
          'vector variants only: share of the exact filtered top 10 (cosine over the stored embeddings of the chunks the principal may see by the reference rule, computed in the benchmark) found among the chunk_ids of the response items; a chunk scoring within 1e-6 of the exact 10th counts (ties). Not defined for fulltext/hybrid/graph, whose answer is not a cosine top k.',
      },
      load,
      ground_truth_read_ms: truth.readMs,
      calibration,
      cells,
      samples: Object.fromEntries(samples),
    };
    fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
    process.stdout.write(`\nJSON: ${path.relative(REPO_ROOT, file)}\n`);
  } finally {
    if (opts.keepServer) log(`leaving Neo4j running on ${server.boltUri} (--keep-server)`);
    else log((await stopLocalServer({ home: HOME })).message);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

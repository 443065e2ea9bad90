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
import { defineQuery } from '../../electron/graph/built-in-query';
import { toPlain } from '../../electron/graph/graph-values';
import v8 from 'node:v8';
import { runningServer, startLocalServer, stopLocalServer, type RunningServer } from '../../electron/neo4j-server/local-server';
import { DEFAULT_NEO4J_VERSION, parseNeo4jVersion } from '../../electron/neo4j-server/neo4j-versions';
import type { PipelineDeps, PipelineResult } from '../../electron/retrieval/context-pipeline';
import { checkChunkDocuments } from '../../electron/retrieval/chunk-documents';
import { graphCapabilities } from '../../electron/retrieval/graph-capabilities';
import { principalCacheOf } from '../../electron/retrieval/principal-cache';
import { chunkOfManyDocuments, runState } from '../../electron/retrieval/retrieval-queries';
import { loadSyntheticGraph, type SyntheticLoadSummary } from '../../electron/demo-graph/synthetic-load';
import { syntheticQueries } from '../../electron/demo-graph/synthetic-text';
import { SYNTHETIC_VECTOR_KINDS, syntheticEmbedder, type SyntheticVectors } from '../../electron/demo-graph/synthetic-vectors';
import { testGateway } from '../support/demo-graph';
import { freePort } from '../support/free-port';
import { ask, retrievalDeps } from '../support/retrieval-deps';
import { REPO_ROOT, type TestNeo4j } from '../support/test-env';
import { benchTestServer } from './bench-demo-server';
import {
  formatColumns,
  formatPhaseTable,
  formatTable,
  plannerEstimate,
  summarise,
  type CellSummary,
  type RequestSample,
} from './bench-report';
import { requestPhases } from './request-phases';
import { cosineScores, readGroundTruth, recallAtK, type BenchPrincipal, type GroundTruth } from './exact-answers';
import {
  REFERENCE_VARIANTS,
  SAME_FETCH_VARIANT,
  modeRatios,
  plannerFetch,
  referenceFetch,
  referenceRatios,
  runReference,
  type ModeRatio,
  type ReferenceRatio,
} from './reference-query';
import { formatScaleTable, scaleFeasibility, type ScaleRow } from './scale-report';
import { criticalPath, recordReadIntervals, type ReadInterval } from './read-intervals';

/** The bench server's home: one per Neo4j release, so two releases can hold their graphs side by side. */
const homeFor = (version: string) => path.join(REPO_ROOT, '.lens-bench', version === DEFAULT_NEO4J_VERSION ? 'home' : `home-${version}`);
const RESULTS = path.join(REPO_ROOT, 'bench-results');
const SELECTIVITIES = [0.001, 0.01, 0.1, 0.5, 1];
const TOP_K = 10;
const MAX_TOKENS = 200_000;
const TIMEOUT_MS = 300_000;
const WARMUP_QUERIES = 3;

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
  /** False: the planner waits for the load marker before it plans with cached counts (as before it planned at once). */
  readonly planFromCachedCounts?: boolean;
  /** True: the connection's principal cache is emptied before each request, so the principal is read and waited for (as before the cache). */
  readonly uncachedPrincipal?: boolean;
  /** True: the chunk rule asks for a chunk's other documents even where the connection found none (as before chunk-documents.ts). */
  readonly everyDocumentInQuery?: boolean;
  /** The estimated server time below which hybrid's vector read joins the word sides' query (0: always apart). */
  readonly joinBelowEstimatedMs?: number;
}

const VARIANTS: readonly Variant[] = [
  { name: 'vector', mode: 'vector', stage: 'vector', recall: true },
  { name: 'vector@limit0', mode: 'vector', stage: 'vector', exactScanLimit: 0, recall: true },
  { name: 'vector@ann', mode: 'vector', stage: 'vector', exactScanLimit: 'allowed-1', recall: true },
  { name: 'vector@exact', mode: 'vector', stage: 'vector', exactScanLimit: 'all', recall: true },
  { name: 'fulltext', mode: 'fulltext', stage: 'fulltext', recall: false },
  { name: 'fulltext@postfilter', mode: 'fulltext', stage: 'fulltext', recall: false, fulltextAclInIndex: false },
  { name: 'hybrid', mode: 'hybrid', stage: 'vector', recall: false },
  // The join threshold before it was 6 ms (vector-plan.ts, JOIN_BELOW_ESTIMATED_MS), for comparison.
  { name: 'hybrid@join-below-10', mode: 'hybrid', stage: 'vector', recall: false, joinBelowEstimatedMs: 10 },
  { name: 'hybrid@apart', mode: 'hybrid', stage: 'vector', recall: false, joinBelowEstimatedMs: 0 },
  { name: 'graph', mode: 'graph', stage: 'vector', recall: false },
  { name: 'vector@every-document', mode: 'vector', stage: 'vector', recall: true, everyDocumentInQuery: true },
  { name: 'vector@marker-first', mode: 'vector', stage: 'vector', recall: true, planFromCachedCounts: false },
  { name: 'vector@uncached', mode: 'vector', stage: 'vector', recall: true, uncachedPrincipal: true },
  { name: 'fulltext@uncached', mode: 'fulltext', stage: 'fulltext', recall: false, uncachedPrincipal: true },
  { name: 'hybrid@uncached', mode: 'hybrid', stage: 'vector', recall: false, uncachedPrincipal: true },
];

/** Parses a comma-separated list with `parse` per entry (empty entries ignored). */
function list<T>(raw: string, parse: (entry: string) => T): T[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map(parse);
}

function options() {
  const { values } = parseArgs({
    options: {
      chunks: { type: 'string', default: '100000' },
      vectors: { type: 'string', default: 'hashing' },
      'neo4j-version': { type: 'string', default: DEFAULT_NEO4J_VERSION },
      queries: { type: 'string', default: '30' },
      seed: { type: 'string', default: '1' },
      variants: { type: 'string', default: [...VARIANTS.map((v) => v.name), ...REFERENCE_VARIANTS].join(',') },
      'max-load-minutes': { type: 'string', default: '90' },
      'keep-server': { type: 'boolean', default: false },
      // Another bench home (e.g. .lens-bench/home-clustered), so a second graph can be loaded beside the default one.
      home: { type: 'string' },
    },
    strict: true,
  });
  const whole = (name: string, raw: string, min: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, got "${raw}"`);
    return value;
  };
  const names = list(values.variants, (name) => name);
  const unknown = names.filter((name) => !REFERENCE_VARIANTS.includes(name) && !VARIANTS.some((v) => v.name === name));
  if (unknown.length > 0)
    throw new Error(`unknown variant ${unknown.join(', ')}; known: ${[...VARIANTS.map((v) => v.name), ...REFERENCE_VARIANTS].join(', ')}`);
  const variants = VARIANTS.filter((v) => names.includes(v.name));
  const vectors = list(values.vectors, (kind): SyntheticVectors => {
    const found = SYNTHETIC_VECTOR_KINDS.find((k) => k === kind);
    if (!found) throw new Error(`--vectors takes ${SYNTHETIC_VECTOR_KINDS.join(', ')} (or a comma-separated list), got "${kind}"`);
    return found;
  });
  const chunks = list(values.chunks, (raw) => whole('chunks', raw, 1));
  if (chunks.length === 0 || vectors.length === 0) throw new Error('--chunks and --vectors need at least one value each');
  return {
    chunks,
    vectors,
    neo4jVersion: parseNeo4jVersion(values['neo4j-version']).text,
    queries: whole('queries', values.queries, 1),
    seed: whole('seed', values.seed, 0),
    maxLoadMinutes: whole('max-load-minutes', values['max-load-minutes'], 1),
    keepServer: values['keep-server'],
    home: values.home === undefined ? null : path.resolve(values.home),
    variants,
    references: REFERENCE_VARIANTS.filter((name) => names.includes(name)),
  };
}
type Options = ReturnType<typeof options>;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** A process.cpuUsage difference in ms, user and system together. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** The bench server: the one already running in its home, or a new one on a free port. */
async function benchServer(home: string, version: string): Promise<RunningServer> {
  const existing = runningServer(home);
  const port = existing ? Number(new URL(existing.boltUri).port) : await freePort();
  return startLocalServer({
    home,
    port,
    version,
    heapMb: 2048,
    pageCacheMb: 1024,
    progress: (event) => (event.fraction === 1 ? log(event.message) : undefined),
  });
}

function sample(
  result: PipelineResult,
  variant: Variant,
  e2e: number,
  recall: number | null,
  reads: readonly ReadInterval[],
  clientCpuMs: number,
): RequestSample {
  const { response, run } = result;
  const server = run.queries.reduce((sum, q) => sum + q.server_ms, 0);
  // Reads that ran side by side count once: the critical path of every gateway read the request made.
  const path = criticalPath(reads);
  const critical = path.serverMs;
  const driver = run.queries.reduce((sum, q) => sum + Math.max(0, q.duration_ms - q.server_ms), 0);
  const driverCritical = path.clientMs - path.serverMs;
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
    // An ANN stage that ended short is followed by an exact scan of the same name: `ann_postfilter→exact_scan`.
    strategy:
      response.stages
        .filter((s) => s.name === variant.stage)
        .map((s) => s.strategy)
        .join('→') || (response.outcome === 'ok' || response.outcome === 'no_evidence' ? 'none' : `failed:${response.outcome}`),
    recall,
    ...plannerEstimate(response.stages.find((s) => s.name === variant.stage)),
    phases: requestPhases(response.stages, e2e),
    client_cpu_ms: clientCpuMs,
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
 * lookup a run makes (with the graph's state in the same read), timed alone.
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
          runState(DEFAULT_SCHEMA_PROFILE),
          { run_principal_id: principalId },
          { deadline: Deadline.after(10_000), stage: 'principal' },
        ),
      ),
    };
  } finally {
    await gateway.close();
  }
}

/** Waits until every index of the bench server is online, saying how far population got now and then. */
async function waitForIndexes(server: RunningServer): Promise<void> {
  const driver = neo4j.driver(server.boltUri, neo4j.auth.basic(server.user, server.password), {
    logging: { level: 'error', logger: () => undefined },
  });
  try {
    for (let round = 0; ; round++) {
      const { records } = await driver.executeQuery(
        "SHOW INDEXES YIELD name, state, populationPercent WHERE state <> 'ONLINE' RETURN name, state, populationPercent",
        {},
        { routing: neo4j.routing.READ },
      );
      if (records.length === 0) return;
      const failed = records.find((r) => r.get('state') === 'FAILED');
      if (failed) throw new Error(`index ${String(failed.get('name'))} failed to build`);
      if (round % 6 === 0)
        log(
          `waiting for indexes: ${records.map((r) => `${String(r.get('name'))} ${Number(r.get('populationPercent')).toFixed(0)} %`).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  } finally {
    await driver.close();
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

/** The report of one graph size and vector kind. */
interface ScaleRun {
  readonly chunks: number;
  readonly vectors: SyntheticVectors;
  readonly embedder: string;
  readonly load: SyntheticLoadSummary;
  /** Wall time of the load until every index was online, or null when the graph already held the plan. */
  readonly load_wall_ms: number | null;
  readonly ground_truth_read_ms: number;
  readonly calibration: Awaited<ReturnType<typeof calibrate>> | null;
  /** Whether the reference asked for a chunk's other documents: only where some chunk of the graph has two, as the product. */
  readonly reference_every_document: boolean;
  readonly reference_fetch: Record<string, number>;
  /** Vector mode's first fetch per principal as the planner computes it (the reference@same-fetch row's fetch). */
  readonly same_fetch: Record<string, number>;
  readonly cells: CellSummary[];
  readonly ratios: ReferenceRatio[];
  readonly same_fetch_ratios: ReferenceRatio[];
  /** Goal 5: hybrid ÷ vector and graph ÷ hybrid per principal. */
  readonly mode_ratios: ModeRatio[];
  readonly samples: Record<string, RequestSample[]>;
}

/** One reference request as a sample of the table (its server time is the query's, its recall against the same exact answer). */
function referenceSample(
  text: string,
  result: Awaited<ReturnType<typeof runReference>>,
  recall: number | null,
  clientCpuMs: number,
): RequestSample {
  return {
    query: text,
    outcome: result.chunkIds.length > 0 ? 'ok' : 'no_evidence',
    items: result.chunkIds.length,
    e2e_ms: result.e2eMs,
    server_ms: result.serverMs,
    server_critical_ms: result.serverMs,
    driver_ms: Math.max(0, result.e2eMs - result.serverMs),
    driver_critical_ms: Math.max(0, result.e2eMs - result.serverMs),
    packing_ms: 0,
    candidates_in: result.fetch,
    rounds: 1,
    queries: 1,
    server_by_query: { reference: result.serverMs },
    strategy: 'single_query_ann',
    recall,
    client_cpu_ms: clientCpuMs,
  };
}

/** Loads (or keeps) the graph of `chunks` and `vectors` and measures every variant and the reference on it, interleaved. */
async function runScale(server: RunningServer, home: string, opts: Options, chunks: number, vectors: SyntheticVectors): Promise<ScaleRun> {
  let lastPhase = '';
  const embedder = syntheticEmbedder(vectors, opts.seed);
  log(`${chunks} chunks, ${vectors} vectors (${embedder.name})`);
  const loadStarted = performance.now();
  const loadOnce = () =>
    loadSyntheticGraph({
      chunks,
      selectivities: SELECTIVITIES,
      seed: opts.seed,
      vectors,
      home,
      env: {},
      skipIfLoaded: true,
      progress: (event) => {
        if (event.phase !== lastPhase || event.fraction === 1) log(event.message);
        lastPhase = event.phase;
      },
    });
  let load: SyntheticLoadSummary;
  let wroteGraph = true;
  try {
    load = await loadOnce();
    wroteGraph = !load.skipped;
  } catch (error) {
    // The loader records the plan before it waits for the indexes (db.awaitIndexes(300)); on a busy
    // machine the vector index of a large graph takes longer, so wait for it here and load again,
    // which then finds the plan recorded and writes nothing.
    if (!(error instanceof Error && /deadline/.test(error.message))) throw error;
    log(`${error.message} — the indexes are still being built; waiting for them`);
    await waitForIndexes(server);
    load = await loadOnce();
    if (!load.skipped) throw new Error('the graph did not hold the plan after its indexes came online', { cause: error });
  }
  await waitForIndexes(server);
  const loadWallMs = wroteGraph ? performance.now() - loadStarted : null;
  log(
    loadWallMs === null
      ? 'the graph already holds this plan; load skipped'
      : `loaded in ${(loadWallMs / 1000).toFixed(1)} s, indexes online`,
  );

  const testServer = benchTestServer(server, home);
  const driver = neo4j.driver(server.boltUri, neo4j.auth.basic(server.user, server.password), {
    logging: { level: 'error', logger: () => undefined },
  });
  const depsByLimit = new Map<string, PipelineDeps & { close(): Promise<void>; reads: ReturnType<typeof recordReadIntervals> }>();
  const samples = new Map<string, RequestSample[]>();
  const key = (variant: string, principalId: string) => `${variant}/${principalId}`;
  const record = (variant: string, principalId: string, value: RequestSample) => {
    const found = samples.get(key(variant, principalId)) ?? [];
    found.push(value);
    samples.set(key(variant, principalId), found);
  };
  let calibration: Awaited<ReturnType<typeof calibrate>>;
  let truth: GroundTruth;
  let manyDocuments = true;
  try {
    truth = await readGroundTruth(driver);
    log(
      `read ${truth.ids.length} embeddings and ACL fields in ${(truth.readMs / 1000).toFixed(1)} s; principals ${truth.principals.map((p) => `${p.record.principal_id}=${p.allowedCount}`).join(', ')}`,
    );
    const depsFor = (variant: Variant, principal: BenchPrincipal) => {
      const limit =
        variant.exactScanLimit === 'allowed-1'
          ? Math.max(0, principal.allowedCount - 1)
          : variant.exactScanLimit === 'all'
            ? truth.ids.length
            : variant.exactScanLimit;
      const cacheKey = `${String(limit)}/${variant.fulltextAclInIndex ?? true}/${variant.uncachedPrincipal ?? false}/${variant.planFromCachedCounts ?? true}/${variant.everyDocumentInQuery ?? false}/${variant.joinBelowEstimatedMs ?? 'default'}`;
      const found = depsByLimit.get(cacheKey);
      if (found) return found;
      const deps = retrievalDeps(testServer, {
        embedder,
        ...(limit === undefined ? {} : { exactScanLimit: limit }),
        ...(variant.fulltextAclInIndex === false ? { fulltextAclInIndex: false } : {}),
        ...(variant.planFromCachedCounts === false ? { planFromCachedCounts: false } : {}),
        ...(variant.everyDocumentInQuery ? { everyDocumentInQuery: true } : {}),
        ...(variant.joinBelowEstimatedMs === undefined ? {} : { joinBelowEstimatedMs: variant.joinBelowEstimatedMs }),
      });
      const withReads = Object.assign(deps, { reads: recordReadIntervals(deps.gateway) });
      depsByLimit.set(cacheKey, withReads);
      return withReads;
    };
    // The reference asks for a chunk's other documents only where some chunk has two, as the product does (chunk-documents.ts).
    manyDocuments = (await driver.executeQuery(chunkOfManyDocuments(DEFAULT_SCHEMA_PROFILE).text)).records[0]?.get('found') === true;
    log(
      `${manyDocuments ? 'some chunk is' : 'no chunk is'} part of two documents: the reference ${manyDocuments ? 'asks' : 'does not ask'} for a chunk's other documents`,
    );
    // Graph mode follows nothing on a graph without evidence and says so (graph-retriever.ts): the bench must say it too.
    const located = Number(
      (
        await driver.executeQuery(`MATCH ()-[r:${DEFAULT_SCHEMA_PROFILE.relationships.locatedIn}]->() RETURN count(r) AS n`)
      ).records[0]?.get('n') ?? 0,
    );
    if (opts.variants.some((variant) => variant.mode === 'graph'))
      log(
        located === 0
          ? 'the graph holds no evidence: graph mode reads no expansion (one read fewer than on a graph of claims); its expansion is not measured here'
          : `the graph holds ${located} evidence links into chunks: graph mode reads its expansion from the seeds`,
      );
    const checked = new WeakSet<PipelineDeps>();
    const texts = syntheticQueries(opts.seed, WARMUP_QUERIES + opts.queries);
    const queryVectors = new Map(texts.map((text) => [text, embedder.embedNow(text)]));
    const scores = new Map(texts.map((text) => [text, cosineScores(truth, queryVectors.get(text) as Float32Array)]));
    const fetchOf = (principal: BenchPrincipal) => referenceFetch(truth.ids.length, principal.allowedCount, TOP_K, embedder.kind);
    const sameFetchOf = (principal: BenchPrincipal) => plannerFetch(truth.ids.length, principal.allowedCount, TOP_K, embedder.kind);

    // Queries outermost, so the machine's noise spreads over every cell alike; the first few warm up plans and caches.
    // Within a query, one principal at a time: each variant and the reference run back to back, the reference last on
    // even queries and first on odd ones, so neither side always follows the other (the paired ratio compares these neighbours).
    for (const [q, text] of texts.entries()) {
      const measured = q >= WARMUP_QUERIES;
      const exact = scores.get(text) as Float64Array;
      for (const principal of truth.principals) {
        const variantRun = (variant: Variant) => async () => {
          const deps = depsFor(variant, principal);
          // As the app's connection warm-up does before its first query (connection-warmup.ts).
          if (!checked.has(deps)) {
            checked.add(deps);
            const capabilities = await graphCapabilities(deps.gateway, deps.profile, Deadline.after(TIMEOUT_MS));
            await checkChunkDocuments(deps.gateway, deps.profile, capabilities);
          }
          if (variant.uncachedPrincipal) principalCacheOf(deps.gateway).forget();
          deps.reads.take();
          const cpuBefore = process.cpuUsage();
          const started = performance.now();
          const result = await ask(deps, {
            query: text,
            principal: principal.record.principal_id,
            mode: variant.mode,
            top_k: TOP_K,
            max_tokens: MAX_TOKENS,
            timeout_ms: TIMEOUT_MS,
            // The vector relevance floor off: recall is judged against the exact top 10, which has no floor, as the reference has none.
            options: { min_similarity: 0 },
          });
          const e2e = performance.now() - started;
          const cpu = cpuMs(process.cpuUsage(cpuBefore));
          if (!measured) return;
          const returned = result.response.items.flatMap((item) => item.chunk_ids);
          const recall = variant.recall ? recallAtK(truth, exact, principal.allowed, TOP_K, returned) : null;
          record(variant.name, principal.record.principal_id, sample(result, variant, e2e, recall, deps.reads.take(), cpu));
        };
        const referenceRun = (name: string) => async () => {
          const fetch = name === SAME_FETCH_VARIANT ? sameFetchOf(principal) : fetchOf(principal);
          const cpuBefore = process.cpuUsage();
          const result = await runReference(driver, principal.record, queryVectors.get(text) as Float32Array, fetch, TOP_K, {
            everyDocument: manyDocuments,
          });
          const cpu = cpuMs(process.cpuUsage(cpuBefore));
          if (!measured) return;
          const recall = recallAtK(truth, exact, principal.allowed, TOP_K, result.chunkIds);
          record(name, principal.record.principal_id, referenceSample(text, result, recall, cpu));
        };
        const steps = [...opts.variants.map(variantRun), ...opts.references.map(referenceRun)];
        for (const step of q % 2 === 0 ? steps : steps.reverse()) await step();
      }
      log(`${measured ? `query ${q - WARMUP_QUERIES + 1}/${opts.queries}` : `warm-up ${q + 1}/${WARMUP_QUERIES}`} done`);
    }
    calibration = await calibrate(testServer, truth.principals[0]?.record.principal_id ?? 'bench-s100');
  } finally {
    for (const deps of depsByLimit.values()) await deps.close();
    await driver.close();
  }

  const variantNames: { name: string; mode: string }[] = [
    ...opts.variants.map((v) => ({ name: v.name, mode: v.mode as string })),
    ...opts.references.map((name) => ({ name, mode: 'vector' })),
  ];
  const cells: CellSummary[] = variantNames.flatMap((variant) =>
    truth.principals.map((principal) =>
      summarise(
        {
          variant: variant.name,
          mode: variant.mode,
          principal_id: principal.record.principal_id,
          selectivity: Number((principal.allowedCount / truth.ids.length).toPrecision(6)),
          allowed_chunks: principal.allowedCount,
        },
        samples.get(key(variant.name, principal.record.principal_id)) ?? [],
      ),
    ),
  );
  const samplesOf = (variant: string, principalId: string) => samples.get(key(variant, principalId)) ?? [];
  const ratios = referenceRatios(cells, samplesOf);
  const sameFetchRatios = referenceRatios(cells, samplesOf, SAME_FETCH_VARIANT);
  const betweenModes = modeRatios(cells, samplesOf);
  process.stdout.write(
    `\nRetrieval benchmark: ${truth.ids.length} chunks, ${vectors} vectors (${embedder.name}${vectors === 'clustered' ? ', synthetic' : ''}), top_k ${TOP_K}, ${opts.queries} queries per cell, Neo4j ${server.version}, ${os.cpus().length} cores\n`,
  );
  process.stdout.write(
    "neo4j ms = server time (resultAvailableAfter + resultConsumedAfter) on the critical path: the union of the reads' server intervals, reads side by side counted once; app = end-to-end − neo4j (mean, and p50 per request); own = app − driver (reads outstanding at the client beyond server time), i.e. what our code adds\n\n",
  );
  process.stdout.write(`${formatTable(cells)}\n`);
  process.stdout.write(
    '\nWhere the time went (mean ms per request): reads = client time the reads were outstanding beyond server time (round trips, decoding); own = app − reads; setup = validation, principal, plan; retrieval = embedding, reads, candidates; output = re-check to final check; finish = response schema and run record\n\n',
  );
  process.stdout.write(`${formatPhaseTable(cells)}\n`);
  if (ratios.length > 0) {
    process.stdout.write(
      `\nAgainst the reference (one Cypher query: ANN with vector mode's first fetch, the compiled access predicate in the query, exact re-scoring, LIMIT ${TOP_K}); ratio = variant ÷ reference, same interleaved run:\n`,
    );
    process.stdout.write(`${formatRatioTable(ratios.filter((r) => r.variant === 'vector' || opts.variants.length === 1))}\n`);
  }
  if (sameFetchRatios.length > 0) {
    process.stdout.write(
      `\nAgainst the same query with the planner's own first fetch (${SAME_FETCH_VARIANT}: ANN reads as many hits as vector mode's first round):\n`,
    );
    process.stdout.write(`${formatRatioTable(sameFetchRatios.filter((r) => r.variant === 'vector' || opts.variants.length === 1))}\n`);
  }
  if (betweenModes.length > 0) {
    process.stdout.write(
      '\nEach richer mode against the one it builds on (goal 5: hybrid ≤ 1.3× vector, graph ≤ 1.5× hybrid); paired = the median over queries of the two run back to back:\n',
    );
    process.stdout.write(`${formatColumns(MODE_RATIO_COLUMNS, betweenModes)}\n`);
  }
  if (calibration) {
    const { trivial_query: t, principal_lookup: p } = calibration;
    process.stdout.write(
      `\nPer gateway read: RETURN 1 costs ${t.mean_client_ms.toFixed(2)} ms at the client for ${t.mean_server_ms.toFixed(2)} ms on the server; the principal lookup with the graph state (one read a run makes) ${p.mean_client_ms.toFixed(2)} ms (${p.mean_server_ms.toFixed(2)} ms server)\n`,
    );
  }
  return {
    chunks: truth.ids.length,
    vectors,
    embedder: embedder.name,
    load,
    load_wall_ms: loadWallMs,
    ground_truth_read_ms: truth.readMs,
    calibration,
    reference_every_document: manyDocuments,
    reference_fetch: Object.fromEntries(
      truth.principals.map((p) => [p.record.principal_id, referenceFetch(truth.ids.length, p.allowedCount, TOP_K, embedder.kind)]),
    ),
    same_fetch: Object.fromEntries(
      truth.principals.map((p) => [p.record.principal_id, plannerFetch(truth.ids.length, p.allowedCount, TOP_K, embedder.kind)]),
    ),
    cells,
    ratios,
    same_fetch_ratios: sameFetchRatios,
    mode_ratios: betweenModes,
    samples: Object.fromEntries(samples),
  };
}

const RATIO_COLUMNS: { title: string; right: boolean; value: (r: ReferenceRatio) => string }[] = [
  { title: 'variant', right: false, value: (r) => r.variant },
  { title: 'principal', right: false, value: (r) => r.principal_id },
  { title: 'allowed', right: true, value: (r) => String(r.allowed_chunks) },
  { title: 'p50 ms', right: true, value: (r) => r.variant_p50_ms.toFixed(1) },
  { title: 'ref p50 ms', right: true, value: (r) => r.reference_p50_ms.toFixed(1) },
  { title: 'p50 ratio', right: true, value: (r) => `${r.p50_ratio.toFixed(2)}×` },
  { title: 'mean ratio', right: true, value: (r) => `${r.mean_ratio.toFixed(2)}×` },
  { title: 'paired ratio', right: true, value: (r) => (r.paired_ratio === null ? '-' : `${r.paired_ratio.toFixed(2)}×`) },
  { title: 'neo4j ms', right: true, value: (r) => r.variant_server_ms.toFixed(1) },
  { title: 'ref neo4j ms', right: true, value: (r) => r.reference_server_ms.toFixed(1) },
  { title: 'app p50', right: true, value: (r) => r.variant_p50_overhead_ms.toFixed(1) },
  { title: 'ref app p50', right: true, value: (r) => r.reference_p50_overhead_ms.toFixed(1) },
  { title: 'cpu p50', right: true, value: (r) => r.variant_p50_cpu_ms?.toFixed(1) ?? '–' },
  { title: 'ref cpu p50', right: true, value: (r) => r.reference_p50_cpu_ms?.toFixed(1) ?? '–' },
  { title: 'recall@10', right: true, value: (r) => recallText(r.variant_recall, r.variant_min_recall) },
  { title: 'ref recall@10', right: true, value: (r) => recallText(r.reference_recall, r.reference_min_recall) },
];

const MODE_RATIO_COLUMNS: { title: string; right: boolean; value: (r: ModeRatio) => string }[] = [
  { title: 'ratio', right: false, value: (r) => `${r.variant} ÷ ${r.base}` },
  { title: 'principal', right: false, value: (r) => r.principal_id },
  { title: 'allowed', right: true, value: (r) => String(r.allowed_chunks) },
  { title: 'p50 ratio', right: true, value: (r) => `${r.p50_ratio.toFixed(2)}×` },
  { title: 'paired ratio', right: true, value: (r) => (r.paired_ratio === null ? '-' : `${r.paired_ratio.toFixed(2)}×`) },
  { title: 'goal', right: true, value: (r) => `≤ ${r.goal.toFixed(1)}×` },
  { title: 'met (paired)', right: false, value: (r) => (r.paired_ratio === null ? '-' : r.paired_ratio <= r.goal ? 'yes' : 'no') },
];

function recallText(mean: number | null, min: number | null): string {
  return mean === null ? '-' : `${mean.toFixed(3)} (min ${(min as number).toFixed(2)})`;
}

function formatRatioTable(ratios: readonly ReferenceRatio[]): string {
  return formatColumns(RATIO_COLUMNS, ratios);
}

async function main(): Promise<void> {
  const opts = options();
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const home = opts.home ?? homeFor(opts.neo4jVersion);
  log(
    `chunks ${opts.chunks.join(', ')}, vectors ${opts.vectors.join(', ')}, ${opts.queries} queries per cell, seed ${opts.seed}, Neo4j ${opts.neo4jVersion}, home ${home}`,
  );
  const server = await benchServer(home, opts.neo4jVersion);
  log(`${server.reused ? 'reusing' : 'started'} Neo4j ${server.version} on ${server.boltUri}`);
  const runs: ScaleRun[] = [];
  const skipped: { chunks: number; vectors: SyntheticVectors; reason: string }[] = [];
  const file = path.join(RESULTS, `retrieval-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const writeReport = async () => {
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
        references: opts.references,
        chunks: opts.chunks,
        vectors: opts.vectors,
        queries: opts.queries,
        warmup_queries: WARMUP_QUERIES,
        seed: opts.seed,
        top_k: TOP_K,
        max_tokens: MAX_TOKENS,
        selectivities: SELECTIVITIES,
        max_load_minutes: opts.maxLoadMinutes,
      },
      definitions: DEFINITIONS,
      scale: scaleRows(runs),
      skipped,
      runs,
    };
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  };
  try {
    for (const chunks of opts.chunks) {
      for (const vectors of opts.vectors) {
        const verdict = scaleFeasibility({
          chunks,
          dimensions: 384,
          freeMemoryBytes: os.freemem(),
          heapLimitBytes: v8.getHeapStatistics().heap_size_limit,
          maxLoadMs: opts.maxLoadMinutes * 60_000,
          measuredLoads: runs.filter((r) => !r.load.skipped).map((r) => ({ chunks: r.chunks, writeMs: r.load.timings_ms.total })),
        });
        if (!verdict.run) {
          log(`not running ${chunks} chunks (${vectors}): ${verdict.reason}`);
          process.stdout.write(`\nNot run: ${chunks} chunks, ${vectors} vectors — ${verdict.reason}\n`);
          skipped.push({ chunks, vectors, reason: verdict.reason });
          continue;
        }
        runs.push(await runScale(server, home, opts, chunks, vectors));
        await writeReport();
      }
    }
    const rows = scaleRows(runs);
    if (rows.length > 0) {
      process.stdout.write(
        `\nAcross sizes (vector ÷ reference, p50 e2e, same interleaved run; recall@10 against the exact filtered top 10; Neo4j ${server.version}):\n`,
      );
      process.stdout.write(`${formatScaleTable(rows)}\n`);
    }
    await writeReport();
    process.stdout.write(`\nJSON: ${path.relative(REPO_ROOT, file)}\n`);
  } finally {
    if (opts.keepServer) log(`leaving Neo4j running on ${server.boltUri} (--keep-server)`);
    else log((await stopLocalServer({ home })).message);
  }
}

/** The across-sizes rows: `vector` against the reference per size, vector kind and selectivity. */
function scaleRows(runs: readonly ScaleRun[]): ScaleRow[] {
  return runs.flatMap((run) =>
    run.ratios
      .filter((r) => r.variant === 'vector')
      .map((r) => {
        const same = run.same_fetch_ratios.find((x) => x.variant === 'vector' && x.principal_id === r.principal_id);
        return {
          chunks: run.chunks,
          vectors: run.vectors,
          strategies: strategiesOf(run, r.principal_id),
          ...r,
          ...(same
            ? {
                same_fetch: {
                  fetch: run.same_fetch[r.principal_id] ?? 0,
                  reference_p50_ms: same.reference_p50_ms,
                  p50_ratio: same.p50_ratio,
                  paired_ratio: same.paired_ratio,
                  reference_recall: same.reference_recall,
                  reference_min_recall: same.reference_min_recall,
                },
              }
            : {}),
        };
      }),
  );
}

function strategiesOf(run: ScaleRun, principalId: string): string {
  const cell = run.cells.find((c) => c.variant === 'vector' && c.principal_id === principalId);
  return cell ? Object.keys(cell.strategies).join('+') : '-';
}

const DEFINITIONS = {
  server_ms: "Σ over the run's executed queries of server_ms (resultAvailableAfter + resultConsumedAfter, as the gateway records it)",
  server_critical_ms:
    "server time on the request's critical path: the union over every gateway read of the request (the run's queries, the principal lookup, the load marker) of its server interval, placed at the end of the read's client interval ([end − server_ms, end]); reads that ran side by side count once. The reference: its one query's server_ms",
  overhead:
    "end-to-end − server_critical_ms; overhead_pct relative to server_critical_ms; p50_overhead_ms the median over requests (goal 6 compares it with the reference's, the driver's floor for one query)",
  own_code:
    "overhead − driver_critical_ms (the wall time some read was outstanding at the client, less server_critical_ms: Bolt round trips and decoding on the critical path): what the app's own code adds; own_code_pct relative to server_critical_ms",
  client_cpu:
    "client_cpu_ms per request: the bench process's CPU time (process.cpuUsage, user + system) from the request's start to its answer — the client's own work with the driver's, apart from the wait for the server; p50_client_cpu_ms the median per cell, shown as 'cpu p50' beside the reference's (its driver alone)",
  phases:
    "per request (request-phases.ts), from the run's stage timeline: setup_ms (run start to first stage: validation, principal, plan), retrieval_ms (first stage start to the last candidate stage's end), output_ms (re-check, relevance floor, freshness, packing, final check), finish_ms (last stage end to the answer: response schema check and run record), gaps_ms (the rest); mean_phases per cell adds driver_critical_ms",
  driver_ms: 'Σ (client-observed query duration − server_ms): round trips, decoding and row conversion in the driver and gateway',
  recall_at_10:
    'vector variants and the reference: share of the exact filtered top 10 (cosine over the stored embeddings of the chunks the principal may see by the reference rule, computed in the benchmark) found among the chunk_ids returned; a chunk scoring within 1e-6 of the exact 10th counts (ties). Not defined for fulltext/hybrid/graph, whose answer is not a cosine top k.',
  reference:
    "one Cypher query through driver.executeQuery, as a neo4j-graphrag VectorCypherRetriever user writes it: db.index.vector.queryNodes with vector mode's first fetch (reference_fetch: main's planner formula at 430f0b7, frozen), MATCH to the document, WHERE the compiled access predicate the product uses (with the clause asking for a chunk's other documents only where some chunk has two: reference_every_document), ORDER BY exact vector.similarity.cosine, LIMIT 10. Benchmark only, never in the product; run interleaved with the variants, per query and principal. Its driver shares the bench process with the product's gateway, so its writes are gathered into one per request as the product's are (electron/graph/bolt-write-coalescing.ts): the two differ in their queries, not in how the driver sends them",
  relevance_floor:
    'every request runs with options.min_similarity 0 (the vector relevance floor off), so vector mode returns its top 10 as the exact answer and the reference do; the floor is a post-step and costs no query',
  same_fetch:
    "reference@same-fetch: the reference query with vector mode's first fetch as the planner computes it now (same_fetch per principal), the like-for-like single query",
  ratios:
    'variant ÷ reference per principal from the same run: p50 of end-to-end, mean of end-to-end, mean server time, and paired (the median over queries of variant ÷ reference for the same query, run back to back); same_fetch_ratios against reference@same-fetch',
  mode_ratios:
    "goal 5 per principal: hybrid ÷ vector (goal ≤ 1.3) and graph ÷ hybrid (goal ≤ 1.5), by p50 of end-to-end and paired (the median over queries of the two modes' requests for the same query, run back to back)",
  vectors:
    'hashing: the lexical hashing-384 embedder; clustered: synthetic model-like vectors (a mixture of topic clusters, synthetic-vectors.ts), not a model',
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

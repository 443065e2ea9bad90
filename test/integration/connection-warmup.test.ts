import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runContextRequest } from '../../electron/retrieval/context-pipeline';
import { principalCacheOf } from '../../electron/retrieval/principal-cache';
import { ServiceHub } from '../../electron/services/service-hub';
import { WARM_ROW_READS, WARM_ROW_SHAPES, WARMUP_QUESTIONS } from '../../electron/services/connection-warmup';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { ensureDemoGraph } from '../support/demo-graph';

const server = inject('neo4j');

describe('the warm-up at connect', () => {
  const open: { hub: ServiceHub; dir: string }[] = [];
  const hubFor = (warmOnConnect: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-warmup-'));
    const env = { LENS_HOME: path.join(dir, 'home'), NEO4J_URI: server.uri, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password };
    const hub = new ServiceHub(env, undefined, undefined, { warmOnConnect });
    open.push({ hub, dir });
    return hub;
  };

  beforeAll(async () => {
    await ensureDemoGraph(server);
  });

  afterEach(async () => {
    for (const { hub, dir } of open.splice(0)) {
      await hub.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs in the background once the services open: caches every graph principal, runs each mode once, records no run', async () => {
    const hub = hubFor(true);
    const services = hub.services();
    // Opening the services does not wait for the warm-up: it has not read anything yet.
    expect(principalCacheOf(services.gateway).size).toBe(0);
    const report = await hub.warmup();
    expect(report?.stopped).toBeNull();
    expect(report?.principals_cached).toBeGreaterThan(0);
    expect(principalCacheOf(services.gateway).get('u-sora')).toMatchObject({ principal_id: 'u-sora', source: 'graph' });
    // Each mode once, and the vector search's ANN path, per question and shape of the principals (lists empty or
    // not), then the vector, hybrid and graph runs as a warm run sends them (the state read riding in the vector
    // query, hybrid's sides joined in one, with the vector side exact and ANN, and with the vector side apart).
    const runs = report?.runs.map((run) => `${run.mode}/${run.strategy}`) ?? [];
    const eachMode = ['vector/default', 'fulltext/default', 'hybrid/default', 'graph/default', 'vector/ann'];
    const riding = ['vector/riding', 'hybrid/riding', 'graph/riding', 'hybrid/riding-ann', 'hybrid/riding-apart'];
    expect(runs.slice(0, 15)).toEqual([...eachMode, ...eachMode, ...riding]);
    expect(runs.filter((run) => run === 'vector/riding')).toHaveLength((runs.length - 5) / 10);
    // The first stand-in asks in Korean and in plain English (one- and two-byte strings), the others once.
    expect(report?.runs.slice(0, 10).map((run) => run.question)).toEqual([
      ...Array<string>(5).fill(WARMUP_QUESTIONS[0]),
      ...Array<string>(5).fill(WARMUP_QUESTIONS[1]),
    ]);
    // As a principal who may see nothing, every run is an answer without evidence, and none is a user's run.
    expect(new Set(report?.runs.map((run) => run.outcome))).toEqual(new Set(['no_evidence']));
    expect(services.store.countRuns()).toBe(0);
    // Last, the pages a first query reads: the vector index searched with a real fetch, every chunk's embedding read once.
    expect(report?.pages?.annFetch).toBeGreaterThan(10);
    expect(report?.pages?.embeddingsRead).toBeGreaterThan(0);
  }, 120_000);

  it("keeps each principal's whole-graph counts, so a principal's first vector query plans from them without counting", async () => {
    const hub = hubFor(true);
    const services = hub.services();
    const report = await hub.warmup();
    expect(report?.stopped).toBeNull();
    expect(report?.principals_counted).toBe(report?.principals_cached);
    const { response, run } = await runContextRequest(
      { query: 'payments database failover', principal: 'u-sora', mode: 'vector', max_tokens: 100_000, timeout_ms: 30_000 },
      services.deps,
    );
    expect(response.outcome).toBe('ok');
    expect(run.queries.map((q) => q.name)).not.toContain('access-scope-counts');
    expect(response.stages.find((s) => s.name === 'access_scope')?.strategy).toBe('cached_counts');
  }, 120_000);

  it('has run every query text the first runs of a counted principal send, in every mode (Neo4j plans each text once)', async () => {
    const hub = hubFor(true);
    const services = hub.services();
    const texts = new Set<string>();
    const read = services.gateway.read.bind(services.gateway);
    services.gateway.read = (query, params, options) => {
      texts.add(query.text);
      return read(query, params, options);
    };
    const report = await hub.warmup();
    expect(report?.stopped).toBeNull();
    const warmed = new Set(texts);
    // Every principal of the demo graph (their shapes differ), each mode, and the vector search's ANN path in the
    // modes that search vectors (a wide principal's on a large graph; hybrid's joined read holds it).
    // Hybrid's and graph's vector side also goes apart from the word sides' read when the server would take
    // long over it (vector-plan.ts, joinsOtherReads): a wide principal's on a large graph, which the demo is not.
    const cases = [
      ...(['vector', 'fulltext', 'hybrid', 'graph'] as const).map((mode) => ({ mode, deps: services.deps })),
      ...(['vector', 'hybrid', 'graph'] as const).map((mode) => ({ mode, deps: { ...services.deps, exactScanLimit: 0 } })),
      ...(['hybrid', 'graph'] as const).flatMap((mode) => [
        { mode, deps: { ...services.deps, joinBelowEstimatedMs: 0 } },
        { mode, deps: { ...services.deps, joinBelowEstimatedMs: 0, exactScanLimit: 0 } },
      ]),
    ];
    for (const principal of buildLoadPlan().principals.map((p) => p.principal_id))
      for (const { mode, deps } of cases) {
        const { response, run } = await runContextRequest(
          { query: 'payments database failover', principal, mode, max_tokens: 100_000, timeout_ms: 30_000 },
          deps,
        );
        expect(['ok', 'no_evidence']).toContain(response.outcome);
        const unplanned = run.queries.filter((q) => !warmed.has(q.cypher)).map((q) => q.name);
        expect({ principal, mode, unplanned }).toEqual({ principal, mode, unplanned: [] });
      }
  }, 120_000);

  it('plans the reads a first run makes that a run as nobody never does: the principal lookup per id length, graph expansion from seeds shaped like chunk ids, rows of properties decoded', async () => {
    const hub = hubFor(true);
    const services = hub.services();
    // The warm-up starts with the capabilities; every read after them is seen here.
    const seen: { name: string; params: Record<string, unknown> }[] = [];
    const read = services.gateway.read.bind(services.gateway);
    services.gateway.read = (query, params, options) => {
      seen.push({ name: query.name, params });
      return read(query, params, options);
    };
    const report = await hub.warmup();
    expect(report?.stopped).toBeNull();
    const plan = buildLoadPlan();
    const principalIds = new Set(plan.principals.map((p) => p.principal_id));
    const lookups = seen.filter((s) => s.name === 'principal-and-graph-marker').map((s) => String(s.params.run_principal_id));
    // Ids no graph has, each as long as some principal's id (Neo4j plans a string of another size apart); a real
    // id only where the warm-up counts a principal (the graph's state read with its counts, once per principal).
    const idLengths = new Set([...principalIds].map((id) => id.length));
    const standIns = lookups.filter((id) => !principalIds.has(id));
    expect(standIns.length).toBeGreaterThan(0);
    for (const id of standIns) expect(idLengths).toContain(id.length);
    const real = lookups.filter((id) => principalIds.has(id));
    expect(real.length).toBeLessThanOrEqual(report?.principals_counted ?? 0);
    expect(new Set(real).size).toBe(real.length);
    const chunkIds = new Set(plan.documents.flatMap((d) => d.chunks.map((c) => c.chunk_id)));
    const chunkIdLengths = new Set([...chunkIds].map((id) => id.length));
    const expansion = seen.find((s) => s.name === 'graph-expansion');
    const seeds = (expansion?.params.seeds ?? []) as string[];
    expect(seeds).toHaveLength(10);
    for (const seed of seeds) {
      expect(chunkIds.has(seed)).toBe(false);
      expect(chunkIdLengths).toContain(seed.length);
    }
    // Rows shaped like candidate rows, made of literals: decoded warm before a user's first query, nothing of the graph read.
    expect(seen.filter((s) => s.name === WARM_ROW_SHAPES.name)).toHaveLength(WARM_ROW_READS);
    expect(WARM_ROW_SHAPES.text).not.toMatch(/\b(MATCH|CALL|LOAD|SHOW)\b/i);
  }, 120_000);

  it('is not started where the hub is not told to warm (a one-shot CLI command)', async () => {
    const hub = hubFor(false);
    hub.services();
    expect(hub.warmup()).toBeNull();
  });

  it('stops at a reconnect, and the new connection is warmed afresh', async () => {
    const hub = hubFor(true);
    const first = hub.services().gateway;
    const stopped = hub.warmup();
    await hub.reset();
    expect((await stopped)?.stopped).not.toBeNull();
    const second = hub.services().gateway;
    expect(second).not.toBe(first);
    expect((await hub.warmup())?.stopped).toBeNull();
    expect(principalCacheOf(second).size).toBeGreaterThan(0);
  }, 120_000);
});

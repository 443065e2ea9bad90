import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { writeLoadPlan, type LoadWrite } from '../../electron/demo-graph/graph-writer';
import type { Embedder } from '../../electron/corpus/embedder';
import { createOpenAiClient } from '../../electron/llm/openai-client';
import { createOpenAiEmbedder } from '../../electron/llm/openai-embedder';
import type { ProgressEvent } from '../../shared/progress-event';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';
import { startOpenAiStub, stubVector, type OpenAiStub, type StubReply, type StubRequest } from '../support/openai-stub-server';
import { ask, retrievalDeps, useDemoRetrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const QUESTION = 'payment ledger reconciliation';

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub({ dimensions: 64 });
});
afterAll(() => stub.close());

/** A model embedder on the stub: `openai:stub-embed[:dimensions]`, retrying quickly. */
function stubEmbedder(dimensions?: number): Embedder {
  const client = createOpenAiClient({ baseUrl: stub.baseUrl, apiKey: 'sk-integration-key-5555' }, {});
  return createOpenAiEmbedder(
    { provider: 'openai', model: 'stub-embed', ...(dimensions ? { dimensions } : {}) },
    { client, retry: { attempts: 2, firstBackoffMs: 5 } },
  );
}

/** The stub's own default reply: `stubVector` of each text at the asked length. */
function healthy(request: StubRequest): StubReply {
  const texts = request.body.input as string[];
  const size = typeof request.body.dimensions === 'number' ? request.body.dimensions : 64;
  return {
    body: { object: 'list', data: texts.map((text, index) => ({ object: 'embedding', index, embedding: stubVector(text, size) })) },
  };
}

const embeddingRequests = (from: number): StubRequest[] =>
  stub.requests.slice(from).filter((request) => request.path.endsWith('/embeddings'));
const inputsOf = (requests: StubRequest[]) => requests.flatMap((request) => request.body.input as string[]);
const toNumber = (value: unknown) => (neo4j.isInt(value) ? (value as { toNumber(): number }).toNumber() : Number(value));

async function rows(driver: Driver, text: string): Promise<Record<string, unknown>[]> {
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    return (await session.run(text)).records.map((record) => record.toObject());
  } finally {
    await session.close();
  }
}

describe('a query embedder that does not fit the demo graph (hashing-384, 384 dimensions) is refused before any vector query', () => {
  const deps = useDemoRetrievalDeps(server);

  for (const mode of ['vector', 'hybrid', 'graph'] as const) {
    it(`refuses openai:stub-embed:256 in ${mode} mode with invalid_request naming both lengths, without calling the model`, async () => {
      const before = stub.requests.length;
      const { response, run } = await ask({ ...deps(), embedder: stubEmbedder(256) }, { query: QUESTION, principal: 'u-sora', mode });
      expect(response.outcome).toBe('invalid_request');
      expect(response.answerable).toBe(false);
      expect(response.items).toEqual([]);
      expect(response.message).toMatch(
        /chunk_embedding holds 384-dimension vectors, embedded with hashing-384, .*openai:stub-embed:256, which makes 256/,
      );
      expect(response.message).toMatch(/LENS_EMBEDDER=hashing-384/);
      expect(run.queries.filter((query) => query.stage === mode)).toEqual([]);
      expect(embeddingRequests(before)).toEqual([]);
    });
  }

  it('refuses a model given no length by the embedder the graph records, naming both', async () => {
    const before = stub.requests.length;
    const { response } = await ask({ ...deps(), embedder: stubEmbedder() }, { query: QUESTION, principal: 'u-sora', mode: 'vector' });
    expect(response.outcome).toBe('invalid_request');
    expect(response.message).toMatch(/made by hashing-384 \(384 dimensions\), but queries are embedded with openai:stub-embed;/);
    expect(embeddingRequests(before)).toEqual([]);
  });

  it('still answers full-text mode, which embeds nothing', async () => {
    const { response } = await ask(
      { ...deps(), embedder: stubEmbedder(256) },
      // One matched term is enough here: the test is about the embedder check, not relevance.
      { query: QUESTION, principal: 'u-sora', mode: 'fulltext', timeout_ms: 120_000, options: { min_matched_terms: 1 } },
    );
    expect(response.outcome, response.message).toBe('ok');
  });
});

/** `driver`, counting into `counts` the statements each session it opens runs. */
function countingSessions(driver: Driver, counts: number[]): Driver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      if (property !== 'session') return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<Driver['session']>) => {
        const session = target.session(...args);
        const index = counts.push(0) - 1;
        const run = session.run.bind(session);
        session.run = ((...runArgs: Parameters<typeof run>) => {
          counts[index] = (counts[index] ?? 0) + 1;
          return run(...runArgs);
        }) as typeof session.run;
        return session;
      };
    },
  });
}

describe('the demo loaded with a model embedder (the stub at 64 dimensions), then queried with it', () => {
  let driver: Driver;
  let deps: RetrievalDeps;
  let written: LoadWrite;
  let requests: StubRequest[];
  const events: ProgressEvent[] = [];
  const chunks = buildLoadPlan().documents.reduce((sum, doc) => sum + doc.chunks.length, 0);

  // How many statements each session the load opened ran: a driver session keeps every result until it closes.
  const statementsPerSession: number[] = [];

  beforeAll(async () => {
    driver = fixtureDriver(server);
    const before = stub.requests.length;
    written = await writeLoadPlan(countingSessions(driver, statementsPerSession), buildLoadPlan(), stubEmbedder(64), (event) =>
      events.push(event),
    );
    requests = embeddingRequests(before);
    deps = retrievalDeps(server, { embedder: stubEmbedder(64) });
  }, 600_000);
  afterAll(async () => {
    await deps?.close();
    await driver?.close();
    await ensureDemoGraph(server);
  }, 600_000);

  it('runs each statement in a session of its own, so no session keeps the batches it wrote', () => {
    expect(statementsPerSession.length).toBeGreaterThan(written.embedding.batches);
    expect(Math.max(...statementsPerSession)).toBe(1);
  });

  it('embeds every chunk once, 64 a request, with progress after each batch', () => {
    expect(written.embedding).toEqual({
      // A model embedder has no features version (the hashing embedder's, recorded so a graph of older features is refused).
      embedder: { name: 'openai:stub-embed:64', features: null, dimensions: 64, kind: 'semantic' },
      embedded: chunks,
      kept: 0,
      batches: Math.ceil(chunks / 64),
    });
    expect(requests.map((request) => (request.body.input as string[]).length)).toEqual(
      Array.from({ length: Math.ceil(chunks / 64) }, (_, i) => Math.min(64, chunks - i * 64)),
    );
    expect(requests.every((request) => request.body.dimensions === 64 && request.body.model === 'stub-embed')).toBe(true);
    const embedEvents = events.filter((event) => event.phase === 'embed');
    expect(embedEvents).toHaveLength(Math.ceil(chunks / 64));
    expect(embedEvents.at(-1)).toMatchObject({ fraction: 1, message: expect.stringContaining(`Embedded ${chunks} of ${chunks} chunks`) });
  });

  it('stores 64-dimension vectors marked with the embedder, a 64-dimension index, and records the embedder on the graph', async () => {
    const [stored] = await rows(
      driver,
      `MATCH (c:Chunk) WITH collect(DISTINCT size(c.embedding)) AS sizes, collect(DISTINCT c.embedded_with) AS names
       MATCH (m:LensEmbeddingInfo) RETURN sizes, names, m.embedder AS embedder, m.dimensions AS dimensions, m.kind AS kind`,
    );
    expect({ ...stored, sizes: (stored?.sizes as unknown[]).map(toNumber), dimensions: toNumber(stored?.dimensions) }).toEqual({
      sizes: [64],
      names: ['openai:stub-embed:64'],
      embedder: 'openai:stub-embed:64',
      dimensions: 64,
      kind: 'semantic',
    });
    // The stub's 64 values are the first 64 hashing buckets, so a short text can get the zero vector: stored as none.
    const zero = buildLoadPlan().documents.flatMap((doc) => doc.chunks.filter((chunk) => stubVector(chunk.text, 64).every((x) => x === 0)));
    const [without] = await rows(
      driver,
      'MATCH (c:Chunk) WHERE c.embedding IS NULL RETURN count(c) AS chunks, collect(c.embedded_with) AS names',
    );
    expect({ chunks: toNumber(without?.chunks), marked: (without?.names as string[]).length }).toEqual({
      chunks: zero.length,
      marked: zero.length,
    });
    const [index] = await rows(driver, "SHOW VECTOR INDEXES YIELD name, options WHERE name = 'chunk_embedding' RETURN options");
    expect((index?.options as { indexConfig: Record<string, unknown> }).indexConfig['vector.dimensions']).toSatisfy(
      (value) => toNumber(value) === 64,
    );
  });

  for (const mode of ['vector', 'hybrid', 'graph'] as const) {
    it(`answers ${mode} mode with items, naming the semantic embedder with the run`, async () => {
      const { response } = await ask(deps, { query: QUESTION, principal: 'u-sora', mode });
      expect(response.outcome, response.message).toBe('ok');
      expect(response.items.length).toBeGreaterThan(0);
      expect(response.embedder).toEqual({ name: 'openai:stub-embed:64', kind: 'semantic', dimensions: 64 });
      expect(response.stages.find((stage) => stage.name === 'embed_query')).toMatchObject({ strategy: 'openai:stub-embed:64' });
    });
  }

  it('finds the same chunks in vector mode with a model given no length, once its reply says 64', async () => {
    const learning = retrievalDeps(server, { embedder: stubEmbedder() });
    try {
      // The graph records openai:stub-embed:64; the same model named without a length fits once it answers with 64.
      const [named, learned] = await Promise.all([
        ask(deps, { query: QUESTION, principal: 'u-sora', mode: 'vector' }),
        ask(learning, { query: QUESTION, principal: 'u-sora', mode: 'vector' }),
      ]);
      expect(learned.response.outcome, learned.response.message).toBe('ok');
      expect(learned.response.items.map((item) => item.chunk_id)).toEqual(named.response.items.map((item) => item.chunk_id));
    } finally {
      await learning.close();
    }
  });

  it('refuses the hashing embedder on this graph, naming both embedders', async () => {
    const hashing = retrievalDeps(server);
    try {
      const { response } = await ask(hashing, { query: QUESTION, principal: 'u-sora', mode: 'hybrid' });
      expect(response.outcome).toBe('invalid_request');
      expect(response.message).toMatch(
        /64-dimension vectors, embedded with openai:stub-embed:64, but queries are embedded with hashing-384, which makes 384/,
      );
    } finally {
      await hashing.close();
    }
  });

  it('ends in timeout, not no_evidence, when the model answers after the deadline', async () => {
    stub.enqueue('embeddings', { delayMs: 3_000, body: {} });
    const { response } = await ask(deps, { query: QUESTION, principal: 'u-sora', mode: 'vector', timeout_ms: 500 });
    expect(response.outcome).toBe('timeout');
    expect(response.failed_stage).toBe('vector');
    expect(response.answerable).toBe(false);
  });

  it('ends in unavailable when the model keeps failing with 500', async () => {
    stub.enqueue('embeddings', ...Array.from({ length: 2 }, () => ({ status: 500, body: { error: { message: 'down' } } })));
    const { response } = await ask(deps, { query: QUESTION, principal: 'u-sora', mode: 'vector' });
    expect(response.outcome).toBe('unavailable');
  });
});

describe('a load that fails while embedding resumes without embedding again what it wrote', () => {
  let driver: Driver;
  beforeAll(() => {
    driver = fixtureDriver(server);
  });
  afterAll(async () => {
    stub.setDefault('embeddings', healthy);
    await driver?.close();
    await ensureDemoGraph(server);
  }, 600_000);

  it('keeps the 3 batches written before the outage and embeds only the rest on the rerun', async () => {
    const plan = buildLoadPlan();
    const chunks = plan.documents.reduce((sum, doc) => sum + doc.chunks.length, 0);
    let answered = 0;
    stub.setDefault('embeddings', (request) =>
      answered++ < 3 ? healthy(request) : { status: 500, body: { error: { message: 'model server down' } } },
    );
    const first = stub.requests.length;
    await expect(writeLoadPlan(driver, plan, stubEmbedder(32), () => undefined)).rejects.toMatchObject({ kind: 'unavailable' });
    const failedRun = embeddingRequests(first);
    const [partial] = await rows(driver, 'MATCH (c:Chunk) RETURN count(c.embedded_with) AS embedded, count(c) AS chunks');
    expect({ embedded: toNumber(partial?.embedded), chunks: toNumber(partial?.chunks) }).toEqual({ embedded: 3 * 64, chunks });
    const [claims] = await rows(driver, 'OPTIONAL MATCH (m:LensEmbeddingInfo) RETURN count(m) AS recorded');
    expect(toNumber(claims?.recorded)).toBe(0);

    stub.setDefault('embeddings', healthy);
    const second = stub.requests.length;
    const events: ProgressEvent[] = [];
    const resumed = await writeLoadPlan(driver, plan, stubEmbedder(32), (event) => events.push(event));
    const rerun = embeddingRequests(second);

    expect(resumed.resumed).toBe(true);
    expect(resumed.embedding).toMatchObject({ embedded: chunks - 192, kept: 192, batches: Math.ceil((chunks - 192) / 64) });
    expect(rerun).toHaveLength(Math.ceil((chunks - 192) / 64));
    const embeddedBefore = new Set(inputsOf(failedRun.slice(0, 3)));
    expect(inputsOf(rerun).filter((text) => embeddedBefore.has(text))).toEqual([]);
    expect(inputsOf(rerun)).toHaveLength(chunks - 192);
    expect(events.map((event) => event.phase)).not.toContain('wipe');
    expect(events.find((event) => event.phase === 'embed')?.message).toMatch(
      /Resuming: 192 of \d+ chunks already hold openai:stub-embed:32 vectors/,
    );
    const [done] = await rows(
      driver,
      'MATCH (c:Chunk) WITH count(c.embedded_with) AS embedded, count(c) AS chunks MATCH (m:LensEmbeddingInfo) MATCH (l:LensLoadInfo) RETURN embedded, chunks, m.embedder AS embedder, l.plan_hash IS NOT NULL AS finished',
    );
    expect({ ...done, embedded: toNumber(done?.embedded), chunks: toNumber(done?.chunks) }).toEqual({
      embedded: chunks,
      chunks,
      embedder: 'openai:stub-embed:32',
      finished: true,
    });
    console.log(
      `resumable load: ${chunks} chunks; failed run ${failedRun.length} requests (3 answered, then 500s with retries); rerun ${rerun.length} requests for ${chunks - 192} chunks`,
    );
  }, 600_000);
});

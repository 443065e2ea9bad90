import { RETRIEVAL_OPTION_DEFAULTS, REQUEST_DEFAULTS, type RetrievalMode } from '../../shared/context-contract';
import { Deadline } from '../../shared/deadline';
import type { Principal } from '../../shared/principal';
import type { Embedder } from '../corpus/embedder';
import { defineQuery } from '../graph/built-in-query';
import { accessScopeRow } from '../retrieval/access-scope';
import { runContextRequest, type PipelineDeps } from '../retrieval/context-pipeline';
import { validateRequest } from '../retrieval/request-validation';
import { planRetrieval } from '../retrieval/retrieval-plan';
import { RunLog } from '../retrieval/retrieval-stages';
import { checkChunkDocuments } from '../retrieval/chunk-documents';
import { documentKeys, projectionKeys } from '../retrieval/chunk-keys';
import { graphCapabilities } from '../retrieval/graph-capabilities';
import { principalCacheOf } from '../retrieval/principal-cache';
import { cacheGraphPrincipals } from '../retrieval/principal-resolver';
import { chunkIdLength, graphExpansion, graphMarker, runState } from '../retrieval/retrieval-queries';
import { successorDocuments } from '../retrieval/successor-visibility';
import { warmPages, type PagesWarmed } from '../retrieval/warm-pages';

/** What a warm-up did: how long it took, the principals it cached, each retrieval it ran and how that ended. */
export interface WarmupReport {
  readonly elapsed_ms: number;
  readonly principals_cached: number;
  /** Principals whose whole-graph counts (no filters) the connection now keeps, so their first vector query plans at once. */
  readonly principals_counted?: number;
  readonly runs: readonly {
    readonly mode: RetrievalMode;
    readonly strategy: string;
    readonly question: string;
    readonly outcome: string;
    readonly ms: number;
  }[];
  /** The pages the first real queries read, brought into the caches (absent when the graph has no usable vector index or the warm-up stopped first). */
  readonly pages?: PagesWarmed;
  /** Why it stopped early (an unreachable graph, a cancel), or null when it did every step. */
  readonly stopped: string | null;
}

/** The modes whose read queries the warm-up runs once; the others run no query of their own (cypher, text2cypher, provider) or call these. */
const WARMED_MODES: readonly RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph'];
const WARMUP_TIMEOUT_MS = 60_000;
/** How long warming the pages may take (the graph's embeddings read once); past it the warm-up stops, reporting why. */
const PAGES_TIMEOUT_MS = 60_000;
/**
 * The most principals whose whole-graph counts the warm-up makes (each a pass over the chunks the
 * access rule judges, counts only, nothing read out): without them a principal's first vector query
 * waits for that count (1.8–4.8 s of server time at 100,000 chunks on a loaded machine).
 */
const MAX_PRINCIPALS_COUNTED = 25;

/**
 * The most principal shapes the warm-up plans for (each shape plans every mode's queries once, a
 * second or more of server time each on a busy machine); the commonest shapes go first.
 */
const MAX_SHAPES = 6;

/**
 * Rows shaped like the candidate rows a run reads (a chunk's and a document's properties as maps of
 * strings, integers, floats, lists and a datetime, a score, counts, a verdict), made of literals in
 * the query itself: nothing of the graph is read. The warm-up's runs find nothing for a principal who
 * may see nothing, so without these the process first decodes such rows in a user's first query.
 */
export const WARM_ROW_SHAPES = defineQuery(
  'warm-up-row-shapes',
  `UNWIND range(1, $rows) AS i
   RETURN 'warm-up-' + toString(i) AS chunk_id, toFloat(i) / 7.0 AS score, i AS fetched, 0 AS not_visible, 0 AS filtered, $rows AS allowed_total,
     { chunk_id: 'warm-up-' + toString(i), text: 'warm-up 준비 ready ' + toString(i), position: i, token_count: i * 3, language: 'en', acl_partition: null } AS chunk,
     [{ document: { document_id: 'warm-up-' + toString(i % 7), title: 'warm-up', doc_type: 'runbook', updated_at: datetime('2026-01-01T00:00:00Z'),
       allowed_groups: ['warm-up-a', 'warm-up-b'], visibility: 'internal', weight: toFloat(i) / 3.0 }, allowed: true }] AS judged`,
);
/** Reads of `WARM_ROW_SHAPES` and rows each: about a thousand rows, enough for the decoding to run warm (measured: the first vector query after connect at 0.1 % reach, 25.5 -> 14.1 ms median of 7 processes each). */
export const WARM_ROW_READS = 20;
const WARM_ROWS_PER_READ = 50;

/** A string of `length` characters no graph holds as an id: the warm-up's stand-in for an id of that length. */
function standIn(length: number, fill: string): string {
  return `\u2400${fill.repeat(Math.max(0, length - 1))}`;
}

/**
 * Harmless parameters shaped like `like`: a principal of a workspace, groups and partitions no
 * graph has, so every access rule is false and nothing can be read, while the queries' texts (never
 * their values) are those every principal runs. Neo4j keeps a plan per text and parameter types, and
 * a type carries a size: a list's length, and a string's length in steps (measured on 5.26: a
 * principal id of 10 characters and one of 11 are planned apart, a workspace id of 8 and one of 24
 * too). So the stand-in has the same lengths as the principal it stands for: same-length ids, as
 * many groups and partitions.
 */
function nobodyLike(like: Principal): Principal {
  return {
    principal_id: standIn(like.principal_id.length, 'p'),
    workspace_id: standIn(like.workspace_id.length, 'w'),
    groups: like.groups.map((group) => standIn(group.length, 'g')),
    acl_partitions: like.acl_partitions.map((partition) => standIn(partition.length, 'a')),
    source: 'inline',
  };
}

const shapeOf = (p: Principal) => JSON.stringify([p.principal_id.length, p.workspace_id.length, p.groups.length, p.acl_partitions.length]);

/** One harmless principal per shape of the given principals (at least one), the commonest shapes first, at most MAX_SHAPES. */
export function harmlessPrincipals(principals: readonly Principal[]): Principal[] {
  const byShape = new Map<string, { like: Principal; count: number }>();
  for (const principal of principals) {
    const found = byShape.get(shapeOf(principal));
    if (found) found.count += 1;
    else byShape.set(shapeOf(principal), { like: principal, count: 1 });
  }
  const shapes = [...byShape.values()].sort((a, b) => b.count - a.count).slice(0, MAX_SHAPES);
  const fallback: Principal = {
    principal_id: 'lens-warmup',
    workspace_id: 'lens-warmup',
    groups: ['lens-warmup'],
    acl_partitions: ['lens-warmup'],
    source: 'inline',
  };
  return (shapes.length > 0 ? shapes.map((shape) => shape.like) : [fallback]).map(nobodyLike);
}

/**
 * The embedder the warm-up runs with: the connection's name, kind and length (so the vector index
 * fits it as it fits the real one), answering a fixed unit vector without calling anything. A plan
 * depends on the query's text and parameter types, never on the vector's values, and a model
 * embedder would make the warm-up cost paid calls nobody asked for. Null when the length is not
 * known yet (a model that has not answered): then only the modes without a vector are warmed.
 */
export function warmupEmbedder(embedder: Embedder): Embedder | null {
  const { dimensions } = embedder;
  if (dimensions === null || dimensions < 1) return null;
  const unit = () => {
    const vector = new Float32Array(dimensions);
    vector[0] = 1;
    return vector;
  };
  return {
    name: embedder.name,
    dimensions,
    kind: embedder.kind,
    batchSize: embedder.batchSize,
    embed: async () => unit(),
    embedMany: async (texts) => texts.map(unit),
  };
}

/**
 * The questions the warm-up asks. V8 compiles a regular expression apart for a string of one-byte
 * characters and for one of two-byte characters (any Hangul makes a string two-byte), and the
 * question runs through many of them (routing cues, Lucene escaping, matched terms, the hashing
 * embedder's words, the tokenizer): a warm-up that asked only in Korean left an English question's
 * first run compiling them. So the first stand-in asks once in each; the other shapes, whose queries
 * differ from the first's only in their parameters' sizes, ask once.
 */
export const WARMUP_QUESTIONS = ['warm-up 준비', 'warm-up ready'] as const;

/**
 * Deps whose vector search takes the ANN path whatever the principal may see: a fixed exact-scan
 * limit below any count (a principal who may see nothing has 0 allowed chunks, and a limit of 0
 * would still scan exactly).
 */
const annDeps = (deps: PipelineDeps): PipelineDeps => ({ ...deps, exactScanLimit: -1 });

/** Deps whose vector side always reads apart from the word sides (hybrid and graph mode), whatever its estimate. */
const apartDeps = (deps: PipelineDeps): PipelineDeps => ({ ...deps, joinBelowEstimatedMs: 0 });

/**
 * The runs of the warm-up: each mode's default path, and the vector search's ANN path, which a
 * principal of wide reach takes; the first stand-in asks every question (WARMUP_QUESTIONS); then
 * vector, hybrid and graph once more as a run with cached counts sends them, and hybrid so with ANN
 * and with its vector side apart.
 */
export function warmupRuns(deps: PipelineDeps, principals: readonly Principal[]) {
  const embedder = warmupEmbedder(deps.embedder);
  const warmDeps = embedder ? { ...deps, embedder } : deps;
  return harmlessPrincipals(principals).flatMap((principal, shape) => [
    ...WARMUP_QUESTIONS.slice(0, shape === 0 ? WARMUP_QUESTIONS.length : 1).flatMap((query) => [
      ...WARMED_MODES.filter((mode) => embedder !== null || mode === 'fulltext').map((mode) => ({
        mode,
        strategy: 'default',
        deps: warmDeps,
        principal,
        query,
      })),
      ...(embedder ? [{ mode: 'vector' as const, strategy: 'ann', deps: annDeps(warmDeps), principal, query }] : []),
    ]),
    // The stand-in's first run counted its whole-graph counts; with them cached, a vector run's state read
    // rides in the vector query (riding-read.ts), and hybrid's and graph's sides go in one joined query
    // (joined-reads.ts): other texts to plan, the ones a warm run sends. Hybrid's joined query holds the
    // vector side's first read, exact or ANN, so it is planned both ways (graph mode sends the same one):
    // unplanned, the ANN one cost a wide principal's first hybrid query 0.8 s at 30,000 chunks.
    ...(embedder
      ? [
          ...(['vector', 'hybrid', 'graph'] as const).map((mode) => ({
            mode,
            strategy: 'riding',
            deps: warmDeps,
            principal,
            query: WARMUP_QUESTIONS[0],
          })),
          { mode: 'hybrid' as const, strategy: 'riding-ann', deps: annDeps(warmDeps), principal, query: WARMUP_QUESTIONS[0] },
          // A vector read the server takes long over goes apart from the word sides' (vector-plan.ts, joinsOtherReads),
          // and then the run's state read rides in the word sides' query instead: another text to plan.
          { mode: 'hybrid' as const, strategy: 'riding-apart', deps: apartDeps(warmDeps), principal, query: WARMUP_QUESTIONS[0] },
        ]
      : []),
  ]);
}

/**
 * What a first run computes in this process, outside any query, that nothing else warms: the
 * default collator (ICU loads it on the first `localeCompare`, 10–20 ms of CPU; rank fusion breaks
 * ties with it, and a warm-up run finds nothing to sort), the tokenizer's table and its one- and
 * two-byte paths, a lexical embedder itself (local, free; the runs use a stand-in for any
 * embedder, so a model is never called), and decoding rows of properties (`WARM_ROW_SHAPES`).
 */
async function warmProcess(deps: PipelineDeps, deadline: Deadline): Promise<void> {
  'a'.localeCompare('b');
  for (const question of WARMUP_QUESTIONS) {
    deps.tokenCounter.count(question);
    if (deps.embedder.kind === 'lexical') await deps.embedder.embed(question, deadline);
  }
  for (let read = 0; read < WARM_ROW_READS; read++)
    await deps.gateway.read(WARM_ROW_SHAPES, { rows: WARM_ROWS_PER_READ }, { deadline, stage: 'warm-up' });
}

/** A vector run planned as `principal` without running it (no trace): what the counts and the page warming read with. */
function plannedAs(deps: PipelineDeps, principal: Principal, deadline: Deadline) {
  const request = validateRequest({ query: 'warm-up', principal: principal.principal_id, mode: 'vector' });
  return planRetrieval({ request, principal, deadline, log: new RunLog(deps.gateway) }, deps, {});
}

/**
 * Makes the whole-graph counts of `principal` for a request without filters and keeps them on the
 * connection (access-stats.ts): counts only, the same query and cache a run uses, no candidate read.
 */
async function countFor(deps: PipelineDeps, principal: Principal, deadline: Deadline): Promise<void> {
  await accessScopeRow(await plannedAs(deps, principal, deadline));
}

/**
 * Plans graph mode's expansion query as a run with the default options sends it: as many seeds as
 * a default top_k, stand-in ids of the graph's chunk-id length (no graph has them, so nothing is
 * expanded or read out), the default hops. A graph without chunks has nothing to plan for.
 */
async function warmExpansion(deps: PipelineDeps, deadline: Deadline): Promise<void> {
  const sized = await deps.gateway.read(chunkIdLength(deps.profile), { sample: 100 }, { deadline, stage: 'warm-up' });
  const length = Number(sized.rows[0]?.length ?? 0);
  if (length < 1) return;
  const seeds = Array.from({ length: REQUEST_DEFAULTS.top_k }, (_, index) => standIn(length, String(index % 10)));
  // The text a run sends, naming the same chunk properties (chunk-keys.ts).
  const expansion = graphExpansion(deps.profile, projectionKeys(deps.profile, deps.policy));
  await deps.gateway.read(expansion, { seeds, hops: RETRIEVAL_OPTION_DEFAULTS.hops }, { deadline, stage: 'warm-up' });
}

/**
 * Reads the pages a first real query needs (warm-pages.ts), as a principal who may see nothing, with
 * the warm-up's stand-in embedder's vector; the number of chunks from the count store.
 */
async function pagesFor(deps: PipelineDeps, principal: Principal, signal: AbortSignal | undefined): Promise<PagesWarmed | undefined> {
  const embedder = warmupEmbedder(deps.embedder);
  if (!embedder) return undefined;
  const deadline = Deadline.after(PAGES_TIMEOUT_MS, Date.now, signal);
  const run = await plannedAs({ ...deps, embedder }, principal, deadline);
  if (!run.capabilities.vectorIndex?.online) return undefined;
  const marker = await deps.gateway.read(graphMarker(deps.profile), {}, { deadline, stage: 'warm-up' });
  const total = Number(marker.rows[0]?.chunks ?? 0);
  return warmPages(run, total, Array.from(await embedder.embed('warm-up', deadline)), deadline);
}

/** `work`, or sooner when `signal` aborts (then undefined); `work` goes on either way. */
function untilAborted<T>(work: Promise<T> | undefined, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!work || !signal) return Promise.resolve(work);
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const stop = () => resolve(undefined);
    signal.addEventListener('abort', stop, { once: true });
    void work.then(resolve, () => resolve(undefined)).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * Warms a new connection in the background, so the first query after connect costs about what a
 * warm one does: the driver's pool and the graph's capabilities, every graph principal into the
 * connection's cache (one read), the tokenizer's table, and the plans of the product's own
 * retrieval queries, run once each through the read-only gateway as a principal who may see nothing
 * (once per shape of the principals there are, see `harmlessPrincipals`), then the whole-graph counts
 * of each principal there is (local ones first, at most MAX_PRINCIPALS_COUNTED), which the vector
 * planner plans from, and last the pages a first query reads (warm-pages.ts: the vector index with a
 * real fetch, every chunk's embedding and document), without which the first query after a start
 * read them from disk. The runs are not recorded (no
 * trace) and stop at `signal` (a reconnect) or their deadline; a failure stops the warm-up and is
 * reported, never thrown: the next real run meets the same graph and says what is wrong.
 */
export async function warmConnection(deps: PipelineDeps, signal?: AbortSignal): Promise<WarmupReport> {
  const started = performance.now();
  const runs: WarmupReport['runs'][number][] = [];
  let principals = 0;
  let counted = 0;
  let pages: PagesWarmed | undefined;
  const report = (stopped: string | null): WarmupReport => ({
    elapsed_ms: performance.now() - started,
    principals_cached: principals,
    principals_counted: counted,
    runs,
    ...(pages ? { pages } : {}),
    stopped,
  });
  try {
    const deadline = Deadline.after(WARMUP_TIMEOUT_MS, Date.now, signal);
    const capabilities = await graphCapabilities(deps.gateway, deps.profile, deadline);
    // Before the runs below, so the plans they warm are the ones later runs use (chunk-documents.ts). A
    // cancelled warm-up stops waiting for it (a reset must not wait out a scan); the check still records its answer.
    await untilAborted(checkChunkDocuments(deps.gateway, deps.profile, capabilities), signal);
    if (signal?.aborted) return report('cancelled');
    const graphPrincipals = await cacheGraphPrincipals(deps.gateway, deps.profile, deadline, principalCacheOf(deps.gateway));
    principals = graphPrincipals.length;
    const local = deps.store?.listPrincipals() ?? [];
    const standIns = harmlessPrincipals([...graphPrincipals, ...local]);
    // The one-principal lookup a run makes with the graph's state when it reads it alone (a cached principal's
    // rides in the retrieval's first read, which the runs below plan), once per shape of id (ids no graph has):
    // an id of another length is planned apart.
    for (const id of new Set(standIns.map((principal) => principal.principal_id)))
      await deps.gateway.read(runState(deps.profile), { run_principal_id: id }, { deadline, stage: 'principal' });
    // The tokenizer loads its BPE table on first count (a quarter to half a second of CPU); the runs below pack nothing.
    await warmProcess(deps, deadline);
    for (const { mode, strategy, deps: runDeps, principal, query } of warmupRuns(deps, [...graphPrincipals, ...local])) {
      if (signal?.aborted) return report('cancelled');
      const runStarted = performance.now();
      const { response } = await runContextRequest(
        { query, principal, mode, top_k: 10, max_tokens: 2_000, timeout_ms: WARMUP_TIMEOUT_MS },
        runDeps,
        {},
        signal,
      );
      runs.push({ mode, strategy, question: query, outcome: response.outcome, ms: performance.now() - runStarted });
    }
    if (signal?.aborted) return report('cancelled');
    // Graph mode's expansion never runs for a principal who may see nothing (no seeds): it is planned here on its own.
    await warmExpansion(deps, deadline);
    // A run whose items name a successor judges it (successor-visibility.ts): a stand-in id, nothing found.
    await deps.gateway.read(
      successorDocuments(deps.profile, documentKeys(deps.profile, deps.policy)),
      { ids: ['lens-warmup'] },
      { deadline, stage: 'warm-up' },
    );
    // A local principal overrides the graph's of the same id, as in a run.
    const known = [...local, ...graphPrincipals.filter((p) => !local.some((l) => l.principal_id === p.principal_id))];
    for (const principal of known.slice(0, MAX_PRINCIPALS_COUNTED)) {
      if (signal?.aborted) return report('cancelled');
      await countFor(deps, principal, deadline);
      counted++;
    }
    if (signal?.aborted) return report('cancelled');
    pages = await pagesFor(deps, standIns[0] as Principal, signal);
    return report(null);
  } catch (error) {
    return report(error instanceof Error ? error.message : String(error));
  }
}

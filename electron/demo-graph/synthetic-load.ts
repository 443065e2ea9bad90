import type { Embedder } from '../corpus/embedder';
import { graphError } from '../graph/graph-errors';
import { silentProgress, type ProgressSink } from '../../shared/progress-event';
import { lensHome } from '../app-home';
import { openDemoWriteDriver } from './demo-target';
import { acquireLoadLock } from './load-lock';
import { loadWriteFailure } from './load-failure';
import { loadedPlanHash, planHash, writeLoadPlan, type WriteCounts } from './graph-writer';
import { buildSyntheticCorpus, DEFAULT_CHUNKS_PER_DOCUMENT, type SyntheticGraphOptions, type SyntheticReach } from './synthetic-graph';
import { syntheticEmbedder, type SyntheticVectors } from './synthetic-vectors';
import { progressEvent } from '../../shared/progress-messages';

/** Options of `lens demo synth` and of the retrieval benchmark's load. */
export interface SyntheticLoadOptions extends SyntheticGraphOptions {
  readonly home?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly progress?: ProgressSink;
  /** The chunk vectors: lexical hashing (the default) or synthetic model-like clusters; ignored when `embedder` is given. */
  readonly vectors?: SyntheticVectors;
  readonly embedder?: Embedder;
  /** Leave the graph alone when it already holds exactly this plan (by its recorded plan hash). */
  readonly skipIfLoaded?: boolean;
}

/** What a synthetic load did, with the time of each phase. */
export interface SyntheticLoadSummary {
  readonly target: string;
  readonly source: string;
  readonly skipped: boolean;
  readonly plan_hash: string;
  readonly counts: WriteCounts | null;
  readonly reach: readonly SyntheticReach[];
  readonly embedder: { readonly name: string; readonly dimensions: number | null; readonly kind: string };
  readonly timings_ms: { readonly generate: number; readonly hash: number; readonly write: number; readonly total: number };
}

/** The source recorded on the graph, naming every generator input. */
export function syntheticSource(options: SyntheticGraphOptions & { readonly vectors?: SyntheticVectors }): string {
  return `synthetic chunks=${options.chunks} seed=${options.seed} selectivities=${options.selectivities.join(',')} chunks_per_document=${options.chunksPerDocument ?? DEFAULT_CHUNKS_PER_DOCUMENT} vectors=${options.vectors ?? 'hashing'}`;
}

/**
 * Replaces the local demo server's graph with a synthetic one (through the same writer as the demo,
 * so batches, embeddings and indexes are those of `lens demo load`), or leaves it when it already
 * holds this plan and `skipIfLoaded` is set. Writes only through `openDemoWriteDriver`.
 */
export async function loadSyntheticGraph(options: SyntheticLoadOptions): Promise<SyntheticLoadSummary> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const embedder = options.embedder ?? syntheticEmbedder(options.vectors ?? 'hashing', options.seed);
  // One load at a time into the demo server, as `lens demo load` (load-lock.ts).
  const lock = acquireLoadLock(options.home ?? lensHome(), { door: 'command', source: syntheticSource(options) });
  try {
    return await loadHoldingLock(options, started, progress, embedder);
  } finally {
    lock.release();
  }
}

/** `loadSyntheticGraph` once it holds the load lock. */
async function loadHoldingLock(
  options: SyntheticLoadOptions,
  started: number,
  progress: ProgressSink,
  embedder: Embedder,
): Promise<SyntheticLoadSummary> {
  const { driver, server } = openDemoWriteDriver(options.home, options.env);
  try {
    progress(progressEvent('generate', 'generate', { chunks: options.chunks }));
    const corpus = buildSyntheticCorpus(options);
    const generated = performance.now();
    const hash = planHash(corpus.plan, embedder);
    const hashed = performance.now();
    const source = syntheticSource(options);
    const base = {
      target: server.boltUri,
      source,
      plan_hash: hash,
      reach: corpus.reach,
      embedder: { name: embedder.name, dimensions: embedder.dimensions, kind: embedder.kind },
    };
    const loaded = options.skipIfLoaded
      ? await loadedPlanHash(driver).catch((error: unknown) => {
          throw graphError(error, { uri: server.boltUri, query: 'synthetic load' });
        })
      : null;
    if (loaded === hash) {
      return {
        ...base,
        skipped: true,
        counts: null,
        timings_ms: { generate: generated - started, hash: hashed - generated, write: 0, total: performance.now() - started },
      };
    }
    const { counts, embedding } = await writeLoadPlan(driver, corpus.plan, embedder, progress, source).catch((error: unknown) => {
      throw loadWriteFailure(error, { uri: server.boltUri, query: 'synthetic load', source, door: 'command' });
    });
    const written = performance.now();
    return {
      ...base,
      embedder: embedding.embedder,
      skipped: false,
      counts,
      timings_ms: { generate: generated - started, hash: hashed - generated, write: written - hashed, total: written - started },
    };
  } finally {
    await driver.close();
  }
}

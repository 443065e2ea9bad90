// The embedding phase of a load: every chunk the graph holds without a vector from this embedder is
// embedded in the embedder's batches and written batch by batch, so a load that fails part way (a
// model outage, a rate limit that outlasts the retries) keeps what was written and a rerun embeds
// only the rest. The vector index is created afterwards with the length the vectors have.
import neo4j from 'neo4j-driver';
import { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import type { ProgressSink } from '../../shared/progress-event';
import { vectorStamp, type Embedder } from '../corpus/embedder';
import { chunkEmbeddingInput } from '../corpus/embedding-input';
import * as q from './loader-queries';
import type { StatementRunner } from './statement-runner';
import { progressEvent } from '../../shared/progress-messages';

/** How long one batch may take to embed, retries included. */
const BATCH_TIMEOUT_MS = 120_000;

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** What the embedding phase did. */
export interface EmbeddingReport {
  readonly embedder: { readonly name: string; readonly features: number | null; readonly dimensions: number; readonly kind: string };
  /** Chunks embedded by this load. */
  readonly embedded: number;
  /** Chunks that already held a vector from this embedder (a resumed load) and were left as they were. */
  readonly kept: number;
  /** Requests of `embedMany`, one per batch. */
  readonly batches: number;
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Embeds and writes one batch; a vector of another length than the batch before is refused. */
async function embedBatch(statements: StatementRunner, embedder: Embedder, batch: { chunk_id: string; text: string }[]): Promise<number> {
  const vectors = await embedder.embedMany(
    batch.map((chunk) => chunk.text),
    Deadline.after(BATCH_TIMEOUT_MS),
  );
  const rows = batch.map((chunk, i) => ({ chunk_id: chunk.chunk_id, embedding: Array.from(vectors[i] as Float32Array) }));
  await statements.run(q.WRITE_CHUNK_EMBEDDINGS, { rows, embedder: vectorStamp(embedder) });
  return vectors[0]?.length ?? 0;
}

/**
 * Embeds every chunk that has no vector from `embedder` yet, `embedder.batchSize` chunks a request,
 * writing each batch before the next is asked for and reporting progress after each. While vectors
 * change the graph records no embedder and no completed load (a failure leaves it marked unfinished).
 */
export async function embedPendingChunks(
  statements: StatementRunner,
  embedder: Embedder,
  progress: ProgressSink,
): Promise<EmbeddingReport> {
  const total = Number((await statements.run(q.CHUNK_COUNT)).records[0]?.get('chunks') ?? 0);
  const pending = (await statements.run(q.PENDING_CHUNKS, { embedder: vectorStamp(embedder) })).records.map((record) => ({
    chunk_id: String(record.get('chunk_id')),
    text: chunkEmbeddingInput(String(record.get('text') ?? ''), stringsOf(record.get('heading_path')), textOf(record.get('title'))),
  }));
  const kept = total - pending.length;
  if (pending.length > 0) {
    await statements.run(q.FORGET_EMBEDDING);
    await statements.run(q.DROP_VECTOR_INDEX);
  }
  if (kept > 0 && pending.length > 0) progress(progressEvent('embed', 'embed_resuming', { kept, total, embedder: embedder.name }));
  let dimensions: number | null = null;
  const batches = chunksOf(pending, Math.max(1, embedder.batchSize));
  for (const [i, batch] of batches.entries()) {
    dimensions = await embedBatch(statements, embedder, batch);
    const done = kept + Math.min(pending.length, (i + 1) * embedder.batchSize);
    progress(
      progressEvent(
        'embed',
        'embedded',
        { done, total, embedder: embedder.name, batch: i + 1, batches: batches.length },
        done / Math.max(1, total),
      ),
    );
  }
  return {
    embedder: {
      name: embedder.name,
      features: embedder.features ?? null,
      dimensions: dimensions ?? (await vectorLength(statements, embedder)),
      kind: embedder.kind,
    },
    embedded: pending.length,
    kept,
    batches: batches.length,
  };
}

/** The vectors' length when this load embedded nothing: the embedder's, a stored vector's, or a probe's. */
async function vectorLength(statements: StatementRunner, embedder: Embedder): Promise<number> {
  if (embedder.dimensions !== null) return embedder.dimensions;
  const stored = (await statements.run(q.STORED_VECTOR_LENGTH)).records[0]?.get('dimensions');
  if (stored !== undefined && stored !== null) return neo4j.isInt(stored) ? stored.toNumber() : Number(stored);
  const probe = await embedder.embed('dimension probe', Deadline.after(BATCH_TIMEOUT_MS));
  if (probe.length === 0) throw codedError('invalid_input', serverError('empty_embedding', { embedder: embedder.name }));
  return probe.length;
}

/**
 * Creates the chunk vector index for `dimensions` (Cypher 25 with filterable properties on 2026.01+)
 * and records the embedder on the graph. On 2026.01+ a lexical embedder's index is unquantized:
 * 2026.08's default binary quantization leaves its ANN unable to find the top k, and every vector
 * query of such a graph an exact scan (at 100 % reach of 100,000 chunks, 1.28 s against 0.2 s).
 */
export async function indexEmbeddings(statements: StatementRunner, report: EmbeddingReport): Promise<void> {
  const version = String((await statements.run(q.SERVER_VERSION)).records[0]?.get('version') ?? '');
  const calendar = Number.parseInt(version.split('.')[0] ?? '0', 10) >= 2026;
  await statements.run(q.vectorIndex(report.embedder.dimensions, calendar, calendar && report.embedder.kind === 'lexical'));
  await statements.run(q.FORGET_EMBEDDING);
  await statements.run(q.RECORD_EMBEDDING, {
    embedder: report.embedder.name,
    features: report.embedder.features === null ? null : neo4j.int(report.embedder.features),
    dimensions: neo4j.int(report.embedder.dimensions),
    kind: report.embedder.kind,
  });
}

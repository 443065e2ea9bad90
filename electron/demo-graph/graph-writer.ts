import crypto from 'node:crypto';
import { DEMO_CORPUS_SOURCE } from '../../shared/demo-load-messages';
import neo4j, { type Driver } from 'neo4j-driver';
import { vectorStamp, type Embedder } from '../corpus/embedder';
import { mixedWordRuns } from '../corpus/script-runs';
import { chunkContext, EMBEDDING_INPUT } from '../corpus/embedding-input';
import type { LoadPlan } from '../corpus/corpus-model';
import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import { ACL_TERMS_SCHEME, aclTermProperties, aclTermsOf } from '../../shared/acl/compile-acl-to-lucene';
import type { ProgressSink } from '../../shared/progress-event';
import { embedPendingChunks, indexEmbeddings, type EmbeddingReport } from './chunk-embedding';
import * as q from './loader-queries';
import { sessionPerStatement, type StatementRunner } from './statement-runner';
import { progressEvent } from '../../shared/progress-messages';
import { appendTo } from '../../shared/map-list';

const BATCH = 500;

function batches<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Bumped whenever the writer writes the same plan differently, so an unfinished load of the old writer is never resumed. */
const WRITER_SCHEME = 3;

/**
 * Feeds `hash` the text `JSON.stringify(value)` would give, piece by piece: an array's elements and
 * an object's members one at a time, so a plan of a million chunks (whose JSON is longer than the
 * longest string JavaScript can hold) hashes to what a small one's whole text would.
 */
export function hashJson(hash: crypto.Hash, value: unknown, depth = 2): void {
  // What JSON.stringify leaves out of an object, and writes as null in an array.
  const omitted = (item: unknown) => item === undefined || typeof item === 'function' || typeof item === 'symbol';
  if (depth > 0 && Array.isArray(value)) {
    hash.update('[');
    value.forEach((item: unknown, index) => {
      if (index > 0) hash.update(',');
      if (omitted(item)) hash.update('null');
      else hashJson(hash, item, depth - 1);
    });
    hash.update(']');
    return;
  }
  if (depth > 0 && value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    hash.update('{');
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      if (omitted(member)) continue;
      hash.update(`${first ? '' : ','}${JSON.stringify(key)}:`);
      hashJson(hash, member, depth - 1);
      first = false;
    }
    hash.update('}');
    return;
  }
  hash.update(JSON.stringify(value));
}

/** A hash of everything a plan writes but the vectors, recorded once that is written: a failed load of the same content resumes. */
export function contentHash(plan: LoadPlan): string {
  const { documents, supersessions, claims, entities, entityLinks, principals, groups } = plan;
  const hash = crypto.createHash('sha256');
  hashJson(hash, {
    writer: WRITER_SCHEME,
    acl_terms: ACL_TERMS_SCHEME,
    documents,
    supersessions,
    claims,
    entities,
    entityLinks,
    principals,
    groups,
  });
  return hash.digest('hex');
}

/** A hash of everything a plan writes, of the embedder and of what it is given to embed, recorded on the graph at the end of a load. */
export function planHash(plan: LoadPlan, embedder: Embedder): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ embedder: vectorStamp(embedder), input: EMBEDDING_INPUT, content: contentHash(plan) }))
    .digest('hex');
}

/** The plan hash recorded by the last completed load, or null when none completed. */
export async function loadedPlanHash(driver: Driver): Promise<string | null> {
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const record = (await session.run(q.LOADED_PLAN_HASH)).records[0];
    const hash = record?.get('plan_hash');
    return typeof hash === 'string' ? hash : null;
  } finally {
    await session.close();
  }
}

/** What a load wrote, counted from the plan after the writes succeeded. */
export interface WriteCounts {
  readonly documents: number;
  readonly adrs: number;
  readonly chunks: number;
  readonly supersessions: number;
  readonly claims: number;
  readonly evidence: number;
  readonly entities: number;
  readonly principals: number;
  readonly groups: number;
}

/** What `writeLoadPlan` did: the counts, the embedding phase, and whether it resumed an unfinished load. */
export interface LoadWrite {
  readonly counts: WriteCounts;
  readonly embedding: EmbeddingReport;
  /** True when the graph already held this content from a load that failed while embedding: nothing was wiped or rewritten but the missing vectors. */
  readonly resumed: boolean;
}

type Run = (text: string, params?: Record<string, unknown>) => Promise<void>;

/** The failures thrown after a load began to replace the graph (see `stoppedPartWay`). */
const partWay = new WeakSet<object>();

/**
 * True for a failure `writeLoadPlan` threw after it began to replace the graph (its wipe, or a
 * resumed load's first vector): the graph now holds part of the plan and not what it held before.
 * A failure before that (the server not answering the first read) left the graph as it was.
 */
export function stoppedPartWay(error: unknown): boolean {
  return typeof error === 'object' && error !== null && partWay.has(error);
}

/**
 * Replaces the graph behind `driver` with `plan`: wipes nodes, constraints and indexes, writes in
 * batches, creates the full-text indexes, then embeds the chunks in the embedder's batches and
 * creates the vector index with the vectors' length, waiting until every index is online. When the
 * graph holds this very content from a load that failed while embedding, it resumes instead:
 * only the chunks without a vector from `embedder` are embedded.
 * Write-capable: only ever called with a driver for the local demo server (see demo-target.ts).
 */
export async function writeLoadPlan(
  driver: Driver,
  plan: LoadPlan,
  embedder: Embedder,
  progress: ProgressSink,
  source = DEMO_CORPUS_SOURCE,
): Promise<LoadWrite> {
  const statements = sessionPerStatement(driver);
  const run: Run = async (text, params = {}) => {
    await statements.run(text, params);
  };
  const content = contentHash(plan);
  // Nothing is written before this read: a failure here leaves the graph as it was.
  const resumed = (await statements.run(q.UNFINISHED_CONTENT)).records[0]?.get('content_hash') === content;
  try {
    if (resumed) progress(progressEvent('resume', 'resume'));
    else await writeStructure(statements, run, plan, progress);
    if (!resumed) await run(q.RECORD_CONTENT, { source, content_hash: content, documents: neo4j.int(plan.documents.length) });

    const embedding = await embedPendingChunks(statements, embedder, progress);
    progress(progressEvent('indexes', 'vector_index'));
    await indexEmbeddings(statements, embedding);
    await run(q.RECORD_LOAD, { plan_hash: planHash(plan, embedder) });
    await run(q.AWAIT_INDEXES);
    progress(progressEvent('indexes', 'indexes_online', {}, 1));
    return { counts: countsOf(plan), embedding, resumed };
  } catch (error) {
    const failure = typeof error === 'object' && error !== null ? error : new Error(String(error));
    partWay.add(failure);
    throw failure;
  }
}

function countsOf(plan: LoadPlan): WriteCounts {
  return {
    documents: plan.documents.length,
    adrs: plan.documents.filter((doc) => doc.adr).length,
    chunks: plan.documents.reduce((sum, doc) => sum + doc.chunks.length, 0),
    supersessions: plan.supersessions.length,
    claims: plan.claims.length,
    evidence: plan.claims.reduce((sum, claim) => sum + claim.evidence.length, 0),
    entities: plan.entities.length,
    principals: plan.principals.length,
    groups: plan.groups.length,
  };
}

/** Everything but the vectors: a wiped graph, the documents and chunks, the graph around them, the full-text indexes. */
async function writeStructure(statements: StatementRunner, run: Run, plan: LoadPlan, progress: ProgressSink): Promise<void> {
  progress(progressEvent('wipe', 'wipe'));
  await run(q.WIPE_GRAPH);
  for (const record of (await statements.run(q.SHOW_CONSTRAINTS)).records) await run(q.dropConstraint(String(record.get('name'))));
  for (const record of (await statements.run(q.SHOW_DROPPABLE_INDEXES)).records) await run(q.dropIndex(String(record.get('name'))));
  for (const constraint of q.CONSTRAINTS) await run(constraint);
  await run(q.ENTITY_KEY_INDEX);
  await run(q.AWAIT_INDEXES);
  await writeDocuments(run, plan);
  const termProperties = await writeChunks(run, plan, progress);
  await writeGraphAround(run, plan);
  progress(progressEvent('indexes', 'fulltext_indexes'));
  await run(q.CHUNK_FULLTEXT_INDEX);
  await run(q.RECORD_ACL_TERMS, {
    scheme: ACL_TERMS_SCHEME,
    document_properties: [...termProperties.document],
    chunk_properties: [...termProperties.chunk],
  });
  await run(q.ENTITY_NAMES_INDEX);
}

async function writeDocuments(run: Run, plan: LoadPlan): Promise<void> {
  const ingestedAt = new Date().toISOString();
  const documents = plan.documents.map((doc) => ({
    document_id: doc.document_id,
    file: doc.file,
    title: doc.title,
    doc_type: doc.doc_type,
    language: doc.language,
    source_uri: doc.source_uri,
    source_version: doc.source_version,
    workspace_id: doc.acl.workspace_id,
    visibility: doc.acl.visibility,
    owner_id: doc.acl.owner_id,
    allowed_groups: doc.acl.allowed_groups,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    valid_from: doc.valid_from,
    valid_to: doc.valid_to,
    adr: doc.adr,
  }));
  for (const batch of batches(documents)) await run(q.WRITE_DOCUMENTS, { documents: batch, ingested_at: ingestedAt });
}

/** The chunks without vectors (the embedding phase adds them), with the ACL terms of the default policy for in-index filtering. */
async function writeChunks(run: Run, plan: LoadPlan, progress: ProgressSink): Promise<ReturnType<typeof aclTermProperties>> {
  const termProperties = aclTermProperties(DEFAULT_ACCESS_POLICY);
  const chunks = plan.documents.flatMap((doc) =>
    doc.chunks.map((chunk) => ({ ...chunk, document_id: doc.document_id, document_acl: doc.acl, title: doc.title })),
  );
  let written = 0;
  for (const batch of batches(chunks, 200)) {
    const rows = batch.map((chunk) => ({
      chunk_id: chunk.chunk_id,
      document_id: chunk.document_id,
      text: chunk.text,
      position: neo4j.int(chunk.position),
      start_char: neo4j.int(chunk.start_char),
      end_char: neo4j.int(chunk.end_char),
      heading_path: [...chunk.heading_path],
      search_context: chunkContext(chunk.heading_path, chunk.title),
      search_runs: mixedWordRuns(chunk.text),
      acl_partition: chunk.acl_partition,
      acl_terms: aclTermsOf(termProperties, chunk.document_acl, chunk).join(' '),
    }));
    await run(q.WRITE_CHUNKS, { chunks: rows });
    written += batch.length;
    progress(progressEvent('chunks', 'chunks_written', { written, total: chunks.length }, written / Math.max(1, chunks.length)));
  }
  return termProperties;
}

/** Supersessions, entities and their links, claims with evidence, principals and groups. */
async function writeGraphAround(run: Run, plan: LoadPlan): Promise<void> {
  await run(q.WRITE_SUPERSESSIONS, { edges: plan.supersessions.map((edge) => ({ ...edge, stated_in: [...edge.stated_in] })) });
  await run(q.SET_SUPERSEDED_BY);

  const byLabel = new Map<string, { idProperty: string; rows: { id: string; properties: Record<string, string> }[] }>();
  for (const entity of plan.entities) {
    const group = byLabel.get(entity.label) ?? { idProperty: entity.id_property, rows: [] };
    group.rows.push({ id: entity.id, properties: { ...entity.properties } });
    byLabel.set(entity.label, group);
  }
  for (const [label, group] of byLabel)
    for (const batch of batches(group.rows)) await run(q.writeEntities(label, group.idProperty), { entities: batch });
  const linksByType = new Map<string, { from_id: string; to_id: string }[]>();
  for (const link of plan.entityLinks) appendTo(linksByType, link.type, { from_id: link.from_id, to_id: link.to_id });
  for (const [type, links] of linksByType) await run(q.writeEntityLinks(type), { links });

  const claims = plan.claims.map((claim) => ({
    claim_id: claim.claim_id,
    text: claim.text,
    evidence: claim.evidence.map((ev) => ({ ...ev, start_char: neo4j.int(ev.start_char), end_char: neo4j.int(ev.end_char) })),
  }));
  for (const batch of batches(claims)) await run(q.WRITE_CLAIMS, { claims: batch });
  await run(q.WRITE_CLAIM_ABOUT, {
    about: plan.claims.flatMap((claim) => claim.about.map((entity_id) => ({ claim_id: claim.claim_id, entity_id }))),
  });
  await run(q.WRITE_PRINCIPALS, {
    groups: plan.groups.map((g) => ({ group_id: g.group_id, name: g.name ?? g.group_id })),
    principals: plan.principals.map((p) => ({
      ...p,
      display_name: p.display_name ?? p.principal_id,
      description: p.description ?? null,
    })),
  });
  await run(q.DROP_ENTITY_KEYS);
  await run(q.DROP_ENTITY_KEY_INDEX);
}

// The pages a connection's first real queries read, brought into Neo4j's page cache (and the vector
// index's files into the operating system's) by the warm-up at connect: an ANN search with the fetch
// a principal of wide reach asks for, and every chunk's embedding and document as an exact scan
// reads them. Reads only, through the gateway, recorded as no run; counts come back, never rows.
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { usableVectorIndex } from './embedder-fit';
import { aclWhere, runState, vectorAnn, vectorSearchInIndex } from './retrieval-queries';
import { ridingWith } from './riding-read';
import type { RetrievalRun } from './retrieval-run';
import { planVector } from './vector-plan';
import { runPlanFacts } from './vector-retriever';

/**
 * The most chunks whose embeddings the warm-up reads: about 1.2 GB of 384-number embeddings, more
 * than the page cache a desktop Neo4j gets, so a larger graph is warmed in part rather than evicting
 * what it just read.
 */
export const MAX_WARMED_CHUNKS = 400_000;

/**
 * Every chunk with an embedding (up to `$n`) and its document, the embedding scored against
 * `$query_vector` and the access rule judged, as an exact scan does: only counts come back, so the
 * server aggregates as it goes and holds no row.
 */
export function warmChunkEmbeddings(profile: SchemaProfile, accessRule: string): BuiltInQuery {
  const embedding = q(profile.properties.chunk.embedding);
  return defineQuery(
    'warm-chunk-embeddings',
    `MATCH (c:${q(profile.labels.chunk)})-[:${q(profile.relationships.partOf)}]->(d:${q(profile.labels.document)})
     WHERE c.${embedding} IS NOT NULL
     WITH c, d LIMIT $n
     RETURN count(vector.similarity.cosine(c.${embedding}, $query_vector)) AS scored, count(CASE WHEN ${accessRule} THEN 1 END) AS allowed`,
  );
}

/** What warming the pages did. */
export interface PagesWarmed {
  /** Hits the ANN search asked the vector index for (the first fetch of a principal who may see every chunk). */
  readonly annFetch: number;
  readonly annMs: number;
  /** Chunks whose embedding and document were read. */
  readonly embeddingsRead: number;
  readonly embeddingsMs: number;
}

/**
 * Warms the pages of `run`'s graph (a run planned as a principal who may see nothing, so nothing
 * is scored or handed on): the vector mode's own ANN query with the first fetch the planner gives a
 * principal who may see all `total` chunks (and planned once more as a cached principal's run sends
 * it, with its state read riding in it), then every chunk's embedding and document (at most
 * MAX_WARMED_CHUNKS). Within `deadline`, which a reconnect cancels.
 */
export async function warmPages(
  run: RetrievalRun,
  total: number,
  queryVector: readonly number[],
  deadline: Deadline,
): Promise<PagesWarmed> {
  const index = usableVectorIndex(run);
  const plan = planVector({
    total,
    allowedCount: total,
    exactScanLimit: -1,
    k: run.request.top_k,
    ...runPlanFacts(run, index),
  });
  const annFetch = plan.strategy === 'exact_scan' ? 0 : plan.firstFetch;
  const params = { ...run.aclParams, query_vector: queryVector, k: run.request.top_k, index: index.name };
  const annStarted = performance.now();
  if (plan.strategy !== 'exact_scan') {
    const query =
      plan.strategy === 'search_in_index_then_postfilter'
        ? vectorSearchInIndex(
            run.profile,
            run.acl,
            run.filters.cypher,
            index.name,
            run.profile.properties.document.workspaceId,
            run.namedKeys,
          )
        : vectorAnn(run.profile, run.acl, run.filters.cypher, run.namedKeys);
    await run.connection.read(query, { ...params, fetch: annFetch }, { deadline, stage: 'warm-up' });
    // A run whose cached principal rides in this query sends it wrapped (riding-read.ts), another text Neo4j
    // plans apart: planned here too, with a fetch of k (a plan depends on the text and the parameters' types).
    const riding = { ...params, fetch: run.request.top_k, run_principal_id: run.principal.principal_id };
    await run.connection.read(ridingWith(query, runState(run.profile)), riding, { deadline, stage: 'warm-up' });
  }
  const annMs = performance.now() - annStarted;
  const embeddingsStarted = performance.now();
  const result = await run.connection.read(
    warmChunkEmbeddings(run.profile, aclWhere(run.accessRule)),
    { ...params, n: Math.min(total, MAX_WARMED_CHUNKS) },
    { deadline, stage: 'warm-up' },
  );
  return {
    annFetch,
    annMs,
    embeddingsRead: Number(result.rows[0]?.scored ?? 0),
    embeddingsMs: performance.now() - embeddingsStarted,
  };
}

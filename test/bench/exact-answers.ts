import neo4j, { type Driver } from 'neo4j-driver';
import type { DocumentAcl, PrincipalRecord } from '../../electron/corpus/corpus-model';
import { referenceChunkVisible } from '../support/reference-acl';

/** A benchmark principal with the chunks it may see (by the reference rule over the graph's own ACL fields). */
export interface BenchPrincipal {
  readonly record: PrincipalRecord;
  /** `allowed[i] === 1` when the principal may see chunk `i`. */
  readonly allowed: Uint8Array;
  readonly allowedCount: number;
}

/**
 * Every chunk's stored embedding and ACL fields, read once from the graph, and the benchmark
 * principals: enough to compute the exact filtered top k of any query vector in the benchmark
 * itself, independently of the retrieval code under test.
 */
export interface GroundTruth {
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  readonly dimensions: number;
  /** Row-major, one L2-normalised row per chunk (a zero row for a chunk without an embedding). */
  readonly vectors: Float32Array;
  readonly principals: readonly BenchPrincipal[];
  readonly readMs: number;
}

const CHUNKS = `MATCH (c:Chunk)-[:PART_OF]->(d:Document)
RETURN c.chunk_id AS id, c.embedding AS embedding, c.acl_partition AS partition,
       d.workspace_id AS workspace_id, d.visibility AS visibility, d.owner_id AS owner_id, d.allowed_groups AS allowed_groups
ORDER BY id`;
const CHUNK_COUNT = `MATCH (c:Chunk)-[:PART_OF]->(d:Document) RETURN count(*) AS n`;
const PRINCIPALS = `MATCH (p:Principal) WHERE p.principal_id STARTS WITH 'bench-s'
OPTIONAL MATCH (p)-[:MEMBER_OF]->(g:Group)
RETURN p.principal_id AS principal_id, p.workspace_id AS workspace_id, p.acl_partitions AS acl_partitions, [x IN collect(g.group_id) WHERE x IS NOT NULL] AS groups`;

/** The selectivity a `bench-s<percent>` id stands for. */
export function selectivityOf(principalId: string): number {
  return Number(principalId.slice('bench-s'.length)) / 100;
}

/** Reads the ground truth with a read session (a benchmark fixture; app code goes through the gateway). */
export async function readGroundTruth(driver: Driver): Promise<GroundTruth> {
  const started = performance.now();
  const session = driver.session({ defaultAccessMode: neo4j.session.READ, fetchSize: 2_000 });
  try {
    const principals = (await session.run(PRINCIPALS)).records
      .map((r): PrincipalRecord => ({
        principal_id: r.get('principal_id'),
        workspace_id: r.get('workspace_id'),
        groups: r.get('groups'),
        acl_partitions: r.get('acl_partitions') ?? [],
      }))
      .sort((a, b) => selectivityOf(a.principal_id) - selectivityOf(b.principal_id));
    // Each embedding goes straight into one Float32Array, normalised: held as JavaScript arrays until the
    // end, 1,000,000 of them (about 3 GB) ran out of Node's default heap before the first query.
    const expected = ((await session.run(CHUNK_COUNT)).records[0]?.get('n') as { toNumber(): number } | undefined)?.toNumber() ?? 0;
    const ids: string[] = [];
    const acls: { acl: DocumentAcl; partition: string | null }[] = [];
    let dimensions = 0;
    let vectors = new Float32Array(0);
    for await (const record of session.run(CHUNKS)) {
      const index = ids.length;
      ids.push(record.get('id'));
      const row = (record.get('embedding') as number[] | null) ?? [];
      if (dimensions === 0 && row.length > 0) {
        dimensions = row.length;
        vectors = new Float32Array(Math.max(expected, ids.length) * dimensions);
      }
      if (row.length > 0 && row.length === dimensions) {
        if ((index + 1) * dimensions > vectors.length) {
          // More rows than counted (the graph changed since): grow, keeping what was read.
          const grown = new Float32Array(Math.max(vectors.length * 2, (index + 1) * dimensions));
          grown.set(vectors);
          vectors = grown;
        }
        let norm = 0;
        for (const value of row) norm += value * value;
        norm = Math.sqrt(norm);
        if (norm > 0) for (let j = 0; j < dimensions; j++) vectors[index * dimensions + j] = (row[j] as number) / norm;
      }
      acls.push({
        acl: {
          workspace_id: record.get('workspace_id'),
          visibility: record.get('visibility'),
          owner_id: record.get('owner_id'),
          allowed_groups: record.get('allowed_groups') ?? [],
          acl_partition: null,
        },
        partition: record.get('partition'),
      });
    }
    // A zero row for a chunk without an embedding (or rows before the first one), as before; the array holds exactly one row per chunk.
    if (vectors.length !== ids.length * dimensions) {
      const exact = new Float32Array(ids.length * dimensions);
      exact.set(vectors.subarray(0, Math.min(vectors.length, exact.length)));
      vectors = exact;
    }
    return {
      ids,
      indexOf: new Map(ids.map((id, i) => [id, i])),
      dimensions,
      vectors,
      principals: principals.map((record) => {
        const allowed = Uint8Array.from(acls, ({ acl, partition }) => (referenceChunkVisible(acl, partition, record) ? 1 : 0));
        return { record, allowed, allowedCount: allowed.reduce((sum, v) => sum + v, 0) };
      }),
      readMs: performance.now() - started,
    };
  } finally {
    await session.close();
  }
}

/** Cosine of `query` with every chunk (a zero query or chunk scores 0). */
export function cosineScores(truth: GroundTruth, query: Float32Array): Float64Array {
  const d = truth.dimensions;
  let norm = 0;
  for (const value of query) norm += value * value;
  norm = Math.sqrt(norm);
  const scores = new Float64Array(truth.ids.length);
  if (norm === 0) return scores;
  const { vectors } = truth;
  for (let i = 0; i < scores.length; i++) {
    let dot = 0;
    const base = i * d;
    for (let j = 0; j < d; j++) dot += (vectors[base + j] as number) * (query[j] as number);
    scores[i] = dot / norm;
  }
  return scores;
}

/** The exact top k among the allowed chunks: their indexes and the k-th score (ties at it count as correct). */
export function exactTopK(scores: Float64Array, allowed: Uint8Array, k: number): { indexes: number[]; kthScore: number } {
  const top: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (allowed[i] !== 1) continue;
    if (top.length < k) {
      top.push(i);
      top.sort((a, b) => (scores[b] as number) - (scores[a] as number));
    } else if ((scores[i] as number) > (scores[top[k - 1] as number] as number)) {
      top[k - 1] = i;
      top.sort((a, b) => (scores[b] as number) - (scores[a] as number));
    }
  }
  return { indexes: top, kthScore: top.length > 0 ? (scores[top[top.length - 1] as number] as number) : Number.NEGATIVE_INFINITY };
}

/** Cosine ties and float32 storage differ from the server's arithmetic by far less than this. */
const TIE_EPSILON = 1e-6;

/**
 * recall@k of the returned chunk ids against the exact filtered answer: the share of the
 * min(k, allowed) exact slots that the response fills with a chunk scoring at least the exact k-th
 * score (so a tie at the boundary is not a miss). Null when the principal may see nothing.
 */
export function recallAtK(
  truth: GroundTruth,
  scores: Float64Array,
  allowed: Uint8Array,
  k: number,
  returnedIds: readonly string[],
): number | null {
  const exact = exactTopK(scores, allowed, k);
  if (exact.indexes.length === 0) return null;
  const hits = new Set<number>();
  for (const id of returnedIds) {
    const index = truth.indexOf.get(id);
    if (index !== undefined && allowed[index] === 1 && (scores[index] as number) >= exact.kthScore - TIE_EPSILON) hits.add(index);
  }
  return Math.min(hits.size, exact.indexes.length) / exact.indexes.length;
}

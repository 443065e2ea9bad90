// The benchmark's reference row: the single Cypher query a neo4j-graphrag `VectorCypherRetriever`
// user writes — ANN with the same first fetch as `vector` mode, the access predicate the product
// compiles in the same query, exact re-scoring, LIMIT 10. It lives in the benchmark only, never in
// the product, and is the yardstick `vector` mode is measured against (issue 14, goal 1).
import neo4j, { type Driver } from 'neo4j-driver';
import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import { compileAclToCypher } from '../../shared/acl/compile-acl-to-cypher';
import { quoteName as q } from '../../shared/cypher/quote-name';
import { DEFAULT_SCHEMA_PROFILE, type SchemaProfile } from '../../shared/schema-profile';
import type { PrincipalRecord } from '../../electron/corpus/corpus-model';
import { planVector } from '../../electron/retrieval/vector-plan';
import type { CellSummary, RequestSample } from './bench-report';

/** The variant name the reference row carries in the table and the JSON. */
export const REFERENCE_VARIANT = 'reference';
/**
 * The same query with vector mode's first fetch as the planner computes it now (`planVector`), not
 * the frozen one: the "ANN with the same fetch as ours", like for like in what ANN reads.
 */
export const SAME_FETCH_VARIANT = 'reference@same-fetch';
/** Both reference rows. */
export const REFERENCE_VARIANTS: readonly string[] = [REFERENCE_VARIANT, SAME_FETCH_VARIANT];

/**
 * The first ANN fetch of `vector` mode as main's planner computed it when this row was added
 * (vector-plan.ts at 430f0b7): enough for `k` allowed hits at the exact selectivity with 50 % to
 * spare, at least 1000 × k for lexical vectors and 4 × k for model-like ones, at most every chunk.
 * Frozen here on purpose, so the reference stays the same query while the planner changes.
 */
export function referenceFetch(total: number, allowedCount: number, k: number, embedderKind: 'lexical' | 'semantic'): number {
  const selectivity = Math.max(allowedCount / Math.max(total, 1), 1 / Math.max(total, 1));
  const minimum = k * (embedderKind === 'lexical' ? 1000 : 4);
  return Math.min(total, Math.max(minimum, Math.ceil((k / selectivity) * 1.5)));
}

/** Vector mode's first ANN fetch for a principal of `allowedCount` chunks, as the planner computes it now. */
export function plannerFetch(total: number, allowedCount: number, k: number, embedderKind: 'lexical' | 'semantic'): number {
  const plan = planVector({
    total,
    allowedCount,
    exactScanLimit: 0,
    k,
    embedderKind,
    prefilter: true,
    searchClause: false,
    filterable: [],
    workspaceProperty: DEFAULT_SCHEMA_PROFILE.properties.document.workspaceId,
    workspaceKnown: false,
  });
  return plan.strategy === 'exact_scan' ? total : plan.firstFetch;
}

/** The reference query's Cypher for `profile`, with the compiled access predicate `aclChunk` (over `c` and `d`) inline. */
export function referenceCypher(profile: SchemaProfile, aclChunk: string): string {
  const { labels, properties, relationships } = profile;
  const embedding = q(properties.chunk.embedding);
  return `CALL db.index.vector.queryNodes($index, $fetch, $query_vector) YIELD node AS c, score AS ann_score
MATCH (c)-[:${q(relationships.partOf)}]->(d:${q(labels.document)})
WHERE ${aclChunk}
WITH c, d, vector.similarity.cosine(c.${embedding}, $query_vector) AS score
ORDER BY score DESC
LIMIT $k
RETURN c.${q(properties.chunk.id)} AS chunk_id, c.${q(properties.chunk.text)} AS text, d.${q(properties.document.id)} AS document_id, score`;
}

/** What one reference query returned and cost. */
export interface ReferenceResult {
  readonly chunkIds: string[];
  readonly e2eMs: number;
  readonly serverMs: number;
  readonly fetch: number;
}

/** Runs the reference query as `principal` through the driver's `executeQuery`, as a neo4j-graphrag user would. */
export async function runReference(
  driver: Driver,
  principal: PrincipalRecord,
  queryVector: Float32Array,
  fetch: number,
  k: number,
  {
    everyDocument = true,
    profile = DEFAULT_SCHEMA_PROFILE,
  }: {
    /** False on a graph where no chunk is part of two documents: the clause asking for a chunk's other documents is left out, as the product leaves it out there. */
    readonly everyDocument?: boolean;
    readonly profile?: SchemaProfile;
  } = {},
): Promise<ReferenceResult> {
  // The rule as the product compiles it, a chunk of several documents visible only when all are (retrieval-plan.ts);
  // on a graph of one-document chunks both ask without that clause, which can only find the row's own document there.
  const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, principal, {
    document: 'd',
    chunk: 'c',
    ...(everyDocument ? { documentsOfChunk: { relationship: profile.relationships.partOf, documentLabel: profile.labels.document } } : {}),
  });
  const started = performance.now();
  const result = await driver.executeQuery(
    referenceCypher(profile, compiled.chunk as string),
    {
      ...compiled.params,
      index: profile.indexes.chunkVector,
      fetch: neo4j.int(fetch),
      k: neo4j.int(k),
      query_vector: Array.from(queryVector),
    },
    { routing: neo4j.routing.READ },
  );
  const e2eMs = performance.now() - started;
  const serverMs = Number(result.summary.resultAvailableAfter) + Number(result.summary.resultConsumedAfter);
  return { chunkIds: result.records.map((r) => r.get('chunk_id') as string), e2eMs, serverMs, fetch };
}

/** One row of the ratio table: a variant against the reference for one principal, from the same interleaved run. */
export interface ReferenceRatio {
  readonly variant: string;
  readonly principal_id: string;
  readonly selectivity: number;
  readonly allowed_chunks: number;
  readonly p50_ratio: number;
  readonly mean_ratio: number;
  /**
   * The median over queries of variant ÷ reference for the same query, run back to back: robust to
   * the machine's load drifting over the run, which moves both sides of a pair alike. Null without pairs.
   */
  readonly paired_ratio: number | null;
  readonly server_ratio: number;
  readonly variant_p50_ms: number;
  readonly reference_p50_ms: number;
  readonly variant_server_ms: number;
  readonly reference_server_ms: number;
  /** p50 of (e2e − critical-path server time) per request: the variant's client overhead, and the reference's (its driver's floor). */
  readonly variant_p50_overhead_ms: number;
  readonly reference_p50_overhead_ms: number;
  /** The median client CPU ms per request of each (CellSummary.p50_client_cpu_ms): what the variant's client does beyond the single query's. */
  readonly variant_p50_cpu_ms: number | null;
  readonly reference_p50_cpu_ms: number | null;
  readonly variant_recall: number | null;
  readonly reference_recall: number | null;
  readonly variant_min_recall: number | null;
  readonly reference_min_recall: number | null;
}

/** The median of variant ÷ reference e2e over the queries both answered (ok or no evidence), or null when none. */
export function pairedRatio(variant: readonly RequestSample[], reference: readonly RequestSample[]): number | null {
  const answered = (s: RequestSample) => s.outcome === 'ok' || s.outcome === 'no_evidence';
  const byQuery = new Map(reference.filter(answered).map((s) => [s.query, s.e2e_ms]));
  const ratios = variant
    .filter(answered)
    .flatMap((s) => {
      const ref = byQuery.get(s.query);
      return ref === undefined || ref <= 0 ? [] : [s.e2e_ms / ref];
    })
    .sort((a, b) => a - b);
  if (ratios.length === 0) return null;
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2 === 1 ? (ratios[middle] as number) : ((ratios[middle - 1] as number) + (ratios[middle] as number)) / 2;
}

/**
 * variant ÷ reference per principal, for every variant cell whose principal has a reference cell;
 * `samplesOf` gives each cell's requests, for the paired ratio.
 */
export function referenceRatios(
  cells: readonly CellSummary[],
  samplesOf: (variant: string, principalId: string) => readonly RequestSample[] = () => [],
  reference: string = REFERENCE_VARIANT,
): ReferenceRatio[] {
  const references = new Map(cells.filter((c) => c.variant === reference).map((c) => [c.principal_id, c]));
  return cells.flatMap((cell) => {
    const ref = references.get(cell.principal_id);
    if (!ref || REFERENCE_VARIANTS.includes(cell.variant)) return [];
    return [
      {
        variant: cell.variant,
        principal_id: cell.principal_id,
        selectivity: cell.selectivity,
        allowed_chunks: cell.allowed_chunks,
        p50_ratio: cell.p50_ms / ref.p50_ms,
        mean_ratio: cell.mean_e2e_ms / ref.mean_e2e_ms,
        paired_ratio: pairedRatio(samplesOf(cell.variant, cell.principal_id), samplesOf(reference, cell.principal_id)),
        server_ratio: cell.mean_server_critical_ms / ref.mean_server_critical_ms,
        variant_p50_ms: cell.p50_ms,
        reference_p50_ms: ref.p50_ms,
        variant_server_ms: cell.mean_server_critical_ms,
        reference_server_ms: ref.mean_server_critical_ms,
        variant_p50_overhead_ms: cell.p50_overhead_ms,
        reference_p50_overhead_ms: ref.p50_overhead_ms,
        variant_p50_cpu_ms: cell.p50_client_cpu_ms,
        reference_p50_cpu_ms: ref.p50_client_cpu_ms,
        variant_recall: cell.recall_at_10,
        reference_recall: ref.recall_at_10,
        variant_min_recall: cell.min_recall_at_10,
        reference_min_recall: ref.min_recall_at_10,
      },
    ];
  });
}

/** Goal 5 of issue 14: each richer mode against the one it builds on, and the limit it must keep to. */
export const MODE_PAIRS = [
  { variant: 'hybrid', base: 'vector', goal: 1.3 },
  { variant: 'graph', base: 'hybrid', goal: 1.5 },
] as const;

/** One mode against the one it builds on, for one principal, from the same interleaved run. */
export interface ModeRatio {
  readonly variant: string;
  readonly base: string;
  readonly goal: number;
  readonly principal_id: string;
  readonly allowed_chunks: number;
  readonly p50_ratio: number;
  /** The median over queries of variant ÷ base for the same query, run back to back; null without pairs. */
  readonly paired_ratio: number | null;
}

/** hybrid ÷ vector and graph ÷ hybrid per principal, where the run measured both sides. */
export function modeRatios(
  cells: readonly CellSummary[],
  samplesOf: (variant: string, principalId: string) => readonly RequestSample[],
): ModeRatio[] {
  return MODE_PAIRS.flatMap(({ variant, base, goal }) =>
    cells.flatMap((cell) => {
      const other = cells.find((c) => c.variant === base && c.principal_id === cell.principal_id);
      if (cell.variant !== variant || !other) return [];
      return [
        {
          variant,
          base,
          goal,
          principal_id: cell.principal_id,
          allowed_chunks: cell.allowed_chunks,
          p50_ratio: cell.p50_ms / other.p50_ms,
          paired_ratio: pairedRatio(samplesOf(variant, cell.principal_id), samplesOf(base, cell.principal_id)),
        },
      ];
    }),
  );
}

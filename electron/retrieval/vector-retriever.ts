import type { ReadResult } from '../graph/read-gateway';
import { overfetchUntilAllowed } from './adaptive-overfetch';
import type { Candidate } from './candidate';
import { candidatesFromRows, prefilteredRows } from './candidate-rows';
import { usableVectorIndex } from './embedder-fit';
import { embedQuery } from './query-embedding';
import { vectorAnn, vectorCountAndExactScan, vectorSearchInIndex } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';
import { sourced, type Retriever } from './retriever';
import { timedStage } from './retrieval-stages';
import { planVector } from './vector-plan';
import { roundToTenths } from '../../shared/round-to-tenths';

/** How the planner's counts read when the request has filters: "allowed" then means by the access rule and the filters. */
function filtersNamed(run: RetrievalRun): string {
  return run.filters.parts.length > 0 ? ' by the access rule and the request filters' : '';
}

/** What the planner's first query counted, and how long it took. */
interface Planning {
  readonly total: number;
  readonly allowedCount: number;
  readonly planningMs: number;
}

/** The exact scan's candidates: the planner's first query already scored every allowed chunk. */
function exactScanCandidates(
  run: RetrievalRun,
  planned: ReadResult,
  { total, allowedCount, planningMs }: Planning,
  stageName: string,
): Candidate[] {
  // What the pre-filter kept out is the whole graph's count (access-scope.ts), made once per run.
  const rows = prefilteredRows(planned);
  run.log.stage({
    name: stageName,
    strategy: 'exact_scan',
    duration_ms: roundToTenths(planningMs),
    candidates_in: allowedCount,
    candidates_out: rows.length,
    acl: run.acl ? 'prefilter' : 'none',
    note: `${allowedCount} of ${total} chunks allowed${filtersNamed(run)} (at most ${run.exactScanLimit} are scanned exactly); exact cosine, not approximate; counted and scored in one query`,
  });
  return candidatesFromRows(rows, 'vector');
}

/**
 * Vector candidates for `queryVector`, by the planner's choice (vector-plan.ts), recorded with its
 * reason: an exact scan over the allowed chunks when few are allowed (counted first, with a cap, in
 * the same query that scores them); the SEARCH clause with the workspace filtered in the index on
 * Neo4j 2026.01+ when the index declares that property; otherwise ANN with adaptive over-fetch and
 * a post-filter.
 */
export async function vectorCandidates(
  run: RetrievalRun,
  queryVector: Float32Array,
  k: number,
  stageName = 'vector',
): Promise<Candidate[]> {
  const index = usableVectorIndex(run);
  const params = { ...run.aclParams, query_vector: Array.from(queryVector), k };
  const options = { deadline: run.deadline.stage(0.6), stage: stageName };

  // One query counts the allowed chunks (capped) and, when few enough, already scores them exactly.
  const limit = run.exactScanLimit;
  const planningStarted = performance.now();
  const planned = await run.log.read(
    vectorCountAndExactScan(run.profile, run.acl, run.filters.cypher),
    { ...params, cap: limit + 1, limit },
    options,
  );
  const planningMs = performance.now() - planningStarted;
  const total = Number(planned.rows[0]?.total ?? 0);
  const allowedCount = Number(planned.rows[0]?.allowed_count ?? 0);
  const workspaceProperty = run.profile.properties.document.workspaceId;
  const plan = planVector({
    total,
    allowedCount,
    exactScanLimit: limit,
    k,
    embedderKind: run.embedder.kind,
    prefilter: run.acl !== null,
    searchClause: run.capabilities.searchClause,
    filterable: index.filterable,
    workspaceProperty,
    workspaceKnown: typeof run.aclParams.acl_in_index_workspace === 'string',
  });

  if (plan.strategy === 'exact_scan') return exactScanCandidates(run, planned, { total, allowedCount, planningMs }, stageName);

  const inIndex = plan.strategy === 'search_in_index_then_postfilter';
  const query = inIndex
    ? vectorSearchInIndex(run.profile, run.acl, run.filters.cypher, index.name, workspaceProperty)
    : vectorAnn(run.profile, run.acl, run.filters.cypher);
  const found = await timedStage(
    run.log,
    stageName,
    () =>
      overfetchUntilAllowed(run, {
        query,
        params: { ...params, index: index.name },
        k,
        firstFetch: plan.firstFetch,
        maxFetch: plan.maxFetch,
        shortRoundIsLast: false,
        source: 'vector',
        options,
      }),
    ({ candidates, rounds, fetched }) => ({
      strategy: plan.strategy,
      candidates_in: fetched,
      candidates_out: candidates.length,
      acl: 'postfilter',
      note: `${allowedCount > limit ? `more than ${limit}` : allowedCount} of ${total} chunks allowed${filtersNamed(run)}; approximate (ANN), ${rounds} round(s) of adaptive over-fetch, last fetch ${fetched}${inIndex ? `; ${workspaceProperty} filtered inside the index` : ''}; planning ${planningMs.toFixed(1)} ms`,
    }),
  );
  return found.candidates;
}

/** `vector` mode: the query's embedding against the chunk vector index, at least `top_k` candidates. */
export const vectorRetriever: Retriever = {
  embedsQuery: true,
  searchesWords: true,
  retrieve: async (run) =>
    sourced(await vectorCandidates(run, await embedQuery(run), Math.max(run.request.top_k, run.options.vector_candidates))),
};

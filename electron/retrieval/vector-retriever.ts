import { LensError } from '../../shared/lens-error';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { Candidate } from './candidate';
import { BEFORE_CANDIDATES, postfilterIfEnabled } from './acl-enforcement';
import { candidatesFromRows, postfilteredHits, prefilteredRows } from './candidate-rows';
import { vectorAnn, vectorCountAndExactScan, vectorSearchInIndex } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';
import { timedStage } from './retrieval-stages';

/** The default planner limit: up to this many allowed chunks an exact cosine scan is cheap and exact; above it, ANN. */
export const EXACT_SCAN_LIMIT = 20_000;
/** ANN fetches at least this many times `k`, so a quantised index still yields the true top k. */
const ANN_MIN_OVERFETCH = 4;
/** The least fetch for lexical (hashing) vectors, as a multiple of `k`. */
const ANN_LEXICAL_OVERFETCH = 1000;
/** Each adaptive round multiplies the fetch by this until there are `k` allowed chunks or no more. */
const ANN_GROWTH = 4;

/**
 * Vector candidates for `queryVector`, by the planner's choice, recorded with its reason:
 * an exact scan over the allowed chunks when few are allowed (counted first, with a cap, in the
 * same query that scores them);
 * the SEARCH clause with the workspace filtered in the index on Neo4j 2026.01+ when the index
 * declares that property; otherwise ANN with adaptive over-fetch and a post-filter.
 */
export async function vectorCandidates(run: RetrievalRun, queryVector: Float32Array, k: number, stageName = 'vector'): Promise<Candidate[]> {
  const index = run.capabilities.vectorIndex;
  if (!index) {
    throw new LensError('unavailable', `There is no vector index ${run.profile.indexes.chunkVector} in the graph, so vector retrieval cannot run.`, {
      hint: 'Create it (the demo loader does) or set indexes.chunkVector in the schema profile; `lens connect` lists the indexes.',
    });
  }
  if (index.dimensions !== null && index.dimensions !== run.embedder.dimensions) {
    throw new LensError('unavailable', `The vector index ${index.name} has ${index.dimensions} dimensions but the query embedder ${run.embedder.name} makes ${run.embedder.dimensions}.`, {
      hint: 'Configure the embedder the index was built with, or re-load the graph with this one.',
    });
  }
  const deadline = run.deadline.stage(0.6);
  const vector = Array.from(queryVector);
  const params = { ...run.aclParams, query_vector: vector, k };
  const options = { deadline, stage: stageName };

  // One query counts the allowed chunks (capped) and, when few enough, already scores them exactly.
  const limit = run.exactScanLimit;
  const planningStarted = performance.now();
  const planned = await run.log.read(vectorCountAndExactScan(run.profile, run.acl), { ...params, cap: limit + 1, limit }, options);
  const planningMs = performance.now() - planningStarted;
  const first = planned.rows[0];
  const total = Number(first?.total ?? 0);
  const allowedCount = Number(first?.allowed_count ?? 0);

  if (allowedCount <= limit) {
    // What the pre-filter kept out is counted, never fetched.
    if (run.acl) run.log.deny(BEFORE_CANDIDATES, 'excluded_by_prefilter', total - allowedCount);
    const rows = prefilteredRows(planned);
    run.log.stage({
      name: stageName,
      strategy: 'exact_scan',
      duration_ms: roundToTenths(planningMs),
      candidates_in: allowedCount,
      candidates_out: rows.length,
      acl: run.acl ? 'prefilter' : 'none',
      note: `${allowedCount} of ${total} chunks allowed (at most ${limit} are scanned exactly); exact cosine, not approximate; counted and scored in one query`,
    });
    return candidatesFromRows(rows, 'vector');
  }

  const workspaceProperty = run.profile.properties.document.workspaceId;
  const inIndex = run.acl !== null && run.capabilities.searchClause && index.filterable.includes(workspaceProperty) && typeof run.aclParams.acl_in_index_workspace === 'string';
  const query = inIndex ? vectorSearchInIndex(run.profile, run.acl, index.name, workspaceProperty) : vectorAnn(run.profile, run.acl);
  const selectivity = Math.max(allowedCount / Math.max(total, 1), 1 / Math.max(total, 1));
  // Lexical vectors of a short query have poor ANN neighbourhoods (measured: recall@10 ≈ 0.15 at
  // 4 × k on 100k chunks), so they need a far larger fetch than model embeddings do.
  const minimumFetch = k * (run.embedder.kind === 'lexical' ? ANN_LEXICAL_OVERFETCH : ANN_MIN_OVERFETCH);
  let fetch = Math.min(total, Math.max(minimumFetch, Math.ceil((k / selectivity) * 1.5)));
  let rounds = 0;
  let fetched = 0;
  return timedStage(
    run.log,
    stageName,
    async () => {
      for (;;) {
        rounds += 1;
        const hits = postfilteredHits(await run.log.read(query, { ...params, index: index.name, fetch }, options));
        fetched = hits.fetched;
        // Once every indexed chunk was fetched, fewer than k allowed ones proves there are no more.
        if (hits.allowedTotal >= k || fetch >= total) {
          if (run.acl) run.log.deny(BEFORE_CANDIDATES, 'excluded_by_postfilter', hits.fetched - hits.allowedTotal);
          return candidatesFromRows(postfilterIfEnabled(run.acl !== null, hits.rows, run.checker, run.principal, run.log), 'vector');
        }
        fetch = Math.min(total, fetch * ANN_GROWTH);
      }
    },
    (out) => ({
      strategy: inIndex ? 'search_in_index_then_postfilter' : 'ann_postfilter',
      candidates_in: fetched,
      candidates_out: out.length,
      acl: 'postfilter',
      note: `${allowedCount > limit ? `more than ${limit}` : allowedCount} of ${total} chunks allowed; approximate (ANN), ${rounds} round(s) of adaptive over-fetch, last fetch ${fetched}${inIndex ? `; ${workspaceProperty} filtered inside the index` : ''}; planning ${planningMs.toFixed(1)} ms`,
    }),
  );
}

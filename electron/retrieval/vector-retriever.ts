import { formulaToLucene } from '../../shared/acl/compile-acl-to-lucene';
import { stageNote } from '../../shared/stage-note-messages';
import type { CoreMessage } from '../../shared/core-message';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { BuiltInQuery } from '../graph/built-in-query';
import { allowedByRuleAndFilters, plannerAccessScopeRow } from './access-scope';
import { overfetchUntilAllowed, type OverfetchResult } from './adaptive-overfetch';
import type { Candidate } from './candidate';
import { candidatesFromRows, prefilteredRows } from './candidate-rows';
import { usableVectorIndex } from './embedder-fit';
import { embedQuery } from './query-embedding';
import { vectorAnn, vectorCountAndExactScan, vectorExactOverAclTerms, vectorSearchInIndex } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';
import { sourced, type Retriever } from './retriever';
import { StaleCache } from './stale-cache';
import { timedStage } from './retrieval-stages';
import { costsNote, observeVectorCost, vectorCostsWithin, type VectorCosts } from './vector-calibration';
import {
  annAllowedWanted,
  annCanFindTopK,
  annEndedShort,
  joinsOtherReads,
  planVector,
  type VectorPlan,
  type VectorPlanFacts,
} from './vector-plan';

/** How the planner's counts read: with request filters, "allowed" means by the access rule and the filters. */
/** What the planner needs to know of a run and its vector index, beside the counts and the limits. */
export function runPlanFacts(
  run: RetrievalRun,
  index: { readonly filterable: readonly string[]; readonly quantization?: string | null },
): Pick<
  VectorPlanFacts,
  'embedderKind' | 'binaryQuantized' | 'prefilter' | 'searchClause' | 'filterable' | 'workspaceProperty' | 'workspaceKnown'
> {
  return {
    embedderKind: run.embedder.kind,
    binaryQuantized: index.quantization?.toUpperCase() === 'BINARY',
    prefilter: run.acl !== null,
    searchClause: run.capabilities.searchClause,
    filterable: index.filterable,
    workspaceProperty: run.profile.properties.document.workspaceId,
    workspaceKnown: typeof run.aclParams.acl_in_index_workspace === 'string',
  };
}

function allowedNote(run: RetrievalRun, allowed: number, total: number): CoreMessage {
  return stageNote(run.filters.parts.length > 0 ? 'allowed_chunks_filtered' : 'allowed_chunks', { allowed, total });
}

/** What the planner knew when it chose, and how long knowing it took. */
interface Planning {
  readonly total: number;
  readonly allowedCount: number;
  readonly planningMs: number;
  readonly plan: VectorPlan;
  readonly costs: VectorCosts | null;
}

/** Planning that chose ANN (in the index or over the whole of it). */
type AnnPlanning = Planning & { readonly plan: Exclude<VectorPlan, { strategy: 'exact_scan' }> };

/** The principal's allowed chunks as a query on the full-text index's ACL terms, or null where the index cannot enumerate them. */
function aclTermsEnumeration(run: RetrievalRun): { readonly index: string; readonly lucene: string; readonly field: string } | null {
  const plan = run.fulltextAcl;
  const index = run.capabilities.fulltextIndex;
  if (!run.acl || !plan.inIndex || plan.formula.kind === 'const' || !index) return null;
  return { index: index.name, lucene: formulaToLucene(plan.formula, plan.field), field: plan.field };
}

/** Why the planner chose as it did, for the stage note: the fixed limit, or the estimates and the costs behind them. */
function describeChoice(run: RetrievalRun, { plan, costs }: Planning): CoreMessage {
  if (plan.strategy === 'exact_scan' && plan.reason === 'binary_quantized_lexical')
    return stageNote('choice_binary_quantized', { embedder: run.embedder.name });
  if (!plan.estimate || !costs) return stageNote('choice_fixed', { limit: String(run.exactScanLimit) });
  return stageNote('choice_estimated', {
    exact_ms: plan.estimate.exactMs.toFixed(1),
    ann_ms: plan.estimate.annMs.toFixed(1),
    costs: [costsNote(costs)],
  });
}

/**
 * The exact scan: the allowed chunks enumerated through the full-text index's ACL terms where it
 * holds them (cost per allowed chunk), else every chunk judged by the access rule (cost per chunk);
 * either way every allowed chunk scored by exact cosine in one query.
 */
async function exactScanCandidates(
  run: RetrievalRun,
  params: Record<string, unknown>,
  planning: Planning,
  stageName: string,
  choice: CoreMessage = describeChoice(run, planning),
): Promise<Candidate[]> {
  const enumeration = aclTermsEnumeration(run);
  const { total, allowedCount } = planning;
  const [query, queryParams]: [BuiltInQuery, Record<string, unknown>] =
    enumeration && run.acl
      ? [
          vectorExactOverAclTerms(run.profile, run.acl, run.filters.cypher, run.namedKeys),
          { ...params, fulltext_index: enumeration.index, acl_lucene: enumeration.lucene },
        ]
      : [vectorCountAndExactScan(run.profile, run.acl, run.filters.cypher, run.namedKeys), { ...params, cap: total + 1, limit: total }];
  const started = performance.now();
  const result = await run.log.read(query, queryParams, {
    deadline: run.deadline.stage(0.6),
    stage: stageName,
    carrier: true,
    joinable: joinsOtherReads(planning.plan, run.joinBelowEstimatedMs),
  });
  const rows = prefilteredRows(result);
  const scored = enumeration ? allowedCount : Number(result.rows[0]?.allowed_count ?? 0);
  // A read that shared its round trip (joined-reads.ts) has no server time of its own to learn from.
  if (enumeration && result.sharedRoundTrip !== true)
    observeVectorCost(run.connection, 'exact', scored, result.serverMs.available + result.serverMs.consumed);
  const how = enumeration ? stageNote('how_enumerated', { field: enumeration.field }) : stageNote('how_judged');
  // What the pre-filter kept out is the whole graph's count (access-scope.ts), made once per principal and graph state.
  run.log.stage({
    name: stageName,
    strategy: 'exact_scan',
    duration_ms: roundToTenths(planning.planningMs + performance.now() - started),
    candidates_in: scored,
    candidates_out: rows.length,
    acl: run.acl ? 'prefilter' : 'none',
    note: stageNote('vector_exact', {
      allowed: [allowedNote(run, allowedCount, total)],
      scored,
      how: [how],
      choice: [choice],
      planning_ms: planning.planningMs.toFixed(1),
    }),
  });
  return candidatesFromRows(rows, 'vector');
}

/** ANN (in the index with the workspace filtered where the server allows) with adaptive over-fetch and a post-filter. */
async function annCandidates(
  run: RetrievalRun,
  params: Record<string, unknown>,
  planning: AnnPlanning,
  stageName: string,
): Promise<OverfetchResult> {
  const { plan, total, allowedCount } = planning;
  const index = usableVectorIndex(run);
  const workspaceProperty = run.profile.properties.document.workspaceId;
  const inIndex = plan.strategy === 'search_in_index_then_postfilter';
  const query = inIndex
    ? vectorSearchInIndex(run.profile, run.acl, run.filters.cypher, index.name, workspaceProperty, run.namedKeys)
    : vectorAnn(run.profile, run.acl, run.filters.cypher, run.namedKeys);
  const found = await timedStage(
    run.log,
    stageName,
    () =>
      overfetchUntilAllowed(run, {
        query,
        params: { ...params, index: index.name },
        k: Number(params.k),
        firstFetch: plan.firstFetch,
        maxFetch: plan.maxFetch,
        // Searched whole, the index gives fewer than asked only when it has or returns no more.
        shortRoundIsLast: !inIndex,
        source: 'vector',
        options: { deadline: run.deadline.stage(0.6), stage: stageName, joinable: joinsOtherReads(plan, run.joinBelowEstimatedMs) },
      }),
    ({ candidates, rounds, fetched, kept, serverMs }) => {
      // The query logged under another name when the run's principal rode in it, so its time comes with the result.
      if (rounds === 1 && serverMs !== null) observeVectorCost(run.connection, 'ann', fetched, serverMs, kept);
      return {
        strategy: plan.strategy,
        candidates_in: fetched,
        candidates_out: candidates.length,
        acl: 'postfilter',
        note: stageNote(inIndex ? 'vector_ann_in_index' : 'vector_ann', {
          allowed: [allowedNote(run, allowedCount, total)],
          rounds,
          fetched,
          property: workspaceProperty,
          choice: [describeChoice(run, planning)],
          planning_ms: planning.planningMs.toFixed(1),
        }),
      };
    },
  );
  return found;
}

/**
 * ANN, and where it ended short of the top k (see `annEndedShort`) an exact scan after it: the
 * allowed chunks ANN could not reach are still ranked, and the trace records both stages and why.
 */
async function annOrExactCandidates(
  run: RetrievalRun,
  params: Record<string, unknown>,
  planning: AnnPlanning,
  stageName: string,
): Promise<Candidate[]> {
  const found = await annCandidates(run, params, planning, stageName);
  const k = Number(params.k);
  if (!annEndedShort(found, { k, allowedCount: planning.allowedCount })) return found.candidates;
  const choice = stageNote('choice_ann_short', {
    rounds: found.rounds,
    asked: found.asked,
    fetched: found.fetched,
    kept: found.kept,
    wanted: annAllowedWanted({ k, allowedCount: planning.allowedCount }),
  });
  // Planning was timed with the ANN stage; the scan's own stage times only the scan.
  return exactScanCandidates(run, params, { ...planning, planningMs: 0, plan: { strategy: 'exact_scan' } }, stageName, choice);
}

/**
 * Vector candidates for `queryVector`, by the planner's choice (vector-plan.ts), recorded with its
 * reason. The planner reads the allowed count from the whole graph's counts, cached per connection
 * (no count on the hot path), and the costs of both ways calibrated once per connection: an exact
 * scan over the allowed chunks (enumerated through an index where one holds the rule), or ANN with
 * the predicate in the same query, adaptive over-fetch sized from the selectivity, and exact
 * re-scoring — with the workspace filtered in the index on Neo4j 2026.01+ where the index declares it.
 */
export async function vectorCandidates(
  run: RetrievalRun,
  queryVector: Float32Array,
  k: number,
  stageName = 'vector',
): Promise<Candidate[]> {
  const index = usableVectorIndex(run);
  const params = { ...run.aclParams, query_vector: Array.from(queryVector), k };
  const planningStarted = performance.now();
  const { row, confirmed } = await plannerAccessScopeRow(run);
  const total = Number(row.total ?? 0);
  const allowedCount = allowedByRuleAndFilters(run, row);
  const facts = runPlanFacts(run, index);
  // Costs are calibrated only where they decide: not on a forced path, nor where ANN cannot find the top k.
  const costs =
    run.exactScanLimit === null && annCanFindTopK(facts)
      ? await vectorCostsWithin(run.deadline.stage(0.6), stageName, run.connection, run.profile, index.name, total, params.query_vector)
      : null;
  const plan = planVector({
    total,
    allowedCount,
    exactScanLimit: run.exactScanLimit,
    enumerable: aclTermsEnumeration(run) !== null,
    ...(costs ? { costs } : {}),
    k,
    ...facts,
  });
  const planning = { total, allowedCount, planningMs: performance.now() - planningStarted, costs };
  const found =
    plan.strategy === 'exact_scan'
      ? exactScanCandidates(run, params, { ...planning, plan }, stageName)
      : annOrExactCandidates(run, params, { ...planning, plan }, stageName);
  // Planned on cached counts, the query ran while the graph's state was read: nothing is handed on
  // until that state confirms them (else the run is redone), and no read outlives the run.
  // A graph that moved on redoes the run whatever the query did; otherwise the query's own failure is the one
  // reported (a cancelled run names the stage it was in, not the state read that rode in its query).
  const [candidates, check] = await Promise.allSettled([found, confirmed]);
  if (check.status === 'rejected' && check.reason instanceof StaleCache) throw check.reason;
  if (candidates.status === 'rejected') throw candidates.reason;
  if (check.status === 'rejected') throw check.reason;
  return candidates.value;
}

/**
 * `vector` mode: the query's embedding against the chunk vector index, at least `top_k` candidates.
 * The principal's counts (the planner's first read) are fetched while the query is embedded; when
 * the connection has them cached the planner starts at once and the graph's state that confirms
 * them is read beside the retrieval query, so that round trip is off the critical path.
 */
export const vectorRetriever: Retriever = {
  embedsQuery: true,
  searchesWords: true,
  retrieve: async (run) => {
    const [queryVector] = await Promise.all([embedQuery(run), plannerAccessScopeRow(run)]);
    return sourced(await vectorCandidates(run, queryVector, Math.max(run.request.top_k, run.options.vector_candidates)));
  },
};

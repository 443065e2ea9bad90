import type { RouteRecord } from '../../shared/route-messages';
import type { Candidate } from './candidate';
import { wordSides } from './word-sides';
import { graphCandidates } from './graph-retriever';
import { allSides } from './concurrent-sides';
import { embeddingStarted, fusionStage, hybridCandidates } from './hybrid-retriever';
import { routeQuestion } from './query-router';
import type { RetrievalRun } from './retrieval-run';
import { sourced, type Retriever } from './retriever';
import { roundToTenths } from '../../shared/round-to-tenths';

/** Routes the question (query-router.ts), keeps the decision with the run, and records it as the `route` stage. */
function routeStage(run: RetrievalRun): RouteRecord {
  const started = performance.now();
  const route = routeQuestion(run.request.query);
  run.log.route = route;
  run.log.stage({
    name: 'route',
    strategy: `route_${route.chosen}`,
    duration_ms: roundToTenths(performance.now() - started),
    candidates_in: 0,
    candidates_out: 0,
    acl: 'none',
    note: { code: `route:${route.code}`, params: route.params },
  });
  return route;
}

/** The lookup route: full-text and the entity signal, fused by the request's ranker, without the vector side. */
async function lookupCandidates(run: RetrievalRun): Promise<Candidate[]> {
  const [fulltext, entity] = await allSides<[Candidate[], Candidate[]]>(wordSides(run, run.options.fulltext_candidates));
  return fusionStage(run, { vector: [], fulltext, entity });
}

/**
 * `auto` mode: the router picks the route from the question's cues, and the chosen retrieval then
 * runs its own stages as they are: a lookup (full-text + entity), hybrid, or graph expansion.
 */
export const autoRetriever: Retriever = {
  embedsQuery: true,
  searchesWords: true,
  retrieve: async (run) => {
    const route = routeStage(run);
    if (route.chosen === 'fulltext') return sourced(await lookupCandidates(run));
    const queryVector = embeddingStarted(run);
    return sourced(route.chosen === 'graph' ? await graphCandidates(run, queryVector) : await hybridCandidates(run, queryVector));
  },
};

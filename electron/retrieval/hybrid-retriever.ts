import { roundToTenths } from '../../shared/round-to-tenths';
import type { Candidate } from './candidate';
import { entityCandidates } from './entity-retriever';
import { fulltextCandidates } from './fulltext-retriever';
import { fuseRankings, type RankedLists, type Ranker } from './rank-fusion';
import type { RetrievalRun } from './retrieval-run';
import { sourced, type Retriever } from './retriever';
import { embedQuery } from './query-embedding';
import { vectorCandidates } from './vector-retriever';

/** The request's ranker as the fusion wants it. */
export function rankerOf(run: RetrievalRun): Ranker {
  const { ranker, rrf_k: k, alpha } = run.options;
  return ranker === 'rrf' ? { kind: 'rrf', k } : ranker === 'naive' ? { kind: 'naive' } : { kind: 'linear', alpha };
}

/** The lists' sizes in words, for the fusion stage's note. */
function listsInWords(lists: RankedLists): string {
  const sizes = [
    `${lists.vector.length} vector`,
    `${lists.fulltext.length} full-text`,
    ...(lists.entity ? [`${lists.entity.length} entity`] : []),
  ];
  return `${sizes.join(' + ')} candidates`;
}

/** Fuses the lists by the request's ranker and records the fusion stage. */
export function fusionStage(run: RetrievalRun, lists: RankedLists): Candidate[] {
  const started = performance.now();
  const ranker = rankerOf(run);
  const fused = fuseRankings(lists, ranker);
  const listed = lists.vector.length + lists.fulltext.length + (lists.entity?.length ?? 0);
  run.log.stage({
    name: 'fusion',
    strategy: ranker.kind === 'rrf' ? `rrf(k=${ranker.k})` : ranker.kind === 'linear' ? `linear(alpha=${ranker.alpha})` : 'naive',
    duration_ms: roundToTenths(performance.now() - started),
    candidates_in: listed,
    candidates_out: fused.length,
    acl: 'none',
    note: `${listsInWords(lists)}, ${listed - fused.length} found by more than one`,
  });
  return fused;
}

/** Vector ∪ full-text ∪ entity signal, each side access-filtered on its own, fused by the request's ranker. */
export async function hybridCandidates(run: RetrievalRun, queryVector: Float32Array): Promise<Candidate[]> {
  const [vector, fulltext, entity] = await Promise.all([
    vectorCandidates(run, queryVector, run.options.vector_candidates),
    fulltextCandidates(run, run.options.fulltext_candidates),
    entityCandidates(run, run.options.fulltext_candidates),
  ]);
  return fusionStage(run, { vector, fulltext, entity });
}

/** `hybrid` mode: vector ∪ full-text ∪ the entity signal, fused by the request's ranker. */
export const hybridRetriever: Retriever = {
  embedsQuery: true,
  searchesWords: true,
  retrieve: async (run) => sourced(await hybridCandidates(run, await embedQuery(run))),
};

import { roundToTenths } from '../../shared/round-to-tenths';
import type { Candidate } from './candidate';
import { fulltextCandidates } from './fulltext-retriever';
import { fuseRankings, type Ranker } from './rank-fusion';
import type { RetrievalRun } from './retrieval-run';
import { sourced, type Retriever } from './retriever';
import { embedQuery } from './query-embedding';
import { vectorCandidates } from './vector-retriever';

/** The request's ranker as the fusion wants it. */
export function rankerOf(run: RetrievalRun): Ranker {
  const { ranker, rrf_k: k, alpha } = run.options;
  return ranker === 'rrf' ? { kind: 'rrf', k } : ranker === 'naive' ? { kind: 'naive' } : { kind: 'linear', alpha };
}

/** Vector ∪ full-text, each side access-filtered on its own, fused by the request's ranker. */
export async function hybridCandidates(run: RetrievalRun, queryVector: Float32Array): Promise<Candidate[]> {
  const [vector, fulltext] = await Promise.all([
    vectorCandidates(run, queryVector, run.options.vector_candidates),
    fulltextCandidates(run, run.options.fulltext_candidates),
  ]);
  const started = performance.now();
  const fused = fuseRankings(vector, fulltext, rankerOf(run));
  const ranker = rankerOf(run);
  run.log.stage({
    name: 'fusion',
    strategy: ranker.kind === 'rrf' ? `rrf(k=${ranker.k})` : ranker.kind === 'linear' ? `linear(alpha=${ranker.alpha})` : 'naive',
    duration_ms: roundToTenths(performance.now() - started),
    candidates_in: vector.length + fulltext.length,
    candidates_out: fused.length,
    acl: 'none',
    note: `${vector.length} vector + ${fulltext.length} full-text candidates, ${vector.length + fulltext.length - fused.length} found by both`,
  });
  return fused;
}

/** `hybrid` mode: vector ∪ full-text, fused by the request's ranker. */
export const hybridRetriever: Retriever = {
  embedsQuery: true,
  searchesWords: true,
  retrieve: async (run) => sourced(await hybridCandidates(run, await embedQuery(run))),
};

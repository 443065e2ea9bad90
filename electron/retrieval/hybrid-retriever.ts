import { roundToTenths } from '../../shared/round-to-tenths';
import { stageNote } from '../../shared/stage-note-messages';
import type { Candidate } from './candidate';
import { allSides } from './concurrent-sides';
import { usableVectorIndex } from './embedder-fit';
import { fuseRankings, type RankedLists, type Ranker } from './rank-fusion';
import type { RetrievalRun } from './retrieval-run';
import { sourced, type Retriever } from './retriever';
import { embedQuery } from './query-embedding';
import { vectorCandidates } from './vector-retriever';
import { wordSides } from './word-sides';

/** The request's ranker as the fusion wants it. */
export function rankerOf(run: RetrievalRun): Ranker {
  const { ranker, rrf_k: k, alpha } = run.options;
  return ranker === 'rrf' ? { kind: 'rrf', k } : ranker === 'naive' ? { kind: 'naive' } : { kind: 'linear', alpha };
}

/** Fuses the lists by the request's ranker and records the fusion stage. */
export function fusionStage(run: RetrievalRun, lists: RankedLists): Candidate[] {
  const started = performance.now();
  const ranker = rankerOf(run);
  const fused = fuseRankings(lists, ranker);
  const listed = lists.vector.length + lists.fulltext.length + (lists.entity?.length ?? 0);
  run.log.stage({
    name: 'fusion',
    // The tie order is part of RRF's ranking (rank-fusion.ts), so the trace names it beside k.
    strategy:
      ranker.kind === 'rrf'
        ? `rrf(k=${ranker.k}, ties=vector,fulltext,id)`
        : ranker.kind === 'linear'
          ? `linear(alpha=${ranker.alpha})`
          : 'naive',
    duration_ms: roundToTenths(performance.now() - started),
    candidates_in: listed,
    candidates_out: fused.length,
    acl: 'none',
    note: stageNote(lists.entity ? 'fusion_entity' : 'fusion', {
      vector: lists.vector.length,
      fulltext: lists.fulltext.length,
      entity: lists.entity?.length ?? 0,
      shared: listed - fused.length,
    }),
  });
  return fused;
}

/**
 * Vector ∪ full-text ∪ entity signal, each side access-filtered on its own, fused by the request's
 * ranker. The word sides need no vector, so they start at once and run while the query is embedded
 * (a model call can take longer than both); the vector side starts as soon as the vector arrives.
 */
export async function hybridCandidates(run: RetrievalRun, queryVector: Promise<Float32Array>): Promise<Candidate[]> {
  const [vector, fulltext, entity] = await allSides<[Candidate[], Candidate[], Candidate[]]>([
    queryVector.then((embedded) => vectorCandidates(run, embedded, run.options.vector_candidates)),
    ...wordSides(run, run.options.fulltext_candidates),
  ]);
  return fusionStage(run, { vector, fulltext, entity });
}

/**
 * Starts embedding the query, for sides that run while it is made. A vector index the embedder does
 * not fit is refused here, at once, before any side reads the graph.
 */
export function embeddingStarted(run: RetrievalRun): Promise<Float32Array> {
  usableVectorIndex(run);
  return embedQuery(run);
}

/** `hybrid` mode: vector ∪ full-text ∪ the entity signal, fused by the request's ranker. */
export const hybridRetriever: Retriever = {
  embedsQuery: true,
  searchesWords: true,
  retrieve: async (run) => sourced(await hybridCandidates(run, embeddingStarted(run))),
};

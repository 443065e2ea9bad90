import type { Candidate } from './candidate';
import type { RetrievalRun } from './retrieval-run';

/** What a retriever found: the candidates, and how many rows it could not trace to a source. */
export interface RetrievedCandidates {
  readonly candidates: readonly Candidate[];
  /** Rows without a chunk and a source (cypher templates), reported and never made items. */
  readonly lackingProvenance: number;
}

/**
 * One retrieval mode (neo4j-graphrag's `Retriever`): the candidate stage of a run, access-filtered
 * before candidates as its mechanism allows and recorded in the run's log. Everything after it
 * (re-check, freshness, packing, the final check) is the pipeline's and the same for every mode.
 */
export interface Retriever {
  /** Whether the mode embeds the query; the response then names the embedder. */
  readonly embedsQuery: boolean;
  /** Whether the mode searches the query's words, so a text of punctuation alone is refused before any read. */
  readonly searchesWords: boolean;
  /** The mode's candidates, best first. */
  retrieve(run: RetrievalRun): Promise<RetrievedCandidates>;
}

/** A retriever's candidates with nothing lacking provenance (every mode but cypher). */
export function sourced(candidates: readonly Candidate[]): RetrievedCandidates {
  return { candidates, lackingProvenance: 0 };
}

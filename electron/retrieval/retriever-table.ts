import {
  IMPLEMENTED_MODES,
  isImplementedMode,
  type ImplementedMode,
  type ParsedContextRequest,
  type RetrievalMode,
} from '../../shared/context-contract';
import { cypherTemplateRetriever } from './cypher-template-retriever';
import { fulltextRetriever, noSearchableWords } from './fulltext-retriever';
import { graphRetriever } from './graph-retriever';
import { hybridRetriever } from './hybrid-retriever';
import { hasSearchableWord } from './lucene-query';
import { RequestFailure } from './request-validation';
import type { Retriever } from './retriever';
import { vectorRetriever } from './vector-retriever';

/**
 * Every mode this build runs, by name. A new mode is one entry here and its name in
 * IMPLEMENTED_MODES (shared/context-contract.ts); the type makes the two agree.
 */
export const RETRIEVERS: { readonly [M in ImplementedMode]: Retriever } = {
  vector: vectorRetriever,
  fulltext: fulltextRetriever,
  hybrid: hybridRetriever,
  graph: graphRetriever,
  cypher: cypherTemplateRetriever,
};

/** "vector, fulltext, hybrid, graph or cypher". */
function implementedModesInWords(): string {
  return `${IMPLEMENTED_MODES.slice(0, -1).join(', ')} or ${IMPLEMENTED_MODES[IMPLEMENTED_MODES.length - 1]}`;
}

/** The retriever of a mode, or null for a mode of the contract this build does not run. */
export function retrieverOf(mode: RetrievalMode): Retriever | null {
  return isImplementedMode(mode) ? RETRIEVERS[mode] : null;
}

/**
 * The retriever a request asks for. A mode this build does not run is an invalid request saying
 * which modes it does; a text-search mode needs a word, since a text of punctuation alone is
 * searched by none of them.
 */
export function retrieverFor(request: ParsedContextRequest): Retriever {
  const retriever = retrieverOf(request.mode);
  if (!retriever)
    throw new RequestFailure(
      'invalid_request',
      `The ${request.mode} mode is not available in this build yet; use ${implementedModesInWords()}.`,
    );
  if (retriever.searchesWords && !hasSearchableWord(request.query)) throw noSearchableWords();
  return retriever;
}

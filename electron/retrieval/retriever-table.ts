import { IMPLEMENTED_MODES, type ParsedContextRequest, type RetrievalMode, type RetrieverMode } from '../../shared/context-contract';
import { outcomeMessage } from '../../shared/outcome-messages';
import { autoRetriever } from './auto-retriever';
import { cypherTemplateRetriever } from './cypher-template-retriever';
import { fulltextRetriever, noSearchableWords } from './fulltext-retriever';
import { graphRetriever } from './graph-retriever';
import { hybridRetriever } from './hybrid-retriever';
import { hasSearchableWord } from './lucene-query';
import { RequestFailure } from './request-validation';
import { text2CypherRetriever } from './text2cypher-retriever';
import type { Retriever } from './retriever';
import { vectorRetriever } from './vector-retriever';

/**
 * Every mode this build retrieves with, by name. A new mode is one entry here and its name in
 * IMPLEMENTED_MODES (shared/context-contract.ts); the type makes the two agree. `provider` is not
 * here: it calls a team's endpoint instead of retrieving (electron/provider/).
 */
export const RETRIEVERS: { readonly [M in RetrieverMode]: Retriever } = {
  vector: vectorRetriever,
  fulltext: fulltextRetriever,
  hybrid: hybridRetriever,
  graph: graphRetriever,
  cypher: cypherTemplateRetriever,
  text2cypher: text2CypherRetriever,
  auto: autoRetriever,
};

/** "vector, fulltext, hybrid, graph, cypher or provider". */
function implementedModesInWords(): string {
  return `${IMPLEMENTED_MODES.slice(0, -1).join(', ')} or ${IMPLEMENTED_MODES[IMPLEMENTED_MODES.length - 1]}`;
}

/** The retriever of a mode, or null for a mode that does not retrieve from the graph here (`provider`, or one not built). */
export function retrieverOf(mode: RetrievalMode): Retriever | null {
  return Object.hasOwn(RETRIEVERS, mode) ? RETRIEVERS[mode as RetrieverMode] : null;
}

/**
 * The retriever a request asks for. A mode this build does not run is an invalid request saying
 * which modes it does; a text-search mode needs a word, since a text of punctuation alone is
 * searched by none of them.
 */
export function retrieverFor(request: ParsedContextRequest): Retriever {
  const retriever = retrieverOf(request.mode);
  if (!retriever && request.mode === 'provider') throw new RequestFailure('invalid_request', outcomeMessage('provider_not_pipeline'));
  if (!retriever)
    throw new RequestFailure(
      'invalid_request',
      outcomeMessage('mode_unavailable', { mode: request.mode, modes: implementedModesInWords() }),
    );
  if (retriever.searchesWords && !hasSearchableWord(request.query)) throw noSearchableWords();
  return retriever;
}

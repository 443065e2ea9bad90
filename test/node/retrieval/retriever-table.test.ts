import { describe, expect, it } from 'vitest';
import { ContextRequest, IMPLEMENTED_MODES, RETRIEVER_MODES, RetrievalMode } from '../../../shared/context-contract';
import { RETRIEVERS, retrieverFor, retrieverOf } from '../../../electron/retrieval/retriever-table';
import { RequestFailure } from '../../../electron/retrieval/request-validation';
import { errorOf } from '../../support/lens-error-of';

const request = (mode: string, query = 'payments failover') => ContextRequest.parse({ query, principal: 'u-sora', mode });

describe('the retriever table', () => {
  it('holds one retriever for each mode this build retrieves with (every implemented mode but provider), and nothing else', () => {
    expect(Object.keys(RETRIEVERS).sort()).toEqual(IMPLEMENTED_MODES.filter((mode) => mode !== 'provider').sort());
    expect([...RETRIEVER_MODES].sort()).toEqual(Object.keys(RETRIEVERS).sort());
    for (const mode of RETRIEVER_MODES) expect(retrieverFor(request(mode)), mode).toBe(RETRIEVERS[mode]);
  });

  it('gives each mode its own retriever', () => {
    expect(new Set(Object.values(RETRIEVERS)).size).toBe(RETRIEVER_MODES.length);
  });

  it('has no retriever for the provider mode, and refuses it as a request the pipeline does not run', () => {
    expect(retrieverOf('provider')).toBeNull();
    expect(() => retrieverFor(request('provider'))).toThrow(
      expect.objectContaining({ outcome: 'invalid_request', message: expect.stringMatching(/calls a configured endpoint/) }),
    );
  });

  it.each(RetrievalMode.options.filter((mode) => !(IMPLEMENTED_MODES as readonly string[]).includes(mode)))(
    'refuses the %s mode as an invalid request naming the modes that run',
    (mode) => {
      expect(retrieverOf(mode)).toBeNull();
      expect(() => retrieverFor(request(mode))).toThrow(RequestFailure);
      expect(() => retrieverFor(request(mode))).toThrow(
        expect.objectContaining({
          outcome: 'invalid_request',
          message: `The ${mode} mode is not available in this build yet; use vector, fulltext, hybrid, graph, cypher or provider.`,
        }),
      );
    },
  );

  it('embeds the query exactly in the modes that search by vector (auto on its hybrid and graph routes)', () => {
    expect(RETRIEVER_MODES.filter((mode) => RETRIEVERS[mode].embedsQuery)).toEqual(['vector', 'hybrid', 'graph', 'auto']);
  });

  it('refuses a text of punctuation alone in every mode that searches words, and lets the template mode have it', () => {
    const searching = RETRIEVER_MODES.filter((mode) => RETRIEVERS[mode].searchesWords);
    expect(searching).toEqual(['vector', 'fulltext', 'hybrid', 'graph', 'auto']);
    for (const mode of searching)
      expect(
        errorOf(() => retrieverFor(request(mode, '?! …'))),
        mode,
      ).toMatchObject({ kind: 'invalid_input', message: expect.stringMatching(/no words to search for/) });
    expect(retrieverFor(request('cypher', '?! …'))).toBe(RETRIEVERS.cypher);
  });
});

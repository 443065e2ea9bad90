import { afterAll, describe, expect, it } from 'vitest';
import { ContextRequest } from '../../../shared/context-contract';
import { LensError } from '../../../shared/lens-error';
import { createHashingEmbedder } from '../../../electron/corpus/hashing-embedder';
import { GraphGateway } from '../../../electron/graph/read-gateway';
import { cancelledError, deadlineError } from '../../../electron/graph/read-deadline';
import { codedError } from '../../../shared/coded-error';
import { serverError } from '../../../shared/errors/server-error-messages';
import { noSearchableWords } from '../../../electron/retrieval/fulltext-retriever';
import { RequestFailure } from '../../../electron/retrieval/request-validation';
import { RunRecording } from '../../../electron/retrieval/run-recording';

// The recording only reads the gateway's settings here: none of these runs reaches the graph.
const gateway = GraphGateway.open({
  uri: 'bolt://reader:secret@127.0.0.1:1',
  user: 'reader',
  password: 'secret',
  database: undefined,
  source: 'environment',
});
const embedder = createHashingEmbedder();
const recording = (raw: unknown) => new RunRecording(raw, gateway, embedder);

afterAll(async () => {
  await gateway.close();
});

describe('RunRecording', () => {
  it('records a request that failed validation as it came, with the principal it named and the trace id it gave', () => {
    const raw = { query: '', principal: 'u-sora', trace_id: 'tr-given', colour: 'red' };
    const { response, run } = recording(raw).fail(new RequestFailure('invalid_request', 'query: the query is empty.'));
    expect(response).toMatchObject({
      trace_id: 'tr-given',
      outcome: 'invalid_request',
      answerable: false,
      items: [],
      message: 'query: the query is empty.',
    });
    expect(response.failed_stage).toBeUndefined();
    expect(run).toMatchObject({
      trace_id: 'tr-given',
      request: raw,
      principal: { principal_id: 'u-sora', workspace_id: 'unknown' },
      mode: 'hybrid',
      outcome: 'invalid_request',
      queries: [],
    });
    expect(run.graph_uri).not.toContain('secret');
  });

  it.each([
    ['vector', true],
    ['hybrid', true],
    ['graph', true],
    ['fulltext', false],
    ['cypher', false],
    ['text2cypher', false],
  ] as const)('in %s mode names the embedder (%s) even when the run ends before retrieval', (mode, named) => {
    const run = recording({});
    run.accept(ContextRequest.parse({ query: '?!', principal: 'u-sora', mode }));
    const { response } = run.fail(noSearchableWords());
    expect(response.outcome).toBe('invalid_request');
    expect(response.embedder).toEqual(named ? { name: embedder.name, kind: 'lexical', dimensions: embedder.dimensions } : undefined);
  });

  it('ends a timeout or an outage in its outcome naming the stage it was at, with the hint', () => {
    for (const kind of ['timeout', 'unavailable'] as const) {
      const run = recording({});
      run.accept(ContextRequest.parse({ query: 'q', principal: 'u-sora', max_tokens: 500, timeout_ms: 2000 }));
      run.at('principal', () => undefined);
      const error = new LensError(kind, 'The graph did not answer.', { hint: 'Start it.' });
      const { response } = run.fail(error);
      expect(response).toMatchObject({
        outcome: kind,
        failed_stage: 'principal',
        message: 'The graph did not answer. Start it.',
        limits: { used_tokens: 0, max_tokens: 500, timeout_ms: 2000 },
      });
    }
  });

  it('names the stage of the read that ran out of time, as its message does, not the run stage it read beside', () => {
    // A 30 ms graph run as u-sora said 'The deadline passed before the principal stage could query Neo4j' over 'Failed at stage: graph'.
    const stopped = [
      codedError('timeout', serverError('deadline_before_stage', { stage: 'principal' }), { hint: serverError('larger_timeout_hint') }),
      deadlineError('vector_search'),
      cancelledError('fulltext'),
    ];
    const named = stopped.map((error) => {
      const run = recording({});
      run.accept(ContextRequest.parse({ query: 'q', principal: 'u-sora', mode: 'graph' }));
      run.at('graph', () => undefined);
      const { response } = run.fail(error);
      return [response.outcome, response.failed_stage, response.message_params];
    });
    expect(named).toEqual([
      ['timeout', 'principal', expect.objectContaining({ message: [expect.objectContaining({ params: { stage: 'principal' } })] })],
      [
        'timeout',
        'vector_search',
        expect.objectContaining({ message: [expect.objectContaining({ params: expect.objectContaining({ stage: 'vector_search' }) })] }),
      ],
      ['cancelled', 'fulltext', expect.anything()],
    ]);
  });

  it('throws an unexpected error as internal, naming the stage, instead of ending the run in an outcome', () => {
    const run = recording({});
    run.at('packing', () => undefined);
    expect(() => run.fail(new TypeError('x is undefined'))).toThrow(/unexpectedly at the packing stage: x is undefined/);
    expect(() => run.fail(new LensError('internal', 'a bug'))).toThrow('a bug');
  });
});

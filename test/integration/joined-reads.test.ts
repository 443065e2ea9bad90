import { describe, expect, inject, it } from 'vitest';
import type { ContextResponse } from '../../shared/context-contract';
import { Deadline } from '../../shared/deadline';
import { defineQuery } from '../../electron/graph/built-in-query';
import { RunLog } from '../../electron/retrieval/retrieval-stages';
import { testGateway, useOnDemoGraph } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

// Two reads whose parameters have the same names ($k, $prefix) and whose rows have different columns.
const CHUNKS = defineQuery(
  'test-chunks',
  'MATCH (c:Chunk) WHERE c.chunk_id STARTS WITH $prefix RETURN c.chunk_id AS chunk_id, c.position AS position ORDER BY chunk_id LIMIT $k',
  ['chunk_id', 'position'],
);
const DOCUMENTS = defineQuery(
  'test-documents',
  'MATCH (d:Document) WHERE d.document_id STARTS WITH $prefix RETURN d.document_id AS id ORDER BY id LIMIT $k',
  ['id'],
);
const NO_COLUMNS = defineQuery('test-no-columns', 'RETURN $k AS k');

/** What a response hands over and counts, without what differs from run to run (trace id, timings). */
const handedOver = (response: ContextResponse) => ({
  outcome: response.outcome,
  items: response.items.map((item) => ({
    chunks: item.chunk_ids,
    scores: item.retrieval_scores,
    ranks: item.ranks,
    content: item.content,
  })),
  denied: response.denied,
  // In the order each stage ended, which the reads' timing may change.
  stages: response.stages.map((stage) => [stage.name, stage.strategy, stage.candidates_in, stage.candidates_out]).sort(),
});

describe('reads of one run that share a round trip (joined-reads.ts)', () => {
  const onGraph = useOnDemoGraph(server, (onServer) => testGateway(onServer));
  const read = (log: RunLog, query = CHUNKS, params: Record<string, unknown> = { prefix: 'adr-00', k: 3 }) =>
    log.read(query, params, { deadline: Deadline.after(10_000), stage: query.name, joinable: true });

  it('two joinable reads started in one turn go as one query, each getting the rows it gets alone, its parameters its own', async () => {
    const gateway = onGraph();
    const alone = new RunLog(gateway, undefined, undefined, false);
    const chunksAlone = await read(alone);
    const documentsAlone = await read(alone, DOCUMENTS, { prefix: 'runbook-', k: 2 });
    expect(alone.queries.map((query) => query.name)).toEqual(['test-chunks', 'test-documents']);

    const log = new RunLog(gateway);
    const [chunks, documents] = await Promise.all([read(log), read(log, DOCUMENTS, { prefix: 'runbook-', k: 2 })]);
    expect(log.queries.map((query) => [query.name, query.stage])).toEqual([['test-chunks&test-documents', 'test-chunks']]);
    expect(chunks.rows).toEqual(chunksAlone.rows);
    expect(documents.rows).toEqual(documentsAlone.rows);
    expect(chunks.rows).toHaveLength(3);
    expect(documents.rows).toHaveLength(2);
    expect(chunks.sharedRoundTrip).toBe(true);
  });

  it('a read that starts in a later turn, a read without columns, and a read of a log that joins nothing each go alone', async () => {
    const gateway = onGraph();
    const log = new RunLog(gateway);
    await read(log);
    await read(log, DOCUMENTS, { prefix: 'runbook-', k: 2 });
    await Promise.all([read(log), read(log, NO_COLUMNS, { k: 1 })]);
    const names = log.queries.map((query) => query.name);
    expect(names.slice(0, 2)).toEqual(['test-chunks', 'test-documents']);
    expect(names.slice(2).sort()).toEqual(['test-chunks', 'test-no-columns']);
    const apart = new RunLog(gateway, undefined, undefined, false);
    await Promise.all([read(apart), read(apart, DOCUMENTS)]);
    expect(apart.queries.map((query) => query.name).sort()).toEqual(['test-chunks', 'test-documents']);
  });

  it('a joined read that fails fails every read in it', async () => {
    const gateway = onGraph();
    const log = new RunLog(gateway);
    const failing = defineQuery('test-failing', 'RETURN 1 / $zero AS x', ['x']);
    const results = await Promise.allSettled([read(log), read(log, failing, { zero: 0 })]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('hybrid mode reads its sides in one round trip', () => {
  const joined = useDemoRetrievalDeps(server);
  const apart = useDemoRetrievalDeps(server, { readsRide: false });

  for (const [principal, query] of [
    ['u-minjun', 'Why did we move the event bus from Kafka to Redpanda?'],
    ['u-guest', 'OAuth token refresh'],
    ['u-hana', '연봉 조정 정책'],
  ] as const) {
    it(`${principal}, "${query}": once the principal's counts are known, vector, full-text and entity hits come in one read, and the answer is the same as with every read apart`, async () => {
      await ask(joined(), { query, principal, mode: 'hybrid' });
      const one = await ask(joined(), { query, principal, mode: 'hybrid' });
      await ask(apart(), { query, principal, mode: 'hybrid' });
      const separate = await ask(apart(), { query, principal, mode: 'hybrid' });
      const candidateReads = (names: string[]) => names.filter((name) => /vector|fulltext/.test(name));
      const [shared, ...others] = candidateReads(one.run.queries.map((q) => q.name));
      expect(others).toEqual([]);
      expect(shared?.split('&').sort()).toEqual([
        expect.stringMatching(/^fulltext-in-index-acl\+entity-hits$/),
        expect.stringMatching(/^vector-/),
      ]);
      expect(candidateReads(separate.run.queries.map((q) => q.name)).length).toBe(2);
      // The read is logged once, under the first side's stage, and names the other side it served (the waterfall draws it under both).
      const read = one.run.queries.find((q) => q.name === shared);
      expect([read?.stage, ...(read?.served_stages ?? [])].sort()).toEqual(['fulltext', 'vector']);
      expect(handedOver(one.response)).toEqual(handedOver(separate.response));
    }, 60_000);
  }
});

import neo4j from 'neo4j-driver';
import { describe, expect, inject, it } from 'vitest';
import type { ContextItem } from '../../shared/context-contract';
import { fixtureDriver } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const SLOW = { timeout: 240_000 };
const QUESTION = 'payments database failover runbook';
/** A runbook u-sora may see, which the question finds in full-text mode. */
const DOCUMENT = 'runbook-payments-db-failover';

/** Writes a fixture on the test server (never a user's graph). */
async function write(cypher: string, params: Record<string, unknown>): Promise<void> {
  const driver = fixtureDriver(server);
  try {
    await driver.executeQuery(cypher, params);
  } finally {
    await driver.close();
  }
}

/** Sets the runbook's title, keeping the demo's to put back. */
const setTitle = (title: unknown) =>
  write('MATCH (d:Document {document_id: $id}) SET d.demo_title = coalesce(d.demo_title, d.title), d.title = $title', {
    id: DOCUMENT,
    title,
  });
const restoreTitle = () => write('MATCH (d:Document {document_id: $id}) SET d.title = d.demo_title REMOVE d.demo_title', { id: DOCUMENT });

describe('a document title the graph holds as a list or a number', SLOW, () => {
  const deps = useDemoRetrievalDeps(server);

  async function runbookItem(): Promise<ContextItem | undefined> {
    const result = await ask(deps(), { query: QUESTION, principal: 'u-sora', mode: 'fulltext', top_k: 5, max_tokens: 100_000 });
    expect(result.response.outcome).toBe('ok');
    const recorded = deps().store.recordRun(result.run);
    const item = result.response.items.find((entry) => entry.document_id === DOCUMENT);
    // What the trace store keeps is what was handed out.
    expect(recorded.response.items.find((entry) => entry.document_id === DOCUMENT)).toEqual(item);
    return item;
  }

  it('a list of titles is handed out joined with ", " and marked as held as a list', async () => {
    await setTitle(['Payments DB failover', '결제 DB 장애 조치', '  ']);
    try {
      const item = await runbookItem();
      expect(item?.title).toBe('Payments DB failover, 결제 DB 장애 조치');
      expect(item?.title_held_as).toBe('list');
    } finally {
      await restoreTitle();
    }
  });

  it('a number title is handed out as its digits and marked as held as a number', async () => {
    await setTitle(neo4j.int(20260412));
    try {
      const item = await runbookItem();
      expect(item?.title).toBe('20260412');
      expect(item?.title_held_as).toBe('number');
    } finally {
      await restoreTitle();
    }
  });

  it('a text title is handed out as it is, with no mark', async () => {
    const item = await runbookItem();
    expect(item?.title).toEqual(expect.any(String));
    expect(item?.title).not.toBe('');
    expect(item).not.toHaveProperty('title_held_as');
  });
});

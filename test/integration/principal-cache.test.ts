import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ContextResponse } from '../../shared/context-contract';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { principalCacheOf } from '../../electron/retrieval/principal-cache';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const HR_QUERY = '연봉 조정 정책 salary adjustment';

describe('runs as a principal the connection has cached', () => {
  const deps = useDemoRetrievalDeps(server);
  let hrDocuments: Set<string>;
  const guestRun = () => ask(deps(), { query: HR_QUERY, principal: 'u-guest', mode: 'fulltext', top_k: 10 });
  const ids = (items: readonly { document_id: string; chunk_id: string }[]) => items.map((item) => `${item.document_id}/${item.chunk_id}`);

  beforeAll(() => {
    hrDocuments = new Set(
      buildLoadPlan()
        .documents.filter((doc) => doc.acl.allowed_groups.includes('g-hr') && doc.acl.visibility !== 'public')
        .map((doc) => doc.document_id),
    );
  });

  it("return the same items as the first run, which read the principal and waited for it, and still read the principal, in the retrieval's round trip", async () => {
    principalCacheOf(deps().gateway).forget();
    const first = await guestRun();
    expect(principalCacheOf(deps().gateway).get('u-guest')).toMatchObject({ principal_id: 'u-guest', groups: [] });
    const cached = await guestRun();
    expect(cached.response.outcome).toBe(first.response.outcome);
    expect(ids(cached.response.items)).toEqual(ids(first.response.items));
    expect(cached.run.principal).toEqual(first.run.principal);
    // The re-read rides in the full-text query (riding-read.ts): one read fewer than the first run, none of the principal's own.
    expect(cached.run.queries.filter((query) => query.name.endsWith('+principal-and-graph-marker')).map((query) => query.stage)).toEqual([
      'fulltext',
    ]);
    expect(cached.run.queries.filter((query) => query.stage === 'principal')).toEqual([]);
    // The counts cached by the first run, the full-text read is the run's only one.
    expect(cached.run.queries).toHaveLength(1);
  });

  it("read the principal and the graph state the access counts need in one round trip; an inline principal's run reads the state in its retrieval's", async () => {
    const names = (run: { queries: readonly { name: string; stage: string }[] }) =>
      run.queries.map((query) => `${query.stage}:${query.name}`);
    principalCacheOf(deps().gateway).forget();
    const first = await guestRun();
    const cached = await guestRun();
    expect(names(first.run)).toContain('principal:principal-and-graph-marker');
    for (const { run } of [first, cached]) {
      expect(names(run).filter((name) => name.includes('principal-and-graph-marker'))).toHaveLength(1);
      expect(names(run).filter((name) => name.endsWith(':graph-marker'))).toEqual([]);
    }
    const inline = await ask(deps(), { query: HR_QUERY, principal: first.run.principal, mode: 'fulltext', top_k: 10 });
    expect(names(inline.run).filter((name) => name.includes('graph-marker'))).toEqual([
      expect.stringMatching(/^fulltext:fulltext-[a-z-]+\+principal-and-graph-marker$/),
    ]);
    expect(names(inline.run).filter((name) => name.startsWith('principal:'))).toEqual([]);
    expect(ids(inline.response.items)).toEqual(ids(first.response.items));
  });

  it('never hand over what a stale cached grant allowed: a cache widened to the People team is corrected by the graph and the run redone', async () => {
    const cache = principalCacheOf(deps().gateway);
    cache.set('u-guest', {
      principal_id: 'u-guest',
      workspace_id: 'ws-nurion',
      groups: ['g-hr'],
      acl_partitions: ['general', 'hr'],
      source: 'graph',
    });
    const { response, run } = await guestRun();
    expect(hrDocuments.size).toBeGreaterThan(0);
    expect(response.items.filter((item) => hrDocuments.has(item.document_id))).toEqual([]);
    expect(run.principal.groups).toEqual([]);
    expect(cache.get('u-guest')?.groups).toEqual([]);
    // What a run as the graph's u-guest returns when nothing is cached.
    cache.forget();
    expect(ids(response.items)).toEqual(ids((await guestRun()).response.items));
  });
});

describe("a cached principal's re-read rides in the retrieval's first read, whatever that read is", () => {
  const exact = useDemoRetrievalDeps(server);
  const ann = useDemoRetrievalDeps(server, { exactScanLimit: 0 });
  const QUERY = 'payment service incident runbook rollback';
  const CASES = [
    { name: 'vector, exact scan', deps: exact, mode: 'vector', strategies: ['exact_scan'] },
    // On Neo4j 2026.01+ ANN searches in the index: a Cypher 25 query, whose CYPHER option opens the riding query.
    { name: 'vector, ANN', deps: ann, mode: 'vector', strategies: ['ann_postfilter', 'search_in_index_then_postfilter'] },
    { name: 'fulltext', deps: exact, mode: 'fulltext' },
    { name: 'hybrid', deps: exact, mode: 'hybrid' },
    { name: 'graph', deps: exact, mode: 'graph' },
    { name: 'auto', deps: exact, mode: 'auto' },
  ] as const;
  const itemsOf = (response: ContextResponse) => response.items.map((item) => [item.chunk_ids, item.retrieval_scores]);

  for (const { name, deps, mode, ...expected } of CASES) {
    it(`${name}: one read carries the state, none goes alone, and the items are those of a run that read its principal first`, async () => {
      for (const principal of ['u-sora', 'u-guest']) {
        const request = { query: QUERY, principal, mode };
        principalCacheOf(deps().gateway).forget();
        const alone = await ask(deps(), request);
        const riding = await ask(deps(), request);
        expect(alone.run.queries.filter((query) => query.stage === 'principal')).toHaveLength(1);
        expect(riding.run.queries.filter((query) => query.stage === 'principal')).toEqual([]);
        expect(riding.run.queries.filter((query) => query.name.endsWith('+principal-and-graph-marker'))).toHaveLength(1);
        if ('strategies' in expected)
          expect(expected.strategies).toContain(riding.response.stages.find((stage) => stage.name === 'vector')?.strategy);
        expect(riding.response.outcome).toBe(alone.response.outcome);
        expect(itemsOf(riding.response)).toEqual(itemsOf(alone.response));
        expect(riding.response.denied).toEqual(alone.response.denied);
      }
    }, 60_000);
  }
});

import { beforeAll, describe, expect, inject, it } from 'vitest';
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

  it('return the same items as the first run, which read the principal and waited for it, and still read the principal beside the retrieval', async () => {
    principalCacheOf(deps().gateway).forget();
    const first = await guestRun();
    expect(principalCacheOf(deps().gateway).get('u-guest')).toMatchObject({ principal_id: 'u-guest', groups: [] });
    const cached = await guestRun();
    expect(cached.response.outcome).toBe(first.response.outcome);
    expect(ids(cached.response.items)).toEqual(ids(first.response.items));
    expect(cached.run.principal).toEqual(first.run.principal);
    expect(cached.run.queries.filter((query) => query.stage === 'principal')).toHaveLength(1);
  });

  it('read the principal and the graph state the access counts need in one round trip; a run as an inline principal reads the state alone', async () => {
    const names = (run: { queries: readonly { name: string; stage: string }[] }) =>
      run.queries.map((query) => `${query.stage}:${query.name}`);
    principalCacheOf(deps().gateway).forget();
    const first = await guestRun();
    const cached = await guestRun();
    for (const { run } of [first, cached]) {
      expect(names(run)).toContain('principal:principal-and-graph-marker');
      expect(names(run).filter((name) => name.endsWith(':graph-marker'))).toEqual([]);
    }
    const inline = await ask(deps(), { query: HR_QUERY, principal: first.run.principal, mode: 'fulltext', top_k: 10 });
    expect(names(inline.run)).toContain('access_scope:graph-marker');
    expect(names(inline.run).filter((name) => name.includes('principal'))).toEqual([]);
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

import { describe, expect, inject, it } from 'vitest';
import { principalCacheOf } from '../../electron/retrieval/principal-cache';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const HR_QUERY = '징계 절차 disciplinary procedure salary 연봉 조정';
// u-guest as the graph holds it, and the same id given inline with the HR group and partition.
const GUEST = { principal_id: 'u-guest', workspace_id: 'ws-nurion', groups: [] as string[], acl_partitions: ['general'] };
const WIDENED = { ...GUEST, groups: ['g-hr'], acl_partitions: ['general', 'hr'] };

// A principal given inline in the request: a what-if principal of its own id is what it is for; one
// that takes the id of a principal the graph holds, with other access, would be listed, compared and
// audited as that principal (a red-team pass got HR items listed as u-guest, and "No leaks").
describe('a principal given inline', () => {
  const deps = useDemoRetrievalDeps(server);

  it.each([
    ['not cached yet', true],
    ['cached by a run as u-guest', false],
  ])(
    'is refused when it takes u-guest’s id with other groups and partitions (%s), naming the differences, with no item',
    async (_when, forget) => {
      const cache = principalCacheOf(deps().gateway);
      if (forget) cache.forget();
      else await ask(deps(), { query: 'kafka', principal: 'u-guest', mode: 'fulltext' });
      const { response } = await ask(deps(), { query: HR_QUERY, principal: WIDENED, mode: 'hybrid', top_k: 10 });
      expect(response.items).toEqual([]);
      expect(response.outcome).toBe('invalid_request');
      expect(response.message).toContain(
        'The principal given in the request has the id "u-guest", which the graph holds with other access (groups +g-hr; partitions +hr)',
      );
    },
  );

  it('runs when it is the graph’s u-guest as it is (a stored run’s snapshot asked again)', async () => {
    principalCacheOf(deps().gateway).forget();
    const { response } = await ask(deps(), { query: 'OAuth access token client credentials', principal: GUEST, mode: 'hybrid' });
    expect(response.outcome).toBe('ok');
  });

  it('runs as a what-if principal of an id of its own, and reaches what its groups allow', async () => {
    const { response } = await ask(deps(), {
      query: HR_QUERY,
      principal: { ...WIDENED, principal_id: 'u-guest+hr' },
      mode: 'hybrid',
      top_k: 10,
    });
    expect(response.outcome).toBe('ok');
    expect(response.items.some((item) => item.document_id.startsWith('policy-hr-'))).toBe(true);
  });

  it('is refused with a key the principal does not have, instead of the key being dropped', async () => {
    const { response } = await ask(deps(), {
      query: HR_QUERY,
      principal: { ...GUEST, principal_id: 'u-new', admin: true } as typeof GUEST,
      mode: 'fulltext',
    });
    expect(response.outcome).toBe('invalid_request');
    expect(response.message).toMatch(/admin/);
  });
});

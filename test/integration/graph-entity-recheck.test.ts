import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, parseAccessPolicy } from '../../shared/acl/access-policy';
import type { ContextResponse } from '../../shared/context-contract';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/**
 * The demo's entities carry no ACL property of the default policy, so a team policy that counts
 * `owner_id` as an entity ACL marker puts the demo's Owner entities (which have one) under the
 * document rule; having no workspace, they are hidden from everyone.
 */
const OWNERS_MARKED = parseAccessPolicy({ ...DEFAULT_ACCESS_POLICY, entity: { acl_properties: ['owner_id'] } });
const REQUEST = { query: 'payments database failover', principal: 'u-sora', mode: 'graph' as const, options: { hops: 2 as const } };

const entityDenials = (response: ContextResponse) =>
  response.denied.filter((d) => d.stage === 'after_expansion' && d.reason.startsWith('entity:'));

describe('graph mode re-checks the entities it reaches on the demo graph', () => {
  const marked = useDemoRetrievalDeps(server, { policy: OWNERS_MARKED });
  const unmarked = useDemoRetrievalDeps(server);

  it('counts the entities the policy hides at after_expansion, with the reason the entity rule gives', async () => {
    const { response } = await ask(marked(), REQUEST);
    expect(response.outcome).toBe('ok');
    const denials = entityDenials(response);
    expect(denials.map((d) => d.reason)).toEqual(['entity:workspace']);
    expect(denials[0]?.count).toBeGreaterThan(0);
  });

  it('hides no entity under the default policy, whose markers the demo entities do not carry', async () => {
    const { response } = await ask(unmarked(), REQUEST);
    expect(response.outcome).toBe('ok');
    expect(entityDenials(response)).toEqual([]);
  });

  it('drops only the entities beside a path, never the evidence items on it', async () => {
    const withRule = (await ask(marked(), REQUEST)).response;
    const without = (await ask(unmarked(), REQUEST)).response;
    expect(withRule.items.map((item) => item.chunk_ids)).toEqual(without.items.map((item) => item.chunk_ids));
    expect(withRule.items.length).toBeGreaterThan(0);
  });

  it('names in the entity stage only the entities the principal may see: a hidden one is counted, its name never shown', async () => {
    // The question names the Owner "Payments Team (결제팀)" by its Korean part; the policy hides every Owner.
    const request = { query: '결제팀 정산', principal: 'u-sora', mode: 'hybrid' as const };
    const hidden = (await ask(marked(), request)).response;
    const entityStage = (response: ContextResponse) => response.stages.find((stage) => stage.name === 'entity');
    expect(entityStage(hidden)?.note).toContain('named by the question: none, and 1 the principal may not see (counted, not named)');
    expect(JSON.stringify(entityStage(hidden))).not.toContain('Payments Team');
    // Where the principal may see it, the stage names it as before.
    expect(entityStage((await ask(unmarked(), request)).response)?.note).toContain('Payments Team (결제팀)');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AclPrincipal } from '../../../shared/acl/access-policy';
import { accessDenialOf, itemAccessOf } from '../../../shared/acl/access-verdict';
import { compileAclToExplainer } from '../../../shared/acl/explain-access';

const explain = compileAclToExplainer(DEFAULT_ACCESS_POLICY);
const guest: AclPrincipal = { principal_id: 'u-guest', workspace_id: 'ws-a', groups: [], acl_partitions: ['general'] };
const hrDocument = { workspace_id: 'ws-a', visibility: 'restricted', owner_id: 'u-hana', allowed_groups: ['g-hr'] };

describe('access verdicts as values: codes and parameters, never sentences', () => {
  it('gives no why-allowed for a denial and no why-denied for an allowed node', () => {
    expect(itemAccessOf(explain.document(hrDocument, guest))).toBeNull();
    expect(accessDenialOf(explain.document({ workspace_id: 'ws-a', visibility: 'public' }, guest))).toBeNull();
  });

  it('names the document as the node whose rule failed when the document denies a chunk', () => {
    expect(accessDenialOf(explain.chunk({ acl_partition: 'general' }, hrDocument, guest))).toEqual({
      node: 'document',
      reason: 'not_shared',
      rule: 'document.any_of visibility, owner_id, allowed_groups',
      failed: [
        {
          path: 'document.any_of[0]',
          code: 'value_failed',
          params: { property: 'visibility', field: '', found: 'restricted', expected: 'public' },
        },
        {
          path: 'document.any_of[1]',
          code: 'owner_failed',
          params: { property: 'owner_id', field: 'principal_id', found: 'u-hana', expected: 'u-guest' },
        },
        {
          path: 'document.any_of[2]',
          code: 'groups_failed',
          params: { property: 'allowed_groups', field: 'groups', found: 'g-hr', expected: '' },
        },
      ],
    });
  });

  it('names the chunk when only its partition fails', () => {
    const denial = accessDenialOf(explain.chunk({ acl_partition: 'hr' }, { workspace_id: 'ws-a', visibility: 'public' }, guest));
    expect(denial).toMatchObject({ node: 'chunk', reason: 'partition', failed: [{ path: 'chunk.all_of[0]', code: 'partitions_failed' }] });
  });
});

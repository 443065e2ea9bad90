import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AclPrincipal } from '../../../shared/acl/access-policy';
import { aclTermProperties } from '../../../shared/acl/compile-acl-to-lucene';
import type { GraphCapabilities } from '../../../electron/retrieval/graph-capabilities';
import { planFulltextAcl } from '../../../electron/retrieval/fulltext-acl-plan';
import { TEAM_POLICY } from '../../support/acl-arbitraries';

const sora: AclPrincipal = {
  principal_id: 'u-sora',
  workspace_id: 'ws-nurion',
  groups: ['g-eng-all', 'g-payments'],
  acl_partitions: ['general', 'eng'],
};

const capabilities = (terms: GraphCapabilities['fulltextAclTerms']): GraphCapabilities => ({
  version: '5.26.30',
  searchClause: false,
  vectorIndex: null,
  recordedEmbedding: null,
  fulltextIndex: { name: 'chunk_fulltext', properties: ['text', 'acl_terms'], online: true },
  entityIndex: null,
  fulltextAclTerms: terms,
});
const withTerms = capabilities({ present: true, property: 'acl_terms', covered: aclTermProperties(DEFAULT_ACCESS_POLICY) });

describe('planFulltextAcl', () => {
  it('puts the rule in the index when the graph has terms covering every property the policy reads', () => {
    const plan = planFulltextAcl(DEFAULT_ACCESS_POLICY, sora, withTerms, true);
    expect(plan).toMatchObject({ inIndex: true, field: 'acl_terms' });
    // workspace, public, owner, 2 groups, unset partition, 2 partitions
    expect(plan.inIndex && plan.terms).toBe(8);
  });

  it('post-filters, saying why, when switched off, when the graph has no terms, or when they do not cover the policy', () => {
    expect(planFulltextAcl(DEFAULT_ACCESS_POLICY, sora, withTerms, false)).toEqual({
      inIndex: false,
      reason: 'in-index ACL filtering is switched off',
      reasonNote: { code: 'stage:acl_in_index_off', params: {} },
    });
    expect(
      planFulltextAcl(
        DEFAULT_ACCESS_POLICY,
        sora,
        capabilities({ present: false, reason: 'the index holds no ACL fields (no acl_terms)' }),
        true,
      ),
    ).toEqual({ inIndex: false, reason: 'the index holds no ACL fields (no acl_terms)' });
    const uncovered = planFulltextAcl(TEAM_POLICY, sora, withTerms, true);
    expect(uncovered.inIndex).toBe(false);
    expect(!uncovered.inIndex && uncovered.reason).toMatch(
      /do not cover document\.classification, document\.team, chunk\.author, chunk\.region/,
    );
  });

  it('post-filters a principal whose rule would need more terms than a Lucene query may carry', () => {
    const many = { ...sora, groups: Array.from({ length: 600 }, (_, i) => `g-${i}`) };
    const plan = planFulltextAcl(DEFAULT_ACCESS_POLICY, many, withTerms, true);
    expect(plan.inIndex).toBe(false);
    expect(!plan.inIndex && plan.reason).toMatch(/needs 606 ACL terms, more than the 512/);
    // Just under the limit still goes in.
    expect(planFulltextAcl(DEFAULT_ACCESS_POLICY, { ...sora, groups: many.groups.slice(0, 500) }, withTerms, true).inIndex).toBe(true);
  });
});

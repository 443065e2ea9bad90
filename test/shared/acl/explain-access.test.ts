import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AccessPolicy, type AclPrincipal } from '../../../shared/acl/access-policy';
import { compileAclToPredicate, type AclDecision, type AclProperties } from '../../../shared/acl/compile-acl-to-predicate';
import { compileAclToExplainer, type AccessExplanation } from '../../../shared/acl/explain-access';
import { caseBatch, policyScenarios, principals, PROTOTYPE_POLICY, TEAM_POLICY } from '../../support/acl-arbitraries';

const explain = compileAclToExplainer(DEFAULT_ACCESS_POLICY);
const minjun: AclPrincipal = {
  principal_id: 'u-minjun',
  workspace_id: 'ws-a',
  groups: ['g-eng', 'g-platform'],
  acl_partitions: ['general', 'eng'],
};
const restricted = (extra: AclProperties): AclProperties => ({
  workspace_id: 'ws-a',
  visibility: 'restricted',
  owner_id: 'u-other',
  allowed_groups: ['g-hr'],
  ...extra,
});

const WORKSPACE_HELD = {
  path: 'document.all_of[0]',
  op: 'equals_principal',
  property: 'workspace_id',
  principal_field: 'workspace_id',
  values: ['ws-a'],
  expected: ['ws-a'],
  holds: true,
};

describe('compileAclToExplainer: why a document is visible', () => {
  it('names the workspace and "public" for a public document', () => {
    expect(explain.document({ workspace_id: 'ws-a', visibility: 'public', owner_id: 'u-minjun' }, minjun)).toEqual({
      visible: true,
      because: [
        WORKSPACE_HELD,
        {
          path: 'document.any_of[0]',
          op: 'equals_value',
          property: 'visibility',
          principal_field: null,
          values: ['public'],
          expected: ['public'],
          holds: true,
        },
      ],
    });
  });

  it('names the owner when the principal owns a restricted document (the first alternative that holds)', () => {
    const result = explain.document(restricted({ owner_id: 'u-minjun', allowed_groups: ['g-eng'] }), minjun);
    expect(result).toEqual({
      visible: true,
      because: [
        WORKSPACE_HELD,
        {
          path: 'document.any_of[1]',
          op: 'equals_principal',
          property: 'owner_id',
          principal_field: 'principal_id',
          values: ['u-minjun'],
          expected: ['u-minjun'],
          holds: true,
        },
      ],
    });
  });

  it('names every group the document shares with the principal, once each', () => {
    const result = explain.document(restricted({ allowed_groups: ['g-hr', 'g-platform', 'g-eng', 'g-platform', 7] }), minjun);
    expect(result.visible && result.because.at(-1)).toEqual({
      path: 'document.any_of[2]',
      op: 'intersects_principal',
      property: 'allowed_groups',
      principal_field: 'groups',
      values: ['g-platform', 'g-eng'],
      expected: ['g-eng', 'g-platform'],
      holds: true,
    });
  });
});

describe('compileAclToExplainer: why a document is not visible', () => {
  it('names the workspace requirement and the workspace the document is in', () => {
    expect(explain.document({ workspace_id: 'ws-b', visibility: 'public' }, minjun)).toEqual({
      visible: false,
      reason: 'workspace',
      rule: 'document.all_of[0] workspace_id',
      failed: [{ ...WORKSPACE_HELD, values: ['ws-b'], holds: false }],
    });
  });

  it('lists every alternative that failed, with the values the document holds, when nothing is shared', () => {
    const result = explain.document(restricted({}), minjun);
    expect(result).toMatchObject({ visible: false, reason: 'not_shared', rule: 'document.any_of visibility, owner_id, allowed_groups' });
    expect(!result.visible && result.failed.map((clause) => [clause.path, clause.values, clause.holds])).toEqual([
      ['document.any_of[0]', ['restricted'], false],
      ['document.any_of[1]', ['u-other'], false],
      ['document.any_of[2]', ['g-hr'], false],
    ]);
  });

  it('shows no value for a property that is missing or not a string', () => {
    const result = explain.document({ visibility: 'public' }, minjun);
    expect(!result.visible && result.failed[0]?.values).toEqual([]);
  });
});

describe('compileAclToExplainer: chunks and entities', () => {
  it("gives a visible chunk its document's clauses, then the partition it shares", () => {
    const result = explain.chunk({ acl_partition: 'eng' }, restricted({ allowed_groups: ['g-eng'] }), minjun);
    expect(result.visible && result.because.map((clause) => [clause.path, clause.values])).toEqual([
      ['document.all_of[0]', ['ws-a']],
      ['document.any_of[2]', ['g-eng']],
      ['chunk.all_of[0]', ['eng']],
    ]);
  });

  it('says a chunk without a partition passed the partition rule with no value', () => {
    const result = explain.chunk({}, { workspace_id: 'ws-a', visibility: 'public' }, minjun);
    expect(result.visible && result.because.at(-1)).toMatchObject({
      path: 'chunk.all_of[0]',
      op: 'in_principal_when_both_set',
      values: [],
      holds: true,
    });
  });

  it('names the partition a chunk is in when the principal lacks it, and a document denial before it', () => {
    expect(explain.chunk({ acl_partition: 'security' }, { workspace_id: 'ws-a', visibility: 'public' }, minjun)).toMatchObject({
      visible: false,
      reason: 'partition',
      failed: [{ values: ['security'], holds: false }],
    });
    expect(explain.chunk({ acl_partition: 'security' }, restricted({}), minjun)).toMatchObject({ visible: false, reason: 'not_shared' });
  });

  it('says an entity with no ACL property set is visible for that reason, and checks one that has some', () => {
    expect(explain.entity({ service_id: 'svc-a', owner_id: 'team-x' }, minjun)).toEqual({
      visible: true,
      because: [
        {
          path: 'entity.acl_properties',
          op: 'no_acl_properties',
          property: null,
          principal_field: null,
          values: ['workspace_id', 'visibility', 'allowed_groups'],
          expected: [],
          holds: true,
        },
      ],
    });
    expect(explain.entity({ service_id: 'svc-a', workspace_id: 'ws-b' }, minjun)).toMatchObject({
      visible: false,
      reason: 'workspace',
      rule: 'entity.all_of[0] workspace_id',
    });
  });
});

/** The explanation's verdict as the predicate words it. */
function verdictOf(explanation: AccessExplanation): AclDecision {
  return explanation.visible ? { visible: true } : { visible: false, reason: explanation.reason, rule: explanation.rule };
}

function expectAgreement(
  policy: AccessPolicy,
  principal: AclPrincipal,
  cases: readonly { doc: AclProperties; chunk: AclProperties; entity: AclProperties }[],
): void {
  const predicate = compileAclToPredicate(policy);
  const explainer = compileAclToExplainer(policy);
  for (const { doc, chunk, entity } of cases) {
    for (const [explanation, decision] of [
      [explainer.document(doc, principal), predicate.document(doc, principal)],
      [explainer.chunk(chunk, doc, principal), predicate.chunk(chunk, doc, principal)],
      [explainer.entity(entity, principal), predicate.entity(entity, principal)],
    ] as const) {
      expect(verdictOf(explanation)).toEqual(decision);
      const clauses = explanation.visible ? explanation.because : explanation.failed;
      expect(clauses.every((clause) => clause.holds === explanation.visible)).toBe(true);
      if (!explanation.visible) expect(clauses.length).toBeGreaterThan(0);
    }
  }
}

describe('compileAclToExplainer agrees with compileAclToPredicate', () => {
  it.each([
    ['the default policy', DEFAULT_ACCESS_POLICY],
    ['a team policy', TEAM_POLICY],
    ['a policy over Object.prototype names', PROTOTYPE_POLICY],
  ])(
    'on generated nodes and principals under %s',
    (_name, policy) => {
      fc.assert(
        fc.property(principals, caseBatch(40), (principal, cases) => expectAgreement(policy, principal, cases)),
        { numRuns: 40 },
      );
    },
    60_000,
  );

  it('on generated policies, with nodes drawn from the values each compares', () => {
    fc.assert(
      fc.property(policyScenarios(2, 30), ({ policy, tries }) => {
        for (const [principal, cases] of tries) expectAgreement(policy, principal, cases);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { DEFAULT_ACCESS_POLICY, parseAccessPolicy, type AclCondition, type AclPrincipal } from '../../../shared/acl/access-policy';
import { compileAclToPredicate, type AclDecision, type AclProperties } from '../../../shared/acl/compile-acl-to-predicate';
import { PROTOTYPE_POLICY } from '../../support/acl-arbitraries';
import { referenceChunkVisible, referenceDocumentVisible } from '../../support/reference-acl';

const acl = compileAclToPredicate(DEFAULT_ACCESS_POLICY);

const minjun: AclPrincipal = {
  principal_id: 'u-minjun',
  workspace_id: 'ws-a',
  groups: ['g-eng', 'g-platform'],
  acl_partitions: ['general', 'eng'],
};
const noPartitions: AclPrincipal = { ...minjun, acl_partitions: [] };

const WORKSPACE = { visible: false, reason: 'workspace', rule: 'document.all_of[0] workspace_id' } as const;
const NOT_SHARED = { visible: false, reason: 'not_shared', rule: 'document.any_of visibility, owner_id, allowed_groups' } as const;
const PARTITION = { visible: false, reason: 'partition', rule: 'chunk.all_of[0] acl_partition' } as const;
const VISIBLE = { visible: true } as const;

const restricted = (extra: AclProperties): AclProperties => ({
  workspace_id: 'ws-a',
  visibility: 'restricted',
  owner_id: 'u-other',
  allowed_groups: ['g-hr'],
  ...extra,
});
const publicDoc: AclProperties = { workspace_id: 'ws-a', visibility: 'public' };

describe('compileAclToPredicate: documents under the default rule', () => {
  it.each<[string, AclProperties, AclDecision]>([
    ['a public document in the workspace', publicDoc, VISIBLE],
    ['a restricted document the principal owns', restricted({ owner_id: 'u-minjun' }), VISIBLE],
    ['a restricted document shared with one of the groups', restricted({ allowed_groups: ['g-hr', 'g-platform'] }), VISIBLE],
    [
      'a private document shared with nobody the principal is',
      { workspace_id: 'ws-a', visibility: 'private', owner_id: 'u-other', allowed_groups: [] },
      NOT_SHARED,
    ],
    ['a public document in another workspace', { workspace_id: 'ws-b', visibility: 'public' }, WORKSPACE],
    ['an owned document in another workspace', restricted({ workspace_id: 'ws-b', owner_id: 'u-minjun' }), WORKSPACE],
    ['a document without workspace_id', { visibility: 'public', owner_id: 'u-minjun' }, WORKSPACE],
    ['a document whose workspace_id is null', { workspace_id: null, visibility: 'public' }, WORKSPACE],
    ['a document whose workspace_id is a list holding the workspace', { workspace_id: ['ws-a'], visibility: 'public' }, WORKSPACE],
    ['a document whose workspace_id differs only in case', { workspace_id: 'WS-A', visibility: 'public' }, WORKSPACE],
    ["visibility 'PUBLIC' (comparison is case-sensitive)", restricted({ visibility: 'PUBLIC' }), NOT_SHARED],
    ['an empty visibility', restricted({ visibility: '' }), NOT_SHARED],
    ['null visibility, owner and groups', { workspace_id: 'ws-a', visibility: null, owner_id: null, allowed_groups: null }, NOT_SHARED],
    ['only a workspace_id', { workspace_id: 'ws-a' }, NOT_SHARED],
    ['empty allowed_groups', restricted({ allowed_groups: [] }), NOT_SHARED],
    ['allowed_groups as a single string naming a group (one-element list)', restricted({ allowed_groups: 'g-eng' }), VISIBLE],
    ['allowed_groups as a comma-separated string', restricted({ allowed_groups: 'g-eng,g-platform' }), NOT_SHARED],
    ['allowed_groups with duplicates', restricted({ allowed_groups: ['g-hr', 'g-hr', 'g-eng'] }), VISIBLE],
    [
      'allowed_groups with non-strings before a matching group',
      restricted({ allowed_groups: [1, null, ['g-eng'], 'g-platform'] }),
      VISIBLE,
    ],
    ['allowed_groups holding only non-strings', restricted({ allowed_groups: [1, null, ['g-eng']] }), NOT_SHARED],
    ['allowed_groups differing in case', restricted({ allowed_groups: ['G-ENG'] }), NOT_SHARED],
    ['owner_id as a list holding the principal', restricted({ owner_id: ['u-minjun'] }), NOT_SHARED],
    ['allowed_groups as a number', restricted({ allowed_groups: 7 }), NOT_SHARED],
  ])('%s', (_name, props, expected) => {
    expect(acl.document(props, minjun)).toEqual(expected);
  });

  it('denies a group-shared document to a principal in no group', () => {
    expect(acl.document(restricted({ allowed_groups: ['g-eng'] }), { ...minjun, groups: [] })).toEqual(NOT_SHARED);
  });
});

describe('compileAclToPredicate: chunks under the default rule', () => {
  it.each<[string, AclProperties, AclProperties, AclPrincipal, AclDecision]>([
    ["a chunk in one of the principal's partitions", { acl_partition: 'eng' }, publicDoc, minjun, VISIBLE],
    ['a chunk in a partition the principal lacks', { acl_partition: 'security' }, publicDoc, minjun, PARTITION],
    ['a chunk whose partition is null', { acl_partition: null }, publicDoc, minjun, VISIBLE],
    ['a chunk without a partition', {}, publicDoc, minjun, VISIBLE],
    [
      'a partitioned chunk, principal without partitions (only one side set)',
      { acl_partition: 'security' },
      publicDoc,
      noPartitions,
      VISIBLE,
    ],
    ['an empty-string partition counts as set', { acl_partition: '' }, publicDoc, minjun, PARTITION],
    ['a partition given as a list', { acl_partition: ['eng'] }, publicDoc, minjun, PARTITION],
    ['a partition differing in case', { acl_partition: 'ENG' }, publicDoc, minjun, PARTITION],
    [
      "a chunk of another workspace's document reports the document's denial",
      { acl_partition: 'eng' },
      { workspace_id: 'ws-b', visibility: 'public' },
      minjun,
      WORKSPACE,
    ],
    [
      'a chunk of an unshared document reports not_shared before the partition',
      { acl_partition: 'security' },
      restricted({}),
      minjun,
      NOT_SHARED,
    ],
  ])('%s', (_name, chunk, document, principal, expected) => {
    expect(acl.chunk(chunk, document, principal)).toEqual(expected);
  });
});

describe('compileAclToPredicate: entities under the default rule', () => {
  it.each<[string, AclProperties, AclDecision]>([
    ['an entity without ACL properties', { service_id: 'svc-a', name: 'a' }, VISIBLE],
    ['an Owner entity (owner_id is its id, not an ACL marker)', { owner_id: 'team-x', name: 'Team X' }, VISIBLE],
    ['an entity whose ACL properties are all null', { service_id: 'svc-a', workspace_id: null, allowed_groups: null }, VISIBLE],
    [
      'an entity in another workspace',
      { service_id: 'svc-a', workspace_id: 'ws-b', visibility: 'public' },
      { visible: false, reason: 'workspace', rule: 'entity.all_of[0] workspace_id' },
    ],
    [
      'an entity with visibility but no workspace',
      { service_id: 'svc-a', visibility: 'public' },
      { visible: false, reason: 'workspace', rule: 'entity.all_of[0] workspace_id' },
    ],
    ['a public entity in the workspace', { service_id: 'svc-a', workspace_id: 'ws-a', visibility: 'public' }, VISIBLE],
    ['an entity shared with one of the groups', { service_id: 'svc-a', workspace_id: 'ws-a', allowed_groups: ['g-platform'] }, VISIBLE],
    [
      'an entity in the workspace shared with nobody',
      { service_id: 'svc-a', workspace_id: 'ws-a', visibility: 'private' },
      { visible: false, reason: 'not_shared', rule: 'entity.any_of visibility, owner_id, allowed_groups' },
    ],
  ])('%s', (_name, props, expected) => {
    expect(acl.entity(props, minjun)).toEqual(expected);
  });
});

describe('compileAclToPredicate: a team policy', () => {
  const team = compileAclToPredicate(
    parseAccessPolicy({
      document: {
        all_of: [
          { op: 'equals_principal', property: 'workspace_id', principal_field: 'workspace_id', reason: 'workspace' },
          { op: 'in_values', property: 'classification', values: ['general', 'confidential'] },
        ],
        any_of: [
          { op: 'equals_value', property: 'visibility', value: 'public' },
          {
            all_of: [
              { op: 'equals_value', property: 'visibility', value: 'internal' },
              { op: 'principal_has_any', principal_field: 'groups' },
            ],
          },
        ],
        any_of_reason: 'not_internal',
      },
      chunk: { all_of: [{ op: 'in_principal', property: 'constructor', principal_field: 'acl_partitions', reason: 'partition' }] },
      entity: { acl_properties: [] },
    }),
  );
  const doc = (extra: AclProperties): AclProperties => ({ workspace_id: 'ws-a', classification: 'general', ...extra });

  it("shows an 'internal' document to any group member", () => {
    expect(team.document(doc({ visibility: 'internal' }), minjun)).toEqual(VISIBLE);
  });

  it("denies an 'internal' document to a principal in no group, with the section's own reason", () => {
    expect(team.document(doc({ visibility: 'internal' }), { ...minjun, groups: [] })).toEqual({
      visible: false,
      reason: 'not_internal',
      rule: 'document.any_of visibility, (visibility, principal.groups)',
    });
  });

  it('names the properties of nested any_of and all_of groups in the rule of a denial', () => {
    const nested = compileAclToPredicate(
      parseAccessPolicy({
        document: {
          all_of: [
            {
              any_of: [
                { op: 'equals_value', property: 'tier', value: 'a' },
                {
                  all_of: [
                    { op: 'in_principal', property: 'team', principal_field: 'groups' },
                    { op: 'principal_has_any', principal_field: 'acl_partitions' },
                  ],
                },
              ],
              reason: 'tier',
            },
          ],
        },
        entity: { acl_properties: [] },
      }),
    );
    expect(nested.document({}, minjun)).toEqual({
      visible: false,
      reason: 'tier',
      rule: 'document.all_of[0] (tier, (team, principal.acl_partitions))',
    });
  });

  it('names a failed requirement without a reason code as requirement', () => {
    expect(team.document(doc({ visibility: 'public', classification: 'secret' }), minjun)).toEqual({
      visible: false,
      reason: 'requirement',
      rule: 'document.all_of[1] classification',
    });
  });

  it('reads own properties only, so a property named constructor is unset on a plain object', () => {
    expect(team.chunk({}, doc({ visibility: 'public' }), minjun)).toEqual({
      visible: false,
      reason: 'partition',
      rule: 'chunk.all_of[0] constructor',
    });
    expect(team.chunk({ constructor: 'eng' }, doc({ visibility: 'public' }), minjun)).toEqual(VISIBLE);
  });

  it('shows every entity when the policy lists no entity ACL properties', () => {
    expect(team.entity({ workspace_id: 'ws-b' }, minjun)).toEqual(VISIBLE);
  });
});

describe('compileAclToPredicate: the default policy against the reference rule', () => {
  it('agrees with test/support/reference-acl.ts on every demo document, chunk and principal', () => {
    const plan = buildLoadPlan();
    let checked = 0;
    for (const principal of plan.principals) {
      for (const doc of plan.documents) {
        const props = {
          workspace_id: doc.acl.workspace_id,
          visibility: doc.acl.visibility,
          owner_id: doc.acl.owner_id,
          allowed_groups: doc.acl.allowed_groups,
        };
        expect(acl.document(props, principal).visible, `${doc.document_id} for ${principal.principal_id}`).toBe(
          referenceDocumentVisible(doc.acl, principal),
        );
        for (const chunk of doc.chunks) {
          expect(acl.chunk({ acl_partition: chunk.acl_partition }, props, principal).visible, chunk.chunk_id).toBe(
            referenceChunkVisible(doc.acl, chunk.acl_partition, principal),
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('compileAclToPredicate: only a string equals a string, for every single-value condition', () => {
  const only = (condition: AclCondition) =>
    compileAclToPredicate(parseAccessPolicy({ document: { all_of: [condition] }, entity: { acl_properties: [] } }));
  const conditions: [string, AclCondition, string][] = [
    ['equals_value', { op: 'equals_value', property: 'visibility', value: 'public' }, 'public'],
    ['in_values', { op: 'in_values', property: 'visibility', values: ['public', 'internal'] }, 'public'],
    ['equals_principal', { op: 'equals_principal', property: 'owner_id', principal_field: 'principal_id' }, 'u-minjun'],
    ['in_principal', { op: 'in_principal', property: 'team', principal_field: 'groups' }, 'g-eng'],
  ];
  const property = (condition: AclCondition) => ('property' in condition ? condition.property : '');

  it.each(conditions)('%s accepts the matching string itself', (_op, condition, value) => {
    expect(only(condition).document({ [property(condition)]: value }, minjun).visible).toBe(true);
  });

  it.each(
    conditions.flatMap(([op, condition, value]) => [
      [op, 'a list holding only the value', condition, [value]],
      [op, 'a list holding the value among others', condition, ['other', value]],
      [op, 'a map holding the value', condition, { value }],
      [op, 'a number', condition, 7],
      [op, 'a boolean', condition, true],
      [op, 'null', condition, null],
    ]),
  )('%s rejects %s', (_op, _what, condition, junk) => {
    expect(only(condition as AclCondition).document({ [property(condition as AclCondition)]: junk }, minjun).visible).toBe(false);
  });
});

describe('compileAclToPredicate: a property named after an Object.prototype member is read from the node itself', () => {
  const proto = compileAclToPredicate(PROTOTYPE_POLICY);
  const doc = (extra: AclProperties): AclProperties => ({ workspace_id: 'ws-a', toString: 'public', ...extra });

  it('treats an absent constructor as unset, so in_principal_when_both_set lets the document through', () => {
    expect(proto.document(doc({}), minjun)).toEqual(VISIBLE);
  });

  it('still checks an own constructor property against the groups', () => {
    expect(proto.document(doc({ constructor: 'g-hr' }), minjun)).toEqual({
      visible: false,
      reason: 'team',
      rule: 'document.all_of[1] constructor',
    });
    expect(proto.document(doc({ constructor: 'g-eng' }), minjun)).toEqual(VISIBLE);
  });

  it('does not count an entity as marked because it inherits hasOwnProperty and toString', () => {
    expect(proto.entity({ service_id: 'svc-a' }, minjun)).toEqual(VISIBLE);
  });

  it('checks an entity that has its own marker property', () => {
    expect(proto.entity({ service_id: 'svc-a', hasOwnProperty: 'x' }, minjun)).toEqual({
      visible: false,
      reason: 'not_shared',
      rule: 'entity.any_of toString',
    });
    expect(proto.entity({ service_id: 'svc-a', hasOwnProperty: 'x', toString: 'public' }, minjun)).toEqual(VISIBLE);
  });

  it('treats an absent valueOf as an unset partition on a chunk', () => {
    expect(proto.chunk({}, doc({}), minjun)).toEqual(VISIBLE);
    expect(proto.chunk({ valueOf: 'hr' }, doc({}), minjun)).toEqual({
      visible: false,
      reason: 'partition',
      rule: 'chunk.all_of[0] valueOf',
    });
  });
});

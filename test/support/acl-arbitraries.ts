// Generators of documents, chunks, entities and principals for the property tests that require
// every compilation of an access policy to agree with the TypeScript predicate, and a team policy
// that uses every kind of condition.
import fc from 'fast-check';
import { parseAccessPolicy, type AccessPolicy, type AclPrincipal } from '../../shared/acl/access-policy';

const WORKSPACES = ['ws-a', 'ws-b', "ws-'q"];
const PRINCIPAL_IDS = ['u-1', 'u-2', "u-o'brien"];
const GROUPS = ['g-eng', 'g-hr', 'g-데이터', "g-'q", 'g-`b'];
const PARTITIONS = ['general', 'eng', 'hr'];

/** A team's own rule: 'internal' means any group member, plus a classification requirement and stricter chunks and entities. */
export const TEAM_POLICY: AccessPolicy = parseAccessPolicy({
  document: {
    all_of: [
      { op: 'equals_principal', property: 'workspace_id', principal_field: 'workspace_id', reason: 'workspace' },
      {
        any_of: [
          { op: 'in_values', property: 'classification', values: ['general', 'confidential'] },
          { op: 'equals_principal', property: 'owner_id', principal_field: 'principal_id' },
        ],
        reason: 'classification',
      },
    ],
    any_of: [
      { op: 'equals_value', property: 'visibility', value: 'public' },
      { all_of: [{ op: 'equals_value', property: 'visibility', value: 'internal' }, { op: 'principal_has_any', principal_field: 'groups' }] },
      { op: 'intersects_principal', property: 'allowed_groups', principal_field: 'groups' },
      { op: 'in_principal', property: 'team', principal_field: 'groups' },
    ],
    any_of_reason: 'not_internal',
  },
  chunk: {
    all_of: [{ op: 'in_principal', property: 'acl_partition', principal_field: 'acl_partitions', reason: 'partition' }],
    any_of: [
      { op: 'in_principal_when_both_set', property: 'region', principal_field: 'groups' },
      { op: 'equals_principal', property: 'author', principal_field: 'principal_id' },
    ],
  },
  entity: {
    acl_properties: ['classification', 'team'],
    rule: {
      all_of: [{ op: 'in_values', property: 'classification', values: ['general'] }],
      any_of: [{ op: 'intersects_principal', property: 'team', principal_field: 'groups' }, { op: 'equals_value', property: 'visibility', value: 'public' }],
    },
  },
});

export type Props = Record<string, unknown>;
export interface AclCase {
  readonly id: string;
  readonly doc: Props;
  readonly chunk: Props;
  readonly entity: Props;
}

/** A list-valued ACL property as real graphs hold them: lists with duplicates, empty, null, a lone string, junk elements. */
const groupList = fc.oneof(
  fc.array(fc.constantFrom(...GROUPS), { maxLength: 4 }),
  fc.constant(null),
  fc.constant([]),
  fc.constantFrom(...GROUPS, 'g-eng,g-hr', 'G-ENG'),
  fc.array(fc.oneof(fc.constantFrom(...GROUPS), fc.constant(null), fc.integer({ min: -3, max: 3 }), fc.boolean()), { maxLength: 4 }),
);
const scalarish = <T>(...values: T[]) => fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(null, '', 7, true, values.slice(0, 1)) });

const docProps = fc.record(
  {
    workspace_id: scalarish(...WORKSPACES, 'WS-A'),
    visibility: fc.constantFrom('public', 'restricted', 'private', 'PUBLIC', '', null, 'internal'),
    owner_id: scalarish(...PRINCIPAL_IDS),
    allowed_groups: groupList,
    classification: fc.constantFrom('general', 'confidential', 'secret', 'GENERAL', null),
    team: scalarish(...GROUPS),
  },
  { requiredKeys: [] },
);
const chunkProps = fc.record(
  {
    acl_partition: scalarish(...PARTITIONS, 'ENG'),
    region: scalarish(...GROUPS),
    author: scalarish(...PRINCIPAL_IDS),
  },
  { requiredKeys: [] },
);
const entityProps = fc.record(
  {
    service_id: fc.constant('svc-x'),
    owner_id: scalarish(...PRINCIPAL_IDS),
    workspace_id: scalarish(...WORKSPACES),
    visibility: fc.constantFrom('public', 'private', 'internal', null),
    allowed_groups: groupList,
    classification: fc.constantFrom('general', 'secret', null),
    team: groupList,
  },
  { requiredKeys: [] },
);
/** Exactly `size` generated cases, with ids `case-0`…. */
export const caseBatch = (size: number): fc.Arbitrary<AclCase[]> =>
  fc
    .array(fc.record({ doc: docProps, chunk: chunkProps, entity: entityProps }), { minLength: size, maxLength: size })
    .map((rows) => rows.map((row, index) => ({ id: `case-${index}`, ...row })));
export const principals: fc.Arbitrary<AclPrincipal> = fc.record({
  principal_id: fc.constantFrom(...PRINCIPAL_IDS),
  workspace_id: fc.constantFrom(...WORKSPACES),
  groups: fc.array(fc.constantFrom(...GROUPS), { maxLength: 3 }),
  acl_partitions: fc.array(fc.constantFrom(...PARTITIONS), { maxLength: 3 }),
});


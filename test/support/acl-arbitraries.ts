// Generators of documents, chunks, entities, principals and whole access policies for the property
// tests that require every compilation of an access policy to agree with the TypeScript predicate.
// Values are deliberately hostile to a JavaScript reading: lists, numbers, booleans, null and maps
// where a policy expects a string, and names inherited from Object.prototype as property names,
// policy property names, entity markers and principal values.
import fc from 'fast-check';
import {
  parseAccessPolicy,
  type AccessPolicy,
  type AclCondition,
  type AclPrincipal,
  type AclRequirement,
} from '../../shared/acl/access-policy';

/** Names every plain object answers to through Object.prototype; a node, a policy or a principal may use any of them. */
export const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'] as const;
/** The prototype names a policy may read: `__proto__` is refused by the policy schema (see access-policy.ts). */
export const POLICY_PROTOTYPE_NAMES = PROTOTYPE_NAMES.filter((name) => name !== '__proto__');

// Small pools, shared by nodes and principals, so that a generated node often matches a generated principal.
const WORKSPACES = ['ws-a', "ws-'q", 'constructor'];
const PRINCIPAL_IDS = ['u-1', "u-o'brien", 'toString'];
const GROUPS = ['g-eng', 'g-hr', 'g-데이터', "g-'q", 'g-`b', 'valueOf', '__proto__'];
const PARTITIONS = ['general', 'eng', 'hr', 'hasOwnProperty'];
/**
 * Names that read as one of the above and are not it: case, a space around it, decomposed Hangul
 * (NFD, as macOS file names hold it), fullwidth letters. Every compilation compares names exactly,
 * so each must match only itself (README: "Names are compared exactly").
 */
const LOOKALIKE_GROUPS = ['G-HR', ' g-hr', 'g-eng ', 'g-데이터'.normalize('NFD'), 'ｇ-eng'];
const LOOKALIKE_PARTITIONS = ['HR', 'eng ', 'ｇeneral'];

/**
 * Anything but a single string where a policy compares one: a list holding the value (which must
 * never count as the value), a number, a boolean, null, an empty list, a map holding the value.
 */
export const notAString = (...values: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.array(fc.constantFrom(...values), { minLength: 1, maxLength: 3 }),
    fc.constant(null),
    fc.constant([]),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ min: -2, max: 2, noNaN: true }),
    fc.boolean(),
    fc.constantFrom(...values).map((value) => ({ value })),
  );

/** Mostly one of `values`, sometimes the empty string or any other type of value. */
const scalarish = (...values: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<unknown>(...values) },
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: notAString(...values) },
  );

/**
 * A node's properties as a plain object (Object.prototype and all), every key an own property set
 * as data, so `__proto__` is a key like any other, as the driver's map decoding makes it.
 */
export const propsOf = (fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Props> =>
  fc.record(fields, { requiredKeys: [] }).map((record) => {
    const props: Props = {};
    for (const [key, value] of Object.entries(record))
      Object.defineProperty(props, key, { value, enumerable: true, writable: true, configurable: true });
    return props;
  });

/** Properties named after Object.prototype's members, present on a node with any value. */
const prototypeNamed = (values: string[]): Record<string, fc.Arbitrary<unknown>> =>
  Object.fromEntries(PROTOTYPE_NAMES.map((name) => [name, scalarish(...values)]));

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
      {
        all_of: [
          { op: 'equals_value', property: 'visibility', value: 'internal' },
          { op: 'principal_has_any', principal_field: 'groups' },
        ],
      },
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
      any_of: [
        { op: 'intersects_principal', property: 'team', principal_field: 'groups' },
        { op: 'equals_value', property: 'visibility', value: 'public' },
      ],
    },
  },
});

/**
 * A policy that reads properties named after Object.prototype's members wherever reading an
 * inherited member instead of "unset" would change the answer: an unset `constructor` passes
 * `in_principal_when_both_set` where the inherited function would be "set, not a string", and an
 * entity without its own `hasOwnProperty` is not marked.
 */
export const PROTOTYPE_POLICY: AccessPolicy = parseAccessPolicy({
  document: {
    all_of: [
      { op: 'equals_principal', property: 'workspace_id', principal_field: 'workspace_id', reason: 'workspace' },
      { op: 'in_principal_when_both_set', property: 'constructor', principal_field: 'groups', reason: 'team' },
    ],
    any_of: [
      { op: 'equals_value', property: 'toString', value: 'public' },
      { op: 'intersects_principal', property: 'valueOf', principal_field: 'groups' },
      { op: 'in_values', property: 'hasOwnProperty', values: ['public', 'internal'] },
    ],
  },
  chunk: { all_of: [{ op: 'in_principal_when_both_set', property: 'valueOf', principal_field: 'acl_partitions', reason: 'partition' }] },
  entity: {
    acl_properties: ['hasOwnProperty', 'toString'],
    rule: { all_of: [], any_of: [{ op: 'equals_value', property: 'toString', value: 'public' }] },
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
  fc.array(fc.constantFrom(...GROUPS, ...LOOKALIKE_GROUPS), { maxLength: 3 }),
  fc.constant(null),
  fc.constant([]),
  fc.constantFrom(...GROUPS, 'g-eng,g-hr', 'G-ENG'),
  fc.array(
    fc.oneof(
      fc.constantFrom(...GROUPS),
      fc.constant(null),
      fc.integer({ min: -3, max: 3 }),
      fc.boolean(),
      fc.array(fc.constantFrom(...GROUPS), { maxLength: 2 }),
    ),
    { maxLength: 4 },
  ),
  fc.integer({ min: -3, max: 3 }),
  fc.boolean(),
  fc.constantFrom(...GROUPS).map((group) => ({ group })),
);
const VISIBILITIES = ['public', 'restricted', 'private', 'PUBLIC', 'internal'];
const CLASSIFICATIONS = ['general', 'confidential', 'secret', 'GENERAL'];

const docProps = propsOf({
  workspace_id: scalarish(...WORKSPACES, 'WS-A'),
  visibility: scalarish(...VISIBILITIES),
  owner_id: scalarish(...PRINCIPAL_IDS),
  allowed_groups: groupList,
  classification: scalarish(...CLASSIFICATIONS),
  team: scalarish(...GROUPS),
  ...prototypeNamed([...VISIBILITIES, ...GROUPS]),
});
const chunkProps = propsOf({
  acl_partition: scalarish(...PARTITIONS, 'ENG', ...LOOKALIKE_PARTITIONS),
  region: scalarish(...GROUPS),
  author: scalarish(...PRINCIPAL_IDS),
  ...prototypeNamed([...PARTITIONS, ...GROUPS]),
});
const entityProps = propsOf({
  service_id: fc.constant('svc-x'),
  owner_id: scalarish(...PRINCIPAL_IDS),
  workspace_id: scalarish(...WORKSPACES),
  visibility: scalarish(...VISIBILITIES),
  allowed_groups: groupList,
  classification: scalarish(...CLASSIFICATIONS),
  team: groupList,
  ...prototypeNamed([...VISIBILITIES, ...GROUPS]),
});
/** Exactly `size` generated cases, with ids `case-0`…. */
export const caseBatch = (size: number): fc.Arbitrary<AclCase[]> =>
  fc
    .array(fc.record({ doc: docProps, chunk: chunkProps, entity: entityProps }), { minLength: size, maxLength: size })
    .map((rows) => rows.map((row, index) => ({ id: `case-${index}`, ...row })));
export const principals: fc.Arbitrary<AclPrincipal> = fc.record({
  principal_id: fc.constantFrom(...PRINCIPAL_IDS),
  workspace_id: fc.constantFrom(...WORKSPACES),
  groups: fc.array(fc.constantFrom(...GROUPS, ...LOOKALIKE_GROUPS), { maxLength: 4 }),
  acl_partitions: fc.array(fc.constantFrom(...PARTITIONS, ...LOOKALIKE_PARTITIONS), { maxLength: 3 }),
});

const DOCUMENT_PROPERTIES = [
  'workspace_id',
  'visibility',
  'owner_id',
  'allowed_groups',
  'classification',
  'team',
  ...POLICY_PROTOTYPE_NAMES,
];
const CHUNK_PROPERTIES = ['acl_partition', 'region', 'author', ...POLICY_PROTOTYPE_NAMES];
/** Every property a generated policy may read, per kind: ACL terms over these are exact for any of them. */
export const GENERATED_POLICY_PROPERTIES = { document: DOCUMENT_PROPERTIES, chunk: CHUNK_PROPERTIES } as const;
const POLICY_VALUES = ['public', 'internal', 'PUBLIC', 'general', 'g-eng', 'valueOf', ''];
const REASONS = ['workspace', 'partition', 'tier'];

/** Any condition over `properties`, nested up to two groups deep. */
function conditionOver(properties: readonly string[]): fc.Arbitrary<AclCondition> {
  const property = fc.constantFrom(...properties);
  const value = fc.constantFrom(...POLICY_VALUES);
  const listField = fc.constantFrom('groups' as const, 'acl_partitions' as const);
  const leaf: fc.Arbitrary<AclCondition> = fc.oneof(
    fc.record({ op: fc.constant('equals_value' as const), property, value }),
    fc.record({ op: fc.constant('in_values' as const), property, values: fc.uniqueArray(value, { minLength: 1, maxLength: 3 }) }),
    fc.record({
      op: fc.constant('equals_principal' as const),
      property,
      principal_field: fc.constantFrom('principal_id' as const, 'workspace_id' as const),
    }),
    fc.record({ op: fc.constant('in_principal' as const), property, principal_field: listField }),
    fc.record({ op: fc.constant('intersects_principal' as const), property, principal_field: listField }),
    fc.record({ op: fc.constant('in_principal_when_both_set' as const), property, principal_field: listField }),
    fc.record({ op: fc.constant('principal_has_any' as const), principal_field: listField }),
  );
  // Mostly leaves and small groups: a random conjunction of many tests is almost never met.
  const { condition } = fc.letrec<{ condition: AclCondition }>((tie) => ({
    condition: fc.oneof(
      { maxDepth: 2, depthSize: 'small', depthIdentifier: 'acl-condition' },
      { weight: 4, arbitrary: leaf },
      { weight: 1, arbitrary: fc.record({ all_of: fc.array(tie('condition'), { minLength: 1, maxLength: 2 }) }) },
      { weight: 1, arbitrary: fc.record({ any_of: fc.array(tie('condition'), { minLength: 1, maxLength: 3 }) }) },
    ),
  }));
  return condition;
}

/** A section over `properties`: at most one requirement, with or without a reason, and maybe an `any_of` (small, so that generated nodes pass it often enough). */
function sectionOver(properties: readonly string[]) {
  const condition = conditionOver(properties);
  const requirement = fc
    .tuple(condition, fc.option(fc.constantFrom(...REASONS), { nil: undefined }))
    .map(([part, reason]) => (reason ? { ...part, reason } : part) as AclRequirement);
  return fc
    .tuple(fc.array(requirement, { maxLength: 1 }), fc.option(fc.array(condition, { minLength: 1, maxLength: 3 }), { nil: undefined }))
    .map(([allOf, anyOf]) => (anyOf ? { all_of: allOf, any_of: anyOf } : { all_of: allOf }));
}

/** Whole access policies: every kind of condition, over ordinary and Object.prototype property names. */
export const policies: fc.Arbitrary<AccessPolicy> = fc
  .record({
    document: sectionOver(DOCUMENT_PROPERTIES).filter((section) => section.all_of.length > 0 || section.any_of !== undefined),
    chunk: sectionOver(CHUNK_PROPERTIES),
    entity: fc.record(
      {
        acl_properties: fc.subarray(DOCUMENT_PROPERTIES, { maxLength: 3 }),
        rule: fc.option(sectionOver(DOCUMENT_PROPERTIES), { nil: undefined }),
      },
      { requiredKeys: ['acl_properties'] },
    ),
  })
  .map((policy) => parseAccessPolicy(policy));

/** The strings a rule compares with: every value the policy names and every value of the principal. */
function tokensOf(policy: AccessPolicy, principal: AclPrincipal): string[] {
  const tokens = new Set([principal.principal_id, principal.workspace_id, ...principal.groups, ...principal.acl_partitions]);
  const visit = (condition: AclCondition): void => {
    if ('all_of' in condition) condition.all_of.forEach(visit);
    else if ('any_of' in condition) condition.any_of.forEach(visit);
    else if (condition.op === 'equals_value') tokens.add(condition.value);
    else if (condition.op === 'in_values') condition.values.forEach((value) => tokens.add(value));
  };
  for (const section of [policy.document, policy.chunk, policy.entity.rule]) {
    section?.all_of.forEach(visit);
    section?.any_of?.forEach(visit);
  }
  return [...tokens];
}

/** Properties named `names`, each mostly one of `tokens`, sometimes empty or not a string at all. */
const propsNear = (tokens: string[], names: readonly string[]): fc.Arbitrary<Props> => {
  const value = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...tokens) },
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: notAString(...tokens) },
  );
  return propsOf(Object.fromEntries(names.map((name) => [name, value])));
};

/** A generated policy, tried on principals each with cases whose values come from what the policy and that principal compare, so rules pass and fail often. */
export interface PolicyScenario {
  readonly policy: AccessPolicy;
  readonly tries: readonly (readonly [AclPrincipal, AclCase[]])[];
}

/** Generated policies, each with `principalsPerPolicy` principals and `size` cases per principal. */
export const policyScenarios = (principalsPerPolicy: number, size: number): fc.Arbitrary<PolicyScenario> =>
  policies.chain((policy) => {
    const cases = (principal: AclPrincipal) => {
      const tokens = tokensOf(policy, principal);
      const doc = propsNear(tokens, [...DOCUMENT_PROPERTIES, '__proto__']);
      const chunk = propsNear(tokens, [...CHUNK_PROPERTIES, '__proto__']);
      return fc
        .array(fc.record({ doc, chunk, entity: doc }), { minLength: size, maxLength: size })
        .map((rows) => rows.map((row, index): AclCase => ({ id: `case-${index}`, ...row })));
    };
    const tryOne = principals.chain((principal) => cases(principal).map((batch) => [principal, batch] as const));
    return fc.array(tryOne, { minLength: principalsPerPolicy, maxLength: principalsPerPolicy }).map((tries) => ({ policy, tries }));
  });

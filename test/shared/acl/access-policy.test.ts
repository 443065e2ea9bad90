import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCESS_POLICY,
  DEFAULT_ANY_OF_REASON,
  DEFAULT_REQUIREMENT_REASON,
  defaultAccessPolicy,
  parseAccessPolicy,
} from '../../../shared/acl/access-policy';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { isLensError, type LensError } from '../../../shared/lens-error';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from '../../../shared/schema-profile';

/** The error parseAccessPolicy throws for `input`, or a failure of the test when it accepts it. */
function refusalOf(input: unknown): LensError {
  try {
    parseAccessPolicy(input);
  } catch (error) {
    if (isLensError(error)) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

const accepts = (input: unknown) => expect(() => parseAccessPolicy(input)).not.toThrow();
const NO_ENTITY_RULE = { acl_properties: [] };
const withDocument = (document: unknown) => ({ document, entity: NO_ENTITY_RULE });
const requirement = (extra: Record<string, unknown>) =>
  withDocument({ all_of: [{ op: 'equals_principal', property: 'workspace_id', principal_field: 'workspace_id', ...extra }] });

describe('parseAccessPolicy: reason codes', () => {
  it.each(['workspace', 'not_shared2', 'a', 'x_'])('accepts the short lower-case code %j', (reason) => {
    accepts(requirement({ reason }));
    accepts({ ...withDocument({ any_of: [{ op: 'principal_has_any', principal_field: 'groups' }], any_of_reason: reason }) });
  });

  it.each(['Workspace', '2fa', '_x', 'not-shared', 'not shared', 'ok!', '', 'ok\n'])(
    'refuses the reason code %j and says what a code looks like',
    (reason) => {
      expect(refusalOf(requirement({ reason })).detail).toContain('must be a short lower-case code such as workspace or not_shared');
      expect(
        refusalOf(withDocument({ any_of: [{ op: 'principal_has_any', principal_field: 'groups' }], any_of_reason: reason })).detail,
      ).toContain('short lower-case code');
    },
  );

  it("names a requirement without a code 'requirement' and an unmet any_of 'not_shared'", () => {
    const policy = parseAccessPolicy(
      withDocument({
        all_of: [{ op: 'principal_has_any', principal_field: 'groups' }],
        any_of: [{ op: 'principal_has_any', principal_field: 'groups' }],
      }),
    );
    expect(policy.document.all_of[0]?.reason).toBe(DEFAULT_REQUIREMENT_REASON);
    expect(policy.document.any_of_reason).toBe(DEFAULT_ANY_OF_REASON);
    expect([DEFAULT_REQUIREMENT_REASON, DEFAULT_ANY_OF_REASON]).toEqual(['requirement', 'not_shared']);
  });
});

describe('parseAccessPolicy: conditions and sections', () => {
  it('refuses in_values with no value', () => {
    expect(refusalOf(withDocument({ all_of: [{ op: 'in_values', property: 'tier', values: [] }] })).kind).toBe('invalid_input');
    accepts(withDocument({ all_of: [{ op: 'in_values', property: 'tier', values: ['a'] }] }));
  });

  it('refuses an all_of or any_of group with no condition, nested or at the top', () => {
    refusalOf(withDocument({ all_of: [{ all_of: [] }] }));
    refusalOf(withDocument({ all_of: [{ any_of: [] }] }));
    refusalOf(withDocument({ any_of: [{ any_of: [] }] }));
    refusalOf(withDocument({ all_of: [{ op: 'principal_has_any', principal_field: 'groups' }], any_of: [] }));
    accepts(withDocument({ all_of: [{ all_of: [{ any_of: [{ op: 'principal_has_any', principal_field: 'groups' }] }] }] }));
  });

  it('refuses a document rule without any condition, saying it would show every document to everyone', () => {
    expect(refusalOf(withDocument({})).detail).toContain('an empty rule would show every document to everyone');
    expect(refusalOf(withDocument({ all_of: [] })).detail).toContain('the document rule needs at least one condition');
  });

  it('accepts a document rule that has only an any_of', () => {
    accepts(withDocument({ any_of: [{ op: 'equals_value', property: 'visibility', value: 'public' }] }));
  });

  it('accepts empty chunk and entity rules, so only the document decides', () => {
    const policy = parseAccessPolicy({ document: DEFAULT_ACCESS_POLICY.document, chunk: {}, entity: { acl_properties: [] } });
    expect(policy.chunk).toEqual({ all_of: [], any_of_reason: 'not_shared' });
  });

  it('gives a policy without a chunk rule an empty one', () => {
    expect(parseAccessPolicy(withDocument({ any_of: [{ op: 'principal_has_any', principal_field: 'groups' }] })).chunk).toEqual({
      all_of: [],
      any_of_reason: 'not_shared',
    });
  });

  it.each([
    ['a condition', withDocument({ all_of: [{ op: 'equals_value', property: 'visibility', value: 'public', also: 1 }] })],
    ['a group', withDocument({ all_of: [{ any_of: [{ op: 'principal_has_any', principal_field: 'groups' }], note: 'x' }] })],
    ['a section', withDocument({ all_of: [{ op: 'principal_has_any', principal_field: 'groups' }], none_of: [] })],
    ['the entity rule', { document: DEFAULT_ACCESS_POLICY.document, entity: { acl_properties: [], markers: [] } }],
    ['the policy', { ...DEFAULT_ACCESS_POLICY, claim: {} }],
  ])('refuses an unknown key in %s rather than ignoring a rule it does not understand', (_where, input) => {
    expect(refusalOf(input).kind).toBe('invalid_input');
  });

  it('refuses a scalar principal field where a list is read, and an unknown operator', () => {
    refusalOf(withDocument({ all_of: [{ op: 'in_principal', property: 'team', principal_field: 'principal_id' }] }));
    refusalOf(withDocument({ all_of: [{ op: 'intersects_principal', property: 'team', principal_field: 'workspace_id' }] }));
    refusalOf(withDocument({ all_of: [{ op: 'principal_has_any', principal_field: 'principal_id' }] }));
    refusalOf(withDocument({ all_of: [{ op: 'matches_regex', property: 'team', value: '.*' }] }));
  });

  it('refuses a value that is not a string where the policy compares strings', () => {
    refusalOf(withDocument({ all_of: [{ op: 'equals_value', property: 'visibility', value: 1 }] }));
    refusalOf(withDocument({ all_of: [{ op: 'in_values', property: 'visibility', values: ['public', null] }] }));
  });
});

describe('parseAccessPolicy: the error', () => {
  it('is invalid_input with a hint, and its detail lists every problem', () => {
    const error = refusalOf({
      document: { all_of: [{ op: 'in_values', property: 'tier', values: [] }], any_of_reason: 'Bad' },
      entity: { acl_properties: ['ok', 'not ok'] },
    });
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('The access policy is not valid.');
    expect(error.hint).toBe('Fix the access policy in the schema profile.');
    expect(error.detail).toContain('document.all_of[0]');
    expect(error.detail).toContain('any_of_reason');
    expect(error.detail).toContain('entity.acl_properties[1]');
  });

  it("words each problem at its path in our words, English and Korean, never zod's", () => {
    const error = refusalOf({
      document: {
        all_of: [
          { op: 'in_values', property: 'tier', values: [] },
          { op: 'matches_regex', property: 'team' },
        ],
        any_of_reason: 'Bad',
      },
      entity: { acl_properties: ['ok', 3] },
      extra: true,
    });
    expect(error.detail?.split('\n')).toEqual([
      'document.all_of[0].values: is an empty list; give at least one item',
      'document.all_of[1]: {"op":"matches_regex","property":"team"} matches none of the forms this field takes',
      'document.any_of_reason: must be a short lower-case code such as workspace or not_shared',
      'entity.acl_properties[1]: must be of type string, not number; give a value of type string',
      '(top level): has the field "extra", which it does not take; remove it, or check its spelling',
    ]);
    expect(error.moreProblems.map((line) => line.code)).toEqual(Array(5).fill('error_retrieval:access_policy_problem'));
    const korean = error.moreProblems.map((line) => wordCore({ code: line.code, params: line.params } as CoreMessage, 'ko'));
    expect(korean[0]).toBe('document.all_of[0].values: 빈 목록입니다. 항목을 하나 이상 주세요');
    expect(korean[2]).toBe('document.any_of_reason: workspace나 not_shared 같은 짧은 소문자 코드여야 합니다');
    for (const line of korean) expect(line).not.toMatch(/Invalid|Too small|Unrecognized|expected|received|must be/);
  });
});

describe('defaultAccessPolicy', () => {
  it('reads the property names of the schema profile it is given', () => {
    const base = DEFAULT_SCHEMA_PROFILE;
    const profile = SchemaProfile.parse({
      ...base,
      properties: {
        ...base.properties,
        document: { ...base.properties.document, workspaceId: 'tenant', visibility: 'scope', ownerId: 'author', allowedGroups: 'readers' },
        chunk: { ...base.properties.chunk, aclPartition: 'segment' },
      },
    });
    expect(defaultAccessPolicy(profile)).toEqual({
      document: {
        all_of: [{ op: 'equals_principal', property: 'tenant', principal_field: 'workspace_id', reason: 'workspace' }],
        any_of: [
          { op: 'equals_value', property: 'scope', value: 'public' },
          { op: 'equals_principal', property: 'author', principal_field: 'principal_id' },
          { op: 'intersects_principal', property: 'readers', principal_field: 'groups' },
        ],
        any_of_reason: 'not_shared',
      },
      chunk: {
        all_of: [{ op: 'in_principal_when_both_set', property: 'segment', principal_field: 'acl_partitions', reason: 'partition' }],
        any_of_reason: 'not_shared',
      },
      entity: { acl_properties: ['tenant', 'scope', 'readers'] },
    });
  });

  it('is the default policy for the default profile', () => {
    expect(defaultAccessPolicy(DEFAULT_SCHEMA_PROFILE)).toEqual(DEFAULT_ACCESS_POLICY);
    expect(DEFAULT_ACCESS_POLICY.entity.acl_properties).toEqual(['workspace_id', 'visibility', 'allowed_groups']);
  });
});

describe('parseAccessPolicy: validated once per policy', () => {
  const valid = () => ({
    document: { all_of: [{ op: 'equals_principal', property: 'workspace_id', principal_field: 'workspace_id', reason: 'workspace' }] },
    entity: { acl_properties: [] as string[] },
  });

  it('hands the same frozen policy to every caller of the same object, and validates it again when it was edited in place', () => {
    const input = valid();
    const first = parseAccessPolicy(input);
    expect(parseAccessPolicy(input)).toBe(first);
    expect(Object.isFrozen(first.document.all_of)).toBe(true);
    // The input itself is the caller's: it is neither frozen nor kept from changing.
    expect(Object.isFrozen(input)).toBe(false);
    input.entity.acl_properties.push('visibility');
    const edited = parseAccessPolicy(input);
    expect(edited).not.toBe(first);
    expect(edited.entity.acl_properties).toEqual(['visibility']);
    // An edit that makes it invalid is refused, not answered from what was validated before.
    (input.document as { all_of: unknown[] }).all_of = [];
    expect(refusalOf(input).message).toBe('The access policy is not valid.');
  });

  it('accepts its own frozen answer as input, and gives it back as it is (deep-frozen, it cannot have changed)', () => {
    const policy = parseAccessPolicy(valid());
    expect(parseAccessPolicy(policy)).toBe(policy);
    expect(parseAccessPolicy(DEFAULT_ACCESS_POLICY)).toBe(DEFAULT_ACCESS_POLICY);
    // Not by its content: an equal object that is not one this module handed out is validated and answered apart.
    expect(parseAccessPolicy(structuredClone(policy))).not.toBe(policy);
  });
});

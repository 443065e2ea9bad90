import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, parseAccessPolicy, type AccessPolicy, type AclPrincipal } from '../../../shared/acl/access-policy';
import { compileAclToCypher, type AclCypher } from '../../../shared/acl/compile-acl-to-cypher';
import { isLensError } from '../../../shared/lens-error';

const VARS = { document: 'd', chunk: 'c', entity: 'e' } as const;

const HOSTILE = [
  "' OR 1=1 //",
  '" OR "1"="1',
  '`) MATCH (n) DETACH DELETE n //',
  "x'}) CALL dbms.shutdown() //",
  'ws\\u0027',
  '정하나-워크스페이스',
  'grp-\u{1F600}-ü',
  '\u202Eevil',
  'line\nbreak',
];

const texts = (compiled: AclCypher) => [compiled.document, compiled.chunk ?? '', compiled.entity ?? ''].join('\n');
const paramValues = (compiled: AclCypher) => Object.values(compiled.params).flatMap((value) => (Array.isArray(value) ? value : [value]));

/** A string no compiled text could contain by accident: it opens a string literal the text never has. */
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((s) => `'${s}`),
);
const hostilePrincipal: fc.Arbitrary<AclPrincipal> = fc.record({
  principal_id: hostileString,
  workspace_id: hostileString,
  groups: fc.array(hostileString, { maxLength: 4 }),
  acl_partitions: fc.array(hostileString, { maxLength: 3 }),
});

const plain: AclPrincipal = { principal_id: 'u-1', workspace_id: 'ws-1', groups: ['g-1'], acl_partitions: ['p-1'] };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isLensError(error)) return `${error.kind}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('compileAclToCypher: values travel as parameters', () => {
  it('compiles the same text for every principal, so no principal value can be in it', () => {
    const reference = texts(compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, VARS));
    fc.assert(
      fc.property(hostilePrincipal, (principal) => {
        expect(texts(compileAclToCypher(DEFAULT_ACCESS_POLICY, principal, VARS))).toBe(reference);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps hostile principal values out of the text and puts every one in the params', () => {
    fc.assert(
      fc.property(hostilePrincipal, (principal) => {
        const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, principal, VARS);
        const text = texts(compiled);
        expect(text).not.toContain("'");
        for (const value of [principal.principal_id, principal.workspace_id, ...principal.groups, ...principal.acl_partitions]) {
          expect(text).not.toContain(value);
          expect(paramValues(compiled)).toContain(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(HOSTILE)('keeps the listed hostile value %j out of every expression', (value) => {
    const principal: AclPrincipal = { principal_id: value, workspace_id: value, groups: [value], acl_partitions: [value] };
    const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, principal, VARS);
    expect(texts(compiled)).not.toContain(value);
    expect(compiled.params).toMatchObject({
      acl_principal_id: value,
      acl_workspace_id: value,
      acl_groups: [value],
      acl_partitions: [value],
    });
  });

  it("passes the policy's own values as parameters too", () => {
    const policy = parseAccessPolicy({
      document: {
        all_of: [{ op: 'equals_value', property: 'visibility', value: "' OR 1=1 //" }],
        any_of: [{ op: 'in_values', property: 'tier', values: ['`x`', '"y"'] }],
      },
      entity: { acl_properties: ['visibility'] },
    });
    const compiled = compileAclToCypher(policy, plain, VARS);
    expect(texts(compiled)).not.toMatch(/'|"|`x`/);
    expect(paramValues(compiled)).toEqual(expect.arrayContaining(["' OR 1=1 //", '`x`', '"y"']));
  });

  it('names every parameter with the acl_ prefix', () => {
    const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, VARS);
    expect(Object.keys(compiled.params).every((name) => name.startsWith('acl_'))).toBe(true);
    const referenced = new Set([...texts(compiled).matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]));
    expect(referenced).toEqual(new Set(Object.keys(compiled.params)));
  });

  it('backtick-quotes property names and variables', () => {
    const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, VARS);
    expect(compiled.document).toContain('`d`.`workspace_id`');
    expect(compiled.chunk).toContain('`c`.`acl_partition`');
    expect(compiled.entity).toContain('`e`.`allowed_groups`');
  });

  it('copies the principal lists, so a later change to the principal leaves the params alone', () => {
    const principal = { ...plain, groups: ['g-1'] };
    const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, principal, VARS);
    principal.groups.push('g-admin');
    expect(compiled.params.acl_groups).toEqual(['g-1']);
  });
});

describe('compileAclToCypher: variables and property names', () => {
  it.each(['d; MATCH (n) DETACH DELETE n', 'd`', '1d', '', 'd.x', 'd e', 'd)', '`d`', 'dé'])('refuses the document variable %j', (name) => {
    expect(refusal(() => compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, { document: name }))).toMatch(
      /^invalid_input: The document variable .* is not a plain Cypher identifier\.$/,
    );
  });

  it.each([
    ['chunk', { document: 'd', chunk: 'c--' }],
    ['entity', { document: 'd', entity: 'e{}' }],
  ])('refuses an invalid %s variable', (role, vars) => {
    expect(refusal(() => compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, vars))).toContain(`The ${role} variable`);
  });

  it('refuses variables with the reserved acl_ prefix', () => {
    expect(refusal(() => compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, { document: 'acl_item' }))).toContain('reserves for itself');
  });

  it('says how to fix a refused variable', () => {
    const hintFor = (vars: { document: string }) => {
      try {
        compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, vars);
      } catch (error) {
        return isLensError(error) ? error.hint : String(error);
      }
      return 'accepted';
    };
    expect(hintFor({ document: '1d' })).toBe('Use letters, digits and underscores, not starting with a digit.');
    expect(hintFor({ document: 'acl_d' })).toBe('Pick another variable name.');
  });

  it('accepts plain identifiers, including keywords (they are quoted)', () => {
    expect(refusal(() => compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, { document: 'MATCH', chunk: '_c1', entity: 'Entity' }))).toBe(
      'accepted',
    );
  });

  it('leaves chunk and entity null when their variables are not given', () => {
    const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, { document: 'd' });
    expect({ chunk: compiled.chunk, entity: compiled.entity }).toEqual({ chunk: null, entity: null });
  });

  it.each(['workspace`id', 'workspace_id) OR true OR (', 'a b', '1abc', 'ws.id'])('refuses a policy property name %j', (property) => {
    const policy = {
      ...DEFAULT_ACCESS_POLICY,
      document: {
        ...DEFAULT_ACCESS_POLICY.document,
        all_of: [{ op: 'equals_principal', property, principal_field: 'workspace_id', reason: 'workspace' }],
      },
    };
    expect(refusal(() => parseAccessPolicy(policy))).toBe('invalid_input: The access policy is not valid.');
    expect(refusal(() => compileAclToCypher(policy as AccessPolicy, plain, VARS))).toBe('invalid_input: The access policy is not valid.');
  });

  it('refuses a policy that reads __proto__, as a condition or as an entity marker: JavaScript objects cannot hold it as data', () => {
    const condition = { ...DEFAULT_ACCESS_POLICY, document: { all_of: [{ op: 'equals_value', property: '__proto__', value: 'public' }] } };
    const marker = { ...DEFAULT_ACCESS_POLICY, entity: { acl_properties: ['workspace_id', '__proto__'] } };
    for (const policy of [condition, marker]) {
      expect(refusal(() => compileAclToCypher(policy as AccessPolicy, plain, VARS))).toBe('invalid_input: The access policy is not valid.');
      expect(() => parseAccessPolicy(policy)).toThrow(expect.objectContaining({ detail: expect.stringContaining('__proto__') }));
    }
  });

  it('accepts the other names Object.prototype gives every object as policy properties', () => {
    const policy = {
      ...DEFAULT_ACCESS_POLICY,
      document: { all_of: [{ op: 'equals_value', property: 'constructor', value: 'x' }] },
      entity: { acl_properties: ['toString', 'valueOf', 'hasOwnProperty'] },
    };
    expect(refusal(() => compileAclToCypher(policy as AccessPolicy, plain, VARS))).toBe('accepted');
  });

  it('refuses an entity ACL marker that is not an identifier', () => {
    const policy = { ...DEFAULT_ACCESS_POLICY, entity: { acl_properties: ['ok', 'x` IS NULL OR true //'] } };
    expect(refusal(() => compileAclToCypher(policy, plain, VARS))).toBe('invalid_input: The access policy is not valid.');
  });

  it('refuses a document rule with no condition at all', () => {
    expect(refusal(() => parseAccessPolicy({ document: {}, entity: { acl_properties: [] } }))).toBe(
      'invalid_input: The access policy is not valid.',
    );
  });

  it('refuses a principal list field where a single value is compared', () => {
    const policy = {
      document: { all_of: [{ op: 'equals_principal', property: 'workspace_id', principal_field: 'groups' }] },
      entity: { acl_properties: [] },
    };
    expect(refusal(() => parseAccessPolicy(policy))).toBe('invalid_input: The access policy is not valid.');
  });
});

/**
 * The exact text of each construct. These are the expressions test/integration/acl-equivalence.test.ts
 * runs on a real server against the TypeScript predicate; pinning them here lets a unit run (and a
 * mutation run, which has no server) notice any change to them.
 */
describe('compileAclToCypher: the expressions', () => {
  const only = (condition: Record<string, unknown>) =>
    compileAclToCypher(parseAccessPolicy({ document: { all_of: [condition] }, entity: { acl_properties: [] } }), plain, VARS);
  const typed = (property: string) => `\`d\`.\`${property}\` IS :: STRING NOT NULL`;

  it.each<[string, Record<string, unknown>, string]>([
    [
      'equals_value',
      { op: 'equals_value', property: 'visibility', value: 'public' },
      `(${typed('visibility')} AND \`d\`.\`visibility\` = $acl_value_0)`,
    ],
    ['in_values', { op: 'in_values', property: 'tier', values: ['a', 'b'] }, `(${typed('tier')} AND \`d\`.\`tier\` IN $acl_value_0)`],
    [
      'equals_principal',
      { op: 'equals_principal', property: 'owner_id', principal_field: 'principal_id' },
      `(${typed('owner_id')} AND \`d\`.\`owner_id\` = $acl_principal_id)`,
    ],
    [
      'in_principal',
      { op: 'in_principal', property: 'team', principal_field: 'groups' },
      `(${typed('team')} AND \`d\`.\`team\` IN $acl_groups)`,
    ],
    [
      'intersects_principal',
      { op: 'intersects_principal', property: 'allowed_groups', principal_field: 'groups' },
      `any(acl_item IN CASE WHEN ${typed('allowed_groups')} THEN [\`d\`.\`allowed_groups\`] WHEN \`d\`.\`allowed_groups\` IS :: LIST<ANY> NOT NULL THEN \`d\`.\`allowed_groups\` ELSE [] END WHERE acl_item IS :: STRING NOT NULL AND acl_item IN $acl_groups)`,
    ],
    [
      'in_principal_when_both_set',
      { op: 'in_principal_when_both_set', property: 'region', principal_field: 'acl_partitions' },
      `(\`d\`.\`region\` IS NULL OR size($acl_partitions) = 0 OR (${typed('region')} AND \`d\`.\`region\` IN $acl_partitions))`,
    ],
    ['principal_has_any', { op: 'principal_has_any', principal_field: 'groups' }, 'size($acl_groups) > 0'],
  ])('compiles %s to a typed, parameterised test that is never null', (_op, condition, expected) => {
    expect(only(condition).document).toBe(expected);
  });

  it('joins an all_of group with AND and an any_of group with OR, each in parentheses', () => {
    const has = { op: 'principal_has_any', principal_field: 'groups' };
    const owner = { op: 'equals_principal', property: 'owner_id', principal_field: 'principal_id' };
    const ownerText = `(${typed('owner_id')} AND \`d\`.\`owner_id\` = $acl_principal_id)`;
    expect(only({ all_of: [has, owner] }).document).toBe(`(size($acl_groups) > 0 AND ${ownerText})`);
    expect(only({ any_of: [has, owner] }).document).toBe(`(size($acl_groups) > 0 OR ${ownerText})`);
  });

  it('joins the requirements and the any_of of a section with AND, and writes a section of one part without extra parentheses', () => {
    const policy = parseAccessPolicy({
      document: {
        all_of: [{ op: 'principal_has_any', principal_field: 'groups' }],
        any_of: [{ op: 'principal_has_any', principal_field: 'acl_partitions' }],
      },
      entity: { acl_properties: [] },
    });
    expect(compileAclToCypher(policy, plain, VARS).document).toBe('(size($acl_groups) > 0 AND (size($acl_partitions) > 0))');
  });

  it("writes an empty chunk rule as true, after the document's rule", () => {
    const policy = parseAccessPolicy({
      document: { all_of: [{ op: 'principal_has_any', principal_field: 'groups' }] },
      entity: { acl_properties: [] },
    });
    expect(compileAclToCypher(policy, plain, VARS).chunk).toBe('(size($acl_groups) > 0 AND true)');
  });

  it('checks an entity by its rule only when one of its markers is set, and every entity when there is no marker', () => {
    const rule = { all_of: [{ op: 'principal_has_any', principal_field: 'groups' }] };
    const marked = parseAccessPolicy({
      document: rule,
      entity: { acl_properties: ['tier', 'team'], rule: { all_of: [{ op: 'principal_has_any', principal_field: 'acl_partitions' }] } },
    });
    expect(compileAclToCypher(marked, plain, VARS).entity).toBe(
      'CASE WHEN `e`.`tier` IS NOT NULL OR `e`.`team` IS NOT NULL THEN size($acl_partitions) > 0 ELSE true END',
    );
    const byDocumentRule = parseAccessPolicy({ document: rule, entity: { acl_properties: ['tier'] } });
    expect(compileAclToCypher(byDocumentRule, plain, VARS).entity).toBe(
      'CASE WHEN `e`.`tier` IS NOT NULL THEN size($acl_groups) > 0 ELSE true END',
    );
    expect(compileAclToCypher(parseAccessPolicy({ document: rule, entity: { acl_properties: [] } }), plain, VARS).entity).toBe('true');
  });

  it('gives each distinct policy value one parameter, reused wherever the value recurs', () => {
    const policy = parseAccessPolicy({
      document: {
        any_of: [
          { op: 'equals_value', property: 'a', value: 'x' },
          { op: 'equals_value', property: 'b', value: 'x' },
          { op: 'in_values', property: 'c', values: ['x'] },
          { op: 'equals_value', property: 'd', value: 'y' },
        ],
      },
      entity: { acl_properties: ['a'] },
    });
    const compiled = compileAclToCypher(policy, plain, VARS);
    expect(compiled.params).toEqual({ acl_value_0: 'x', acl_value_1: ['x'], acl_value_2: 'y' });
    expect(compiled.document.match(/\$acl_value_0/g)).toHaveLength(2);
    expect(compiled.entity?.match(/\$acl_value_0/g)).toHaveLength(2);
  });

  it('copies the policy value lists into the params', () => {
    const values = ['a', 'b'];
    const policy = parseAccessPolicy({
      document: { all_of: [{ op: 'in_values', property: 'tier', values }] },
      entity: { acl_properties: [] },
    });
    const compiled = compileAclToCypher(policy, plain, VARS);
    expect(compiled.params.acl_value_0).toEqual(['a', 'b']);
    expect(compiled.params.acl_value_0).not.toBe(
      policy.document.all_of[0] && 'values' in policy.document.all_of[0] ? policy.document.all_of[0].values : undefined,
    );
  });

  it('passes the principal scalars as they are and copies its lists', () => {
    const principal = { ...plain, groups: ['g-1'] };
    const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, principal, VARS);
    expect(compiled.params).toEqual({
      acl_workspace_id: 'ws-1',
      acl_value_0: 'public',
      acl_principal_id: 'u-1',
      acl_groups: ['g-1'],
      acl_partitions: ['p-1'],
    });
    expect(compiled.params.acl_groups).not.toBe(principal.groups);
  });
});

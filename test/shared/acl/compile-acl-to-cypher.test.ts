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
const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((s) => `'${s}`));
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
    expect(compiled.params).toMatchObject({ acl_principal_id: value, acl_workspace_id: value, acl_groups: [value], acl_partitions: [value] });
  });

  it("passes the policy's own values as parameters too", () => {
    const policy = parseAccessPolicy({
      document: { all_of: [{ op: 'equals_value', property: 'visibility', value: "' OR 1=1 //" }], any_of: [{ op: 'in_values', property: 'tier', values: ['`x`', '"y"'] }] },
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
    expect(refusal(() => compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, { document: name }))).toMatch(/^invalid_input: The document variable .* is not a plain Cypher identifier\.$/);
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

  it('accepts plain identifiers, including keywords (they are quoted)', () => {
    expect(refusal(() => compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, { document: 'MATCH', chunk: '_c1', entity: 'Entity' }))).toBe('accepted');
  });

  it('leaves chunk and entity null when their variables are not given', () => {
    const compiled = compileAclToCypher(DEFAULT_ACCESS_POLICY, plain, { document: 'd' });
    expect({ chunk: compiled.chunk, entity: compiled.entity }).toEqual({ chunk: null, entity: null });
  });

  it.each(['workspace`id', 'workspace_id) OR true OR (', 'a b', '1abc', 'ws.id'])('refuses a policy property name %j', (property) => {
    const policy = { ...DEFAULT_ACCESS_POLICY, document: { ...DEFAULT_ACCESS_POLICY.document, all_of: [{ op: 'equals_principal', property, principal_field: 'workspace_id', reason: 'workspace' }] } };
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
    const policy = { ...DEFAULT_ACCESS_POLICY, document: { all_of: [{ op: 'equals_value', property: 'constructor', value: 'x' }] }, entity: { acl_properties: ['toString', 'valueOf', 'hasOwnProperty'] } };
    expect(refusal(() => compileAclToCypher(policy as AccessPolicy, plain, VARS))).toBe('accepted');
  });

  it('refuses an entity ACL marker that is not an identifier', () => {
    const policy = { ...DEFAULT_ACCESS_POLICY, entity: { acl_properties: ['ok', 'x` IS NULL OR true //'] } };
    expect(refusal(() => compileAclToCypher(policy, plain, VARS))).toBe('invalid_input: The access policy is not valid.');
  });

  it('refuses a document rule with no condition at all', () => {
    expect(refusal(() => parseAccessPolicy({ document: {}, entity: { acl_properties: [] } }))).toBe('invalid_input: The access policy is not valid.');
  });

  it('refuses a principal list field where a single value is compared', () => {
    const policy = { document: { all_of: [{ op: 'equals_principal', property: 'workspace_id', principal_field: 'groups' }] }, entity: { acl_properties: [] } };
    expect(refusal(() => parseAccessPolicy(policy))).toBe('invalid_input: The access policy is not valid.');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, parseAccessPolicy, type AccessPolicy, type AclPrincipal } from '../../../shared/acl/access-policy';
import {
  ACL_TERMS_SCHEME,
  aclTerm,
  aclTermProperties,
  aclTermsOf,
  compileAclToTermFormula,
  formulaHolds,
  formulaTermCount,
  formulaToLucene,
  luceneField,
  uncoveredAclProperties,
  type AclTermFormula,
} from '../../../shared/acl/compile-acl-to-lucene';
import { compileAclToPredicate } from '../../../shared/acl/compile-acl-to-predicate';
import { caseBatch, policyScenarios, principals, PROTOTYPE_POLICY, TEAM_POLICY, type AclCase } from '../../support/acl-arbitraries';

const minjun: AclPrincipal = {
  principal_id: 'u-minjun',
  workspace_id: 'ws-a',
  groups: ['g-eng', 'g-platform'],
  acl_partitions: ['general', 'eng'],
};

/**
 * Checks the term formula against the TypeScript predicate on every generated chunk, each run
 * drawing a policy, a principal and a batch; returns how many chunks were checked and visible.
 */
function agreement(cases: fc.Arbitrary<[AccessPolicy, AclPrincipal, AclCase[]]>, runs: number): { checked: number; visible: number } {
  let checked = 0;
  let visible = 0;
  fc.assert(
    fc.property(cases, ([policy, principal, batch]) => {
      const predicate = compileAclToPredicate(policy);
      const properties = aclTermProperties(policy);
      const formula = compileAclToTermFormula(policy, principal);
      for (const c of batch) {
        const expected = predicate.chunk(c.chunk, c.doc, principal).visible;
        const actual = formulaHolds(formula, new Set(aclTermsOf(properties, c.doc, c.chunk)));
        if (actual !== expected)
          throw new Error(
            `disagree on ${JSON.stringify({ policy, principal, doc: c.doc, chunk: c.chunk })}: terms say ${actual}, predicate ${expected}`,
          );
        checked += 1;
        if (expected) visible += 1;
      }
    }),
    { numRuns: runs },
  );
  return { checked, visible };
}

describe('the access policy compiled to a formula over ACL terms', () => {
  it.each([
    ['the default policy', DEFAULT_ACCESS_POLICY],
    ['a team policy', TEAM_POLICY],
    ['a policy over Object.prototype names', PROTOTYPE_POLICY],
  ])(
    'agrees with the TypeScript predicate on every generated chunk under %s',
    (_name, policy) => {
      const { checked, visible } = agreement(fc.tuple(fc.constant(policy), principals, caseBatch(100)), 100);
      expect(checked).toBe(100 * 100);
      // Neither side may pass by answering the same thing for everything.
      expect(visible).toBeGreaterThan(0);
      expect(visible).toBeLessThan(checked);
    },
    30_000,
  );

  it('agrees with the TypeScript predicate on every generated chunk under generated policies', () => {
    const scenarios = policyScenarios(1, 50).map(
      ({ policy, tries }) => [policy, ...(tries[0] as readonly [AclPrincipal, AclCase[]])] as [AccessPolicy, AclPrincipal, AclCase[]],
    );
    const { checked, visible } = agreement(scenarios, 200);
    expect(checked).toBe(200 * 50);
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(checked);
  }, 30_000);

  it('gives each fact its own term: kind, form, property and value all matter', () => {
    const terms = [
      aclTerm('document', 'scalar', 'visibility', 'public'),
      aclTerm('document', 'element', 'visibility', 'public'),
      aclTerm('chunk', 'scalar', 'visibility', 'public'),
      aclTerm('document', 'scalar', 'owner_id', 'public'),
      aclTerm('document', 'scalar', 'visibility', 'Public'),
      aclTerm('document', 'unset', 'visibility'),
    ];
    expect(new Set(terms).size).toBe(terms.length);
    // Letters and digits only, fixed length: one token under any analyzer, under Lucene's 255-character limit.
    for (const term of terms) expect(term).toMatch(/^acl[0-9a-f]{28}$/);
    expect(aclTerm('document', 'scalar', 'visibility', 'public')).toBe(terms[0]);
  });

  it('keeps the lens-acl-terms-1 encoding fixed: graphs loaded earlier carry exactly these terms', () => {
    expect(ACL_TERMS_SCHEME).toBe('lens-acl-terms-1');
    expect(aclTerm('document', 'scalar', 'visibility', 'public')).toBe('acl1e827bf38e4e921940da5bd37489');
    expect(aclTerm('document', 'element', 'allowed_groups', 'g-eng')).toBe('acl0677f28ab26e570c7f9597bb93a9');
    expect(aclTerm('chunk', 'unset', 'acl_partition')).toBe('acl11ad6fd415d6f8020ed9bdf8080e');
    expect(aclTerm('document', 'scalar', 'workspace_id', 'ws-a')).toBe('acl03421693c16ac416e160c4ea638f');
  });

  it('builds a flat formula: the workspace term, then one group of alternatives per rule', () => {
    const term = (kind: 'document' | 'chunk', form: 'scalar' | 'element' | 'unset', property: string, value?: string): AclTermFormula => ({
      kind: 'term',
      term: aclTerm(kind, form, property, value),
    });
    expect(compileAclToTermFormula(DEFAULT_ACCESS_POLICY, minjun)).toEqual({
      kind: 'and',
      parts: [
        term('document', 'scalar', 'workspace_id', 'ws-a'),
        {
          kind: 'or',
          parts: [
            term('document', 'scalar', 'visibility', 'public'),
            term('document', 'scalar', 'owner_id', 'u-minjun'),
            term('document', 'element', 'allowed_groups', 'g-eng'),
            term('document', 'element', 'allowed_groups', 'g-platform'),
          ],
        },
        {
          kind: 'or',
          parts: [
            term('chunk', 'unset', 'acl_partition'),
            term('chunk', 'scalar', 'acl_partition', 'general'),
            term('chunk', 'scalar', 'acl_partition', 'eng'),
          ],
        },
      ],
    });
  });

  it('merges nested groups of the same kind and drops a group of one', () => {
    const policy = parseAccessPolicy({
      document: {
        all_of: [
          { all_of: [{ op: 'equals_value', property: 'a', value: 'x' }, { all_of: [{ op: 'equals_value', property: 'b', value: 'y' }] }] },
        ],
        any_of: [{ any_of: [{ op: 'equals_value', property: 'c', value: 'z' }] }, { op: 'in_values', property: 'd', values: ['v', 'w'] }],
      },
      entity: { acl_properties: [] },
    });
    const scalar = (property: string, value: string): AclTermFormula => ({
      kind: 'term',
      term: aclTerm('document', 'scalar', property, value),
    });
    expect(compileAclToTermFormula(policy, minjun)).toEqual({
      kind: 'and',
      parts: [scalar('a', 'x'), scalar('b', 'y'), { kind: 'or', parts: [scalar('c', 'z'), scalar('d', 'v'), scalar('d', 'w')] }],
    });
  });

  it('folds what the principal decides alone: principal_has_any, and a partition rule with no partitions', () => {
    const rule = (condition: Record<string, unknown>) =>
      parseAccessPolicy({ document: { all_of: [condition] }, entity: { acl_properties: [] } });
    const hasGroups = rule({ op: 'principal_has_any', principal_field: 'groups' });
    expect(compileAclToTermFormula(hasGroups, minjun)).toEqual({ kind: 'const', value: true });
    expect(compileAclToTermFormula(hasGroups, { ...minjun, groups: [] })).toEqual({ kind: 'const', value: false });
    const either = parseAccessPolicy({
      document: {
        any_of: [
          { op: 'principal_has_any', principal_field: 'groups' },
          { op: 'equals_value', property: 'a', value: 'x' },
        ],
      },
      entity: { acl_properties: [] },
    });
    expect(compileAclToTermFormula(either, minjun)).toEqual({ kind: 'const', value: true });
    expect(compileAclToTermFormula(either, { ...minjun, groups: [] })).toEqual({
      kind: 'term',
      term: aclTerm('document', 'scalar', 'a', 'x'),
    });
    expect(
      compileAclToTermFormula(rule({ op: 'in_principal', property: 'team', principal_field: 'groups' }), { ...minjun, groups: [] }),
    ).toEqual({ kind: 'const', value: false });
  });

  it('escapes every character of Lucene query syntax in a field name', () => {
    expect(luceneField('a+b-c!d(e)f{g}h[i]j^k"l~m*n?o:p\\q/r&s|t u\tv')).toBe(
      'a\\+b\\-c\\!d\\(e\\)f\\{g\\}h\\[i\\]j\\^k\\"l\\~m\\*n\\?o\\:p\\\\q\\/r\\&s\\|t\\ u\\\tv',
    );
    expect(luceneField('acl_terms')).toBe('acl_terms');
  });

  it('writes the terms of a chunk from its document and its own properties, with the value semantics of the policy', () => {
    const properties = { document: ['allowed_groups', 'visibility', 'owner_id'], chunk: ['acl_partition'] };
    const terms = new Set(aclTermsOf(properties, { allowed_groups: ['g-a', 7, null, 'g-b'], visibility: 'public', owner_id: 42 }, {}));
    expect(terms).toEqual(
      new Set([
        aclTerm('document', 'element', 'allowed_groups', 'g-a'),
        aclTerm('document', 'element', 'allowed_groups', 'g-b'),
        aclTerm('document', 'scalar', 'visibility', 'public'),
        aclTerm('document', 'element', 'visibility', 'public'),
        aclTerm('chunk', 'unset', 'acl_partition'),
      ]),
    );
    // A number is set but not a string: neither unset nor any value.
    expect(terms.has(aclTerm('document', 'unset', 'owner_id'))).toBe(false);
  });

  it('folds constants: no partitions needed when the principal has none, and nothing visible without a workspace match term', () => {
    const formula = compileAclToTermFormula(DEFAULT_ACCESS_POLICY, { ...minjun, acl_partitions: [] });
    const partitionTerms = [aclTerm('chunk', 'unset', 'acl_partition'), aclTerm('chunk', 'scalar', 'acl_partition', 'general')];
    const mentions = (f: AclTermFormula, term: string): boolean =>
      f.kind === 'term' ? f.term === term : f.kind === 'const' ? false : f.parts.some((p) => mentions(p, term));
    for (const term of partitionTerms) expect(mentions(formula, term)).toBe(false);
    expect(mentions(formula, aclTerm('document', 'scalar', 'workspace_id', 'ws-a'))).toBe(true);
    // Under the team policy a principal without partitions can never pass `in_principal acl_partition`.
    expect(compileAclToTermFormula(TEAM_POLICY, { ...minjun, acl_partitions: [] })).toEqual({ kind: 'const', value: false });
  });

  it('renders groups that never mix required and optional clauses', () => {
    const formula = compileAclToTermFormula(DEFAULT_ACCESS_POLICY, minjun);
    const lucene = formulaToLucene(formula, 'acl_terms');
    expect(lucene.startsWith('(+')).toBe(true);
    // Every parenthesised group holds either only +clauses or none.
    const groups = [...lucene.matchAll(/\(([^()]*)\)/g)].map((m) => (m[1] as string).split(' '));
    expect(groups.length).toBeGreaterThan(0);
    for (const parts of groups) expect(new Set(parts.map((part) => part.startsWith('+'))).size).toBe(1);
    expect(formulaTermCount(formula)).toBe((lucene.match(/acl_terms:acl[0-9a-f]{28}/g) ?? []).length);
    expect(() => formulaToLucene({ kind: 'const', value: true }, 'acl_terms')).toThrow(/fold/);
    expect(formulaToLucene({ kind: 'term', term: 'aclx' }, 'acl:terms')).toBe('acl\\:terms:aclx');
  });

  it('lists every property a policy reads, inside nested groups too, sorted and once each', () => {
    const policy = parseAccessPolicy({
      document: {
        all_of: [
          {
            all_of: [
              { op: 'equals_value', property: 'zeta', value: 'x' },
              { any_of: [{ op: 'in_principal', property: 'alpha', principal_field: 'groups' }] },
            ],
          },
        ],
        any_of: [
          { op: 'equals_value', property: 'zeta', value: 'y' },
          { op: 'principal_has_any', principal_field: 'groups' },
        ],
      },
      chunk: { any_of: [{ all_of: [{ op: 'in_principal_when_both_set', property: 'part', principal_field: 'acl_partitions' }] }] },
      entity: { acl_properties: ['ignored_marker'] },
    });
    expect(aclTermProperties(policy)).toEqual({ document: ['alpha', 'zeta'], chunk: ['part'] });
  });

  it('writes an and as all-required clauses and an or as optional ones, separated by spaces', () => {
    const formula: AclTermFormula = {
      kind: 'and',
      parts: [
        { kind: 'term', term: 'acla' },
        {
          kind: 'or',
          parts: [
            { kind: 'term', term: 'aclb' },
            { kind: 'term', term: 'aclc' },
          ],
        },
      ],
    };
    expect(formulaToLucene(formula, 'acl_terms')).toBe('(+acl_terms:acla +(acl_terms:aclb acl_terms:aclc))');
  });

  it('names the policy properties the graph did not write terms for', () => {
    expect(uncoveredAclProperties(DEFAULT_ACCESS_POLICY, aclTermProperties(DEFAULT_ACCESS_POLICY))).toEqual([]);
    expect(uncoveredAclProperties(TEAM_POLICY, aclTermProperties(DEFAULT_ACCESS_POLICY))).toEqual([
      'document.classification',
      'document.team',
      'chunk.author',
      'chunk.region',
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AccessPolicy, type AclPrincipal } from '../../../shared/acl/access-policy';
import {
  aclTerm,
  aclTermProperties,
  aclTermsOf,
  compileAclToTermFormula,
  formulaHolds,
  formulaTermCount,
  formulaToLucene,
  uncoveredAclProperties,
  type AclTermFormula,
} from '../../../shared/acl/compile-acl-to-lucene';
import { compileAclToPredicate } from '../../../shared/acl/compile-acl-to-predicate';
import { caseBatch, policies, principals, PROTOTYPE_POLICY, TEAM_POLICY, type AclCase } from '../../support/acl-arbitraries';

const minjun: AclPrincipal = { principal_id: 'u-minjun', workspace_id: 'ws-a', groups: ['g-eng', 'g-platform'], acl_partitions: ['general', 'eng'] };

const RUNS = 200;

/**
 * Checks the term formula against the TypeScript predicate on every generated chunk, each run
 * drawing a policy, a principal and a batch; returns how many chunks were checked and visible.
 */
function agreement(cases: fc.Arbitrary<[AccessPolicy, AclPrincipal, AclCase[]]>): { checked: number; visible: number } {
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
        if (actual !== expected) throw new Error(`disagree on ${JSON.stringify({ policy, principal, doc: c.doc, chunk: c.chunk })}: terms say ${actual}, predicate ${expected}`);
        checked += 1;
        if (expected) visible += 1;
      }
    }),
    { numRuns: RUNS },
  );
  return { checked, visible };
}

describe('the access policy compiled to a formula over ACL terms', () => {
  it.each([
    ['the default policy', DEFAULT_ACCESS_POLICY],
    ['a team policy', TEAM_POLICY],
    ['a policy over Object.prototype names', PROTOTYPE_POLICY],
  ])('agrees with the TypeScript predicate on every generated chunk under %s', (_name, policy) => {
    const { checked, visible } = agreement(fc.tuple(fc.constant(policy), principals, caseBatch(100)));
    expect(checked).toBe(RUNS * 100);
    // Neither side may pass by answering the same thing for everything.
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(checked);
  }, 30_000);

  it('agrees with the TypeScript predicate on every generated chunk under generated policies', () => {
    const { checked, visible } = agreement(fc.tuple(policies, principals, caseBatch(50)));
    expect(checked).toBe(RUNS * 50);
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
    const mentions = (f: AclTermFormula, term: string): boolean => (f.kind === 'term' ? f.term === term : f.kind === 'const' ? false : f.parts.some((p) => mentions(p, term)));
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

  it('names the policy properties the graph did not write terms for', () => {
    expect(uncoveredAclProperties(DEFAULT_ACCESS_POLICY, aclTermProperties(DEFAULT_ACCESS_POLICY))).toEqual([]);
    expect(uncoveredAclProperties(TEAM_POLICY, aclTermProperties(DEFAULT_ACCESS_POLICY))).toEqual(['document.classification', 'document.team', 'chunk.author', 'chunk.region']);
  });
});

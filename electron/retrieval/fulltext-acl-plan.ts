import type { AccessPolicy, AclPrincipal } from '../../shared/acl/access-policy';
import {
  compileAclToTermFormula,
  formulaTermCount,
  uncoveredAclProperties,
  type AclTermFormula,
} from '../../shared/acl/compile-acl-to-lucene';
import type { GraphCapabilities } from './graph-capabilities';

/** Whether full-text search filters by ACL inside the index, and if not, why not. */
export type FulltextAclPlan =
  | { readonly inIndex: true; readonly formula: AclTermFormula; readonly field: string; readonly terms: number }
  | { readonly inIndex: false; readonly reason: string };

/** Lucene refuses more than 1024 clauses; past this many ACL terms the clause is left out and hits are post-filtered. */
const MAX_ACL_TERMS = 512;

/**
 * Decides, once per request, whether the principal's access rule can go into the Lucene query: the
 * graph's chunks carry ACL terms in this build's encoding, indexed with the text, covering every
 * property the policy reads, and the clause stays small enough for Lucene.
 */
export function planFulltextAcl(
  policy: AccessPolicy,
  principal: AclPrincipal,
  capabilities: GraphCapabilities,
  enabled: boolean,
): FulltextAclPlan {
  if (!enabled) return { inIndex: false, reason: 'in-index ACL filtering is switched off' };
  const terms = capabilities.fulltextAclTerms;
  if (!terms.present) return { inIndex: false, reason: terms.reason };
  const uncovered = uncoveredAclProperties(policy, terms.covered);
  if (uncovered.length > 0)
    return { inIndex: false, reason: `the index's ACL terms do not cover ${uncovered.join(', ')}, which the access policy reads` };
  const formula = compileAclToTermFormula(policy, principal);
  const count = formulaTermCount(formula);
  if (count > MAX_ACL_TERMS)
    return {
      inIndex: false,
      reason: `the principal's rule needs ${count} ACL terms, more than the ${MAX_ACL_TERMS} a Lucene query may carry here`,
    };
  return { inIndex: true, formula, field: terms.property, terms: count };
}

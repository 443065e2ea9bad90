import type { AccessPolicy, AclPrincipal } from '../../shared/acl/access-policy';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { stageNote } from '../../shared/stage-note-messages';
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
  | { readonly inIndex: false; readonly reason: string; readonly reasonNote?: CoreMessage };

/** Whether the principal's access rule, in the index, lets it see no chunk at all: then no full-text read is made. */
export function seesNoChunk(plan: FulltextAclPlan): boolean {
  return plan.inIndex && plan.formula.kind === 'const' && !plan.formula.value;
}

/** A plan that post-filters, its reason in English and as a stage-note clause. */
function postfilter(note: CoreMessage): FulltextAclPlan {
  return { inIndex: false, reason: coreEnglish(note), reasonNote: note };
}

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
  if (!enabled) return postfilter(stageNote('acl_in_index_off'));
  const terms = capabilities.fulltextAclTerms;
  if (!terms.present) return { inIndex: false, reason: terms.reason, reasonNote: terms.reasonNote };
  const uncovered = uncoveredAclProperties(policy, terms.covered);
  if (uncovered.length > 0) return postfilter(stageNote('acl_terms_uncovered', { properties: uncovered.join(', ') }));
  const formula = compileAclToTermFormula(policy, principal);
  const count = formulaTermCount(formula);
  if (count > MAX_ACL_TERMS) return postfilter(stageNote('acl_terms_too_many', { count, max: MAX_ACL_TERMS }));
  return { inIndex: true, formula, field: terms.property, terms: count };
}

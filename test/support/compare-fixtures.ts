import type { AccessExplanation } from '../../shared/acl/explain-access';
import { RetrievalOptions, type RetrievalMode } from '../../shared/context-contract';
import type { CompareDeps, ParsedCompareInput } from '../../electron/compare/compare-runs';
import { runContextRequest } from '../../electron/retrieval/context-pipeline';
import type { FaultInjection } from '../../electron/retrieval/retrieval-run';
import type { RetrievalDeps } from './retrieval-deps';

/** The HR question of the compare tests: HR documents answer it, and only HR principals may see them. */
export const HR_QUERY = '연봉 조정 정책 salary adjustment performance review';
export const isHr = (documentId: string) => documentId.startsWith('policy-hr-');
// The relevance floor is off: these tests are about who may see what, and B's weak matches are what they check.
const REQUEST = {
  query: HR_QUERY,
  top_k: 10,
  max_tokens: 100_000,
  timeout_ms: 60_000,
  options: RetrievalOptions.parse({ min_similarity: 0, min_matched_terms: 0 }),
};

/** An explanation that lets anything through, for the broken explainer of the fault tests. */
const ALLOWED: AccessExplanation = {
  visible: true,
  because: [{ path: 'fault', op: 'no_acl_properties', property: null, principal_field: null, values: [], expected: [], holds: true }],
};

/**
 * Pre-filter off, after-expansion re-check off, and the TypeScript predicate both re-checks use
 * (after expansion and before output) replaced by one that allows everything: nothing in the
 * pipeline stops an HR document reaching a principal, so only the comparison's own check can see it.
 */
export const ALLOW_EVERYTHING: FaultInjection = {
  skipPrefilter: true,
  skipRecheck: true,
  tsPredicate: () => ({ document: () => ({ visible: true }), chunk: () => ({ visible: true }), entity: () => ({ visible: true }) }),
  // Item shaping asks the explainer why each item was allowed and fails the run on a denial: broken too.
  explainer: () => ({ document: () => ALLOWED, chunk: () => ALLOWED, entity: () => ALLOWED }),
};

/** Everything a comparison runs on, over the test's own store; `faultsFor` breaks the pipeline for some principals. */
export function compareDeps(deps: RetrievalDeps, faultsFor: (principal: unknown) => FaultInjection = () => ({})): CompareDeps {
  return {
    gateway: deps.gateway,
    profile: deps.profile,
    policy: deps.policy,
    runAndRecord: async (request) => deps.store.recordRun((await runContextRequest(request, deps, faultsFor(request.principal))).run),
    getRun: (traceId) => deps.store.getRun(traceId),
    saveComparison: (comparison) => deps.store.saveComparison(comparison),
  };
}

/** The HR question in `mode`, run as principal A and as principal B. */
export const asPrincipals = (principalA: string, principalB: string, mode: RetrievalMode): ParsedCompareInput => ({
  source: 'principals',
  request: { ...REQUEST, mode },
  principal_a: principalA,
  principal_b: principalB,
  rbo_p: 0.9,
});

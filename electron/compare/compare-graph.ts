import type { AclDecision, AclPredicate } from '../../shared/acl/compile-acl-to-predicate';
import { compileAclToExplainer } from '../../shared/acl/explain-access';
import type { AccessPolicy } from '../../shared/acl/access-policy';
import type { CompareGraph } from '../../shared/compare/compare-graph';
import type { Comparison } from '../../shared/compare/comparison';
import { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { GraphGateway } from '../graph/read-gateway';
import { itemPathOf, readItemPaths } from '../provenance/provenance-graph-builder';
import { ViewGraph } from '../provenance/view-graph';
import { classifyCompareGraph, nodesToJudge } from './compare-graph-classes';
import { readGraphScope } from './graph-scope';

/** What a comparison's graph reads: the graph through the read gateway, with the app's profile and policy. */
export interface CompareGraphServices {
  readonly gateway: GraphGateway;
  readonly deps: { readonly profile: SchemaProfile; readonly policy: AccessPolicy };
}

/**
 * One deadline for all the reads of the view: twice the provenance view's, since it reads the paths
 * of two runs' items and then judges every node it drew. A busy machine took over 15 s.
 */
const VIEW_TIMEOUT_MS = 30_000;
/** The stage the view's judging reads carry in the trace of the graph's transactions (and in a timeout's message). */
export const COMPARE_GRAPH_STAGE = 'compare_graph';
const SEEN: AclDecision = { visible: true };
/**
 * The view is read for two principals at once, so it hides nothing itself: each node is then judged
 * for A and for B with the policy's explainer, and one neither may see is emptied before it leaves
 * (classifyCompareGraph).
 */
const JUDGED_AFTERWARDS: AclPredicate = { document: () => SEEN, chunk: () => SEEN, entity: () => SEEN };

/**
 * The provenance graph of a kept comparison: the paths of every item either run returned (from the
 * comparison's own snapshot of the items, so it draws after the runs are pruned), read from the graph
 * as it is now, each node marked with who may see it and whose run drew on it. An outage or an
 * expired deadline is thrown as the gateway's error, never drawn as an empty graph.
 */
export async function buildCompareGraph(
  services: CompareGraphServices,
  comparison: Comparison,
  maxElements: number,
): Promise<CompareGraph> {
  const { profile, policy } = services.deps;
  const { a, b } = comparison;
  const items = [...a.items, ...b.items];
  const deadline = Deadline.after(VIEW_TIMEOUT_MS);
  const view = new ViewGraph({ profile, acl: JUDGED_AFTERWARDS, principal: a.principal, itemPath: itemPathOf(items, profile) });
  if (items.length > 0) await readItemPaths(services, view, items, maxElements, deadline);
  const drawn = view.draw(maxElements);
  const scope = await readGraphScope(services.gateway, profile, nodesToJudge(drawn, a, b, profile), deadline, COMPARE_GRAPH_STAGE);
  const classified = classifyCompareGraph(drawn, { scope, explainer: compileAclToExplainer(policy), profile, a, b });
  return {
    comparison_id: comparison.id,
    principal_a: a.principal.principal_id,
    principal_b: b.principal.principal_id,
    ...classified,
  };
}

import type { AccessExplainer } from '../../shared/acl/explain-access';
import type { GraphNode, ProvenanceGraph } from '../../shared/api/provenance-graph';
import type { ComparisonRun } from '../../shared/compare/comparison';
import type { NodeRef } from '../../shared/compare/node-access';
import { leakedTo, returnedToOf, visibleToOf, type ReturnedTo, type VisibleTo } from '../../shared/compare/node-visibility';
import type { SchemaProfile } from '../../shared/schema-profile';
import { nodeKindOf, type GraphScope } from './graph-scope';
import { itemNodeAccess, itemNodes, nodeAccess } from './item-access';

/**
 * Who may see each node of a comparison's provenance graph, judged with the access policy's explainer
 * exactly as the leak check and why-allowed judge a node (item-access.ts), and whose run drew on it.
 */

/** What a comparison's graph is judged with: the nodes read from the graph, the policy's explainer and both runs. */
export interface CompareJudge {
  readonly scope: GraphScope;
  readonly explainer: AccessExplainer;
  readonly profile: SchemaProfile;
  readonly a: ComparisonRun;
  readonly b: ComparisonRun;
}

/** One key per node across labels that name the same kind (a path's `Document` is the view's `ADR`). */
export function nodeKey(ref: NodeRef, profile: SchemaProfile): string {
  const kind = nodeKindOf(ref.label, profile);
  return kind === 'entity' ? `entity|${ref.label}|${ref.id}` : `${kind}|${ref.id}`;
}

/** The node a drawn view node names: its label and its domain id (the view gives each node its domain id as key). */
export function nodeRefOf(node: GraphNode): NodeRef {
  return { label: node.label, id: node.key };
}

/** Every node the items of `run` drew on, by key. */
function drawnOnBy(run: ComparisonRun, profile: SchemaProfile): Set<string> {
  return new Set(run.items.flatMap((item) => itemNodes(item, profile).map((ref) => nodeKey(ref, profile))));
}

/** The nodes an item of `run` drew on that its own principal may not see: the leaks of one side, by key. */
function leakKeys(run: ComparisonRun, judge: CompareJudge): Set<string> {
  return new Set(
    run.items.flatMap((item) =>
      itemNodeAccess(item, judge.scope, judge.explainer, judge.profile, run.principal)
        .filter((access) => access.state !== 'visible')
        .map((access) => nodeKey(access.node, judge.profile)),
    ),
  );
}

/** A node neither principal may see leaves as the provenance view leaves a hidden node: no content, its element id as key. */
function emptied(node: GraphNode, visibleTo: VisibleTo, returnedTo: ReturnedTo | undefined, judge: CompareJudge): GraphNode {
  return {
    ...node,
    key: node.id,
    caption: `${node.label} (not visible to ${judge.a.principal.principal_id} or ${judge.b.principal.principal_id})`,
    visible_to_principal: false,
    properties: {},
    visible_to: visibleTo,
    ...(returnedTo ? { returned_to: returnedTo } : {}),
  };
}

/**
 * Marks every node of a view read with nothing hidden: `visible_to` (A, B, both or neither) and
 * `returned_to` (the runs with an item whose path holds it). A node neither may see is emptied; a node
 * either may see keeps its content, as the comparison's own items do. `leaks_not_drawn` counts the
 * leaks (node and side) the view does not hold: not in the graph, or past its element cap.
 */
export function classifyCompareGraph(view: ProvenanceGraph, judge: CompareJudge): { graph: ProvenanceGraph; leaks_not_drawn: number } {
  const { profile, explainer, scope } = judge;
  const returned = { a: drawnOnBy(judge.a, profile), b: drawnOnBy(judge.b, profile) };
  const sees = (ref: NodeRef, run: ComparisonRun) => nodeAccess(ref, scope, explainer, profile, run.principal).state === 'visible';
  const drawnLeaks = { a: new Set<string>(), b: new Set<string>() };
  const nodes = view.nodes.map((node) => {
    const ref = nodeRefOf(node);
    const key = nodeKey(ref, profile);
    const visibleTo = visibleToOf(sees(ref, judge.a), sees(ref, judge.b));
    const returnedTo = returnedToOf(returned.a.has(key), returned.b.has(key));
    const leaked = leakedTo(visibleTo, returnedTo);
    if (leaked === 'a' || leaked === 'both') drawnLeaks.a.add(key);
    if (leaked === 'b' || leaked === 'both') drawnLeaks.b.add(key);
    if (visibleTo === 'neither') return emptied(node, visibleTo, returnedTo, judge);
    return { ...node, visible_to_principal: true, visible_to: visibleTo, ...(returnedTo ? { returned_to: returnedTo } : {}) };
  });
  const missing = (run: ComparisonRun, drawn: Set<string>) => [...leakKeys(run, judge)].filter((key) => !drawn.has(key)).length;
  return {
    graph: { ...view, nodes, principal_id: `${judge.a.principal.principal_id} vs ${judge.b.principal.principal_id}` },
    leaks_not_drawn: missing(judge.a, drawnLeaks.a) + missing(judge.b, drawnLeaks.b),
  };
}

/** Every node the classification reads from the graph: the view's nodes and every node the items drew on. */
export function nodesToJudge(view: ProvenanceGraph, a: ComparisonRun, b: ComparisonRun, profile: SchemaProfile): NodeRef[] {
  return [...view.nodes.map(nodeRefOf), ...[...a.items, ...b.items].flatMap((item) => itemNodes(item, profile))];
}

import { compileAclToExplainer } from '../../shared/acl/explain-access';
import type { AccessPolicy } from '../../shared/acl/access-policy';
import type { ComparisonRun, CompareSide, ItemAccessRow, Leak, LeakCheck } from '../../shared/compare/comparison';
import { itemIdentity } from '../../shared/compare/run-diff';
import { Deadline } from '../../shared/deadline';
import { isLensError } from '../../shared/lens-error';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { GraphGateway } from '../graph/read-gateway';
import { readGraphScope, type GraphScope } from './graph-scope';
import { itemNodeAccess, itemNodes, itemVerdict } from './item-access';
import type { AccessExplainer } from '../../shared/acl/explain-access';

/** What the leak check reads the graph with and judges by: the pipeline's own profile and policy. */
export interface LeakCheckDeps {
  readonly gateway: GraphGateway;
  readonly profile: SchemaProfile;
  readonly policy: AccessPolicy;
}

interface Judge {
  readonly scope: GraphScope;
  readonly explainer: AccessExplainer;
  readonly profile: SchemaProfile;
}

/** Every node of every item of `run` that its own principal may not see, in item order: the leaks of one side. */
function leaksOf(side: CompareSide, run: ComparisonRun, judge: Judge): Leak[] {
  return run.items.flatMap((item, index) =>
    itemNodeAccess(item, judge.scope, judge.explainer, judge.profile, run.principal)
      .filter((access) => access.state !== 'visible')
      .map((access) => ({
        side,
        principal_id: run.principal.principal_id,
        item_key: itemIdentity(item).key,
        rank: index + 1,
        document_id: item.document_id,
        access,
      })),
  );
}

/**
 * Why each item is visible to A and to B, or the first node each may not see: A's items in order,
 * then the items only B returned. An item both returned is judged on each side's own copy.
 */
function accessRows(a: ComparisonRun, b: ComparisonRun, judge: Judge): ItemAccessRow[] {
  const verdict = (item: ComparisonRun['items'][number], run: ComparisonRun) =>
    itemVerdict(itemNodeAccess(item, judge.scope, judge.explainer, judge.profile, run.principal));
  const inB = new Map(b.items.map((item) => [itemIdentity(item).key, item]));
  const rows = new Map<string, ItemAccessRow>();
  for (const item of a.items) {
    const key = itemIdentity(item).key;
    if (!rows.has(key)) rows.set(key, { item_key: key, a: verdict(item, a), b: verdict(inB.get(key) ?? item, b) });
  }
  for (const item of b.items) {
    const key = itemIdentity(item).key;
    if (!rows.has(key)) rows.set(key, { item_key: key, a: verdict(item, a), b: verdict(item, b) });
  }
  return [...rows.values()];
}

/**
 * Checks both runs' items against the graph with the access policy's explainer: for each principal
 * and each item it returned, every node the item draws on. Leaks come first, all of them. The reads
 * run through the read gateway under `deadline`; an outage or timeout makes the check `failed` with
 * the error, never clean. Any other failure is a bug and is thrown.
 */
export async function checkForLeaks(a: ComparisonRun, b: ComparisonRun, deps: LeakCheckDeps, timeoutMs: number): Promise<LeakCheck> {
  const nodes = [...a.items, ...b.items].flatMap((item) => itemNodes(item, deps.profile));
  let scope: GraphScope;
  try {
    scope = await readGraphScope(deps.gateway, deps.profile, nodes, Deadline.after(timeoutMs));
  } catch (error) {
    if (isLensError(error)) return { state: 'failed', error: error.toData() };
    throw error;
  }
  const judge: Judge = { scope, explainer: compileAclToExplainer(deps.policy), profile: deps.profile };
  return {
    state: 'checked',
    leaks: [...leaksOf('a', a, judge), ...leaksOf('b', b, judge)],
    nodes_checked: scope.size,
    access: accessRows(a, b, judge),
  };
}

import { ALLOWED_PROCEDURES, refuse, type GuardRule, type GuardVerdict } from '../../shared/cypher/cypher-guard';
import { guardMessage } from '../../shared/cypher/guard-messages';

/** One operator of the plan tree the server returns for EXPLAIN (the driver's `ResultSummary.plan`). */
export interface PlanOperator {
  readonly operatorType: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly children: readonly PlanOperator[];
  readonly identifiers?: readonly string[];
}

/** Neo4j's query type for read-only plans. */
export const READ_ONLY_QUERY_TYPE = 'r';

/**
 * The plan operators a read may use, by base name (see `operatorBaseName`). An allowlist, not a
 * blocklist: an operator this build does not know (a new release's, a plugin's) is refused by name
 * until someone checks what it does. Taken from the Cypher manual's operator summary
 * (planning-and-tuning/operators) and the 5.26 planner; left out on purpose:
 * - LoadCSV (reads files and URLs from the server);
 * - TransactionApply, TransactionForeach (CALL { } IN TRANSACTIONS commits in batches);
 * - RunQueryAt, RemoteBatchProperties (reach another database, or a composite's constituents);
 * - every updating operator (Create, Merge*, LockingMerge, Set*, Remove*, Delete, DetachDelete,
 *   Foreach, SubqueryForeach, LockNodes, ConditionalApply/AntiConditionalApply, AssertSame*,
 *   Asserting*IndexSeek, ExhaustiveLimit), which only write queries plan;
 * - schema and administration (Create/Drop Index/Constraint, DoNothingIfExists, Show*, TerminateTransactions).
 * ProcedureCall is allowed only for procedures on the read-only allowlist, checked by name.
 */
// Stryker disable StringLiteral: data taken from the manual, not logic; test/mutation/SURVIVORS.md says why no unit test can kill the removal of one name.
export const ALLOWED_PLAN_OPERATORS: ReadonlySet<string> = new Set([
  // Leaves: scans and seeks.
  'AllNodesScan',
  'NodeByLabelScan',
  'IntersectionNodeByLabelsScan',
  'SubtractionNodeByLabelsScan',
  'UnionNodeByLabelsScan',
  'NodeByIdSeek',
  'NodeByElementIdSeek',
  'NodeCountFromCountStore',
  'RelationshipCountFromCountStore',
  'NodeIndexSeek',
  'NodeUniqueIndexSeek',
  'NodeIndexSeekByRange',
  'NodeUniqueIndexSeekByRange',
  'MultiNodeIndexSeek',
  'NodeIndexScan',
  'NodeIndexContainsScan',
  'NodeIndexEndsWithScan',
  'DirectedAllRelationshipsScan',
  'UndirectedAllRelationshipsScan',
  'DirectedRelationshipTypeScan',
  'UndirectedRelationshipTypeScan',
  'DirectedUnionRelationshipTypesScan',
  'UndirectedUnionRelationshipTypesScan',
  'DirectedRelationshipByIdSeek',
  'UndirectedRelationshipByIdSeek',
  'DirectedRelationshipByElementIdSeek',
  'UndirectedRelationshipByElementIdSeek',
  'DirectedRelationshipIndexSeek',
  'UndirectedRelationshipIndexSeek',
  'DirectedRelationshipUniqueIndexSeek',
  'UndirectedRelationshipUniqueIndexSeek',
  'DirectedRelationshipIndexSeekByRange',
  'UndirectedRelationshipIndexSeekByRange',
  'DirectedRelationshipUniqueIndexSeekByRange',
  'UndirectedRelationshipUniqueIndexSeekByRange',
  'DirectedRelationshipIndexScan',
  'UndirectedRelationshipIndexScan',
  'DirectedRelationshipIndexContainsScan',
  'UndirectedRelationshipIndexContainsScan',
  'DirectedRelationshipIndexEndsWithScan',
  'UndirectedRelationshipIndexEndsWithScan',
  'DynamicLabelNodeLookup',
  'DynamicDirectedRelationshipTypeLookup',
  'DynamicUndirectedRelationshipTypeLookup',
  'PartitionedAllNodesScan',
  'PartitionedNodeByLabelScan',
  'PartitionedIntersectionNodeByLabelsScan',
  'PartitionedSubtractionNodeByLabelsScan',
  'PartitionedUnionNodeByLabelsScan',
  'PartitionedNodeIndexScan',
  'PartitionedNodeIndexSeek',
  'PartitionedNodeIndexSeekByRange',
  'PartitionedDirectedAllRelationshipsScan',
  'PartitionedUndirectedAllRelationshipsScan',
  'PartitionedDirectedRelationshipTypeScan',
  'PartitionedUndirectedRelationshipTypeScan',
  'PartitionedDirectedUnionRelationshipTypesScan',
  'PartitionedUndirectedUnionRelationshipTypesScan',
  'PartitionedDirectedRelationshipIndexScan',
  'PartitionedUndirectedRelationshipIndexScan',
  'PartitionedDirectedRelationshipIndexSeek',
  'PartitionedUndirectedRelationshipIndexSeek',
  'PartitionedDirectedRelationshipIndexSeekByRange',
  'PartitionedUndirectedRelationshipIndexSeekByRange',
  'Argument',
  'ArgumentTracker',
  'EmptyRow',
  // Nested loops and joins.
  'Apply',
  'SemiApply',
  'AntiSemiApply',
  'LetSemiApply',
  'LetAntiSemiApply',
  'SelectOrSemiApply',
  'SelectOrAntiSemiApply',
  'LetSelectOrSemiApply',
  'LetSelectOrAntiSemiApply',
  'RollUpApply',
  'CartesianProduct',
  'NodeHashJoin',
  'ValueHashJoin',
  'NodeLeftOuterHashJoin',
  'NodeRightOuterHashJoin',
  'TriadicSelection',
  'TriadicBuild',
  'TriadicFilter',
  'Anti',
  'Optional',
  // Traversal.
  'Expand',
  'OptionalExpand',
  'VarLengthExpand',
  'ProjectEndpoints',
  'ShortestPath',
  'StatefulShortestPath',
  'Repeat',
  'BidirectionalRepeat',
  'NullifyMetadata',
  'PathPropagatingBFS',
  // Union, aggregation, filter, projection, sort and limit.
  'Union',
  'OrderedUnion',
  'EagerAggregation',
  'OrderedAggregation',
  'Distinct',
  'OrderedDistinct',
  'Filter',
  'Projection',
  'CacheProperties',
  'Unwind',
  'PartitionedUnwind',
  'ProduceResults',
  'EmptyResult',
  'Eager',
  'Sort',
  'PartialSort',
  'Top',
  'PartialTop',
  'Limit',
  'Skip',
  // Procedures: allowed only for the procedures on ALLOWED_PROCEDURES.
  'ProcedureCall',
]);
// Stryker restore StringLiteral

/** Refused operators whose refusal has a rule of its own, so traces name it as the text layer would. */
const RULE_OF_OPERATOR: Readonly<Record<string, GuardRule>> = {
  LoadCSV: 'load_csv',
  TransactionApply: 'call_in_transactions',
  TransactionForeach: 'call_in_transactions',
  RunQueryAt: 'use_database',
};
const WRITE_OPERATOR = /^(Create|Merge|LockingMerge|LockNodes|Set|Remove|Delete|DetachDelete|Foreach|SubqueryForeach)/;
const ADMIN_OPERATOR = /^(CreateIndex|CreateConstraint|DropIndex|DropConstraint|DoNothingIfExists|Show|Terminate)/;

/**
 * An operator's name without what varies between releases: the `@neo4j` runtime suffix of 5.x and
 * later and the mode in parentheses (`Expand(All)`, `VarLengthExpand(Pruning,BFS,All)`).
 */
export function operatorBaseName(operatorType: string): string {
  const at = operatorType.indexOf('@');
  const name = at === -1 ? operatorType : operatorType.slice(0, at);
  const paren = name.indexOf('(');
  return (paren === -1 ? name : name.slice(0, paren)).trim();
}

/** The procedure a ProcedureCall operator calls, from its details (`db.labels() :: (label :: STRING)`) or signature. */
export function procedureNameOf(operator: PlanOperator): string | null {
  const described = operator.arguments.Details ?? operator.arguments.Signature;
  if (typeof described !== 'string') return null;
  const paren = described.indexOf('(');
  const name = (paren === -1 ? described : described.slice(0, paren)).trim();
  return /^[A-Za-z_][\w.]*$/.test(name) ? name : null;
}

/** The refusal for one operator of the plan, or null when a read may use it. */
function checkOperator(operator: PlanOperator): GuardVerdict | null {
  const name = operatorBaseName(operator.operatorType);
  if (name === 'ProcedureCall') {
    const procedure = procedureNameOf(operator);
    if (procedure && ALLOWED_PROCEDURES.has(procedure.toLowerCase())) return null;
    return refuse('procedure_not_allowed', guardMessage('plan_procedure', { name: procedure ?? '(unnamed)' }));
  }
  if (ALLOWED_PLAN_OPERATORS.has(name)) return null;
  const rule =
    RULE_OF_OPERATOR[name] ??
    (ADMIN_OPERATOR.test(name) ? 'admin_command' : WRITE_OPERATOR.test(name) ? 'write_clause' : 'plan_operator_not_allowed');
  return refuse(rule, guardMessage('plan_operator', { operator: operator.operatorType }));
}

/**
 * The plan check, the guard's authority: the server must plan the query as read-only (type 'r')
 * and every operator of its plan tree must be on the allowlist. Walks the tree without recursion,
 * so a deep plan cannot overflow the stack.
 */
export function checkPlan(queryType: string | undefined, plan: PlanOperator | false | null | undefined): GuardVerdict {
  if (queryType !== READ_ONLY_QUERY_TYPE) {
    return refuse('not_read_only', guardMessage('plan_not_read_only', { type: queryType ?? 'unknown' }));
  }
  if (!plan) return refuse('plan_operator_not_allowed', guardMessage('plan_missing'));
  const pending: PlanOperator[] = [plan];
  for (let operator = pending.pop(); operator; operator = pending.pop()) {
    const refusal = checkOperator(operator);
    if (refusal) return refusal;
    pending.push(...operator.children);
  }
  return { allowed: true };
}

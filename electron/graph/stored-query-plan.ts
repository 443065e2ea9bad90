import { explainableParams } from '../../shared/cypher/param-redaction';
import { REQUEST_DEFAULTS } from '../../shared/context-contract';
import type { CypherExplainResult, PlanNode } from '../../shared/cypher/query-plan';
import type { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { errorMessage } from '../../shared/error-messages';
import type { RunRecord } from '../../shared/trace-record';
import type { PlanOperator } from './plan-guard';
import type { GraphGateway } from './read-gateway';

/** The estimate the server gives an operator (a float, or a driver Integer), or null when it gives none. */
function estimatedRows(value: unknown): number | null {
  if (typeof value === 'number') return Math.round(value * 10) / 10;
  if (value && typeof value === 'object' && 'toNumber' in value) return (value as { toNumber(): number }).toNumber();
  return null;
}

/** The driver's plan operator as the screens show it: the base name (`NodeIndexSeek`, not `NodeIndexSeek@neo4j`), details and estimate. */
export function planNodeOf(operator: PlanOperator): PlanNode {
  const details = operator.arguments.Details ?? operator.arguments.details;
  return {
    operator: operator.operatorType.split('@')[0] ?? operator.operatorType,
    details: typeof details === 'string' ? details : '',
    estimated_rows: estimatedRows(operator.arguments.EstimatedRows),
    identifiers: [...(operator.identifiers ?? [])],
    children: operator.children.map(planNodeOf),
  };
}

/** The longest deadline a request may set (the request schema's bound on `timeout_ms`). */
const MAX_TIMEOUT_MS = 600_000;

/**
 * How long EXPLAIN of a stored run's query may take, in milliseconds: the deadline asked for, else
 * the one the run itself was given (its request's `timeout_ms`, as the user or the settings chose it),
 * else the request default when the stored request has none a request may carry (an imported bundle).
 */
export function explainTimeoutMs(run: RunRecord, asked?: number): number {
  if (asked !== undefined) return asked;
  const own = run.request.timeout_ms;
  return typeof own === 'number' && Number.isInteger(own) && own >= 1 && own <= MAX_TIMEOUT_MS ? own : REQUEST_DEFAULTS.timeout_ms;
}

/**
 * EXPLAINs query `index` of a stored run through the gateway's guard, as any untrusted text (a
 * stored run may come from an imported bundle): the text checks, then EXPLAIN only, so the query
 * itself never runs. The parameters are the trace's redacted copy with vectors and lists given back
 * in their type; a parameter whose secret the trace removed cannot be given back, and EXPLAIN is not asked.
 */
export async function explainStoredQuery(
  gateway: GraphGateway,
  run: RunRecord,
  index: number,
  deadline: Deadline,
): Promise<CypherExplainResult> {
  const query = run.queries[index];
  if (!query) {
    throw codedError('not_found', errorMessage('run_has_no_query', { trace: run.trace_id, index, count: run.queries.length }), {
      hint: errorMessage('run_has_no_query_hint'),
    });
  }
  const given = explainableParams(query.params ?? {});
  if (!given.ok) return { status: 'secret_param', params: given.secret };
  const { verdict, plan } = await gateway.explainPlan(query.cypher, given.params, deadline);
  if (!verdict.allowed) return { status: 'refused', rule: verdict.rule };
  if (!plan) throw codedError('unavailable', errorMessage('no_explain_plan'), { hint: errorMessage('no_explain_plan_hint') });
  return { status: 'plan', query_type: verdict.queryType ?? 'r', plan: planNodeOf(plan) };
}

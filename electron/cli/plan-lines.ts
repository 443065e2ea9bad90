import type { CypherExplainResult, PlanNode } from '../../shared/cypher/query-plan';
import { paramLines } from '../../shared/cypher/param-block';
import type { ExecutedQuery } from '../../shared/trace-record';
import { terminalLine } from './terminal-text';
import { wordCliMessage } from '../../shared/cli-messages';

/** One operator per line, indented under its parent with tree marks: name, details, estimated rows. */
export function planTreeLines(node: PlanNode, prefix = '', tail = ''): string[] {
  const estimate = node.estimated_rows === null ? '' : `  ~${node.estimated_rows} rows`;
  const details = node.details === '' ? '' : `  ${terminalLine(node.details)}`;
  const line = `${prefix}${node.operator}${details}${estimate}`;
  return [
    line,
    ...node.children.flatMap((child, index) => {
      const last = index === node.children.length - 1;
      return planTreeLines(child, `${tail}${last ? '└─ ' : '├─ '}`, `${tail}${last ? '   ' : '│  '}`);
    }),
  ];
}

/** A stored query and what EXPLAIN said of it, for a person: where it ran, its `:param` lines, the Cypher, then the plan or why there is none. */
export function formatQueryPlan(query: ExecutedQuery, number: number, total: number, result: CypherExplainResult): string {
  const lines = [
    wordCliMessage('plan_query_head', { number, total, stage: terminalLine(query.stage), name: terminalLine(query.name) }),
    ...(query.params ? paramLines(query.params).map(terminalLine) : [wordCliMessage('plan_params_not_kept')]),
    '',
    ...query.cypher.trim().split('\n').map(terminalLine),
    '',
  ];
  if (result.status === 'plan') lines.push(wordCliMessage('plan_head', { type: result.query_type }), ...planTreeLines(result.plan));
  else if (result.status === 'secret_param') lines.push(wordCliMessage('plan_secret_param', { names: result.params.join(', ') }));
  else lines.push(wordCliMessage('plan_refused', { rule: result.rule }));
  return `${lines.join('\n')}\n`;
}

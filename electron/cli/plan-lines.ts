import type { CypherExplainResult, PlanNode } from '../../shared/cypher/query-plan';
import { paramLines } from '../../shared/cypher/param-block';
import type { ExecutedQuery } from '../../shared/trace-record';
import { terminalLine } from './terminal-text';

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
    `Query ${number} of ${total}: stage ${terminalLine(query.stage)}, ${terminalLine(query.name)}`,
    ...(query.params ? paramLines(query.params).map(terminalLine) : ['(parameters were not kept for this run)']),
    '',
    ...query.cypher.trim().split('\n').map(terminalLine),
    '',
  ];
  if (result.status === 'plan')
    lines.push(`Plan (query type ${result.query_type}; EXPLAIN only, the query did not run):`, ...planTreeLines(result.plan));
  else if (result.status === 'secret_param')
    lines.push(`Not explained: the trace removed the secret of ${result.params.join(', ')}, and EXPLAIN needs every parameter.`);
  else lines.push(`Refused by the read-only guard [${result.rule}]: only read queries are explained.`);
  return `${lines.join('\n')}\n`;
}

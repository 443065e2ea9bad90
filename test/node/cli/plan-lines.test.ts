import { describe, expect, it } from 'vitest';
import { formatQueryPlan, planTreeLines } from '../../../electron/cli/plan-lines';
import type { PlanNode } from '../../../shared/cypher/query-plan';
import { buildRunRecord } from '../../support/run-record-factory';

const leaf = (operator: string, details = ''): PlanNode => ({ operator, details, estimated_rows: 3, identifiers: [], children: [] });

describe('planTreeLines', () => {
  it('draws each operator under its parent, the last child with a corner', () => {
    const plan: PlanNode = {
      ...leaf('ProduceResults', 'n'),
      children: [{ ...leaf('Apply'), children: [leaf('NodeByLabelScan', 'n:Chunk'), leaf('Argument')] }],
    };
    expect(planTreeLines(plan)).toEqual([
      'ProduceResults  n  ~3 rows',
      '└─ Apply  ~3 rows',
      '   ├─ NodeByLabelScan  n:Chunk  ~3 rows',
      '   └─ Argument  ~3 rows',
    ]);
  });
});

describe('formatQueryPlan', () => {
  const query = { ...buildRunRecord().queries[0]!, cypher: 'MATCH (n)\nRETURN n LIMIT $k', params: { k: 2 } };

  it('prints the :param lines, the Cypher line by line and the plan', () => {
    const text = formatQueryPlan(query, 1, 2, { status: 'plan', query_type: 'r', plan: leaf('ProduceResults') });
    expect(text).toContain(':param k => 2\n\nMATCH (n)\nRETURN n LIMIT $k\n');
    expect(text).toContain('Plan (query type r; EXPLAIN only, the query did not run):\nProduceResults  ~3 rows');
  });

  it('says why there is no plan: a removed secret, or the guard', () => {
    expect(formatQueryPlan(query, 1, 2, { status: 'secret_param', params: ['token'] })).toContain('removed the secret of token');
    expect(formatQueryPlan(query, 1, 2, { status: 'refused', rule: 'write_clause' })).toContain('[write_clause]');
  });

  it('says when the run kept no parameters', () => {
    const { params: _dropped, ...old } = query;
    expect(formatQueryPlan(old, 1, 1, { status: 'plan', query_type: 'r', plan: leaf('ProduceResults') })).toContain(
      '(parameters were not kept for this run)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { EvalReport } from '../../../shared/eval/eval-report';
import { evalReport, evalRun } from '../../support/eval-fixtures';
import { useSettingsDoor } from '../../support/settings-door';

// A stored evaluation whose set has two expectations no run can meet, and a run that failed: the
// doors (eval.get, eval.list) hand both over, the findings apart from the failure.
const report: EvalReport = {
  ...evalReport(
    'e-found',
    [evalRun({ question_id: 'q1', mode: 'fulltext' }), evalRun({ question_id: 'q2', mode: 'fulltext', status: 'failed' })],
    ['fulltext'],
  ),
  findings: [
    { code: 'expected_document_not_visible', question_id: 'q1', principal: 'u-sora', id: 'policy-hr', trace_id: 't-q1-fulltext' },
    { code: 'expected_chunk_not_in_graph', question_id: 'q1', principal: 'u-sora', id: 'gone-c1', trace_id: 't-q1-fulltext' },
  ],
};

describe('an evaluation’s findings through the doors', () => {
  const { door, hub } = useSettingsDoor();

  it('eval.get hands over the stored findings and eval.list counts them, apart from leaks and failures', async () => {
    const call = door();
    hub().store().saveEvaluation(report);
    const got = await call('eval.get', { id: 'e-found' });
    expect(got.ok && (got.value as EvalReport).findings).toEqual(report.findings);
    const listed = await call('eval.list', {});
    expect(listed.ok && listed.value).toEqual({
      evaluations: [expect.objectContaining({ id: 'e-found', runs: 2, violations: 0, failed: 1, findings: 2 })],
    });
  });
});

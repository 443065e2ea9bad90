import { describe, expect, it } from 'vitest';
import { EVAL_MESSAGES, wordEvalMessage } from '../../../shared/eval/eval-messages';
import { explainCommand, findingViews, shellWord } from '../../../shared/eval/eval-findings';
import { EVAL_FINDING_CODES, type EvalFinding } from '../../../shared/eval/eval-report';
import { evalReport, evalRun } from '../../support/eval-fixtures';

const finding = (fields: Partial<EvalFinding> & Pick<EvalFinding, 'code'>): EvalFinding => ({
  question_id: 'salary',
  principal: 'u-sora',
  id: 'policy-hr-salary-adjustment',
  trace_id: 'tr-1',
  ...fields,
});

describe('the findings of an evaluation as the Evaluations screen shows them', () => {
  it('names for each finding its kind, level, question, reason sentence and the lens explain command, in the report’s order', () => {
    const report = {
      ...evalReport('e', [evalRun({ question_id: 'salary', mode: 'fulltext', question: 'How are salaries adjusted?' })], ['fulltext']),
      findings: [
        finding({ code: 'expected_document_not_visible' }),
        finding({ code: 'expected_chunk_not_in_graph', question_id: 'gone', id: 'no-such-c1', trace_id: 'tr-2' }),
      ],
    };
    const views = findingViews(report);
    expect(views.map(({ kind, level, question, command, reason }) => ({ kind, level, question, command, reason }))).toEqual([
      {
        kind: 'not_visible',
        level: 'document',
        question: 'How are salaries adjusted?',
        command: 'lens explain tr-1 --document policy-hr-salary-adjustment',
        reason: { code: 'reason_expected_document_not_visible', params: { principal: 'u-sora', id: 'policy-hr-salary-adjustment' } },
      },
      {
        kind: 'not_in_graph',
        level: 'chunk',
        // No run of this question in the report: its id alone names it.
        question: null,
        command: null,
        reason: { code: 'reason_expected_chunk_not_in_graph', params: { principal: 'u-sora', id: 'no-such-c1' } },
      },
    ]);
    expect(views.map((view) => view.finding)).toEqual(report.findings);
    expect(wordEvalMessage(views[0]!.reason.code, views[0]!.reason.params)).toBe(
      'u-sora may not see the expected document policy-hr-salary-adjustment (no chunk of it passes the access policy), so no run as u-sora can hand it over and its recall cannot reach 1. Expect it of a principal who may see it, or list it under must_not_appear.',
    );
  });

  it('gives every finding code a reason sentence in English and Korean naming the expected id', () => {
    for (const code of EVAL_FINDING_CODES) {
      const [view] = findingViews({ runs: [], findings: [finding({ code, id: 'the-id' })] });
      for (const language of ['en', 'ko'] as const) expect(EVAL_MESSAGES[language][view!.reason.code]).toContain('{{id}}');
      // A command only where there is a rule to show: the graph lacks the other kind's item.
      if (view!.kind === 'not_visible') expect(view!.command).toContain(`--${view!.level} the-id`);
      else expect(view!.command).toBeNull();
    }
  });

  it('quotes an id or trace id a shell would not take as one plain word', () => {
    expect(shellWord('docs/guide.md#intro')).toBe(`'docs/guide.md#intro'`);
    expect(shellWord("it's here")).toBe(`'it'\\''s here'`);
    expect(shellWord('')).toBe(`''`);
    expect(shellWord('chunk:42@v2')).toBe('chunk:42@v2');
    expect(explainCommand(finding({ code: 'expected_chunk_not_visible', id: 'a b; rm -rf ~' }))).toBe(
      `lens explain tr-1 --chunk 'a b; rm -rf ~'`,
    );
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalComparison } from '../../shared/eval/eval-compare';
import { EvalComparisonView } from '../../renderer/screens/evaluations/EvalComparisonView';
import { EvalRunPanel } from '../../renderer/screens/evaluations/EvalRunPanel';
import { EvaluationView } from '../../renderer/screens/evaluations/EvaluationView';
import { StoredList } from '../../renderer/screens/evaluations/EvaluationsScreen';
import { initI18n } from '../../renderer/shell/i18n';
import { evalReport, evalRun } from '../support/eval-fixtures';
import { idleEvalRun as idle } from './eval-run-idle';

const report = evalReport(
  'e-1',
  [evalRun({ question_id: 'q1', mode: 'fulltext' }), evalRun({ question_id: 'q1', mode: 'vector' })],
  ['fulltext', 'vector'],
);
const metrics = { recall: 1, precision: 1, mrr: 1, ndcg: 1 };
const side = { id: 'e-1', set_name: 'demo', graph_label: null, mode: 'fulltext' };
const comparison: EvalComparison = {
  a: side,
  b: { ...side, id: 'e-2', mode: 'vector' },
  tolerance: 0.02,
  aggregates: [{ mode_a: 'fulltext', mode_b: 'vector', a: metrics, b: metrics, delta: metrics, regressed: [], regression: false }],
  questions: [
    {
      question_id: 'q1',
      question: 'q1',
      mode_a: 'fulltext',
      mode_b: 'vector',
      status_a: 'passed',
      status_b: 'passed',
      trace_a: null,
      trace_b: null,
      a: metrics,
      b: metrics,
      delta: metrics,
      regressed: [],
      regression: false,
    },
  ],
  unpaired: [],
  regressions: 0,
};

/** Every text the Evaluations screen shows a mode in: the run form, the stored list, the report's tables and a comparison. */
function screenTexts(): string {
  return [
    renderToStaticMarkup(createElement(EvalRunPanel, { run: idle })),
    renderToStaticMarkup(
      createElement(StoredList, {
        stored: {
          value: [
            {
              id: 'e-1',
              created_at: '2026-12-02T10:00:00.000Z',
              set_name: 'demo',
              graph_label: null,
              modes: ['fulltext', 'vector'],
              questions: 1,
              runs: 2,
              violations: 0,
              failed: 0,
              findings: 0,
              unchecked: 0,
            },
          ],
          error: null,
          loading: false,
          reload: () => undefined,
        },
        onOpen: () => undefined,
      }),
    ),
    renderToStaticMarkup(createElement(EvaluationView, { report, onOpenRun: () => undefined, openError: null })),
    renderToStaticMarkup(createElement(EvalComparisonView, { comparison })),
  ].join('\n');
}

describe('Evaluations: modes worded as the Workbench, Compare and Traces word them', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says "전문 검색" and "벡터" in Korean and "full-text" in English, never the API id "fulltext", in the form, the stored list, the report and a comparison', async () => {
    await i18n.changeLanguage('ko');
    const korean = screenTexts();
    // The mode checkboxes, the stored row, the means row, the run row, the comparison's heading, means and question rows.
    expect(korean.match(/전문 검색/g)?.length ?? 0).toBeGreaterThanOrEqual(7);
    expect(korean).toContain('전문 검색 → 벡터');
    expect(korean).toContain('전문 검색, 벡터');
    // Only in attributes (test ids, data-mode), never as text a person reads.
    expect(korean.replace(/<[^>]*>/g, ' ')).not.toMatch(/\bfulltext\b/);
    await i18n.changeLanguage('en');
    const english = screenTexts();
    expect(english).toContain('full-text → vector');
    expect(english.replace(/<[^>]*>/g, ' ')).not.toMatch(/\bfulltext\b/);
  });
});

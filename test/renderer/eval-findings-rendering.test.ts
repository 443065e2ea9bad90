import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport, EvalSummary } from '../../shared/eval/eval-report';
import { EvaluationView } from '../../renderer/screens/evaluations/EvaluationView';
import { StoredList } from '../../renderer/screens/evaluations/EvaluationsScreen';
import { initI18n } from '../../renderer/shell/i18n';
import { evalReport, evalRun } from '../support/eval-fixtures';

// The HR question asked as someone who may not see the HR document (its run passed: nothing leaked,
// nothing failed), and an expected chunk the graph lacks.
const runs = [
  evalRun({
    question_id: 'salary-hr',
    mode: 'fulltext',
    question: '연봉 조정 주기와 기준',
    document_metrics: { recall: 0, precision: 0, mrr: 0, ndcg: 0 },
  }),
  evalRun({ question_id: 'oauth-token', mode: 'fulltext' }),
];
const withFindings: EvalReport = {
  ...evalReport('e-found', runs, ['fulltext']),
  findings: [
    {
      code: 'expected_document_not_visible',
      question_id: 'salary-hr',
      principal: 'u-sora',
      id: 'policy-hr-salary-adjustment',
      trace_id: 'tr-hr',
    },
    {
      code: 'expected_chunk_not_in_graph',
      question_id: 'oauth-token',
      principal: 'u-sora',
      id: 'api-oauth-token-c99',
      trace_id: 'tr-oauth',
    },
  ],
};
const view = (report: EvalReport) =>
  renderToStaticMarkup(createElement(EvaluationView, { report, onOpenRun: () => undefined, openError: null }));
const summary = (fields: Partial<EvalSummary>): EvalSummary => ({
  id: 'e-1',
  created_at: '2026-12-04T10:00:00.000Z',
  set_name: 'e2e set',
  graph_label: 'v2',
  modes: ['fulltext'],
  questions: 3,
  runs: 3,
  violations: 0,
  failed: 0,
  findings: 0,
  unchecked: 0,
  ...fields,
});
const list = (...entries: EvalSummary[]) =>
  renderToStaticMarkup(
    createElement(StoredList, {
      stored: { value: entries, error: null, loading: false, reload: () => undefined },
      onOpen: () => undefined,
    }),
  );
const rows = (html: string) => html.match(/<tr data-testid="eval-finding"[\s\S]*?<\/tr>/g) ?? [];

describe('the findings of an evaluation on the Evaluations screen', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('lists each finding with its kind, question, expectation, reason and the lens explain command to copy, and counts them in the summary', async () => {
    await i18n.changeLanguage('en');
    const html = view(withFindings);
    expect(html).toContain('>2 expectations no run can meet<');
    const [hidden, missing] = rows(html);
    expect(hidden).toContain('data-code="expected_document_not_visible"');
    expect(hidden).toContain('data-question-id="salary-hr"');
    expect(hidden).toContain('>not visible to its principal<');
    expect(hidden).toContain('연봉 조정 주기와 기준');
    expect(hidden).toContain('>document policy-hr-salary-adjustment<');
    expect(hidden).toContain('u-sora may not see the expected document policy-hr-salary-adjustment');
    expect(hidden).toMatch(/data-testid="eval-finding-command">lens explain tr-hr --document policy-hr-salary-adjustment</);
    expect(hidden).toMatch(/aria-label="Copy the command lens explain tr-hr --document policy-hr-salary-adjustment"[^>]*>Copy</);
    expect(missing).toContain('>not in the graph<');
    expect(missing).toContain('>chunk api-oauth-token-c99<');
    expect(missing).toContain('The expected chunk api-oauth-token-c99 is not in the graph, so no run can hand it over.');
    // Nothing to explain about an item the graph lacks: no command, as the CLI's line names none.
    expect(missing).not.toContain('lens explain');
    expect(missing).not.toContain('eval-finding-command');
  });

  it('counts one finding in the singular, and shows no findings section or count for a report without any', async () => {
    await i18n.changeLanguage('en');
    const one = view({ ...withFindings, findings: withFindings.findings.slice(0, 1) });
    expect(one).toContain('>1 expectation no run can meet<');
    expect(rows(one)).toHaveLength(1);
    const none = view({ ...withFindings, findings: [] });
    expect(none).not.toContain('eval-findings');
    expect(none).not.toContain('no run can meet');
  });

  it('never counts a finding as a failure or a leak: the runs stay passed, the mode row shows no leak or failure, nothing is marked bad', async () => {
    await i18n.changeLanguage('en');
    const html = view(withFindings);
    expect(html.match(/data-testid="eval-status" data-status="passed"/g)).toHaveLength(2);
    // Runs 2, passed 2, leaks 0, failed 0.
    expect(html).toContain('data-mode="fulltext"><td>full-text</td><td>2</td><td>2</td><td>0</td><td>0</td>');
    expect(html).not.toContain('eval-bad');
    expect(rows(html)).toHaveLength(2);
    expect(rows(html).join('')).not.toMatch(/failed|leak|denied/i);
  });

  it('words the findings and their count in Korean', async () => {
    await i18n.changeLanguage('ko');
    const html = view(withFindings);
    expect(html).toContain('>어떤 실행도 충족할 수 없는 기대 2개<');
    const [hidden, missing] = rows(html);
    expect(hidden).toContain('>주체가 볼 수 없음<');
    expect(hidden).toContain('u-sora은(는) 기대 문서 policy-hr-salary-adjustment을(를) 볼 수 없어');
    expect(hidden).toContain('lens explain tr-hr --document policy-hr-salary-adjustment');
    expect(missing).toContain('>그래프에 없음<');
    expect(missing).toContain('기대 청크 api-oauth-token-c99이(가) 그래프에 없어');
    await i18n.changeLanguage('en');
  });

  it('lists an item whose check could not finish as not checked, with why, counted apart from the expectations no run can meet', async () => {
    await i18n.changeLanguage('en');
    const report: EvalReport = {
      ...withFindings,
      findings: [
        ...withFindings.findings.slice(0, 1),
        {
          code: 'unchecked_forbidden_chunk',
          question_id: 'oauth-token',
          principal: 'u-sora',
          id: 'c-gone',
          trace_id: 'tr-oauth',
          unchecked: { reason: 'unavailable', kind: 'unavailable' },
        },
      ],
    };
    const html = view(report);
    expect(html).toContain('>1 expectation no run can meet<');
    expect(html).toContain('>1 item of the set could not be checked<');
    const unchecked = rows(html)[1] ?? '';
    expect(unchecked).toContain('data-kind="unchecked"');
    expect(unchecked).toContain('>could not be checked<');
    expect(unchecked).toContain('>must not appear: chunk c-gone<');
    expect(unchecked).toContain('Whether the graph holds the chunk c-gone that must_not_appear names could not be checked');
    expect(unchecked).toContain('(the graph could not be reached)');
    expect(unchecked).not.toContain('lens explain');
    expect(list(summary({ findings: 1, unchecked: 2 }))).toContain(
      '· 1 expectation no run can meet · 2 items of the set could not be checked',
    );
    await i18n.changeLanguage('ko');
    const korean = rows(view(report))[1] ?? '';
    expect(korean).toContain('>확인하지 못함<');
    expect(korean).toContain('must_not_appear가 적은 청크 c-gone이(가) 그래프에 있는지 확인하지 못했으므로');
    expect(korean).toContain('(그래프에 연결할 수 없음)');
    expect(view(report)).toContain('>확인하지 못한 세트 항목 1개<');
    await i18n.changeLanguage('en');
  });

  it('counts the findings in the stored list’s row apart from leaks and failures, only where there are some', async () => {
    await i18n.changeLanguage('en');
    const html = list(summary({ id: 'two', findings: 2, failed: 1 }), summary({ id: 'one', findings: 1 }), summary({ id: 'none' }));
    const row = (id: string) =>
      html.match(new RegExp(`<li data-testid="eval-stored" data-evaluation-id="${id}">[\\s\\S]*?</li>`))?.[0] ?? '';
    expect(row('two')).toContain('0 leaks, 1 failed · 2 expectations no run can meet');
    expect(row('one')).toContain('0 leaks, 0 failed · 1 expectation no run can meet');
    expect(row('none')).not.toContain('no run can meet');
    await i18n.changeLanguage('ko');
    expect(list(summary({ findings: 2 }))).toContain('유출 0, 실패 0 · 어떤 실행도 충족할 수 없는 기대 2개');
    await i18n.changeLanguage('en');
  });
});

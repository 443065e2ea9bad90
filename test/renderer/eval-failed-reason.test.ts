import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../../shared/eval/eval-report';
import { EvaluationView } from '../../renderer/screens/evaluations/EvaluationView';
import { initI18n } from '../../renderer/shell/i18n';
import { evalReport, evalRun } from '../support/eval-fixtures';

const failed = { status: 'failed' as const, document_metrics: null };
// A request the door refused (no trace), a run that failed with an outcome, and one kept before codes were stored.
const report: EvalReport = evalReport(
  'e-failed',
  [
    evalRun({
      question_id: 'q-deadline',
      mode: 'vector',
      ...failed,
      trace_id: null,
      outcome: null,
      error: {
        kind: 'timeout',
        message: 'The request ran out of time waiting for Neo4j.',
        message_code: 'error_server:stage_deadline',
        message_params: { about: '' },
      },
    }),
    evalRun({
      question_id: 'q-filter',
      mode: 'hybrid',
      ...failed,
      outcome: 'unsupported_filter',
      error: {
        kind: 'unsupported_filter',
        message: 'The filter color is not supported, and filters fail closed rather than being ignored.',
        message_code: 'outcome:filter_unsupported',
        message_params: { keys: 'color' },
      },
    }),
    evalRun({
      question_id: 'q-old',
      mode: 'fulltext',
      ...failed,
      trace_id: null,
      outcome: null,
      error: { kind: 'internal', message: 'Something old went wrong.' },
    }),
  ],
  ['vector', 'hybrid', 'fulltext'],
);
const statuses = (html: string) =>
  (html.match(/<td class="eval-bad" data-testid="eval-status"[\s\S]*?<\/td>/g) ?? []).map((cell) => cell.replace(/<[^>]+>/g, '|'));

describe('a failed run’s reason on the Evaluations screen', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('words the kind and the sentence in Korean from their codes', async () => {
    await i18n.changeLanguage('ko');
    const html = renderToStaticMarkup(createElement(EvaluationView, { report, onOpenRun: () => undefined, openError: null }));
    expect(statuses(html)).toEqual([
      '|실패|마감 시간 초과: 요청이 Neo4j를 기다리다 시간이 다 되었습니다.||',
      '|실패|지원하지 않는 필터: 필터 color는 지원하지 않으며, 필터는 무시되지 않고 닫힌 쪽으로 실패합니다. 지원하는 필터: document_types, valid_at, language.||',
      // A report kept before codes were stored still says why, in the English it kept, under a Korean kind.
      '|실패|내부 오류: Something old went wrong.||',
    ]);
    await i18n.changeLanguage('en');
  });

  it('words them in English too, never as the bare kind code', async () => {
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(createElement(EvaluationView, { report, onOpenRun: () => undefined, openError: null }));
    expect(statuses(html)).toEqual([
      '|failed|deadline passed: The request ran out of time waiting for Neo4j.||',
      '|failed|unsupported filter: The filter color is not supported, and filters fail closed rather than being ignored. Supported filters: document_types, valid_at, language.||',
      '|failed|Internal error: Something old went wrong.||',
    ]);
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompareColumn } from '../../renderer/screens/compare/CompareColumn';
import { CompareGraphPanel } from '../../renderer/screens/compare/CompareGraphPanel';
import { OverlapPanel } from '../../renderer/screens/compare/ComparisonView';
import { initI18n } from '../../renderer/shell/i18n';
import { assembleComparison, comparisonRun } from '../../shared/compare/assemble-comparison';
import type { Comparison, LeakCheck } from '../../shared/compare/comparison';
import type { Outcome } from '../../shared/context-contract';
import { buildRunRecord } from '../support/run-record-factory';

/** A comparison of u-hana and a principal B whose run ended as `outcomeB`, with B's refusal coded as the pipeline codes it. */
function comparison(outcomeB: Outcome, access: LeakCheck = { state: 'checked', leaks: [], nodes_checked: 3, access: [] }): Comparison {
  const a = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-hana' }, outcome: 'ok', query: 'salary', itemCount: 2 }));
  const recordB = buildRunRecord({ principal: { principal_id: 'u-nobody' }, outcome: outcomeB, query: 'salary', itemCount: 0 });
  const b = comparisonRun({
    ...recordB,
    response: {
      ...recordB.response,
      message: 'Unknown principal "u-nobody": it is neither in the local list nor a :Principal node of the graph.',
      // As the pipeline codes a refusal: the error and its hint, each a message of its own.
      message_code: 'outcome:error_hint',
      message_params: {
        message: [{ code: 'error_retrieval:unknown_principal', params: { principal: 'u-nobody', label: 'Principal' } }],
        hint: [{ code: 'error_retrieval:unknown_principal_hint' }],
      },
    },
  });
  return assembleComparison({ id: 'cmp-1', createdAt: new Date('2026-12-01T00:00:00Z') }, 'principals', [a, b], access, 0.9);
}

const overlap = (made: Comparison) => renderToStaticMarkup(createElement(OverlapPanel, { comparison: made }));
const column = (made: Comparison, side: 'a' | 'b') => renderToStaticMarkup(createElement(CompareColumn, { comparison: made, side }));

describe('Compare: a run that gave no answer is not compared', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('shows no overlap figures and says why, and marks no item "only A"', async () => {
    await i18n.changeLanguage('en');
    const made = comparison('invalid_request');
    const html = overlap(made);
    expect(html).toContain('Not compared: B&#x27;s run ended in invalid request, so it has no answer to set beside A&#x27;s.');
    expect(html).not.toContain('data-testid="overlap-jaccard"');
    const columnA = column(made, 'a');
    expect(columnA).toContain('data-diff="not_compared"');
    expect(columnA).toContain('B gave no answer');
    expect(columnA).not.toContain('only A');
    // Two answers are compared as before.
    expect(overlap(comparison('no_evidence'))).toContain('data-testid="overlap-jaccard"');
  });

  it("words the refused run's sentence in the UI's language from its code, and says its principal is not judged", async () => {
    await i18n.changeLanguage('ko');
    const made = comparison('invalid_request');
    const key = made.diff.only_a[0]?.key as string;
    const judged = {
      ...made,
      leak_check: { state: 'checked', leaks: [], nodes_checked: 3, access: [{ item_key: key, a: null, b: null }] },
    } as Comparison;
    expect(column(made, 'b')).toContain('알 수 없는 주체 &quot;u-nobody&quot;');
    expect(column(made, 'b')).not.toContain('Unknown principal');
    // The outcome as Traces words it, not its code: seen as "ok · 항목 4개" and "invalid_request(으)로" in the Korean walk.
    expect(overlap(made)).toContain('비교하지 않음: B의 실행이 잘못된 요청(으)로 끝나');
    expect(column(made, 'b')).toContain('이 실행은 잘못된 요청(으)로 끝났');
    expect(column(made, 'a')).toContain('정상 · 항목 2개');
    const shown = (column(made, 'a') + column(made, 'b') + overlap(made)).replace(/<[^>]*>/g, ' ');
    expect(shown).not.toMatch(/invalid_request|\bok\b/);
    const columnA = column(judged, 'a');
    expect(columnA).toContain('data-state="not_judged"');
    expect(columnA).toContain('판단하지 않음');
    await i18n.changeLanguage('en');
  });
});

describe('Compare graph: a side refused before it ran is not judged, so no graph classes its nodes', () => {
  it('says why instead of drawing nodes as "A only" beside a principal that was never resolved (English and Korean)', async () => {
    const i18n = await initI18n('en');
    const made = comparison('invalid_request');
    const html = renderToStaticMarkup(createElement(CompareGraphPanel, { comparison: made }));
    expect(html).toContain('data-state="not-judged"');
    expect(html).toContain('Not drawn: B&#x27;s request (u-nobody) was refused before it ran as anyone');
    expect(html).not.toContain('A only');
    await i18n.changeLanguage('ko');
    expect(renderToStaticMarkup(createElement(CompareGraphPanel, { comparison: made }))).toContain('그리지 않음: B의 요청(u-nobody)');
    await i18n.changeLanguage('en');
  });
});

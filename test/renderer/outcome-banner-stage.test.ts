import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutcomeBanner } from '../../renderer/screens/workbench/OutcomeBanner';
import { initI18n } from '../../renderer/shell/i18n';
import type { ContextResponse } from '../../shared/context-contract';
import { buildRunRecord } from '../support/run-record-factory';

// Seen on a graph run that ran out of time: the banner said "Failed at stage: graph_expansion", the
// app's own name for the step, where a user reads what the app was doing.

function banner(outcome: 'timeout' | 'cancelled', stage: string): string {
  const record = buildRunRecord({ outcome, itemCount: 0 });
  const response: ContextResponse = { ...record.response, failed_stage: stage };
  return renderToStaticMarkup(createElement(OutcomeBanner, { response }));
}

/** The banner's text outside its folded details, tags removed. */
function shownText(html: string): string {
  return html
    .replace(/<details[\s\S]*?<\/details>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('Workbench: the stage a run failed or stopped in, in a user’s words', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says what the app was doing, in English and Korean, with the stage’s own name only in the details', async () => {
    await i18n.changeLanguage('en');
    const failed = banner('timeout', 'graph_expansion');
    expect(shownText(failed)).toContain('Failed while following the graph from the hits.');
    expect(shownText(failed)).not.toContain('graph_expansion');
    expect(failed).toMatch(/<details[^>]*>[\s\S]*stage graph_expansion[\s\S]*<\/details>/);
    expect(shownText(banner('cancelled', 'fulltext'))).toContain('Stopped while running the full-text search.');

    await i18n.changeLanguage('ko');
    const korean = banner('timeout', 'graph_expansion');
    expect(shownText(korean)).toContain('검색 결과에서 그래프를 따라가는 중에 실패했습니다.');
    expect(shownText(korean)).not.toContain('graph_expansion');
    expect(shownText(banner('cancelled', 'packing'))).toContain('항목을 토큰 예산에 맞추는 중에 중지되었습니다.');
  });

  it('names a stage this build has no words for, which is all there is', async () => {
    await i18n.changeLanguage('en');
    expect(shownText(banner('timeout', 'some_new_stage'))).toContain('Failed at stage: some_new_stage');
  });
});

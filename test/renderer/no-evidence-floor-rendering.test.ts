import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { OutcomeBanner } from '../../renderer/screens/workbench/OutcomeBanner';
import { RunMeters } from '../../renderer/screens/workbench/RunMeters';
import { initI18n } from '../../renderer/shell/i18n';
import type { ContextResponse, RelevanceRecord } from '../../shared/context-contract';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { relevanceCoreMessages } from '../../shared/relevance-messages';
import { buildRunRecord } from '../support/run-record-factory';

// A run the relevance floor emptied, coded as the pipeline codes it (output-stages.ts): the banner
// and the run strip right below it said the same two lines, the strip's under the Details button.
const emptied: RelevanceRecord = {
  basis: 'floor',
  min_similarity: 0.635,
  similarity_floor_source: 'calibrated',
  embedder: 'hashing-384',
  min_matched_terms: 2,
  query_terms: 4,
  best_similarity: 0.568,
  best_matched_terms: null,
  judged: 10,
  cut: 10,
};

function emptiedRun(): ContextResponse {
  const said: CoreMessage = {
    code: 'outcome:no_evidence_floor',
    params: { what: [{ code: 'relevance:nothing_reached' }], lines: relevanceCoreMessages(emptied) },
  };
  const { response } = buildRunRecord({ outcome: 'no_evidence', itemCount: 0 });
  return {
    ...response,
    relevance: emptied,
    message: coreEnglish(said),
    message_code: said.code,
    message_params: said.params ?? {},
  };
}

const render = (response: ContextResponse) =>
  renderToStaticMarkup(createElement(Fragment, null, createElement(OutcomeBanner, { response }), createElement(RunMeters, { response })));
const times = (text: string, part: string) => text.split(part).length - 1;

describe('the Workbench on a run the relevance floor emptied', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('says why once: the banner leaves the floor’s lines to the run strip below it', async () => {
    await i18n.changeLanguage('en');
    const html = render(emptiedRun());
    expect(times(html, 'no candidate reached the relevance floor')).toBe(1);
    expect(times(html, 'best similarity 0.568')).toBe(1);
    expect(html).toContain('data-outcome="no_evidence"');
  });

  it('names the form’s fields to lower, not the request’s option names, in English and Korean', async () => {
    await i18n.changeLanguage('en');
    const english = render(emptiedRun());
    expect(english).toContain('Lower it (Min. similarity, Min. matched terms under Filters and ranking)');
    expect(english).not.toContain('min_similarity');
    await i18n.changeLanguage('ko');
    const korean = render(emptiedRun());
    expect(korean).toContain('필터와 순위의 최소 유사도, 최소 일치 질의어 수를 낮추세요');
    expect(korean).not.toContain('min_similarity');
    expect(times(korean, '관련성 하한에 이른 후보가 없습니다')).toBe(1);
    await i18n.changeLanguage('en');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { RelevanceLine } from '../../renderer/screens/workbench/RelevanceLine';
import { initI18n } from '../../renderer/shell/i18n';
import type { RelevanceRecord } from '../../shared/context-contract';

// A fabricated record, so both the emptied and the thinned run are rendered in both languages.
const emptied: RelevanceRecord = {
  basis: 'floor',
  min_similarity: 0.635,
  similarity_floor_source: 'calibrated',
  embedder: 'hashing-384',
  min_matched_terms: 2,
  query_terms: 2,
  best_similarity: 0.5893,
  best_matched_terms: null,
  judged: 10,
  cut: 10,
};
const render = (relevance: RelevanceRecord) => renderToStaticMarkup(createElement(RelevanceLine, { relevance }));

describe('the Workbench relevance line', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('says a run the floor emptied reached no evidence, with the best similarity beside the floor', async () => {
    await i18n.changeLanguage('en');
    const html = render(emptied);
    expect(html).toContain('No evidence: no candidate reached the relevance floor');
    expect(html).toContain('vector similarity floor 0.635 (calibrated, hashing-384); best similarity 0.589');
    expect(html).toContain('best full-text hit held none');
    expect(html).toContain('data-cut="10"');
  });

  it('words the same run in Korean', async () => {
    await i18n.changeLanguage('ko');
    const html = render(emptied);
    expect(html).toContain('관련성 하한에 이른 후보가 없습니다');
    expect(html).toContain('최고 유사도 0.589');
    expect(html).toContain('보정됨');
    await i18n.changeLanguage('en');
  });

  it('does not call a run the floor only thinned "no evidence"', async () => {
    await i18n.changeLanguage('en');
    const html = render({ ...emptied, cut: 3, best_similarity: 0.71 });
    expect(html).not.toContain('No evidence');
    expect(html).toContain('3 of 10 candidate chunks below the relevance floor');
  });
});

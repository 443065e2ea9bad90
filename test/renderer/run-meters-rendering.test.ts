import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunMeters } from '../../renderer/screens/workbench/RunMeters';
import { initI18n } from '../../renderer/shell/i18n';
import type { ContextResponse, RelevanceRecord } from '../../shared/context-contract';
import { buildRunRecord } from '../support/run-record-factory';

// The run's strip as it first renders (compact): one line of meters, embedder and relevance, the
// full figures and notes left to Details; a run the floor emptied keeps its relevance line whole.
const thinned: RelevanceRecord = {
  basis: 'floor',
  min_similarity: 0.635,
  similarity_floor_source: 'calibrated',
  embedder: 'hashing-256',
  min_matched_terms: 2,
  query_terms: 2,
  best_similarity: 0.71,
  best_matched_terms: 2,
  judged: 10,
  cut: 3,
};
const response = (relevance: RelevanceRecord): ContextResponse => ({ ...buildRunRecord().response, relevance });
const render = (relevance: RelevanceRecord) => renderToStaticMarkup(createElement(RunMeters, { response: response(relevance) }));

describe('the Workbench run strip, compact', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the meters as percentages with the figures in their tooltip and accessible value', () => {
    const html = render(thinned);
    const { limits } = response(thinned);
    const percent = Math.round((limits.used_tokens / limits.max_tokens) * 100);
    expect(html).toContain('wb-meter wb-meter-compact');
    expect(html).toContain(`<span class="mono">${percent}%</span>`);
    expect(html).toContain(`title="Token budget: ${limits.used_tokens.toLocaleString()} / 4,000 tokens (${percent}%)"`);
    expect(html).toContain('aria-valuetext="212.5 / 10,000 ms (2%)"');
    expect(html).toContain('aria-expanded="false"');
  });

  it('cuts the relevance sentence to one line, with the whole of it as its tooltip', () => {
    const html = render(thinned);
    expect(html).toContain('wb-relevance-clipped');
    expect(html).toMatch(
      /title="vector similarity floor 0\.635 \(calibrated, hashing-256\); best similarity 0\.710\. [^"]*3 of 10 candidate chunks/,
    );
  });

  it('leaves the embedder’s dimensions and the lexical note to Details, naming the kind', () => {
    const html = render(thinned);
    expect(html).toContain('hashing-256');
    expect(html).toContain('>lexical<');
    expect(html).not.toContain('256 dimensions');
    expect(html).not.toContain('<p class="wb-hint">');
  });

  it('keeps the relevance line whole when the floor left the run without evidence', () => {
    const html = render({ ...thinned, cut: 10, best_similarity: 0.5 });
    expect(html).toContain('No evidence: no candidate reached the relevance floor');
    expect(html).not.toContain('wb-relevance-clipped');
  });
});

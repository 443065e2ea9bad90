// The Workbench's list of what packing and freshness cut is grouped with work linear in the cuts: a
// run that cut thousands of chunks for one reason (over the token budget) copied the group's list
// whole on each add. Counted, not timed (array-iterator steps, test/support/array-steps.ts).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CutRecord } from '../../shared/context-contract';
import { CutsSummary } from '../../renderer/screens/workbench/CutsSummary';
import { initI18n } from '../../renderer/shell/i18n';
import { arraySteps, restoreArrayIterator } from '../support/array-steps';

/** `count` chunks cut over the budget, and one duplicate. */
function cuts(count: number): CutRecord[] {
  return [
    ...Array.from({ length: count }, (_, index): CutRecord => ({ chunk_id: `chunk-${index}`, reason: 'over_budget', tokens: 40 })),
    { chunk_id: 'chunk-0', reason: 'duplicate' },
  ];
}

const render = (list: readonly CutRecord[]) => renderToStaticMarkup(createElement(CutsSummary, { cuts: list, partial: false }));

describe('CutsSummary of a run with many cuts', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(restoreArrayIterator);

  it('groups the cuts with work linear in them: four times the cuts, about four times the steps, every cut listed', () => {
    const small = cuts(500);
    const large = cuts(2000);
    let html = '';
    const once = arraySteps(() => void render(small));
    const four = arraySteps(() => {
      html = render(large);
    });
    expect(html.match(/<li>/g)).toHaveLength(2001);
    expect(html.match(/data-reason="over_budget"/g)).toHaveLength(1);
    expect(html).toContain('data-reason="duplicate"');
    // Linear work grows 4×; a list copied on every add grows toward 16×.
    expect(four / once).toBeLessThan(5);
  });
});

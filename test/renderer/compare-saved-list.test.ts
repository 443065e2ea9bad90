import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComparisonSummary } from '../../shared/compare/comparison';
import { SavedComparisons } from '../../renderer/screens/compare/CompareScreen';
import { initI18n } from '../../renderer/shell/i18n';

const entry = (id: string, leakCount: number | null, unanswered: ('a' | 'b')[]): ComparisonSummary => ({
  id,
  created_at: '2026-11-30T12:00:00.000Z',
  source: 'principals',
  query: 'salary adjustment',
  trace_a: `${id}-a`,
  trace_b: `${id}-b`,
  principal_a: 'u-hana',
  principal_b: 'u-guest',
  leak_count: leakCount,
  unanswered,
});

/** The verdict of each kept comparison, as the list shows it. */
function verdicts(list: ComparisonSummary[]): string[] {
  const html = renderToStaticMarkup(
    createElement(SavedComparisons, {
      saved: { value: list, error: null, loading: false, reload: () => undefined },
      onOpen: () => undefined,
    }),
  );
  return [...html.matchAll(/data-testid="saved-comparison"[^>]*>(.*?)<button/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ''));
}

describe('Compare: the kept comparisons list', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says the leaks are unknown for a comparison whose run A gave no answer, never "0 leaks", in both languages', async () => {
    const list = [entry('cmp-timeout', 0, ['a']), entry('cmp-clean', 0, []), entry('cmp-leak', 2, [])];
    await i18n.changeLanguage('en');
    const [timedOut, clean, leaked] = verdicts(list);
    expect(timedOut).toContain('leaks unknown: A gave no answer');
    expect(timedOut).not.toContain('0 leaks');
    expect(clean).toContain('0 leaks');
    expect(leaked).toContain('2 leaks');
    await i18n.changeLanguage('ko');
    const [korean] = verdicts(list);
    expect(korean).toContain('유출 여부 알 수 없음: A 응답 없음');
    expect(korean).not.toContain('유출 0건');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationState } from '../../renderer/app/use-operation';
import { CompareFormPanel } from '../../renderer/screens/compare/CompareFormPanel';
import { DEFAULT_COMPARE_FORM, type CompareForm } from '../../renderer/screens/compare/compare-form';
import { workbenchMessages } from '../../renderer/screens/workbench/workbench-messages';
import { initI18n } from '../../renderer/shell/i18n';
import { inSeoulTime } from './time-zone';
import type { Principal } from '../../shared/principal';
import type { RunSummary } from '../../shared/trace-record';

// Seen in the browser walk: Compare's mode menu listed "fulltext", "cypher", "auto" where the
// Workbench's, right next to it in the navigation, says "full-text", "cypher template", "auto (routed)".
const principal = (principal_id: string): Principal => ({
  principal_id,
  workspace_id: 'ws-acme',
  groups: [],
  acl_partitions: [],
  source: 'graph',
});
const loaded = <T>(value: T): OperationState<T> => ({ value, error: null, loading: false, reload: () => undefined });
const run: RunSummary = {
  trace_id: 'trace-1',
  created_at: '2026-12-05T10:00:00Z',
  principal_id: 'u-hana',
  mode: 'fulltext',
  outcome: 'ok',
  query: 'failover',
  item_count: 3,
  denied_count: 0,
  denied: [],
  elapsed_ms: 12,
  replay_of: null,
};

const render = (form: CompareForm) =>
  renderToStaticMarkup(
    createElement(CompareFormPanel, {
      form,
      onChange: () => undefined,
      onCompare: () => undefined,
      running: false,
      principals: loaded([principal('u-hana'), principal('u-guest')]),
      runs: loaded([run]),
      provider: { usable: true, url: 'http://127.0.0.1:9/context' },
      text2cypher: { usable: true, model: 'stub-chat' },
    }),
  );

/** The texts of the mode menu's options. */
const modeOptions = (html: string): string[] => {
  const start = html.indexOf('data-testid="compare-mode"');
  const menu = html.slice(start, html.indexOf('</select>', start));
  return [...menu.matchAll(/<option [^>]*>([^<]*)<\/option>/g)].map((match) => match[1] ?? '');
};

describe('Compare: modes worded as the Workbench words them', () => {
  inSeoulTime();
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('the mode menu shows the Workbench’s labels, in English and Korean', async () => {
    for (const language of ['en', 'ko'] as const) {
      await i18n.changeLanguage(language);
      const labels = workbenchMessages[language];
      const options = modeOptions(render(DEFAULT_COMPARE_FORM));
      expect(options).toEqual(
        expect.arrayContaining([labels.mode_fulltext, labels.mode_cypher, labels.mode_auto, labels.mode_vector, labels.mode_hybrid]),
      );
      expect(options).not.toContain('fulltext');
      expect(options).not.toContain('cypher');
      expect(options).not.toContain('auto');
    }
    expect(workbenchMessages.en.mode_fulltext).toBe('full-text');
  });

  it('a stored run in the run menu names its mode the same way, and its outcome and time as Traces does', async () => {
    await i18n.changeLanguage('en');
    const html = render({ ...DEFAULT_COMPARE_FORM, source: 'runs' });
    expect(html).toContain('2026-12-05 19:00:00 · u-hana · full-text · ok · failover');
    await i18n.changeLanguage('ko');
    // Seen in the Korean walk: "2026-12-05T06:36:24.992Z · u-hana · 하이브리드 · ok · …", a raw code and instant.
    const korean = render({ ...DEFAULT_COMPARE_FORM, source: 'runs' });
    expect(korean).toContain('2026-12-05 19:00:00 · u-hana · 전문 검색 · 정상 · failover');
    expect(korean).not.toContain('2026-12-05T10:00:00Z');
  });
});

// A run imported from a bundle keeps its question as the bundle had it (the store does not refuse what
// it imports). A U+202E in it made the Traces row and the run's summary line read backwards from that
// point; a zero-width space hid a difference. Both are drawn as ⟨U+XXXX⟩ where the question is shown,
// and the form, the store and an export keep the question as stored.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TraceRow } from '../../renderer/screens/traces/TraceRow';
import { useRowLabels } from '../../renderer/screens/traces/row-labels';
import { QuerySummary } from '../../renderer/screens/workbench/QuerySummary';
import { DEFAULT_FORM } from '../../renderer/screens/workbench/request-form';
import { initI18n } from '../../renderer/shell/i18n';
import type { RunSummary } from '../../shared/trace-record';
import { byTestId, parseMarkup } from '../support/static-markup';

const QUESTION = 'invoice \u202Etxt.exe\u202C for u-guest\u200B';
const SHOWN = 'invoice ⟨U+202E⟩txt.exe⟨U+202C⟩ for u-guest⟨U+200B⟩';

const run: RunSummary = {
  trace_id: 'tr-imported',
  created_at: '2026-12-01T10:00:00.000Z',
  principal_id: 'u-guest',
  mode: 'hybrid',
  outcome: 'ok',
  query: QUESTION,
  item_count: 1,
  denied_count: 0,
  denied: [],
  elapsed_ms: 12,
  replay_of: null,
};

function Row() {
  const handlers = { onAction: () => undefined, onToggle: () => undefined, onActivate: () => undefined, onRowKey: () => undefined };
  return createElement(TraceRow, { index: 0, run, top: 0, selected: false, active: true, busy: false, labels: useRowLabels(), handlers });
}

describe('a stored question holding bidi and invisible characters', () => {
  beforeAll(async () => {
    await initI18n('en');
    vi.stubGlobal('navigator', { userAgent: 'X11; Linux x86_64' });
  });
  afterAll(() => vi.unstubAllGlobals());

  it('is drawn with them visible in its Traces row, text and tooltip', () => {
    const markup = renderToStaticMarkup(createElement(Row));
    const cell = parseMarkup(markup).getElementsByTagName('*');
    const query = Array.from(cell).find((element) => element.getAttribute('class') === 'trace-cell query');
    expect(query?.textContent).toBe(SHOWN);
    expect(query?.getAttribute('title')).toBe(SHOWN);
    expect(markup).not.toMatch(/[\u202A-\u202E\u200B]/);
  });

  it('is drawn with them visible in the run’s summary line, while the form keeps the question as stored', () => {
    const form = { ...DEFAULT_FORM, query: QUESTION, principalId: 'u-guest' };
    const markup = renderToStaticMarkup(
      createElement(QuerySummary, { form, onEdit: () => undefined, onRun: () => undefined, running: false, ready: true }),
    );
    const summary = byTestId(parseMarkup(markup), 'summary-query');
    expect(summary?.textContent).toBe(SHOWN);
    expect(summary?.getAttribute('title')).toBe(SHOWN);
    expect(markup).not.toMatch(/[\u202A-\u202E\u200B]/);
    expect(form.query).toBe(QUESTION);
  });
});

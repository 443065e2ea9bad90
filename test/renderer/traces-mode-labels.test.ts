import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRowLabels } from '../../renderer/screens/traces/row-labels';
import { EMPTY_FILTER_FORM } from '../../renderer/screens/traces/run-filter-form';
import { TracesFilters } from '../../renderer/screens/traces/TracesFilters';
import { initI18n } from '../../renderer/shell/i18n';

/** What the Traces list's labels say of each mode (a hook, so rendered through a component). */
function ModeCells({ modes }: { modes: readonly string[] }): ReactElement {
  const labels = useRowLabels();
  return createElement(
    'ul',
    null,
    ...modes.map((mode) => createElement('li', { key: mode, title: labels.mode(mode).title }, labels.mode(mode).text)),
  );
}

describe('Traces: modes worded as the mode pickers word them', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('the mode filter says "full-text", "cypher template", "auto (routed)", and the rows say it in a word ("auto") with that as its title, in English and Korean; a mode this build does not know stays as stored', async () => {
    await i18n.changeLanguage('en');
    const filters = renderToStaticMarkup(
      createElement(TracesFilters, { form: EMPTY_FILTER_FORM, onChange: () => undefined, principals: { ids: [], listError: null } }),
    );
    expect(filters).toContain('<option value="fulltext">full-text</option>');
    expect(filters).toContain('<option value="cypher">cypher template</option>');
    expect(filters).toContain('<option value="auto">auto (routed)</option>');
    expect(renderToStaticMarkup(createElement(ModeCells, { modes: ['fulltext', 'auto', 'future-mode'] }))).toBe(
      '<ul><li title="full-text">full-text</li><li title="auto (routed)">auto</li><li title="future-mode">future-mode</li></ul>',
    );
    await i18n.changeLanguage('ko');
    const korean = renderToStaticMarkup(
      createElement(TracesFilters, { form: EMPTY_FILTER_FORM, onChange: () => undefined, principals: { ids: [], listError: null } }),
    );
    expect(korean).not.toContain('<option value="fulltext">fulltext</option>');
    expect(renderToStaticMarkup(createElement(ModeCells, { modes: ['fulltext'] }))).not.toContain('>fulltext<');
    expect(renderToStaticMarkup(createElement(ModeCells, { modes: ['auto'] }))).toBe('<ul><li title="자동 (라우팅)">자동</li></ul>');
  });
});

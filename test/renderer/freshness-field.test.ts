import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FreshnessField } from '../../renderer/screens/workbench/FreshnessField';
import { initI18n } from '../../renderer/shell/i18n';

/** The freshness input's opening tag for a value. */
const field = (value: string): string =>
  /<input[^>]*data-testid="freshness-input"[^>]*>/.exec(
    renderToStaticMarkup(createElement(FreshnessField, { value, onChange: () => undefined })),
  )?.[0] ?? 'no input';

describe('the Workbench freshness date on the Korean UI', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('ko');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('is a text field in the app’s YYYY-MM-DD format, not Chromium’s date input (mm/dd/yyyy whatever the UI language)', () => {
    for (const value of ['', '2026-07-01', '2026-07-01T09:30:00+09:00']) {
      expect(field(value)).toContain('type="text"');
      expect(field(value)).toContain('placeholder="YYYY-MM-DD"');
    }
    expect(field('2026-07-01T09:30:00+09:00')).toContain('value="2026-07-01T09:30:00+09:00"');
  });
});

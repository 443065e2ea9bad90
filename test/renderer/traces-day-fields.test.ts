import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_FILTER_FORM, type RunFilterForm } from '../../renderer/screens/traces/run-filter-form';
import { TracesFilters } from '../../renderer/screens/traces/TracesFilters';
import { initI18n } from '../../renderer/shell/i18n';

/** The Traces filters as HTML, for a form holding `changes`. */
function filters(changes: Partial<RunFilterForm>): string {
  return renderToStaticMarkup(
    createElement(TracesFilters, {
      form: { ...EMPTY_FILTER_FORM, ...changes },
      onChange: () => undefined,
      principals: { ids: [], listError: null },
    }),
  );
}

/** The opening tag of the input with a test id. */
function input(html: string, testId: string): string {
  return new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? `no ${testId} in ${html}`;
}

/** The text of the paragraph with a test id (entities of quotes decoded). */
function paragraph(html: string, testId: string): string | undefined {
  return new RegExp(`<p[^>]*data-testid="${testId}"[^>]*>(.*?)</p>`).exec(html)?.[1];
}

describe('Traces: the date filters follow the app’s language, not the browser’s', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('ko');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('are text fields in the app’s own YYYY-MM-DD format, not Chromium’s mm/dd/yyyy date inputs', async () => {
    await i18n.changeLanguage('ko');
    const html = filters({});
    for (const testId of ['traces-filter-since', 'traces-filter-until']) {
      const tag = input(html, testId);
      expect(tag).toContain('type="text"');
      expect(tag).toContain('placeholder="YYYY-MM-DD"');
      expect(tag).not.toContain('aria-invalid');
    }
    expect(html).toContain('시작일');
    expect(html).toContain('종료일');
  });

  it('name a date that is not a day, the field and the expected format, in Korean and English', async () => {
    await i18n.changeLanguage('ko');
    const korean = filters({ since: '2026-02-30', until: '12/06/2026' });
    expect(input(korean, 'traces-filter-since')).toContain('aria-invalid="true"');
    const since = paragraph(korean, 'traces-filter-since-problem') ?? '';
    expect(since).toMatch(/^시작일: 2026-02-30은\(는\) 달력에 없는 날짜여서 이 필터를 적용하지 않았습니다\. .*YYYY-MM-DD/);
    expect(since).toMatch(/예: \d{4}-\d{2}-\d{2}$/);
    const until = paragraph(korean, 'traces-filter-until-problem') ?? '';
    expect(until).toContain('종료일: “12/06/2026”은(는) 날짜로 읽을 수 없어');
    expect(until).toContain('YYYY-MM-DD(연-월-일)');
    await i18n.changeLanguage('en');
    const english = filters({ since: '2026-02-30' });
    expect(paragraph(english, 'traces-filter-since-problem')).toMatch(
      /^From: 2026-02-30 is not a day of the calendar, so this filter is not applied\. Write a day that exists as YYYY-MM-DD, for example \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(paragraph(english, 'traces-filter-until-problem')).toBeUndefined();
  });

  it('offer to clear a date that is not read', async () => {
    await i18n.changeLanguage('en');
    const clear = (html: string) => /<button[^>]*data-testid="traces-filter-clear"[^>]*>/.exec(html)?.[0] ?? '';
    expect(clear(filters({}))).toContain('disabled');
    expect(clear(filters({ until: 'tomorrow' }))).not.toContain('disabled');
  });
});

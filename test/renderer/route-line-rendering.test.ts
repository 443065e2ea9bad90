import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouteLine } from '../../renderer/screens/workbench/RouteLine';
import { initI18n } from '../../renderer/shell/i18n';
import { routeQuestion } from '../../electron/retrieval/query-router';

const render = (question: string) => renderToStaticMarkup(createElement(RouteLine, { route: routeQuestion(question) }));

describe('the Workbench route line of an auto run', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('shows the route chosen, the reason and each cue with its kind', async () => {
    await i18n.changeLanguage('en');
    const html = render('ADR-011은 누가 결정했나');
    expect(html).toContain('data-route="graph"');
    expect(html).toContain('Route: graph');
    expect(html).toContain('names ADR-011 and asks about a connection (결정)');
    expect(html).toContain('ADR number</span> <code>ADR-011</code>');
    expect(html).toContain('connection word</span> <code>결정</code>');
  });

  it('words the same decision in Korean', async () => {
    await i18n.changeLanguage('ko');
    const html = render('ADR-011');
    expect(html).toContain('경로: 전문 검색 + 엔터티');
    expect(html).toContain('ADR-011을(를) 지목하고');
    await i18n.changeLanguage('en');
  });
});

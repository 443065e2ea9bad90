import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedRunView } from '../../renderer/app/app-state';
import { LensClientProvider } from '../../renderer/app/lens-client-context';
import { WhyNotPanel } from '../../renderer/screens/workbench/WhyNotPanel';
import { initI18n } from '../../renderer/shell/i18n';
import type { LensClient } from '../../shared/api/lens-client';
import { buildRunRecord } from '../support/run-record-factory';

// Seen in the Korean walk: the "Why not this chunk?" panel's field was labelled "Id" in English.

/** The words a reader sees (text between tags, and placeholders and titles), ids and the principal's id left out. */
function visibleWords(html: string, principalId: string): string[] {
  const texts = [...html.matchAll(/>([^<]+)</g), ...html.matchAll(/ (?:placeholder|title|aria-label)="([^"]*)"/g)].map(
    (match) => match[1] ?? '',
  );
  return texts
    .join(' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !word.includes(principalId))
    .filter((word) => !/[-#_\d]/.test(word)); // an id such as runbook-payments-db-failover#3
}

describe('"Why not this chunk?" in Korean', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('ko');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  const render = () => {
    const run = storedRunView(buildRunRecord({ principal: { principal_id: 'u-hana' } }));
    return renderToStaticMarkup(
      createElement(LensClientProvider, { client: {} as LensClient, children: createElement(WhyNotPanel, { run }) }),
    );
  };

  it('shows no English word: every label, option and hint is worded in Korean', async () => {
    await i18n.changeLanguage('ko');
    const html = render();
    expect(html).toContain('이 청크는 왜 없나요?');
    const english = visibleWords(html, 'u-hana').filter((word) => /[A-Za-z]{2,}/.test(word) && word !== 'ID');
    expect(english).toEqual([]);
    expect(html).toMatch(/<label[^>]*>ID<\/label>/);
  });

  it('keeps its English wording in English', async () => {
    await i18n.changeLanguage('en');
    expect(render()).toMatch(/<label[^>]*>Id<\/label>/);
  });
});

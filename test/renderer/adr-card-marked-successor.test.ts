import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdrCard } from '../../renderer/screens/stale-adrs/AdrCard';
import { initI18n } from '../../renderer/shell/i18n';
import type { AdrEntry } from '../../shared/adr-marks';
import { adrEntry } from './adr-fixtures';

// Seen marking govuk-aws-adr's ADR-0028 stale with ADR-0038 as its successor: the freshness line said
// "use adr-0038-… instead" while "Replaced by:" right below still said "—".
const successor = adrEntry('adr-0038-mongo-replacement');
const marked = (extra: Partial<AdrEntry> = {}) =>
  adrEntry('adr-0028-combine-mongo', {
    mark: {
      document_id: 'adr-0028-combine-mongo',
      reason: 'Replaced by DocumentDB',
      successor_document_id: successor.document_id,
      marked_by: 'root',
      marked_at: '2026-12-05T03:27:51Z',
    },
    ...extra,
  });

const render = (entry: AdrEntry) =>
  renderToStaticMarkup(
    createElement(AdrCard, {
      entry,
      adrs: [entry, successor],
      selected: false,
      form: null,
      historyOpen: false,
      historyVersion: 0,
      busy: false,
      onOpenForm: () => undefined,
      onToggleHistory: () => undefined,
      onSubmit: () => undefined,
    }),
  );
const replacedBy = (html: string) => /<p class="adr-successors">(.*?)<\/p>/.exec(html)?.[1] ?? '';

describe('an ADR card whose stale mark names a successor', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('names that successor under "Replaced by", by its ADR id and as the mark’s (once, beside an edge naming it too), in English and Korean', async () => {
    await i18n.changeLanguage('en');
    const english = replacedBy(render(marked()));
    expect(english).toContain('ADR-0038');
    expect(english).toContain('named by the stale mark');
    expect(english).not.toContain('—');
    await i18n.changeLanguage('ko');
    expect(replacedBy(render(marked()))).toContain('오래됨 표시에서 지정');
    await i18n.changeLanguage('en');
    // Once only, when the graph's own edge already names it.
    const both = replacedBy(
      render(marked({ superseded_by: [{ document_id: successor.document_id, adr_id: 'ADR-0038', partial: false, drift: false }] })),
    );
    expect(both.split('ADR-0038').length - 1).toBe(1);
    expect(both).not.toContain('named by the stale mark');
  });
});

describe('an ADR card dated only by the date its record was proposed on', () => {
  const date = (html: string) => /<span class="adr-date"[^>]*>(.*?)<\/span>/.exec(html)?.[1] ?? '';

  it('says so beside the date, in English and Korean, and shows a decision date alone', async () => {
    const i18n = await initI18n('en');
    const proposed = adrEntry('adr-0004-use-w', { decided_at: '2021-03-04T00:00:00Z', dated_by: 'proposal' });
    expect(date(render(proposed))).toBe('proposed 2021-03-04');
    await i18n.changeLanguage('ko');
    expect(date(render(proposed))).toBe('2021-03-04 제안');
    await i18n.changeLanguage('en');
    expect(date(render(adrEntry('adr-0005-use-v', { decided_at: '2021-03-04T00:00:00Z' })))).toBe('2021-03-04');
  });
});

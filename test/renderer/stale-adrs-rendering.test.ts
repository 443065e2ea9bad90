import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdrSuggestions } from '../../renderer/screens/stale-adrs/AdrSuggestions';
import { staleAdrsMessages } from '../../renderer/screens/stale-adrs/stale-adrs-messages';
import { initI18n } from '../../renderer/shell/i18n';
import { AdrSuggestionKind, type AdrSuggestion } from '../../shared/adr-marks';
import { adrEntry } from './adr-fixtures';

// A fabricated listing, so every kind and both languages are rendered whatever the demo graph happens to suggest.
const suggestions: AdrSuggestion[] = [
  {
    kind: 'replacement_wording',
    successor: { document_id: 'adr-011-settlement-hourly', adr_id: 'ADR-011' },
    evidence: [{ document_id: 'adr-011-settlement-hourly', adr_id: 'ADR-011', quote: 'This replaces the daily batch of ADR-004.' }],
    score: 0.82,
  },
  {
    kind: 'update_note',
    successor: null,
    evidence: [{ document_id: 'adr-004-settlement-daily-batch', adr_id: 'ADR-004', quote: "We're moving on from this decision." }],
    score: 0.35,
  },
];
const entry = adrEntry('adr-004-settlement-daily-batch', { suggestions });
const render = () => renderToStaticMarkup(createElement(AdrSuggestions, { entry, onUse: () => undefined }));

describe('suggestions on the Stale ADRs screen', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('words every suggestion kind in English and Korean', () => {
    for (const kind of AdrSuggestionKind.options) {
      for (const language of ['en', 'ko'] as const)
        expect(staleAdrsMessages[language][`suggestion_kind_${kind}`], `${language} ${kind}`).toBeTruthy();
    }
  });

  it('shows each suggestion with its kind in words, its score, its likely successor and its evidence, best first', async () => {
    await i18n.changeLanguage('en');
    const html = render();
    expect(html).toContain('2 suggestions (not applied until you mark one)');
    expect(html).toContain(staleAdrsMessages.en.suggestion_kind_replacement_wording);
    expect(html).toContain('score 82%');
    expect(html).toContain('likely successor: ADR-011');
    expect(html).toContain('Evidence from ADR-011:');
    expect(html).toContain('This replaces the daily batch of ADR-004.');
    expect(html).toContain('no successor named');
    expect(html.indexOf('replacement_wording')).toBeLessThan(html.indexOf('update_note'));
  });

  it('shows them in Korean when the UI is in Korean', async () => {
    await i18n.changeLanguage('ko');
    const html = render();
    expect(html).toContain(staleAdrsMessages.ko.suggestion_kind_update_note);
    expect(html).toContain('점수 82%');
    expect(html).not.toContain(staleAdrsMessages.en.suggestion_kind_update_note);
    await i18n.changeLanguage('en');
  });

  it('renders nothing for an ADR without suggestions', () => {
    expect(renderToStaticMarkup(createElement(AdrSuggestions, { entry: adrEntry('adr-001'), onUse: () => undefined }))).toBe('');
  });
});

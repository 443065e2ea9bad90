import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderViolation } from '../../shared/provider/provider-audit';
import { ItemViolations } from '../../renderer/screens/workbench/ProviderAuditView';
import { initI18n } from '../../renderer/shell/i18n';
import { allByTestId, parseMarkup } from '../support/static-markup';

// The provider audit put the graph's freshness reason into its sentence as English ("superseded by
// adr-010") on the Korean screen too. The violation now carries the reason's freshness code, worded
// in the screen's language; a violation recorded before it keeps its English reason.
const stale = (coded: boolean): ProviderViolation => ({
  kind: 'freshness_mismatch',
  item: { rank: 1, document_id: 'adr-005', chunk_id: 'adr-005#0' },
  evidence: {
    node: { label: 'Document', id: 'adr-005' },
    claimed: 'current',
    found: 'stale',
    reason: 'superseded by adr-010',
    ...(coded ? { reason_code: 'superseded_by' as const, reason_params: { successor: 'adr-010' } } : {}),
  },
});

/** The sentence of the one violation listed. */
const sentence = (coded: boolean) =>
  allByTestId(
    parseMarkup(renderToStaticMarkup(createElement(ItemViolations, { violations: [stale(coded)], principalId: 'u-minjun' }))),
    'item-violations',
  )[0]?.getElementsByTagName('li')[0]?.textContent;

describe('the provider audit: the graph’s freshness reason on a freshness mismatch', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('is worded in the screen’s language from the freshness catalogue', async () => {
    await i18n.changeLanguage('en');
    expect(sentence(true)).toBe('Item #1: labelled current, but the graph makes the document adr-005 stale: superseded by adr-010.');
    await i18n.changeLanguage('ko');
    expect(sentence(true)).toBe('항목 #1: "최신"(으)로 표시되었지만, 그래프상 문서 adr-005의 최신성은 "오래됨"임: adr-010(으)로 대체됨.');
    await i18n.changeLanguage('en');
  });

  it('shows the English reason a violation recorded before the code keeps', async () => {
    await i18n.changeLanguage('ko');
    expect(sentence(false)).toMatch(/: superseded by adr-010\.$/);
    await i18n.changeLanguage('en');
  });
});

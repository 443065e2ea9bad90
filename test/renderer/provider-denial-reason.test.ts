import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderViolation } from '../../shared/provider/provider-audit';
import { ItemViolations } from '../../renderer/screens/workbench/ProviderAuditView';
import { initI18n } from '../../renderer/shell/i18n';
import { allByTestId, parseMarkup } from '../support/static-markup';

// The provider audit said why the asker may not see a node with the policy's reason code inside its
// sentence ("(not_shared: document.any_of)"), in Korean too. As in "Why not?" and Compare, the
// built-in codes are worded in the screen's language; a team's own code is shown as it is.
const denied = (reason: string): ProviderViolation => ({
  kind: 'access_denied',
  item: { rank: 1, document_id: 'policy-hr', chunk_id: 'policy-hr#0' },
  evidence: {
    node: { label: 'Chunk', id: 'policy-hr#0' },
    access: {
      state: 'denied',
      node: { label: 'Chunk', id: 'policy-hr#0' },
      via: { label: 'Document', id: 'policy-hr' },
      reason,
      rule: 'document.any_of',
      failed: [],
    },
  },
});

/** The sentence of the one violation listed. */
const sentence = (reason: string) =>
  allByTestId(
    parseMarkup(renderToStaticMarkup(createElement(ItemViolations, { violations: [denied(reason)], principalId: 'u-guest' }))),
    'item-violations',
  )[0]?.getElementsByTagName('li')[0]?.textContent;

describe('the provider audit: the reason the asker may not see a node', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('words the built-in policy’s reason in English and Korean, never the raw code', async () => {
    await i18n.changeLanguage('en');
    expect(sentence('not_shared')).toBe(
      'Item #1: u-guest may not see Chunk policy-hr#0, because of Document policy-hr (not shared with the principal; rule document.any_of).',
    );
    await i18n.changeLanguage('ko');
    expect(sentence('not_shared')).toBe(
      '항목 #1: Document policy-hr 때문에 u-guest은(는) Chunk policy-hr#0을(를) 볼 수 없음 (주체에게 공유되지 않음; 규칙 document.any_of).',
    );
    await i18n.changeLanguage('en');
  });

  it('shows a team’s own reason code as it is', () => {
    expect(sentence('hr_only')).toBe(
      'Item #1: u-guest may not see Chunk policy-hr#0, because of Document policy-hr (hr_only; rule document.any_of).',
    );
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderAudit, ProviderCallFailure, ProviderViolation } from '../../shared/provider/provider-audit';
import { ItemViolations, ProviderAuditLine } from '../../renderer/screens/workbench/ProviderAuditView';
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

/** The sentence of the one violation listed, as the asker `principalId` sees it. */
const sentence = (violation: ProviderViolation, principalId = 'u-guest') =>
  allByTestId(
    parseMarkup(renderToStaticMarkup(createElement(ItemViolations, { violations: [violation], principalId }))),
    'item-violations',
  )[0]?.getElementsByTagName('li')[0]?.textContent;

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
});

describe('the provider audit: the reason the asker may not see a node', () => {
  it('words the built-in policy’s reason in English and Korean, never the raw code', async () => {
    await i18n.changeLanguage('en');
    expect(sentence(denied('not_shared'))).toBe(
      'Item #1: u-guest may not see Chunk policy-hr#0, because of Document policy-hr (not shared with the principal; rule document.any_of).',
    );
    await i18n.changeLanguage('ko');
    expect(sentence(denied('not_shared'))).toBe(
      '항목 #1: Document policy-hr 때문에 u-guest은(는) Chunk policy-hr#0을(를) 볼 수 없음 (주체에게 공유되지 않음; 규칙 document.any_of).',
    );
    await i18n.changeLanguage('en');
  });

  it('shows a team’s own reason code as it is', () => {
    expect(sentence(denied('hr_only'))).toBe(
      'Item #1: u-guest may not see Chunk policy-hr#0, because of Document policy-hr (hr_only; rule document.any_of).',
    );
  });
});

describe('the provider audit: the graph’s freshness reason on a freshness mismatch', () => {
  it('is worded in the screen’s language from the freshness catalogue', async () => {
    await i18n.changeLanguage('en');
    expect(sentence(stale(true), 'u-minjun')).toBe(
      'Item #1: labelled current, but the graph makes the document adr-005 stale: superseded by adr-010.',
    );
    await i18n.changeLanguage('ko');
    expect(sentence(stale(true), 'u-minjun')).toBe(
      '항목 #1: "최신"(으)로 표시되었지만, 그래프상 문서 adr-005의 최신성은 "오래됨"임: adr-010(으)로 대체됨.',
    );
    await i18n.changeLanguage('en');
  });

  it('shows the English reason a violation recorded before the code keeps', async () => {
    await i18n.changeLanguage('ko');
    expect(sentence(stale(false), 'u-minjun')).toMatch(/: superseded by adr-010\.$/);
    await i18n.changeLanguage('en');
  });
});

// A failed call's sentence carried zod's English issue text ("Invalid input: expected array, received
// undefined") on the Korean screen. The failure now keeps each field's problem as a code; a failure
// recorded before keeps only its English, shown as it is.
const URL = 'http://127.0.0.1:9/ctx';
const mismatch: ProviderCallFailure = {
  code: 'call_schema_mismatch',
  params: { url: URL, fields: 'items: missing: add it (array)' },
  said: {
    fields: [
      {
        code: 'provider:field_part',
        params: { path: 'items', problem: [{ code: 'error_server:zod_missing_part', params: { expected: 'array' } }] },
      },
    ],
  },
};
const failedAudit = (failure: ProviderCallFailure): ProviderAudit => ({
  endpoint: URL,
  http_status: 200,
  provider_outcome: null,
  provider_trace_id: null,
  failure,
  audited: false,
  items_checked: 0,
  nodes_checked: 0,
  violations: [],
});
const failureLine = (failure: ProviderCallFailure) =>
  allByTestId(
    parseMarkup(renderToStaticMarkup(createElement(ProviderAuditLine, { audit: failedAudit(failure), principalId: 'u-guest' }))),
    'provider-audit',
  )[0]?.getElementsByTagName('p')[0]?.textContent;

describe('the provider audit: a failed call’s fields that do not fit', () => {
  it('words each field’s problem in the screen’s language; a failure recorded before the codes shows its English', async () => {
    await i18n.changeLanguage('ko');
    expect(failureLine(mismatch)).toMatch(/맞지 않는 첫 필드: items: 빠져 있습니다: 추가하세요\(array\)\. 그 답은 쓰지 않음\.$/);
    const { said: _said, ...old } = mismatch;
    expect(failureLine(old)).toMatch(/맞지 않는 첫 필드: items: missing: add it \(array\)\. 그 답은 쓰지 않음\.$/);
    await i18n.changeLanguage('en');
  });
});

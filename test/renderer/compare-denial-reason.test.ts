import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REASON_CODES, ACCESS_REASON_MESSAGES } from '../../shared/acl/access-messages';
import { DEFAULT_ACCESS_POLICY, DEFAULT_REQUIREMENT_REASON, type AclSection } from '../../shared/acl/access-policy';
import type { Comparison } from '../../shared/compare/comparison';
import type { NodeAccess } from '../../shared/compare/node-access';
import type { Principal } from '../../shared/principal';
import { AccessVerdict } from '../../renderer/screens/compare/AccessClauses';
import { LeakBanner } from '../../renderer/screens/compare/LeakBanner';
import { initI18n } from '../../renderer/shell/i18n';
import { allByTestId, parseMarkup } from '../support/static-markup';

// Compare said why a side may not see a node with the policy's reason code inside its sentence:
// "B (u-guest) may not see it, at Chunk policy-hr#0 (not_shared):", in Korean too, so it read as a
// translation left undone. The built-in codes are worded; a team's own code is shown as code.
const guest: Principal = { principal_id: 'u-guest', workspace_id: 'ws-nurion', groups: [], acl_partitions: [], source: 'graph' };
const denied = (reason: string): Extract<NodeAccess, { state: 'denied' }> => ({
  state: 'denied',
  node: { label: 'Chunk', id: 'policy-hr#0' },
  via: { label: 'Document', id: 'policy-hr' },
  reason,
  rule: 'document.any_of visibility, owner_id, allowed_groups',
  failed: [
    {
      path: 'document.any_of[2]',
      op: 'intersects_principal',
      property: 'allowed_groups',
      principal_field: 'groups',
      values: ['g-hr'],
      expected: [],
      holds: false,
    },
  ],
});

const verdict = (reason: string) =>
  parseMarkup(renderToStaticMarkup(createElement(AccessVerdict, { access: denied(reason), side: 'B', principal: guest })));
const banner = (reason: string) =>
  parseMarkup(
    renderToStaticMarkup(
      createElement(LeakBanner, {
        comparison: {
          leak_check: {
            state: 'checked',
            nodes_checked: 3,
            access: [],
            leaks: [
              {
                side: 'b',
                principal_id: 'u-guest',
                item_key: 'chunk:policy-hr#0',
                rank: 1,
                document_id: 'policy-hr',
                access: denied(reason),
              },
            ],
          },
        } as unknown as Comparison,
      }),
    ),
  );
/** The first paragraph of a verdict: the sentence that says who may not see what, and why. */
const sentence = (host: Document) => host.getElementsByTagName('p')[0]?.textContent;

describe('Compare: the reason a side may not see a node', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('words the built-in policy’s reason in English and Korean, never the raw code', async () => {
    await i18n.changeLanguage('en');
    expect(sentence(verdict('not_shared'))).toBe('B (u-guest) may not see it, at Chunk policy-hr#0. Reason: not shared with the principal');
    expect(sentence(verdict('workspace'))).toContain("Reason: not in the principal's workspace");
    await i18n.changeLanguage('ko');
    expect(sentence(verdict('not_shared'))).toBe('B(u-guest)는 Chunk policy-hr#0에서 볼 수 없음. 사유: 주체에게 공유되지 않음');
    expect(sentence(verdict('partition'))).not.toContain('partition');
    await i18n.changeLanguage('en');
  });

  it('shows a team’s own reason code as code, so it does not read as an untranslated sentence', () => {
    const [reason] = allByTestId(verdict('hr_only'), 'denial-reason');
    expect(reason?.tagName).toBe('code');
    expect(reason?.textContent).toBe('hr_only');
    expect(allByTestId(verdict('not_shared'), 'denial-reason')[0]?.tagName).toBe('span');
  });

  it('words the reason the same way in the leak banner', async () => {
    await i18n.changeLanguage('ko');
    const [worded] = allByTestId(banner('partition'), 'denial-reason');
    expect(worded?.textContent).toBe('주체에게 없는 파티션에 속함');
    expect(worded?.getAttribute('data-reason')).toBe('partition');
    await i18n.changeLanguage('en');
    const [team] = allByTestId(banner('hr_only'), 'denial-reason');
    expect(team?.tagName).toBe('code');
    expect(team?.textContent).toBe('hr_only');
  });

  it('has a wording for every reason the built-in policy can give', () => {
    const reasons = (section: AclSection) => [...section.all_of.map((requirement) => requirement.reason), section.any_of_reason];
    const builtIn = [...reasons(DEFAULT_ACCESS_POLICY.document), ...reasons(DEFAULT_ACCESS_POLICY.chunk)];
    expect(builtIn.length).toBeGreaterThan(0);
    for (const reason of [...builtIn, DEFAULT_REQUIREMENT_REASON]) {
      expect(ACCESS_REASON_CODES, reason).toContain(reason);
      expect(ACCESS_REASON_MESSAGES.ko[reason as (typeof ACCESS_REASON_CODES)[number]]).not.toBe(reason);
    }
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompareFormPanel } from '../../renderer/screens/compare/CompareFormPanel';
import { DEFAULT_COMPARE_FORM, formToCompareInput, withListedPrincipals } from '../../renderer/screens/compare/compare-form';
import type { OperationState } from '../../renderer/app/use-operation';
import { initI18n } from '../../renderer/shell/i18n';
import type { Principal } from '../../shared/principal';

// A graph loaded from a team's own folder has one principal (its workspace's reader): the selects
// showed it on both sides while the form held "", and Compare was refused with a schema message.
const principal = (principal_id: string): Principal => ({
  principal_id,
  workspace_id: 'ws-govuk',
  groups: [],
  acl_partitions: [],
  source: 'graph',
});
const reader = principal('ws-govuk-reader');
const loaded = <T>(value: T): OperationState<T> => ({ value, error: null, loading: false, reload: () => undefined });

describe('Compare: the principals the form starts with', () => {
  it('runs both sides as the only principal a graph has, rather than sending no principal', () => {
    const form = withListedPrincipals(DEFAULT_COMPARE_FORM, [reader]);
    expect(formToCompareInput(form)).toMatchObject({ principal_a: 'ws-govuk-reader', principal_b: 'ws-govuk-reader' });
  });

  it('takes the first two principals for an untouched form', () => {
    const form = withListedPrincipals(DEFAULT_COMPARE_FORM, [principal('u-hana'), principal('u-guest'), reader]);
    expect([form.principalA, form.principalB]).toEqual(['u-hana', 'u-guest']);
  });

  it('keeps the principals chosen, and replaces one the list no longer holds (a folder loaded since)', () => {
    const chosen = { ...DEFAULT_COMPARE_FORM, principalA: 'u-guest', principalB: 'default-reader' };
    const form = withListedPrincipals(chosen, [principal('u-hana'), principal('u-guest')]);
    expect([form.principalA, form.principalB]).toEqual(['u-guest', 'u-guest']);
  });

  it('leaves the form as it is while no principal is known', () => {
    expect(withListedPrincipals(DEFAULT_COMPARE_FORM, [])).toBe(DEFAULT_COMPARE_FORM);
  });
});

describe('Compare: a graph with one principal', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  const render = (principals: Principal[]) =>
    renderToStaticMarkup(
      createElement(CompareFormPanel, {
        form: withListedPrincipals(DEFAULT_COMPARE_FORM, principals),
        onChange: () => undefined,
        onCompare: () => undefined,
        running: false,
        principals: loaded(principals),
        runs: loaded([]),
        provider: { usable: false, reason: 'provider_not_configured' },
        text2cypher: { usable: false, reason: 'text2cypher_no_chat_model' },
      }),
    );

  it('says both sides run as it and where more principals come from, in English and Korean', async () => {
    await i18n.changeLanguage('en');
    expect(render([reader])).toContain('Only one principal is known (ws-govuk-reader): both sides run as it');
    await i18n.changeLanguage('ko');
    expect(render([reader])).toContain('알려진 주체가 하나뿐입니다(ws-govuk-reader)');
    await i18n.changeLanguage('en');
  });

  it('says nothing of the kind when there are two', () => {
    expect(render([reader, principal('u-guest')])).not.toContain('data-testid="compare-one-principal"');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompareFormPanel } from '../../renderer/screens/compare/CompareFormPanel';
import { principalChoice } from '../../renderer/app/principal-choice';
import {
  bothSidesChosen,
  DEFAULT_COMPARE_FORM,
  formToCompareInput,
  withListedPrincipals,
  type CompareForm,
} from '../../renderer/screens/compare/compare-form';
import type { OperationState } from '../../renderer/app/use-operation';
import { initI18n } from '../../renderer/shell/i18n';
import type { Principal } from '../../shared/principal';
import { byTestId, parseMarkup, selectedValue } from '../support/static-markup';

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

/** Compare's form holding `form`, with `listed` as the principal list, as markup. */
const formMarkup = (form: CompareForm, listed: Principal[]) =>
  renderToStaticMarkup(
    createElement(CompareFormPanel, {
      form,
      onChange: () => undefined,
      onCompare: () => undefined,
      running: false,
      principals: loaded(listed),
      runs: loaded([]),
      provider: { usable: false, reason: 'provider_not_configured' },
      text2cypher: { usable: false, reason: 'text2cypher_no_chat_model' },
    }),
  );

describe('Compare: the principals the form starts with', () => {
  it('runs both sides as the only principal a graph has, rather than sending no principal', () => {
    const form = withListedPrincipals(DEFAULT_COMPARE_FORM, [reader]);
    expect(formToCompareInput(form)).toMatchObject({ principal_a: 'ws-govuk-reader', principal_b: 'ws-govuk-reader' });
  });

  it('takes the first two principals for an untouched form', () => {
    const form = withListedPrincipals(DEFAULT_COMPARE_FORM, [principal('u-hana'), principal('u-guest'), reader]);
    expect([form.principalA, form.principalB]).toEqual(['u-hana', 'u-guest']);
  });

  it('keeps the principals chosen, and never swaps one the list no longer holds for another (a folder loaded since)', () => {
    const chosen = { ...DEFAULT_COMPARE_FORM, principalA: 'u-guest', principalB: 'default-reader' };
    const listed = [principal('u-hana'), principal('u-guest')];
    const form = withListedPrincipals(chosen, listed);
    expect([form.principalA, form.principalB]).toEqual(['u-guest', 'default-reader']);
    expect(principalChoice(form.principalB, listed)).toEqual({ state: 'gone', principal: 'default-reader' });
    expect(principalChoice(form.principalA, listed)).toEqual({ state: 'chosen' });
    expect(bothSidesChosen(form, listed)).toBe(false);
    // Back in the list (the graph reloaded again): the side is chosen again, as it was.
    expect(bothSidesChosen(form, [...listed, principal('default-reader')])).toBe(true);
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

  const render = (principals: Principal[], form: CompareForm = withListedPrincipals(DEFAULT_COMPARE_FORM, principals)) =>
    formMarkup(form, principals);

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

describe('Compare: a side whose principal the reloaded list no longer holds', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  const listed = [principal('u-hana'), principal('u-guest')];
  // Chosen before a folder was loaded: u-sora is no longer a principal of the graph.
  const chosen: CompareForm = withListedPrincipals({ ...DEFAULT_COMPARE_FORM, principalA: 'u-sora', principalB: 'u-guest' }, listed);
  const render = () => parseMarkup(formMarkup(chosen, listed));

  it('shows the side unset, not as another principal, and says who was chosen, in English and Korean', async () => {
    await i18n.changeLanguage('en');
    let host = render();
    expect(selectedValue(byTestId(host, 'compare-principal-a'))).toBe('');
    expect(selectedValue(byTestId(host, 'compare-principal-b'))).toBe('u-guest');
    const note = byTestId(host, 'compare-principal-a-gone');
    expect(note?.getAttribute('data-missing')).toBe('u-sora');
    expect(note?.textContent).toBe(
      'u-sora is no longer a principal of this graph (the graph or the local list changed since): “Principal A” is left unset rather than given to someone else. Choose again.',
    );
    expect(byTestId(host, 'compare-principal-b-gone')).toBeNull();
    await i18n.changeLanguage('ko');
    host = render();
    expect(byTestId(host, 'compare-principal-a-gone')?.textContent).toBe(
      'u-sora — 이제 이 그래프의 주체가 아닙니다(그래프나 로컬 목록이 바뀌었습니다). “주체 A”를 다른 주체로 바꾸지 않고 비워 두었으니 다시 고르세요.',
    );
    await i18n.changeLanguage('en');
  });

  it('does not compare until the side is chosen again', () => {
    expect(byTestId(render(), 'compare-button')?.hasAttribute('disabled')).toBe(true);
  });
});

describe('Compare: long principal ids and Korean names in the closed selects', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('ko');
  });
  // Two service accounts whose ids differ only at their end, as a closed select of 200 px cuts them.
  const first = { ...principal('svc-payments-reconciliation-batch-worker-prod-eu-west-1'), display_name: '결제 대사 작업자' };
  const second = { ...principal('svc-payments-reconciliation-batch-worker-prod-eu-west-2'), display_name: '결제 대사 작업자 2' };
  const short = principal('u-hana');
  const koreanOnly = { ...principal('u-kim'), display_name: '김민준 선임 연구원 (보안 감사팀)' };
  const render = (listed: Principal[], principalA: string, principalB: string) =>
    parseMarkup(formMarkup({ ...DEFAULT_COMPARE_FORM, principalA, principalB }, listed));

  it('writes each chosen principal out whole under its select, so the distinguishing end shows, with the whole in the tooltip', async () => {
    await i18n.changeLanguage('ko');
    const host = render([first, second], first.principal_id, second.principal_id);
    expect(byTestId(host, 'compare-principal-a-whole')?.textContent).toBe(`${first.principal_id} — 결제 대사 작업자`);
    expect(byTestId(host, 'compare-principal-b-whole')?.textContent).toBe(`${second.principal_id} — 결제 대사 작업자 2`);
    expect(byTestId(host, 'compare-principal-a')?.getAttribute('title')).toBe(`${first.principal_id} — 결제 대사 작업자`);
  });

  it('counts a Korean name as the wide text it is', () => {
    const host = render([short, koreanOnly], short.principal_id, koreanOnly.principal_id);
    // "u-kim — 김민준 선임 연구원 (보안 감사팀)" is 23 characters but about 35 columns wide.
    expect(byTestId(host, 'compare-principal-b-whole')?.textContent).toBe('u-kim — 김민준 선임 연구원 (보안 감사팀)');
    // A short id fits the select: it is not written twice, and its tooltip still names it.
    expect(byTestId(host, 'compare-principal-a-whole')).toBeNull();
    expect(byTestId(host, 'compare-principal-a')?.getAttribute('title')).toBe('u-hana');
  });

  it('draws a hidden character of an id as a token, as the Workbench does, rather than hiding it', () => {
    const spoof = principal('u-guest\u200B');
    const host = render([principal('u-guest'), spoof], 'u-guest', 'u-guest\u200B');
    expect(byTestId(host, 'compare-principal-b')?.getAttribute('title')).toBe('u-guest⟨U+200B⟩');
  });
});

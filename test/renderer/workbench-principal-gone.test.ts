import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationState } from '../../renderer/app/use-operation';
import { QueryForm } from '../../renderer/screens/workbench/QueryForm';
import { QuerySummary } from '../../renderer/screens/workbench/QuerySummary';
import { workbenchPrincipalChoice } from '../../renderer/screens/workbench/principal-options';
import { DEFAULT_FORM, principalAfterRestore, type RequestForm } from '../../renderer/screens/workbench/request-form';
import { initI18n } from '../../renderer/shell/i18n';
import type { Principal } from '../../shared/principal';
import { byTestId, parseMarkup, selectedValue } from '../support/static-markup';

// The Workbench remembered u-left for this graph; a folder loaded since (or a local copy removed)
// left it out of the list. It used to run as the list's first principal, with a note an engineer
// could miss while debugging a query as the wrong person.
const principal = (principal_id: string): Principal => ({
  principal_id,
  workspace_id: 'ws-acme',
  groups: [],
  acl_partitions: [],
  source: 'graph',
});
const listed = [principal('u-guest'), principal('u-sora')];
const loaded = <T>(value: T): OperationState<T> => ({ value, error: null, loading: false, reload: () => undefined });
const remembered: RequestForm = { ...DEFAULT_FORM, query: 'failover', principalId: 'u-left' };

describe('the Workbench principal once the list is known', () => {
  it('keeps a remembered principal the list no longer holds, rather than taking the first', () => {
    expect(principalAfterRestore('u-left', ['u-guest', 'u-sora'])).toBe('u-left');
    expect(workbenchPrincipalChoice('u-left', listed, null)).toEqual({ state: 'gone', principal: 'u-left' });
  });

  it('picks the first principal when none was remembered, and keeps one that still exists', () => {
    expect(principalAfterRestore('', ['u-guest', 'u-sora'])).toBe('u-guest');
    expect(principalAfterRestore('u-sora', ['u-guest', 'u-sora'])).toBe('u-sora');
    expect(principalAfterRestore('', [])).toBe('');
  });

  it('counts a stored run’s principal as chosen (its snapshot is what ran), and any while the list is unknown', () => {
    expect(workbenchPrincipalChoice('u-left', listed, principal('u-left'))).toEqual({ state: 'chosen' });
    expect(workbenchPrincipalChoice('u-left', null, null)).toEqual({ state: 'chosen' });
    expect(workbenchPrincipalChoice('', listed, null)).toEqual({ state: 'unset' });
  });
});

describe('the Workbench form with a principal the list no longer holds', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
    // The form names the run shortcut for the platform it finds (no browser here).
    vi.stubGlobal('navigator', { userAgent: 'X11; Linux x86_64' });
  });
  afterAll(() => vi.unstubAllGlobals());
  const render = (form: RequestForm) =>
    parseMarkup(
      renderToStaticMarkup(
        createElement(QueryForm, {
          form,
          onChange: () => undefined,
          onPrincipalChange: () => undefined,
          onRun: () => undefined,
          running: false,
          ready: workbenchPrincipalChoice(form.principalId, listed, null).state === 'chosen',
          principals: loaded(listed),
          snapshot: null,
          provider: { usable: false, reason: 'provider_not_configured' },
          text2cypher: { usable: false, reason: 'text2cypher_no_chat_model' },
          documentTypes: loaded({ document_types: [], truncated: false, more: 0 }),
        }),
      ),
    );

  it('shows the principal unset with a placeholder, not as another principal, and names the one gone, in English and Korean', async () => {
    await i18n.changeLanguage('en');
    let host = render(remembered);
    const select = byTestId(host, 'principal-select');
    expect(selectedValue(select)).toBe('');
    expect(
      Array.from(select?.getElementsByTagName('option') ?? []).find((option) => option.getAttribute('value') === '')?.textContent,
    ).toBe('— choose a principal —');
    expect(select?.getAttribute('aria-invalid')).toBe('true');
    const note = byTestId(host, 'principal-gone-note');
    expect(note?.getAttribute('data-missing')).toBe('u-left');
    expect(note?.textContent).toBe(
      'u-left is no longer a principal of this graph (the graph or the local list changed since): “Run as principal” is left unset rather than given to someone else. Choose again.',
    );
    await i18n.changeLanguage('ko');
    host = render(remembered);
    expect(byTestId(host, 'principal-gone-note')?.textContent).toBe(
      'u-left — 이제 이 그래프의 주체가 아닙니다(그래프나 로컬 목록이 바뀌었습니다). “실행할 주체”를 다른 주체로 바꾸지 않고 비워 두었으니 다시 고르세요.',
    );
    await i18n.changeLanguage('en');
  });

  it('does not run until a principal is chosen again', () => {
    expect(byTestId(render(remembered), 'run-button')?.hasAttribute('disabled')).toBe(true);
    const chosen = render({ ...remembered, principalId: 'u-sora' });
    expect(byTestId(chosen, 'run-button')?.hasAttribute('disabled')).toBe(false);
    expect(byTestId(chosen, 'principal-gone-note')).toBeNull();
    expect(selectedValue(byTestId(chosen, 'principal-select'))).toBe('u-sora');
  });

  it('does not run again from the summary line while the principal is not one the list holds', () => {
    const summary = (ready: boolean) =>
      byTestId(
        parseMarkup(
          renderToStaticMarkup(
            createElement(QuerySummary, { form: remembered, onEdit: () => undefined, onRun: () => undefined, running: false, ready }),
          ),
        ),
        'summary-run',
      );
    expect(summary(false)?.hasAttribute('disabled')).toBe(true);
    expect(summary(true)?.hasAttribute('disabled')).toBe(false);
  });
});

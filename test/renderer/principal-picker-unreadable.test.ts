import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrincipalPicker } from '../../renderer/screens/workbench/PrincipalPicker';
import { initI18n } from '../../renderer/shell/i18n';
import type { Principal, UnreadablePrincipal } from '../../shared/principal';
import { byTestId, parseMarkup } from '../support/static-markup';

const good: Principal = { principal_id: 'u-good', workspace_id: 'ws', groups: [], acl_partitions: ['general'], source: 'graph' };
const broken: UnreadablePrincipal = {
  principal_id: 'u-broken',
  problem: 'The graph\'s principal "u-broken" cannot be asked as: its property acl_partitions holds [1,2], which is not a list of names.',
  problem_code: 'error_retrieval:graph_principal_list_invalid',
  problem_params: { principal: 'u-broken', property: 'acl_partitions', value: '[1,2]' },
  hint: 'Fix the node in the graph.',
  hint_code: 'error_retrieval:graph_principal_invalid_hint',
  hint_params: {},
};

const render = (unreadable: UnreadablePrincipal[]) =>
  parseMarkup(
    renderToStaticMarkup(
      createElement(PrincipalPicker, {
        principals: { value: [good], error: null, loading: false, reload: () => undefined },
        unreadable,
        value: 'u-good',
        onChange: () => undefined,
        snapshot: null,
      }),
    ),
  );

describe("the Workbench's principal picker when a graph Principal node cannot be read", () => {
  it('offers the readable principals and names the unreadable one, with what is wrong and what to do, in English and Korean', async () => {
    await initI18n('en');
    const english = render([broken]);
    const options = Array.from(byTestId(english, 'principal-select')?.getElementsByTagName('option') ?? []).map((o) =>
      o.getAttribute('value'),
    );
    expect(options).toEqual(['u-good']);
    const note = byTestId(english, 'principals-unreadable')?.textContent ?? '';
    expect(note).toContain("1 of the graph's Principal nodes cannot be read as a principal");
    expect(note).toContain('"u-broken" cannot be asked as: its property acl_partitions holds [1,2]');
    expect(note).toContain('Fix the node in the graph');
    await initI18n('ko');
    const korean = byTestId(render([broken]), 'principals-unreadable')?.textContent ?? '';
    expect(korean).toContain('Principal 노드 1개를 주체로 읽을 수 없습니다');
    expect(korean).toContain('u-broken');
    expect(korean).toContain('그래프의 노드를 고치거나');
    await initI18n('en');
  });

  it('says nothing more when every node was read', async () => {
    await initI18n('en');
    expect(byTestId(render([]), 'principals-unreadable')).toBeNull();
  });
});

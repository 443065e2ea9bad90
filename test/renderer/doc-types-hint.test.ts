import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationState } from '../../renderer/app/use-operation';
import { RetrievalOptionsFields } from '../../renderer/screens/workbench/RetrievalOptionsFields';
import { DEFAULT_FORM } from '../../renderer/screens/workbench/request-form';
import { initI18n } from '../../renderer/shell/i18n';
import type { DocumentTypes } from '../../shared/document-types';
import { byTestId, parseMarkup } from '../support/static-markup';

// A team's graph of 38 ADRs and one note: the hint named the demo corpus's six types instead.
const teamGraph: DocumentTypes = {
  document_types: [
    { value: 'adr', documents: 38 },
    { value: 'note', documents: 1 },
  ],
  truncated: false,
  more: 0,
};
const state = (value: DocumentTypes | null, error: unknown = null): OperationState<DocumentTypes> => ({
  value,
  error,
  loading: value === null && error === null,
  reload: () => undefined,
});

/** The document-type field's hint and placeholder as the form renders them. */
function field(documentTypes: OperationState<DocumentTypes>) {
  const host = parseMarkup(
    renderToStaticMarkup(createElement(RetrievalOptionsFields, { form: DEFAULT_FORM, onChange: () => undefined, documentTypes })),
  );
  const input = byTestId(host, 'doc-types-input');
  return {
    hint: byTestId(host, 'doc-types-hint')?.textContent,
    placeholder: input?.hasAttribute('placeholder') ? input.getAttribute('placeholder') : null,
  };
}

describe('the Workbench document-type hint names the connected graph’s types', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('lists the graph’s types with their document counts, and offers the first two as the placeholder', async () => {
    await i18n.changeLanguage('en');
    expect(field(state(teamGraph))).toEqual({
      hint: 'Comma-separated; empty: all types. In this graph: adr (38), note (1).',
      placeholder: 'adr, note',
    });
    await i18n.changeLanguage('ko');
    expect(field(state(teamGraph)).hint).toBe('쉼표로 구분합니다. 비워 두면 모든 유형. 이 그래프의 유형: adr (38), note (1).');
    await i18n.changeLanguage('en');
  });

  it('says how many more types there are beyond those listed', async () => {
    await i18n.changeLanguage('en');
    const capped = { ...teamGraph, truncated: true, more: 3 };
    expect(field(state(capped)).hint).toBe('Comma-separated; empty: all types. In this graph: adr (38), note (1) and 3 more.');
    await i18n.changeLanguage('ko');
    expect(field(state(capped)).hint).toBe('쉼표로 구분합니다. 비워 두면 모든 유형. 이 그래프의 유형: adr (38), note (1) 외 3개.');
    await i18n.changeLanguage('en');
  });

  it('says a graph whose documents have no type would leave nothing under the filter, with no placeholder', async () => {
    await i18n.changeLanguage('en');
    const none = { document_types: [], truncated: false, more: 0 };
    expect(field(state(none))).toEqual({
      hint: 'Comma-separated; empty: all types. No document in this graph has a document type, so this filter would leave nothing.',
      placeholder: null,
    });
    await i18n.changeLanguage('ko');
    expect(field(state(none)).hint).toBe(
      '쉼표로 구분합니다. 비워 두면 모든 유형. 이 그래프에는 문서 유형이 있는 문서가 없으므로 이 필터를 쓰면 아무것도 남지 않습니다.',
    );
    await i18n.changeLanguage('en');
  });

  it('names no type while the read goes on, and says a failed read failed rather than that there are none', async () => {
    await i18n.changeLanguage('en');
    expect(field(state(null))).toEqual({ hint: 'Comma-separated; empty: all types.', placeholder: null });
    const failed = field(state(null, new Error('unreachable')));
    expect(failed).toEqual({ hint: 'Comma-separated; empty: all types. The graph’s document types could not be read.', placeholder: null });
    await i18n.changeLanguage('ko');
    expect(field(state(null, new Error('unreachable'))).hint).toBe(
      '쉼표로 구분합니다. 비워 두면 모든 유형. 그래프의 문서 유형을 읽지 못했습니다.',
    );
    await i18n.changeLanguage('en');
  });
});

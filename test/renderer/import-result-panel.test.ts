import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportResultPanel } from '../../renderer/screens/traces/ImportResultPanel';
import type { ImportState } from '../../renderer/screens/traces/use-trace-import';
import { initI18n } from '../../renderer/shell/i18n';
import { bundleSizeProblem, MAX_IMPORT_BUNDLE_BYTES } from '../../shared/trace-import';
import { escapedSizeProblem } from '../../shared/escaped-size';

// Two refused runs as the core reports them: one with its problem coded, one recorded before codes existed (English only).
const done: ImportState = {
  state: 'done',
  fileName: 'bundle.json',
  result: {
    imported: 1,
    already_present: 0,
    imported_ids: ['tr-1'],
    refused: [
      {
        position: 2,
        trace_id: 'tr-2',
        field: 'elapsed_ms',
        problem: 'Invalid input: expected number, received string',
        problem_code: 'error_store:issue_invalid_type',
        problem_params: { expected: 'number', received: 'string' },
      },
      { position: 3, trace_id: null, field: '', problem: 'an old English problem' },
    ],
  },
};
const render = () => renderToStaticMarkup(createElement(ImportResultPanel, { importState: done, onDismiss: () => undefined }));

describe('the Traces import panel', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it("shows a refused run's problem in English as the core said it", async () => {
    await i18n.changeLanguage('en');
    const html = render();
    expect(html).toContain('Invalid input: expected number, received string');
    expect(html).toContain('data-code="error_store:issue_invalid_type"');
  });

  it('words a coded problem in Korean, and keeps the English of a problem without a code', async () => {
    await i18n.changeLanguage('ko');
    const html = render();
    expect(html).toContain('입력이 올바르지 않습니다: number이어야 하는데 string입니다');
    expect(html).not.toContain('Invalid input');
    expect(html).toContain('an old English problem');
  });

  it('shows a file over the cap refused in the words of the door: its size and the cap in KB, and the CLI to use, in either language', async () => {
    const tooLarge: ImportState = {
      state: 'failed',
      fileName: 'big.json',
      error: bundleSizeProblem('big.json', MAX_IMPORT_BUNDLE_BYTES + 1),
    };
    const html = () => renderToStaticMarkup(createElement(ImportResultPanel, { importState: tooLarge, onDismiss: () => undefined }));
    await i18n.changeLanguage('en');
    expect(html()).toContain('big.json is 1901 KB, more than the 1900 KB the app imports at once');
    expect(html()).toContain('lens traces import FILE');
    await i18n.changeLanguage('ko');
    expect(html()).toContain('big.json은(는) 1901 KB로, 앱이 한 번에 가져올 수 있는 1900 KB');
  });

  it('shows a file of raw control characters refused before it is sent, naming the file, the first line and what to do, in either language', async () => {
    const content = `{"format":"provenance-lens-traces",\n"runs":"${'\u0007'.repeat(700_000)}"}`;
    const escapes: ImportState = { state: 'failed', fileName: 'bells.json', error: escapedSizeProblem('bells.json', content) };
    const html = () => renderToStaticMarkup(createElement(ImportResultPanel, { importState: escapes, onDismiss: () => undefined }));
    await i18n.changeLanguage('en');
    expect(html()).toContain('bells.json holds 700000 control characters (the first on line 2)');
    expect(html()).toContain('Remove the control characters');
    await i18n.changeLanguage('ko');
    expect(html()).toContain('bells.json에는 YAML과 JSON 모두 파일에 그대로 둘 수 없는 제어 문자가 700000개 있습니다(처음은 2행)');
    expect(html()).toContain('제어 문자를 지우거나');
  });
});

describe('the Traces import panel on a bundle whose skipped list names runs', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  const ids = Array.from({ length: 10 }, (_, index) => `tr-lost-${index + 1}`);
  const withSkipped: ImportState = {
    state: 'done',
    fileName: 'bundle.json',
    result: {
      imported: 0,
      already_present: 0,
      imported_ids: [],
      refused: [],
      exporter_skipped: { count: 12, trace_ids: ids, unlisted: true },
    },
  };
  const html = () => renderToStaticMarkup(createElement(ImportResultPanel, { importState: withSkipped, onDismiss: () => undefined }));

  it('names how many and which runs the exporter left out, then how many more, and that some could not be listed, in English and Korean', async () => {
    await i18n.changeLanguage('en');
    expect(html()).toContain(
      `The bundle names 12 runs its exporting store could not read, so they are not in the bundle: ${ids.join(', ')} and 2 more.`,
    );
    expect(html()).toContain('Its exporting store could not even list some runs');
    await i18n.changeLanguage('ko');
    expect(html()).toContain(`내보낸 저장소가 읽지 못해 번들에 들어 있지 않은 실행 12건이 적혀 있습니다: ${ids.join(', ')} 외 2건.`);
    expect(html()).toContain('목록조차 읽지 못해');
    await i18n.changeLanguage('en');
  });
});

describe('the Traces import panel on a bundle whose runs are stored here with other content', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  const ids = Array.from({ length: 10 }, (_, index) => `tr-edited-${index + 1}`);
  const differing: ImportState = {
    state: 'done',
    fileName: 'bundle.json',
    result: { imported: 0, already_present: 11, imported_ids: [], refused: [], differing: { count: 11, trace_ids: ids } },
  };
  const html = () => renderToStaticMarkup(createElement(ImportResultPanel, { importState: differing, onDismiss: () => undefined }));

  it('names how many and which, that the stored runs were kept, in English and Korean', async () => {
    await i18n.changeLanguage('en');
    expect(html()).toContain(
      `Of those, 11 runs are stored here with other content than the bundle&#x27;s copies: ${ids.join(', ')} and 1 more. The stored runs were kept`,
    );
    await i18n.changeLanguage('ko');
    expect(html()).toContain(`그중 11건은 번들의 사본과 내용이 다른 실행이 이미 저장되어 있습니다: ${ids.join(', ')} 외 1건.`);
    await i18n.changeLanguage('en');
  });
});

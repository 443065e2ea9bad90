import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedRunView } from '../../renderer/app/app-state';
import { LensClientProvider } from '../../renderer/app/lens-client-context';
import { RunResults } from '../../renderer/screens/workbench/RunResults';
import { initI18n } from '../../renderer/shell/i18n';
import type { LensClient } from '../../shared/api/lens-client';
import type { CutRecord, Outcome } from '../../shared/context-contract';
import { buildRunRecord, type RunRecordOptions } from '../support/run-record-factory';

// Seen in the browser walk: a run that ended in invalid_request (no items, nothing cut) still offered
// "Draft preview" (which can only refuse) and "Why not this chunk?" (which can only say the run failed).

type Cuts = readonly CutRecord[];
const CUT: CutRecord = { chunk_id: 'handbook-engineering#c9', reason: 'over_top_k', detail: 'rank 11 of 12', tokens: 88 };

function render(outcome: Outcome, cuts: Cuts, options: RunRecordOptions = {}): string {
  const record = buildRunRecord({ ...options, outcome, itemCount: outcome === 'ok' ? 2 : 0 });
  const run = storedRunView({ ...record, response: { ...record.response, cuts: [...cuts] } });
  return renderToStaticMarkup(
    createElement(LensClientProvider, { client: {} as LensClient, children: createElement(RunResults, { run, stale: false, chat: null }) }),
  );
}

describe('Workbench: the answer preview and "why not?" of a run that failed before it retrieved anything', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('are replaced by the reason, in English and Korean', async () => {
    for (const outcome of ['invalid_request', 'timeout', 'unavailable'] as const) {
      await i18n.changeLanguage('en');
      const html = render(outcome, []);
      expect(html).not.toContain('data-testid="preview-draft"');
      expect(html).not.toContain('data-testid="why-not-form"');
      expect(html).toContain('data-testid="preview-not-for-run"');
      expect(html).toContain('data-testid="why-not-not-for-run"');
      expect(html).toContain('Why not this chunk?');
      expect(html).toContain('Nothing to explain: the run ended without an answer');
      expect(html).toContain('No answer to preview: the run ended without an answer');
    }
    expect(render('timeout', [])).toContain('(deadline passed) and returned no item');
    await i18n.changeLanguage('ko');
    const korean = render('invalid_request', []);
    expect(korean).toContain('설명할 것이 없습니다: 실행이 청크를 돌려주거나 잘라 내기 전에 답 없이 끝나(잘못된 요청)');
    expect(korean).toContain('미리 볼 답변이 없습니다');
  });

  it('a failed run that cut chunks before it stopped keeps "why not?" (the cuts answer it) but has no answer to preview', () => {
    const html = render('timeout', [CUT]);
    expect(html).toContain('data-testid="why-not-form"');
    expect(html).not.toContain('data-testid="why-not-not-for-run"');
    expect(html).toContain('data-testid="preview-not-for-run"');
  });

  it('a run that kept items but did not end ok (a provider answer that failed the access audit) drafts no answer from them, in English and Korean', async () => {
    const record = buildRunRecord({ outcome: 'ok', itemCount: 2 });
    const run = storedRunView({ ...record, response: { ...record.response, outcome: 'acl_violation' } });
    const html = () =>
      renderToStaticMarkup(
        createElement(LensClientProvider, {
          client: {} as LensClient,
          children: createElement(RunResults, { run, stale: false, chat: null }),
        }),
      );
    await i18n.changeLanguage('en');
    const english = html();
    expect(english).not.toContain('data-testid="preview-draft"');
    expect(english).toContain('the items it kept are findings, not evidence this principal may be given');
    expect(english).toContain('data-testid="why-not-form"');
    await i18n.changeLanguage('ko');
    expect(html()).toContain('이 실행으로는 답변을 작성하지 않습니다');
    await i18n.changeLanguage('en');
  });

  it('a run that returned nothing because everything was cut or denied keeps both: "why not?" is what it needs', () => {
    for (const cuts of [[CUT], []] as const) {
      const html = render('no_evidence', cuts);
      expect(html).toContain('data-testid="why-not-form"');
      expect(html).toContain('data-testid="preview-draft"');
      expect(html).not.toContain('not-for-run');
    }
  });
});

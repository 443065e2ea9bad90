import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { codedError } from '../../shared/coded-error';
import { evalMessage } from '../../shared/eval/eval-messages';
import { LensError } from '../../shared/lens-error';
import { EvalRunPanel } from '../../renderer/screens/evaluations/EvalRunPanel';
import type { EvalRunState } from '../../renderer/screens/evaluations/use-eval-run';
import { initI18n } from '../../renderer/shell/i18n';
import { idleEvalRun as idle } from './eval-run-idle';

// As the job reports it over a door: the error's data, rebuilt with its codes.
const stoppedAfterOne = LensError.fromData(codedError('cancelled', evalMessage('stopped', { done: 1, total: 3 })).toData());
const panel = (run: EvalRunState) => renderToStaticMarkup(createElement(EvalRunPanel, { run }));

describe('stopping an evaluation on the Evaluations screen', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('offers Stop only while an evaluation runs, and says it is stopping once asked', async () => {
    await i18n.changeLanguage('en');
    expect(panel(idle)).not.toContain('data-testid="eval-stop-button"');
    expect(panel({ ...idle, busy: true })).toMatch(/data-testid="eval-stop-button"[^>]*>Stop</);
    expect(panel({ ...idle, busy: true, stopping: true })).toMatch(/disabled=""[^>]*data-testid="eval-stop-button"[^>]*>Stopping…</);
    await i18n.changeLanguage('ko');
    expect(panel({ ...idle, busy: true })).toMatch(/data-testid="eval-stop-button"[^>]*>중지</);
  });

  it('words how a stopped evaluation ended in the UI language, as a status and not as an error', async () => {
    await i18n.changeLanguage('en');
    const english = panel({ ...idle, stopped: stoppedAfterOne });
    expect(english).toContain('role="status"');
    expect(english).not.toContain('role="alert"');
    expect(english).toContain('The evaluation was stopped as asked, after 1 of 3 runs; no report was stored (run it again for one)');
    await i18n.changeLanguage('ko');
    expect(panel({ ...idle, stopped: stoppedAfterOne })).toContain('실행 3개 중 1개를 마쳤고 보고서는 저장하지 않았습니다');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../shared/api/lens-api';
import { progressEvent } from '../../shared/progress-messages';
import { DemoPanel } from '../../renderer/screens/connect/DemoPanel';
import { CLOSED_LOAD_FORM } from './load-form-state';
import { initI18n } from '../../renderer/shell/i18n';

/** A demo-start job part way: Neo4j started, the load writing chunks; the last event is from a build before codes. */
const status: JobStatus = {
  job_id: 'job-1',
  state: 'running',
  events: [
    progressEvent('start', 'server_ready', { version: '2026.08.1', uri: 'bolt://127.0.0.1:7687' }, 1),
    progressEvent('load', 'first_run_load'),
    progressEvent('chunks', 'chunks_written', { written: 200, total: 456 }, 200 / 456),
    { phase: 'embed', message: 'Embedded 64 of 456 chunks with hashing-256 (batch 1 of 8)', fraction: 64 / 456 },
  ],
};

const render = () =>
  renderToStaticMarkup(
    createElement(DemoPanel, {
      job: { start: () => undefined, load: () => undefined, retry: () => undefined, kind: 'start', status, error: null, busy: true },
      emphasis: false,
      inUse: null,
      loadForm: CLOSED_LOAD_FORM,
    }),
  );

describe('the demo panel’s progress log', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('words each step and its phase in Korean when the UI is Korean', async () => {
    await i18n.changeLanguage('ko');
    const html = render();
    expect(html).toContain('<span class="cn-log-phase">시작</span> Neo4j 2026.08.1이(가) bolt://127.0.0.1:7687에서 준비되었습니다');
    expect(html).toContain('<span class="cn-log-phase">불러오기</span> 첫 실행: 데모 지식 그래프를 불러오는 중…');
    expect(html).toContain('<span class="cn-log-phase">청크</span> 청크 456개 중 200개를 썼습니다');
    expect(html).not.toContain('Wrote 200 of 456 chunks');
    expect(html).not.toContain('is ready on');
  });

  it('shows the English message of an event without a code, also as the latest step', async () => {
    await i18n.changeLanguage('ko');
    const html = render();
    expect(html).toContain('<span class="cn-log-phase">임베딩</span> Embedded 64 of 456 chunks with hashing-256 (batch 1 of 8)');
    expect(html).toMatch(/class="cn-progress-latest"[^>]*>Embedded 64 of 456 chunks/);
  });

  it('words the steps in English as the CLI prints them when the UI is English', () => {
    const html = render();
    expect(html).toContain('<span class="cn-log-phase">chunks</span> Wrote 200 of 456 chunks');
    expect(html).toContain('<span class="cn-log-phase">start</span> Neo4j 2026.08.1 is ready on bolt://127.0.0.1:7687');
  });

  it('draws the folder form from the state the screen keeps, so moving the panel loses neither what was typed nor that it was open', () => {
    const typed = { ...CLOSED_LOAD_FORM, open: true, fields: { docs: '/srv/team-adrs', acl: '', ext: 'mdx' } };
    const html = renderToStaticMarkup(
      createElement(DemoPanel, {
        job: {
          start: () => undefined,
          load: () => undefined,
          retry: () => undefined,
          kind: 'start',
          status: null,
          error: null,
          busy: false,
        },
        emphasis: false,
        inUse: null,
        loadForm: typed,
      }),
    );
    expect(html).toMatch(/<details class="cn-load" data-testid="load-folder" open="">/);
    expect(html).toContain('value="/srv/team-adrs"');
    expect(html).toContain('value="mdx"');
  });
});

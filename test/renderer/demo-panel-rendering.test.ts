import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../shared/api/lens-api';
import { progressEvent } from '../../shared/progress-messages';
import { DemoPanel } from '../../renderer/screens/connect/DemoPanel';
import type { DemoInUse } from '../../renderer/screens/connect/demo-state';
import type { LoadFolderState } from '../../renderer/screens/connect/LoadFolderForm';
import type { DemoJob } from '../../renderer/screens/connect/use-demo-job';
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

/** The panel for a job of `kind` in `jobStatus` (busy while it runs), the demo `inUse` or not, and the form's state. */
function panel({
  kind = 'start',
  jobStatus = null,
  inUse = null,
  loadForm = CLOSED_LOAD_FORM,
}: {
  kind?: DemoJob['kind'];
  jobStatus?: JobStatus | null;
  inUse?: DemoInUse | null;
  loadForm?: LoadFolderState;
}): string {
  const noop = () => undefined;
  const job: DemoJob = {
    start: noop,
    load: noop,
    reload: noop,
    retry: noop,
    kind,
    status: jobStatus,
    error: null,
    busy: jobStatus?.state === 'running',
  };
  return renderToStaticMarkup(createElement(DemoPanel, { job, emphasis: false, inUse, loadForm }));
}

const render = () => panel({ jobStatus: status });

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
    const html = panel({ loadForm: typed });
    expect(html).toMatch(/<details class="cn-load" data-testid="load-folder" open="">/);
    expect(html).toContain('value="/srv/team-adrs"');
    expect(html).toContain('value="mdx"');
  });

  it('offers to load the demo corpus again while the demo is in use, also after a job ended, and words its ending', async () => {
    const inUse = { uri: 'bolt://127.0.0.1:17687', documents: 3, nodes: 20, relationships: 30, holds: null };
    const done = { job_id: 'j', state: 'done' as const, events: [progressEvent('done', 'demo_reloaded', {}, 1)] };
    const ended = (kind: 'load' | 'reload') => panel({ kind, jobStatus: done, inUse });
    expect(ended('load')).toContain('data-testid="reload-demo-button"');
    expect(ended('load')).toContain('Load the demo corpus again');
    expect(ended('load')).toContain('(bolt://127.0.0.1:17687): 3 documents, 20 nodes');
    expect(panel({ kind: null, inUse: { ...inUse, documents: 1 } })).toContain('(bolt://127.0.0.1:17687): 1 document, 20 nodes');
    expect(ended('reload')).toMatch(/class="cn-progress-latest"[^>]*>The demo corpus is loaded again\./);
    await i18n.changeLanguage('ko');
    expect(ended('reload')).toContain('데모 코퍼스 다시 불러오기');
    expect(ended('reload')).toMatch(/class="cn-progress-latest"[^>]*>데모 코퍼스를 다시 불러왔습니다\./);
  });
});

describe('the demo panel says what the demo database holds', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  // Seen loading govuk-aws-adr: the panel said only "The demo database is the connection in use … 39 documents", as for the demo corpus.
  const inUse = (holds: DemoInUse['holds']): DemoInUse => ({
    uri: 'bolt://127.0.0.1:17792',
    documents: 39,
    nodes: 256,
    relationships: 216,
    holds,
  });

  it('names a folder of one’s own, the demo corpus, or a load that stopped part way, in English and Korean', async () => {
    const folder = { kind: 'folder', folder: '/work/shared/data/govuk-aws-adr', finished: true } as const;
    expect(panel({ kind: null, inUse: inUse(folder) })).toContain(
      'It holds your folder /work/shared/data/govuk-aws-adr, not the demo corpus.',
    );
    expect(panel({ kind: null, inUse: inUse({ kind: 'demo', folder: 'demo corpus', finished: true }) })).toContain(
      'It holds the demo corpus.',
    );
    expect(panel({ kind: null, inUse: inUse({ ...folder, finished: false }) })).toContain(
      'Its last load, of your folder /work/shared/data/govuk-aws-adr, stopped part way',
    );
    await i18n.changeLanguage('ko');
    expect(panel({ kind: null, inUse: inUse(folder) })).toContain('직접 불러온 폴더 /work/shared/data/govuk-aws-adr이(가) 들어 있습니다');
  });
});

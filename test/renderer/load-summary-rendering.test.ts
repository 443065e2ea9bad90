import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { summaryOfPlan } from '../support/load-summary';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import type { JobStatus } from '../../shared/api/lens-api';
import type { DemoLoadSummary } from '../../shared/demo-load-summary';
import { progressEvent } from '../../shared/progress-messages';
import { DemoPanel } from '../../renderer/screens/connect/DemoPanel';
import { CLOSED_LOAD_FORM } from './load-form-state';
import { loadInput } from '../../renderer/screens/connect/LoadFolderForm';
import { initI18n } from '../../renderer/shell/i18n';
import { useTempFolders } from '../support/temp-folders';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const BROKEN = '---\ntitle: [unclosed\n---\nBody\n';

describe('the demo panel after loading a folder', () => {
  const { folderWith } = useTempFolders('lens-load-summary-');
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  /** The summary of loading `files`, its plan part made by the real loader (codes and all), as the demo.load job returns it. */
  function summaryOf(files: Record<string, string | Uint8Array>): DemoLoadSummary {
    const docsDir = folderWith(files);
    const plan = buildLoadPlan({ docsDir });
    return summaryOfPlan(plan, docsDir, { documents: plan.documents.length, chunks: 1, principals: 1 });
  }

  const render = (loaded: DemoLoadSummary) => {
    const status: JobStatus = {
      job_id: 'job-1',
      state: 'done',
      events: [progressEvent('done', 'folder_loaded', { folder: loaded.source }, 1)],
      result: { server: { version: '2026.08.1', bolt_uri: loaded.target, reused: true }, loaded },
    };
    const job = {
      start: () => undefined,
      load: () => undefined,
      reload: () => undefined,
      retry: () => undefined,
      kind: 'load' as const,
      status,
      error: null,
      busy: false,
    };
    return renderToStaticMarkup(createElement(DemoPanel, { job, emphasis: false, inUse: null, loadForm: CLOSED_LOAD_FORM }));
  };

  const threeFiles = () => summaryOf({ 'good.md': '# Use Postgres\n\nWe use Postgres.\n', 'broken.md': BROKEN, 'diagram.md': PNG });

  it('lists the failed and the skipped file, and the access default, worded in English', () => {
    const html = render(threeFiles());
    expect(html).toContain('The folder is loaded into the demo database.');
    expect(html).toContain('1 document (0 ADRs, 0 supersessions), 1 chunk');
    expect(html).toMatch(
      /data-testid="load-failed"><h4>Failed \(1; everything else loaded\):<\/h4><ul[^>]*><li>broken\.md line 2: front matter is not valid YAML/,
    );
    expect(html).toMatch(
      /data-testid="load-skipped"><h4>Skipped \(1; left out on purpose, the rest loaded\):<\/h4><ul[^>]*><li>diagram\.md: starts like a PNG image; skipped as binary\.<\/li>/,
    );
    expect(html).toMatch(
      /data-testid="load-access"[^>]*><h4>Access defaults and access warnings<\/h4><ul><li class="cn-load-access">1 file had no ACL in front matter or a mapping file; the documents read from it were loaded as public in workspace &quot;default&quot;: good\.md\.<\/li>/,
    );
  });

  it('words the same summary in Korean from the codes, not the English the summary keeps', async () => {
    await i18n.changeLanguage('ko');
    const html = render(threeFiles());
    expect(html).toContain('폴더를 데모 데이터베이스에 불러왔습니다.');
    expect(html).toContain('문서 1개(ADR 0개, 대체 관계 0개), 청크 1개');
    expect(html).toMatch(
      /<h4>실패\(1개; 나머지는 모두 불러왔습니다\):<\/h4><ul[^>]*><li>broken\.md 2행: front matter가 올바른 YAML이 아닙니다/,
    );
    expect(html).toContain('<li>diagram.md: PNG 이미지처럼 시작합니다. 바이너리로 보고 건너뛰었습니다.</li>');
    expect(html).toContain('그 파일에서 읽은 문서를 작업 공간 &quot;default&quot;의 공개 문서로 불러왔습니다: good.md.');
    expect(html).not.toMatch(/not valid YAML|skipped as binary|were loaded as public/);
  });

  it('shows the first 20 of many failed files and says how many more there are', async () => {
    const files: Record<string, string> = { 'good.md': '# Kept\n\nText.\n' };
    for (let n = 10; n < 33; n += 1) files[`broken-${n}.md`] = BROKEN;
    const html = render(summaryOf(files));
    const failed = html.slice(html.indexOf('data-testid="load-failed"'));
    expect(failed).toContain('Failed (23; everything else loaded):');
    expect(failed.match(/<li>broken-\d+\.md line 2/g)).toHaveLength(20);
    expect(failed).toContain('3 more not shown.');
    expect(failed).toContain('Show all 23');
    await i18n.changeLanguage('ko');
    expect(render(summaryOf(files))).toContain('3개는 더 있습니다.');
  });

  it('shows the first 20 of many warnings, one a file, and says how many more there are (a folder of 2,000 files not in UTF-8)', async () => {
    const files: Record<string, string | Uint8Array> = { 'good.md': '# Kept\n\nText.\n' };
    for (let n = 0; n < 2_000; n += 1)
      files[`latin-${String(n).padStart(4, '0')}.md`] = new Uint8Array([...Buffer.from('# Caf'), 0xe9, 0x0a]);
    const html = render(summaryOf(files));
    const warnings = html.slice(html.indexOf('data-testid="load-warnings"'), html.indexOf('data-testid="load-adrs"'));
    expect(warnings).toContain('Warnings (2000):');
    expect(warnings.match(/<li>latin-\d+\.md: is not valid UTF-8/g)).toHaveLength(20);
    expect(warnings).toContain('1980 more not shown.');
    expect(warnings).toContain('Show all 2000');
  });

  it('names the principals the ACL mapping defines, and puts a principal nothing loaded lets see more among the access warnings', async () => {
    const docsDir = folderWith({ 'hr/pay.md': '# Pay\n\nBands.\n', 'handbook.md': '# Handbook\n\nWelcome.\n' });
    const aclFile = `${folderWith({
      'acl.yaml':
        'defaults: { workspace_id: ws-acme, visibility: public }\nfiles:\n  "hr/**": { visibility: restricted, allowed_groups: [g-hr] }\n' +
        'principals:\n  - { principal_id: hana, groups: [g-hr, g-hrr] }\n  - { principal_id: guest }\n',
    })}/acl.yaml`;
    const plan = buildLoadPlan({ docsDir, aclFile });
    const loaded = summaryOfPlan(plan, docsDir, { documents: 2, chunks: 2, principals: 2, groups: 2 });
    const html = render(loaded);
    expect(html).toContain('<li>ws-acme: guest (defined in the ACL mapping; 1 public document)</li>');
    expect(html).toMatch(
      /data-testid="load-mapping-principals"><h4>Principals your ACL mapping file defines[^<]*<\/h4><ul><li>ws-acme: hana \(groups g-hr, g-hrr; no acl_partitions\) sees 2 documents and 2 chunks of them<\/li><li>ws-acme: guest \(no groups; no acl_partitions\) sees 1 document and 1 chunk of them<\/li>/,
    );
    const access = html.slice(html.indexOf('data-testid="load-access"'), html.indexOf('data-testid="load-ready"'));
    expect(access).toMatch(/principal hana is in group g-hrr, which no loaded document names in allowed_groups/);
    await i18n.changeLanguage('ko');
    expect(render(loaded)).toContain('<li>ws-acme: hana(그룹 g-hr, g-hrr; 파티션 없음): 문서 2개, 그 가운데 청크 2개를 봅니다</li>');
  });

  it('shows the decision records the load recognised, with every link to a record it could not resolve and every status it did not understand, in English and Korean', async () => {
    const loaded = summaryOf({
      'adr/0001-use-postgres.md':
        '# 1. Use Postgres\n\n## Status\n\nSuperseded by [ADR-0009](0009-use-cockroach.md)\n\n## Decision\n\nWe use Postgres.\n',
      'adr/0002-queue.md': '# 2. Queue jobs\n\n## Status\n\nKinda maybe\n\n## Decision\n\nWe queue jobs.\n',
    });
    expect(loaded.adrs.unresolved_references).toHaveLength(1);
    const html = render(loaded);
    // From the section's start to the next list of the summary (its own lists are sections inside it).
    const section = html.slice(html.indexOf('data-testid="load-adrs"'), html.indexOf('data-testid="load-failed"'));
    expect(section).toContain('Decision records (ADRs)');
    expect(section).toMatch(/ADRs recognised: 2 \([^)]*\); supersessions: 0/);
    expect(section).toContain('Record references not resolved (1; no edge was written for them):');
    expect(section).toContain('0009-use-cockroach.md');
    expect(section).toContain('Statuses not understood (1; kept verbatim, read as unknown):');
    expect(section).toContain('adr/0002-queue.md: &quot;Kinda maybe&quot;');
    await i18n.changeLanguage('ko');
    const koreanHtml = render(loaded);
    const korean = koreanHtml.slice(koreanHtml.indexOf('data-testid="load-adrs"'));
    expect(korean).toContain('결정 기록(ADR)');
    expect(korean).toContain('해석하지 못한 기록 참조(1개; 이들에 대해서는 관계를 쓰지 않음):');
    expect(korean).toContain('이 코퍼스의 어떤 ADR과도 맞지 않습니다');
  });

  it('says why a status written as a link reference definition is not read, in English and Korean', async () => {
    const loaded = summaryOf({ 'adr/0003-grpc.md': '# 3. Use gRPC\n\n- [Status]: Accepted\n\n## Decision\n\nWe use gRPC.\n' });
    const section = (html: string) => html.slice(html.indexOf('data-testid="load-adr-not-understood"'));
    expect(section(render(loaded))).toContain(
      'adr/0003-grpc.md: &quot;Accepted&quot; is written as a link reference definition (&quot;[Status]: …&quot;), which Markdown shows as nothing',
    );
    await i18n.changeLanguage('ko');
    expect(section(render(loaded))).toContain(
      'adr/0003-grpc.md: &quot;Accepted&quot;이(가) 링크 참조 정의(&quot;[Status]: …&quot;)로 적혀 있어',
    );
  });

  it('shows no decision-record section for a folder without any', () => {
    expect(render(threeFiles())).not.toContain('data-testid="load-adrs"');
  });

  it('takes the form’s fields as the operation’s input, leaving out what is empty', () => {
    expect(loadInput({ docs: ' /home/me/adrs ', acl: ' ', ext: '' })).toEqual({ docs: '/home/me/adrs' });
    expect(loadInput({ docs: '/a', acl: '/a/acl.yaml', ext: 'md.erb, mdx  txt' })).toEqual({
      docs: '/a',
      acl: '/a/acl.yaml',
      ext: ['md.erb', 'mdx', 'txt'],
    });
  });
});

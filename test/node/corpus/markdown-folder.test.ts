import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { globToRegExp, readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';
import { GOVUK_ADR_DIR } from '../../support/test-env';

const { folderWith } = useTempFolders();

const GOOD = '---\ntitle: Good\nworkspace_id: ws-a\nvisibility: restricted\nallowed_groups: [g-a]\n---\n# Good\n\nSome text here.\n';

describe('reading a folder of markdown', () => {
  it('names the file and line of broken front matter and still loads the rest', () => {
    const dir = folderWith({
      'good.md': GOOD,
      'broken.md': '---\ntitle: Broken\nallowed_groups: [g-a\nvisibility: public\n---\nbody\n',
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => doc.document_id)).toEqual(['good']);
    expect(folder.failed).toHaveLength(1);
    expect(folder.failed[0]).toMatchObject({ file: 'broken.md', line: expect.any(Number) });
    expect(folder.failed[0]?.line).toBeGreaterThanOrEqual(3);
    expect(folder.failed[0]?.message).toMatch(/^broken\.md line \d+:/);
  });

  it('loads a template whose front matter is placeholders as text, and still refuses the same front matter in a record', () => {
    const placeholders = '---\ntitle: ADR000: [TITLE]\nauthor: [NAME]\n---\n# ADR000: [TITLE]\n\n## Status\n\n[Proposed | Accepted]\n';
    const dir = folderWith({
      'adr/adr000-template.md': placeholders,
      'adr/000-sample-example.md': placeholders,
      'adr/adr001-use-postgres.md': placeholders.replaceAll('ADR000', 'ADR001'),
    });
    const folder = readMarkdownFolder(dir, { acl: { defaults: { workspace_id: 'ws-a', visibility: 'public' }, files: {} } });
    expect(folder.documents.map((doc) => [doc.file, Boolean(doc.adr)])).toEqual([
      ['adr/000-sample-example.md', false],
      ['adr/adr000-template.md', false],
    ]);
    expect(folder.bodies.get(folder.documents[1]?.document_id ?? '')).toContain('title: ADR000: [TITLE]');
    expect(folder.failed.map((f) => f.file)).toEqual(['adr/adr001-use-postgres.md']);
  });

  it('reports an unreadable file by name and loads the others', () => {
    const dir = folderWith({ 'good.md': GOOD });
    fs.symlinkSync(path.join(dir, 'missing-target.md'), path.join(dir, 'dangling.md'));
    const folder = readMarkdownFolder(dir);
    expect(folder.documents).toHaveLength(1);
    expect(folder.failed).toEqual([
      expect.objectContaining({ file: 'dangling.md', line: null, message: expect.stringContaining('cannot be read') }),
    ]);
  });

  it('reports an invalid ACL value at its front matter line', () => {
    const dir = folderWith({ 'bad-acl.md': '---\ntitle: x\nworkspace_id: ws-a\nvisibility: secret\n---\ntext\n' });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents).toEqual([]);
    expect(folder.failed[0]).toMatchObject({ file: 'bad-acl.md', line: 4, message: expect.stringContaining('visibility') });
  });

  it('gives files named in letters without an ASCII spelling ids of their own, and keeps ASCII and accented names readable', () => {
    const dir = folderWith({
      'docs/images/时序图.md': '# 时序图\n\n内容一\n',
      'docs/images/流程图.md': '# 流程图\n\n内容二\n',
      'docs/회의록.md': '# 회의록\n\n본문\n',
      'docs/12-traefik-ingress.md': '# T\n\nx\n',
      'docs/résumé.md': '# R\n\ny\n',
    });
    const folder = readMarkdownFolder(dir, { acl: { defaults: { workspace_id: 'ws-a', visibility: 'public' }, files: {} } });
    expect(folder.failed).toEqual([]);
    const ids = folder.documents.map((doc) => doc.document_id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(ids).toContain('docs--12-traefik-ingress');
    expect(ids).toContain('docs--resume');
    expect(ids.filter((id) => /^docs--images-[0-9a-f]{8}$/.test(id))).toHaveLength(2);
    expect(ids.filter((id) => /^docs-[0-9a-f]{8}$/.test(id))).toHaveLength(1);
    // The same path gives the same id on every read, also when the name is stored decomposed (as macOS keeps it).
    const again = readMarkdownFolder(dir, { acl: { defaults: { workspace_id: 'ws-a', visibility: 'public' }, files: {} } });
    expect(again.documents.map((doc) => doc.document_id)).toEqual(ids);
    const decomposed = readMarkdownFolder(folderWith({ ['docs/회의록.md'.normalize('NFD')]: '# 회의록\n\n본문\n' }), {
      acl: { defaults: { workspace_id: 'ws-a', visibility: 'public' }, files: {} },
    });
    expect(ids).toContain(decomposed.documents[0]?.document_id);
  });

  it('loads the same folder alike whether its names are composed (Linux) or decomposed (unzipped on macOS)', () => {
    const files = {
      'adr/0005-한글-결정.md': 'Status: Superseded by [새 결정](0006-새-결정.md)\n\n본문 내용입니다.\n',
      'adr/0006-새-결정.md':
        '# ADR-0006: 새 결정\n\nStatus: Accepted\n\nSupersedes [한글 결정](0005-한글-결정.md) and [기록](결정-기록.md)\n',
      'adr/결정-기록.md': 'Status: Superseded by [새 결정](0006-새-결정.md)\n\n이름에 번호가 없는 결정.\n',
      '인사/급여.md': '급여 표\n',
      'café.md': 'menu\n',
    };
    const load = (form: 'NFC' | 'NFD') => {
      const folder = readMarkdownFolder(
        folderWith(Object.fromEntries(Object.entries(files).map(([name, text]) => [name.normalize(form), text]))),
        {
          acl: { defaults: { workspace_id: 'ws-a', visibility: 'public' }, files: {} },
        },
      );
      return {
        documents: folder.documents.map((doc) => ({
          document_id: doc.document_id,
          title: doc.title,
          doc_type: doc.doc_type,
          chunks: doc.chunks.map((chunk) => chunk.chunk_id),
          // The file and source URI keep the name as it is on the disk, so the file can be opened; compared composed.
          file: doc.file.normalize('NFC'),
        })),
        supersessions: folder.supersessions,
        warnings: folder.warnings,
        failed: folder.failed,
      };
    };
    const composed = load('NFC');
    expect(composed.documents).toHaveLength(5);
    expect(composed.documents.map((doc) => doc.title)).toContain('급여');
    expect(composed.warnings).toEqual([]);
    expect(composed.supersessions.map((edge) => [edge.from_document_id, edge.to_document_id])).toEqual([
      ['adr--0005-bed740df', 'adr--0006-e9568528'],
      ['adr-cfff4d35', 'adr--0006-e9568528'],
    ]);
    expect(load('NFD')).toEqual(composed);
  });

  it('refuses a duplicate document_id and keeps the first', () => {
    const dir = folderWith({ 'a.md': '---\ndocument_id: same\n---\nA\n', 'b.md': '---\ndocument_id: same\n---\nB\n' });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => doc.file)).toEqual(['a.md']);
    expect(folder.failed[0]?.message).toContain('already used by a.md');
    // The access defaults are reported for the loaded document only, not for the one refused.
    expect(Object.values(folder.aclDefaults).flatMap((entry) => entry.files)).not.toContain('b.md');
    expect(Object.values(folder.aclDefaults).flatMap((entry) => entry.files)).toContain('a.md');
  });

  it('takes the ACL from a mapping file by glob, with front matter winning', () => {
    const dir = folderWith({
      'hr/pay.md': '# Pay\n\nSalary bands.\n',
      'eng/runbook.md': '# Runbook\n\nRestart it.\n',
      'eng/own.md': '---\nvisibility: private\nowner_id: u-1\n---\n# Mine\n\nNotes.\n',
    });
    const folder = readMarkdownFolder(dir, {
      acl: {
        defaults: { workspace_id: 'ws-x', visibility: 'restricted' },
        files: { 'hr/**': { allowed_groups: ['g-hr'], acl_partition: 'hr' }, 'eng/*.md': { allowed_groups: ['g-eng'] } },
      },
    });
    const acl = Object.fromEntries(folder.documents.map((doc) => [doc.file, doc.acl]));
    expect(acl['hr/pay.md']).toEqual({
      workspace_id: 'ws-x',
      visibility: 'restricted',
      owner_id: null,
      allowed_groups: ['g-hr'],
      acl_partition: 'hr',
    });
    expect(acl['eng/runbook.md']).toMatchObject({ allowed_groups: ['g-eng'], visibility: 'restricted' });
    expect(acl['eng/own.md']).toMatchObject({ visibility: 'private', owner_id: 'u-1', allowed_groups: ['g-eng'] });
    expect(folder.documents.find((doc) => doc.file === 'hr/pay.md')?.chunks.every((chunk) => chunk.acl_partition === 'hr')).toBe(true);
  });

  it('matches a pattern to a path whatever Unicode form either is written in (a folder unzipped from macOS is NFD)', () => {
    const nfd = '인사'.normalize('NFD');
    const dir = folderWith({
      [`${nfd}/pay.md`]: '# 연봉\n\n연봉 조정 기준.\n',
      'eng/deploy.md': '# Deploy\n\nRoll back.\n',
      'café/menu.md': '# Menu\n\nToday.\n',
    });
    const folder = readMarkdownFolder(dir, {
      acl: {
        defaults: { workspace_id: 'ws-x', visibility: 'public' },
        files: {
          '인사/**': { visibility: 'restricted', allowed_groups: ['g-hr'] },
          [`${'café'.normalize('NFD')}/**`]: { visibility: 'restricted', allowed_groups: ['g-cafe'] },
        },
      },
    });
    const acl = Object.fromEntries(folder.documents.map((doc) => [doc.file.normalize('NFC'), doc.acl]));
    expect(acl['인사/pay.md']).toMatchObject({ visibility: 'restricted', allowed_groups: ['g-hr'] });
    expect(acl['café/menu.md']).toMatchObject({ visibility: 'restricted', allowed_groups: ['g-cafe'] });
    expect(acl['eng/deploy.md']).toMatchObject({ visibility: 'public' });
    expect(folder.warnings.join('\n')).not.toContain('matches no file');
  });

  it('says how many documents fell back to public when no ACL was given anywhere', () => {
    const folder = readMarkdownFolder(folderWith({ 'a.md': '# A\n\ntext\n', 'b.md': '# B\n\ntext\n' }));
    expect(folder.documents.every((doc) => doc.acl.visibility === 'public' && doc.acl.workspace_id === 'default')).toBe(true);
    expect(folder.warnings).toContainEqual(
      expect.stringMatching(/^2 files had no ACL in front matter or a mapping file; the documents read from them were loaded as public/),
    );
  });

  it('matches globs within and across folders', () => {
    expect(globToRegExp('*.md').test('a.md')).toBe(true);
    expect(globToRegExp('*.md').test('x/a.md')).toBe(false);
    expect(globToRegExp('**/*.md').test('x/y/a.md')).toBe(true);
    expect(globToRegExp('adr-00?.md').test('adr-007.md')).toBe(true);
  });

  it('errors clearly when --docs is not a folder', () => {
    expect(() => readMarkdownFolder('/nonexistent/folder')).toThrow(expect.objectContaining({ kind: 'invalid_input' }));
  });
});

describe.skipIf(!fs.existsSync(GOVUK_ADR_DIR))(
  `the govuk-aws-adr folder as another team wrote it (skipped when ${GOVUK_ADR_DIR} is missing)`,
  () => {
    it('loads every ADR with its status and the supersessions 0004 → 0015 and 0003 → 0033 (partial)', () => {
      const folder = readMarkdownFolder(GOVUK_ADR_DIR);
      expect(folder.failed).toEqual([]);
      const adrs = folder.documents.filter((doc) => doc.adr);
      expect(adrs).toHaveLength(38);
      const id = (prefix: string) => folder.documents.find((doc) => doc.file.startsWith(prefix))?.document_id;
      expect(folder.supersessions).toContainEqual(
        expect.objectContaining({ from_document_id: id('0004-'), to_document_id: id('0015-'), partial: false }),
      );
      expect(folder.supersessions).toContainEqual(
        expect.objectContaining({ from_document_id: id('0003-'), to_document_id: id('0033-'), partial: true }),
      );
      expect(folder.documents.find((doc) => doc.file.startsWith('0003-'))?.adr?.status).toBe('partly_superseded');
      expect(folder.documents.find((doc) => doc.file.startsWith('0033-'))?.adr?.adr_id).toBe('ADR-0033');
    });
  },
);

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import { MAX_DOCUMENT_BYTES, readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';
import { REPO_ROOT } from '../../support/test-env';

const TEMPLATED = path.join(REPO_ROOT, 'test', 'fixtures', 'adr-conventions', 'templated');
const { tempDir, write } = useTempFolders('lens-ext-');

describe('markdown-like files', () => {
  it('names every markdown-like file it does not read, with the --ext that would read it, and says nothing of other files', () => {
    const folder = readMarkdownFolder(TEMPLATED);
    expect(folder.skipped).toEqual([
      {
        file: 'guide.html.md.erb',
        reason: 'markdown_like',
        message: 'guide.html.md.erb: is a markdown-like file (.md.erb) that is not read; pass --ext md.erb to read it.',
        message_code: 'demo_load:skip_markdown_like',
        message_params: { file: 'guide.html.md.erb', extension: 'md.erb' },
      },
      {
        file: 'notes.mdx',
        reason: 'markdown_like',
        message: 'notes.mdx: is a markdown-like file (.mdx) that is not read; pass --ext mdx to read it.',
        message_code: 'demo_load:skip_markdown_like',
        message_params: { file: 'notes.mdx', extension: 'mdx' },
      },
    ]);
    expect(folder.documents.map((d) => d.file)).toEqual(['0003-use-markdown.markdown']);
  });

  it('names a file without an extension that opens like markdown (a heading, front matter), and says nothing of LICENSE or Makefile', () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, 'PM2025-001 - Node starvation'),
      '# Node system resource starvation\n\n## Summary\n\nNodes went NotReady.\n',
    );
    fs.writeFileSync(path.join(dir, 'RUNBOOK'), '\uFEFF---\ntitle: Restart\n---\nText.\n');
    fs.writeFileSync(path.join(dir, 'LICENSE'), 'MIT License\n\nCopyright (c) 2026\n');
    fs.writeFileSync(path.join(dir, 'Makefile'), '#!/usr/bin/make\nall:\n\techo ok\n');
    fs.writeFileSync(path.join(dir, 'notes.md'), '# Notes\n');
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((d) => d.file)).toEqual(['notes.md']);
    expect(folder.skipped).toEqual([
      {
        file: 'PM2025-001 - Node starvation',
        reason: 'markdown_like',
        message:
          'PM2025-001 - Node starvation: has no extension but opens like markdown; it is not read: rename it to end in .md to load it.',
        message_code: 'demo_load:skip_no_extension',
        message_params: { file: 'PM2025-001 - Node starvation' },
      },
      expect.objectContaining({ file: 'RUNBOOK', reason: 'markdown_like' }),
    ]);
  });

  it('reads the extensions given, with ERB tags stripped from the chunks and the extension off the id', () => {
    const folder = readMarkdownFolder(TEMPLATED, { extensions: ['md.erb'] });
    const guide = folder.documents.find((d) => d.file === 'guide.html.md.erb');
    expect(guide?.document_id).toBe('guide.html');
    expect(guide?.title).toBe('Deploying a service');
    const text = guide?.chunks.map((c) => c.text).join('\n') ?? '';
    expect(text).toContain('We deploy with the pipeline after an approval.');
    expect(text).not.toMatch(/<%|%>/);
    expect(guide?.adr).toMatchObject({ adr_id: 'ADR-40', status: 'accepted' });
    expect(folder.skipped.map((s) => s.file)).toEqual(['notes.mdx']);
  });

  it('keeps chunk offsets pointing into the body it chunked, the one without tags', () => {
    const folder = readMarkdownFolder(TEMPLATED, { extensions: ['md.erb'] });
    const body = folder.bodies.get('guide.html') as string;
    for (const chunk of folder.documents.find((d) => d.document_id === 'guide.html')?.chunks ?? [])
      expect(body.slice(chunk.start_char, chunk.end_char)).toBe(chunk.text);
  });

  it('names decision records kept in AsciiDoc or reStructuredText, which it does not read unless asked', () => {
    const dir = write(tempDir(), {
      'adr/0001-use-x.adoc': '= Use X\n\n* Status: proposed\n',
      'adr/0002-use-y.rst': 'Use Y\n=====\n',
      'adr/0003-z.md': '# 3. Z\n',
    });
    expect(readMarkdownFolder(dir).skipped.map((s) => [s.file, s.reason, s.message])).toEqual([
      [
        'adr/0001-use-x.adoc',
        'markdown_like',
        'adr/0001-use-x.adoc: is a markdown-like file (.adoc) that is not read; pass --ext adoc to read it.',
      ],
      [
        'adr/0002-use-y.rst',
        'markdown_like',
        'adr/0002-use-y.rst: is a markdown-like file (.rst) that is not read; pass --ext rst to read it.',
      ],
    ]);
    expect(readMarkdownFolder(dir, { extensions: ['adoc'] }).documents.map((d) => d.file)).toEqual([
      'adr/0001-use-x.adoc',
      'adr/0003-z.md',
    ]);
  });

  it('names decision records kept as .txt (in a folder of records, or under a Status: header as PEPs were), in English and Korean, and says nothing of other .txt files', () => {
    // Shapes of real teams: Nygard records saved as .txt in docs/adr/, and python/peps' pep-NNNN.txt (an RFC 822 header, then reST).
    const dir = write(tempDir(), {
      'docs/adr/0001-use-postgres.md': '# 1. Use Postgres\n\nStatus: Accepted\n',
      'docs/adr/0002-queue-jobs.txt': '2. Queue the jobs\n\nDate: 2024-02-01\n\nStatus: Accepted\n\nContext\n\nJobs time out.\n',
      'docs/adr/README.txt': 'Records of this project.\n',
      'peps/pep-0421.txt':
        'PEP: 421\nTitle: Retire the nightly mirror\nAuthor: Kim <kim@example.org>\nStatus: Final\nType: Process\nContent-Type: text/x-rst\nCreated: 03-Mar-2024\n\n\nAbstract\n========\n\nThe mirror goes.\n',
      'peps/requirements.txt': 'sphinx>=7\n',
      'notes/todo.txt': 'Renew the certificate.\n\nStatus: waiting on ops\n',
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((d) => d.file)).toEqual(['docs/adr/0001-use-postgres.md']);
    expect(folder.skipped.map((s) => [s.file, s.reason, s.message_code])).toEqual([
      ['docs/adr/0002-queue-jobs.txt', 'markdown_like', 'demo_load:skip_plain_text_record'],
      ['peps/pep-0421.txt', 'markdown_like', 'demo_load:skip_plain_text_record'],
    ]);
    const skipped = folder.skipped[0]!;
    expect(skipped.message).toBe(
      'docs/adr/0002-queue-jobs.txt: is a plain-text file (.txt) kept as a decision record (in a folder of records, or under a Status: line), and .txt files are not read; pass --ext txt to read it as markdown, or rename it to end in .md.',
    );
    expect(wordCore({ code: skipped.message_code, params: skipped.message_params }, 'ko')).toBe(
      'docs/adr/0002-queue-jobs.txt: 결정 기록으로 보관된 일반 텍스트 파일(.txt)입니다(기록 폴더에 있거나 Status: 줄이 있음). .txt 파일은 읽지 않습니다. 마크다운으로 읽으려면 --ext txt를 주거나, 이름을 .md로 끝나게 바꾸세요.',
    );
    // The screen's form names its field instead of --ext.
    expect(readMarkdownFolder(dir, { door: 'screen' }).skipped[0]?.message).toContain('add txt under "Also read these extensions"');
    // Read as asked: the record in docs/adr/ with its status, the PEP as a document.
    const read = readMarkdownFolder(dir, { extensions: ['txt'] });
    const status = Object.fromEntries(read.documents.map((d) => [d.file, d.adr?.status ?? null]));
    expect(status).toMatchObject({ 'docs/adr/0002-queue-jobs.txt': 'accepted', 'peps/pep-0421.txt': null });
  });

  it('names a markdown-like file reached through a symbolic link as well', () => {
    const dir = write(tempDir(), { 'real/notes.md.erb': '# Notes\n', 'docs/a.md': '# A\n' });
    fs.symlinkSync(path.join(dir, 'real', 'notes.md.erb'), path.join(dir, 'docs', 'linked.md.erb'));
    const folder = readMarkdownFolder(path.join(dir, 'docs'));
    expect(folder.skipped.map((s) => [s.file, s.reason])).toEqual([['linked.md.erb', 'markdown_like']]);
  });
});

describe('folders of installed packages', () => {
  it('names node_modules with how many markdown files it holds, unread, and reads the folder given as node_modules itself', () => {
    const dir = write(tempDir(), {
      'docs/adr/0001-use-postgres.md': '# 1. Use Postgres\n',
      'node_modules/left-pad/README.md': '# left-pad\n',
      'node_modules/left-pad/CHANGELOG.md': '# Changes\n',
      'web/bower_components/jquery/README.md': '# jQuery\n',
      'web/notes.md': '# Web notes\n',
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((d) => d.file)).toEqual(['docs/adr/0001-use-postgres.md', 'web/notes.md']);
    expect(folder.skipped).toEqual([
      {
        file: 'node_modules/',
        reason: 'dependencies',
        message:
          "node_modules/: is a folder of installed packages holding 2 markdown files, the packages' own documents; they are not read: load that folder itself to read them.",
        message_code: 'demo_load:skip_dependencies',
        message_params: { file: 'node_modules/', count: 2 },
      },
      expect.objectContaining({
        file: 'web/bower_components/',
        reason: 'dependencies',
        message_params: { file: 'web/bower_components/', count: 1 },
      }),
    ]);
    expect(readMarkdownFolder(path.join(dir, 'node_modules')).documents.map((d) => d.file)).toEqual([
      'left-pad/CHANGELOG.md',
      'left-pad/README.md',
    ]);
  });
});

describe('a file too large to be a document', () => {
  it('is named under Skipped with its size and the limit, unread, and the rest loads', () => {
    const dir = write(tempDir(), { 'ok.md': '# Ok\n\nText.\n' });
    const big = path.join(dir, 'app-log.md');
    fs.writeFileSync(big, '# Log\n');
    fs.truncateSync(big, MAX_DOCUMENT_BYTES + 1);
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((d) => d.file)).toEqual(['ok.md']);
    expect(folder.skipped).toEqual([
      {
        file: 'app-log.md',
        reason: 'too_large',
        message: 'app-log.md: is 20.0 MB, more than the 20.0 MB a document may be; it is not read: split it into smaller files to load it.',
        message_code: 'demo_load:skip_too_large',
        message_params: { file: 'app-log.md', size: '20.0', limit: '20.0' },
      },
    ]);
    expect(folder.failed).toEqual([]);
  });
});

describe('hidden files and folders', () => {
  it('names a hidden markdown file and each hidden folder holding markdown files, with how many, and says nothing of .git or folders without any', () => {
    const dir = write(tempDir(), {
      'README.md': '# Service\n',
      '.draft.md': '# Draft\n',
      '.eslintrc.json': '{}',
      '.github/CONTRIBUTING.md': '# Contributing\n',
      '.github/ISSUE_TEMPLATE/bug.md': '# Bug\n',
      '.github/workflows/ci.yml': 'on: push\n',
      '.git/description.md': '# not ours\n',
      '.cache/data.json': '{}',
      'docs/.vitepress/notes.md': '# Notes\n',
      'docs/adr/0001-record.md': '# 1. Record\n',
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((d) => d.file)).toEqual(['docs/adr/0001-record.md', 'README.md']);
    expect(folder.skipped).toEqual([
      {
        file: '.draft.md',
        reason: 'hidden',
        message: '.draft.md: is a hidden file (its name starts with a dot); it is not read: rename it without the dot to load it.',
        message_code: 'demo_load:skip_hidden_file',
        message_params: { file: '.draft.md' },
      },
      {
        file: '.github/',
        reason: 'hidden',
        message:
          '.github/: is a hidden folder (its name starts with a dot) holding 2 markdown files; they are not read: load that folder itself to read them.',
        message_code: 'demo_load:skip_hidden_folder',
        message_params: { file: '.github/', count: 2 },
      },
      expect.objectContaining({ file: 'docs/.vitepress/', message_params: { file: 'docs/.vitepress/', count: 1 } }),
    ]);
    // The hidden folder given as the folder itself is read.
    expect(readMarkdownFolder(path.join(dir, '.github')).documents.map((d) => d.file)).toEqual([
      'CONTRIBUTING.md',
      'ISSUE_TEMPLATE/bug.md',
    ]);
  });

  it('counts only the hidden folder’s files no link led the load to read', () => {
    const dir = write(tempDir(), {
      '.github/CONTRIBUTING.md': '# Contributing\n',
      '.github/ISSUE_TEMPLATE/bug.md': '# Bug\n',
      '.drafts/a.md': '# A\n',
    });
    fs.symlinkSync('.github/ISSUE_TEMPLATE', path.join(dir, 'templates'));
    fs.symlinkSync('.drafts', path.join(dir, 'drafts'));
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((d) => d.file)).toEqual(['drafts/a.md', 'templates/bug.md']);
    expect(folder.skipped.map((s) => [s.file, s.message_params])).toEqual([['.github/', { file: '.github/', count: 1 }]]);
  });

  it('counts a large hidden folder only so far, and says "at least"', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, '.site'));
    for (let i = 0; i < 2_100; i += 1) fs.writeFileSync(path.join(dir, '.site', `page-${i}.md`), '# Page\n');
    const [hidden] = readMarkdownFolder(dir).skipped;
    expect(hidden?.message_code).toBe('demo_load:skip_hidden_folder_many');
    expect(hidden?.message).toContain('at least 2000 markdown files');
  });
});

describe('wiki and book navigation files (docs sweep 3, L16)', () => {
  it('names a wiki sidebar and footer and a GitBook table of contents under Skipped, and loads a SUMMARY.md with prose', () => {
    const dir = write(tempDir(), {
      'wiki/_Sidebar.md': '## Initial Setup\n\n* [Installation](Installation)\n* [Testing IO Pins](Testing-IO-Pins)\n',
      'wiki/_Footer.md': '[Home](Home) · [Issues](https://example.com/issues)\n',
      'wiki/Home.md': '# Home\n\nWelcome.\n',
      'book/SUMMARY.md':
        '# Summary\n\n## Basics\n\n* [Introduction](README.md)\n  * [Setup](setup/README.md)\n\n## Advanced\n\n- [Tuning](tuning.md)\n',
      'report/SUMMARY.md': '# Summary\n\nThe migration finished in March; see [the plan](plan.md) for what is left.\n',
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.skipped.map((s) => [s.file, s.reason])).toEqual([
      ['book/SUMMARY.md', 'navigation'],
      ['wiki/_Footer.md', 'navigation'],
      ['wiki/_Sidebar.md', 'navigation'],
    ]);
    expect(folder.skipped[0]?.message).toBe(
      'book/SUMMARY.md: is a wiki or book navigation file (a list of links to the other pages), not a document; it is not read.',
    );
    expect(folder.documents.map((d) => d.file).sort()).toEqual(['report/SUMMARY.md', 'wiki/Home.md']);
  });

  /** A GitBook table of contents of `pages` linked pages (28 bytes a line, so 64 KB ends inside one). */
  const contents = (pages: number) =>
    `# Summary\n\n${Array.from({ length: pages }, (_, i) => `* [Page ${String(i).padStart(4, '0')}](p${String(i).padStart(4, '0')}.md)\n`).join('')}`;

  it('judges a SUMMARY.md longer than the 64 KB it reads by its whole lines, not by the line the read cuts', () => {
    const dir = write(tempDir(), { 'book/SUMMARY.md': contents(4000) });
    expect(fs.statSync(path.join(dir, 'book/SUMMARY.md')).size).toBeGreaterThan(64 * 1024);
    const folder = readMarkdownFolder(dir);
    expect(folder.skipped.map((s) => [s.file, s.reason])).toEqual([['book/SUMMARY.md', 'navigation']]);
    expect(folder.documents).toEqual([]);
  });

  it('reads only the head of a SUMMARY.md over the document limit (a sparse file twice the limit): still named a table of contents, not skipped as too large', () => {
    const dir = write(tempDir(), { 'book/SUMMARY.md': contents(3000) });
    fs.truncateSync(path.join(dir, 'book/SUMMARY.md'), 2 * MAX_DOCUMENT_BYTES);
    const folder = readMarkdownFolder(dir);
    expect(folder.skipped.map((s) => [s.file, s.reason])).toEqual([['book/SUMMARY.md', 'navigation']]);
  });
});

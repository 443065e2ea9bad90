import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { DemoLoadSummary } from '../../../shared/demo-load-summary';
import { wordCore } from '../../../shared/core-catalogues';
import { useTempFolders } from '../../support/temp-folders';

const { tempDir, write } = useTempFolders('lens-skip-codes-');
const DOC = '# Doc\n\nSome text.\n';
const HANGUL = /[\uac00-\ud7a3]/;

describe('the message of each file a load leaves out', () => {
  it('is a demo_load code whose English is the message and whose Korean has no English clause, for every kind of skip', () => {
    const dir = write(tempDir(), {
      'ok.md': DOC,
      'notes/a.md': DOC,
      'image.md': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]),
      'archive.md': Uint8Array.from([0x1f, 0x8b, 0x08, 0x00]),
      'utf16.md': Uint8Array.from([0xfe, 0xff, 0x00, 0x23]),
      'nul.md': Uint8Array.from([0x23, 0x20, 0x41, 0x00, 0x42]),
      'noise.md': Uint8Array.from({ length: 4096 }, (_, i) => ((i * 7919 + 13) % 254) + 1),
      '_Sidebar.md': '* [Intro](ok.md)\n',
      'guide.mdx': DOC,
      RUNBOOK: '# Restart\n\nText.\n',
      '.notes.md': DOC,
      '.github/CONTRIBUTING.md': DOC,
      'node_modules/pkg/README.md': DOC,
      'new\nline.md': DOC,
      'invoice\u202Egnp.md': DOC,
      'old\u2066notes/a.md': DOC,
      'pic\u202Egnp.png': 'not markdown',
      'tab\there/a.txt': 'not markdown',
    });
    fs.writeFileSync(path.join(dir, 'dump.md'), '# Dump\n');
    fs.truncateSync(path.join(dir, 'dump.md'), MAX_DOCUMENT_BYTES + 1);
    fs.symlinkSync(path.join(dir, 'notes', 'a.md'), path.join(dir, 'a-link.md'));
    fs.symlinkSync('notes', path.join(dir, 'notes-link'));
    fs.symlinkSync(tempDir('lens-outside-'), path.join(dir, 'leak-folder'));
    execFileSync('mkfifo', [path.join(dir, 'pipe.md')]);
    fs.symlinkSync('pipe.md', path.join(dir, 'pipe-link.md'));
    const { skipped } = readMarkdownFolder(dir);
    const codes = Object.fromEntries(skipped.map((s) => [s.file, s.message_code]));
    expect(codes).toEqual({
      'image.md': 'demo_load:skip_binary',
      'archive.md': 'demo_load:skip_binary',
      'utf16.md': 'demo_load:skip_binary',
      'nul.md': 'demo_load:skip_binary',
      'noise.md': 'demo_load:skip_binary',
      '_Sidebar.md': 'demo_load:skip_navigation',
      'guide.mdx': 'demo_load:skip_markdown_like',
      RUNBOOK: 'demo_load:skip_no_extension',
      '.notes.md': 'demo_load:skip_hidden_file',
      '.github/': 'demo_load:skip_hidden_folder',
      'dump.md': 'demo_load:skip_too_large',
      'node_modules/': 'demo_load:skip_dependencies',
      'a-link.md': 'demo_load:skip_same_file',
      'notes-link': 'demo_load:skip_link_folder_read',
      'leak-folder': 'demo_load:skip_link_outside_folder',
      'pipe.md': 'demo_load:skip_not_a_file',
      'pipe-link.md': 'demo_load:skip_link_not_a_file',
      'new\\u000Aline.md': 'demo_load:skip_name_unsafe',
      'invoice\\u202Egnp.md': 'demo_load:skip_name_unsafe',
      'old\\u2066notes/': 'demo_load:skip_name_unsafe_folder',
    });
    for (const skip of skipped) {
      const said = { code: skip.message_code, params: skip.message_params };
      expect(wordCore(said, 'en')).toBe(skip.message);
      const korean = wordCore(said, 'ko') ?? '';
      expect(korean, skip.file).toMatch(HANGUL);
      // Only the parameters (file names, an extension), a format's own name and the option to type stay as written.
      const rest = Object.values(skip.message_params)
        .filter((value) => typeof value === 'string')
        .reduce<string>((text, value) => text.replaceAll(value, ''), korean)
        .replace(/\b(PNG|UTF-8|UTF-16|NUL|gzip|mdx|md|ext)\b/g, '');
      expect(rest, korean).not.toMatch(/[A-Za-z]{3,}/);
    }
    const said = (file: string) => {
      const skip = skipped.find((s) => s.file === file);
      return { code: skip?.message_code ?? '', params: skip?.message_params };
    };
    expect(wordCore(said('utf16.md'), 'ko')).toBe(
      'utf16.md: UTF-16(빅 엔디언) 텍스트입니다. UTF-8로 저장하세요. 바이너리로 보고 건너뛰었습니다.',
    );
    expect(wordCore(said('image.md'), 'ko')).toBe('image.md: PNG 이미지처럼 시작합니다. 바이너리로 보고 건너뛰었습니다.');
    // A name that would break its line or read in another order is quoted escaped, never as it is.
    expect(said('invoice\\u202Egnp.md').params).toEqual({ file: 'invoice\\u202Egnp.md', char: 'U+202E', position: 8 });
    expect(skipped.find((s) => s.file === 'invoice\\u202Egnp.md')?.message).toBe(
      'invoice\\u202Egnp.md: its name holds U+202E (character 8), a line break, control or reordering character, so the name would read otherwise wherever it is listed or cited; it was not read. Rename the file.',
    );
    expect(wordCore(said('old\\u2066notes/'), 'ko')).toBe(
      'old\\u2066notes/: 폴더 이름에 줄바꿈, 제어 문자 또는 글 순서를 바꾸는 문자 U+2066(4번째 문자)이(가) 있어, 목록이나 인용에서 그 안의 파일 이름이 다르게 읽히므로 그 안의 마크다운 파일을 읽지 않았습니다. 폴더 이름을 바꾸세요.',
    );
    for (const skip of skipped) expect(`${skip.file} ${skip.message}`).not.toMatch(/[\n\u202e\u2066]/);
  });

  it('keeps its code through the summary schema, and reads a summary made before codes', () => {
    const skipped = readMarkdownFolder(write(tempDir(), { 'ok.md': DOC, 'guide.mdx': DOC })).skipped;
    const summary = {
      ...{ target: 'bolt://x', source: 'docs', elapsed_ms: 1, failed: [], warnings: [], ready_principals: [] },
      counts: { documents: 1, adrs: 0, chunks: 1, supersessions: 0, claims: 0, evidence: 0, entities: 0, principals: 0, groups: 0 },
      embedder: { name: 'hashing-384', dimensions: 384, kind: 'lexical' },
      acl_defaults: Object.fromEntries(
        ['visibility_restricted', 'visibility_private', 'workspace_default', 'no_acl_public'].map((key) => [key, { count: 0, files: [] }]),
      ),
      adrs: {
        recognised: 0,
        statuses: Object.fromEntries(
          ['proposed', 'accepted', 'rejected', 'deprecated', 'superseded', 'partly_superseded', 'pending', 'unknown'].map((status) => [
            status,
            0,
          ]),
        ),
        statuses_not_understood: [],
        unresolved_references: [],
        supersessions: { total: 0, partial: 0, drift: 0 },
      },
    };
    const parsed = DemoLoadSummary.parse({ ...summary, skipped });
    expect(parsed.skipped).toEqual(skipped);
    expect(parsed.skipped[0]).toMatchObject({ message_code: 'demo_load:skip_markdown_like', message_params: { extension: 'mdx' } });
    const old = DemoLoadSummary.parse({ ...summary, skipped: [{ file: 'a.mdx', reason: 'markdown_like', message: 'a.mdx: old.' }] });
    expect(old.skipped[0]?.message_code).toBeUndefined();
  });
});

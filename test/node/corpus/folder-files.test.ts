import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import { decodeMarkdownBytes } from '../../../electron/corpus/file-content';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';
import { EDGE_CASES, PNG_SKIPPED } from '../../support/loader-edge-cases';

const { tempDir, write } = useTempFolders('lens-files-');

const DOC = '# Doc\n\nSome text.\n';

describe('binary files named .md', () => {
  it('skips a PNG named .md with its name, and loads the rest', () => {
    const folder = readMarkdownFolder(EDGE_CASES);
    expect(folder.skipped).toContainEqual(PNG_SKIPPED);
    expect(folder.documents.map((doc) => doc.file)).not.toContain('image.md');
    expect(folder.documents.map((doc) => doc.file)).toContain('no-acl.md');
  });

  it('skips a file with a NUL byte, random bytes, or UTF-16 text, naming why', () => {
    const random = Uint8Array.from({ length: 4096 }, (_, i) => ((i * 7919 + 13) % 254) + 1);
    const dir = write(tempDir(), {
      'nul.md': Uint8Array.from([0x23, 0x20, 0x41, 0x00, 0x42]),
      'noise.md': random,
      'utf16.md': Uint8Array.from([0xff, 0xfe, 0x23, 0x00, 0x20, 0x00, 0x41, 0x00]),
      'ok.md': DOC,
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => doc.file)).toEqual(['ok.md']);
    expect(folder.failed).toEqual([]);
    const reasons = Object.fromEntries(folder.skipped.map((s) => [s.file, s.message]));
    expect(reasons).toEqual({
      'nul.md': 'nul.md: holds a NUL byte at offset 3; skipped as binary.',
      'noise.md': expect.stringMatching(
        /^noise\.md: is not UTF-8 text \(\d+ invalid sequences in its first 4096 bytes; if it is text in another encoding, such as EUC-KR or Windows-1252, save it as UTF-8\); skipped as binary\.$/,
      ),
      'utf16.md': 'utf16.md: is UTF-16 (little-endian) text; save it as UTF-8; skipped as binary.',
    });
  });

  it('names UTF-16 without a byte-order mark and UTF-32 by their encodings, in English and Korean, and still a lone NUL as a NUL', () => {
    const text = '# Runbook\n\nRestart the 정산 worker.\n';
    const dir = write(tempDir(), {
      'le.md': Buffer.from(text, 'utf16le'),
      'be.md': Buffer.from(text, 'utf16le').swap16(),
      'utf32.md': Uint8Array.from([0xff, 0xfe, 0x00, 0x00, 0x23, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00]),
      'utf32be.md': Uint8Array.from([0x00, 0x00, 0xfe, 0xff, 0x00, 0x00, 0x00, 0x23]),
      'nul.md': Uint8Array.from([0x23, 0x20, 0x41, 0x00, 0x42, 0x43, 0x0a, 0x00]),
      'ok.md': DOC,
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => doc.file)).toEqual(['ok.md']);
    const skipped = Object.fromEntries(folder.skipped.map((s) => [s.file, s]));
    expect(Object.fromEntries(Object.entries(skipped).map(([file, s]) => [file, s.message]))).toEqual({
      'le.md': 'le.md: is UTF-16 (little-endian, without a byte-order mark) text; save it as UTF-8; skipped as binary.',
      'be.md': 'be.md: is UTF-16 (big-endian, without a byte-order mark) text; save it as UTF-8; skipped as binary.',
      'utf32.md': 'utf32.md: is UTF-32 (little-endian) text; save it as UTF-8; skipped as binary.',
      'utf32be.md': 'utf32be.md: is UTF-32 (big-endian) text; save it as UTF-8; skipped as binary.',
      'nul.md': 'nul.md: holds a NUL byte at offset 3; skipped as binary.',
    });
    const le = skipped['le.md']!;
    expect(wordCore({ code: le.message_code!, params: le.message_params }, 'ko')).toBe(
      'le.md: UTF-16(리틀 엔디언, 바이트 순서 표시 없음) 텍스트입니다. UTF-8로 저장하세요. 바이너리로 보고 건너뛰었습니다.',
    );
  });

  it('loads Latin-1 text with U+FFFD in place of each bad byte and a warning naming the file', () => {
    const folder = readMarkdownFolder(EDGE_CASES);
    const doc = folder.documents.find((d) => d.file === 'latin1.md');
    expect(doc?.title).toBe('Caf\uFFFD notes');
    expect(folder.warnings).toContain('latin1.md: is not valid UTF-8 in 4 places; each was replaced with U+FFFD. Save the file as UTF-8.');
  });

  it('keeps U+FFFD written in a UTF-8 file as text, without a warning, and drops a UTF-8 byte-order mark (the file reads as it would without one)', () => {
    const decoded = decodeMarkdownBytes(new TextEncoder().encode('\uFEFF# A \uFFFD sign\n'));
    expect(decoded).toEqual({ kind: 'text', text: '# A \uFFFD sign\n', replaced: 0 });
  });

  it('does not count a multi-byte character cut by the sniff window as invalid', () => {
    const text = `${'가'.repeat(3000)}\n`;
    expect(decodeMarkdownBytes(new TextEncoder().encode(text))).toEqual({ kind: 'text', text, replaced: 0 });
  });
});

describe('symbolic links', () => {
  it('does not follow a link to a file or a folder outside the folder, and names both', () => {
    const outside = write(tempDir('lens-outside-'), { 'secret.md': '# Secret\n\nsalary 1\n', 'more/x.md': DOC });
    const dir = write(tempDir(), { 'ok.md': DOC });
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(dir, 'leak.md'));
    fs.symlinkSync(path.join(outside, 'more'), path.join(dir, 'leak-folder'));
    fs.symlinkSync(path.relative(dir, path.join(outside, 'secret.md')), path.join(dir, 'relative-leak.md'));
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => doc.file)).toEqual(['ok.md']);
    expect(folder.skipped).toEqual([
      {
        file: 'leak-folder',
        reason: 'outside_folder',
        message: 'leak-folder: is a symbolic link to a folder outside the folder; not followed.',
        message_code: 'demo_load:skip_link_outside_folder',
        message_params: { file: 'leak-folder' },
      },
      {
        file: 'leak.md',
        reason: 'outside_folder',
        message: 'leak.md: is a symbolic link to a file outside the folder; not followed.',
        message_code: 'demo_load:skip_link_outside_file',
        message_params: { file: 'leak.md' },
      },
      {
        file: 'relative-leak.md',
        reason: 'outside_folder',
        message: 'relative-leak.md: is a symbolic link to a file outside the folder; not followed.',
        message_code: 'demo_load:skip_link_outside_file',
        message_params: { file: 'relative-leak.md' },
      },
    ]);
  });

  it('does not follow a relative link that climbs out of the folder', () => {
    const parent = write(tempDir('lens-parent-'), { 'outside.md': DOC, 'docs/ok.md': DOC });
    fs.symlinkSync('../outside.md', path.join(parent, 'docs', 'up.md'));
    const folder = readMarkdownFolder(path.join(parent, 'docs'));
    expect(folder.documents.map((doc) => doc.file)).toEqual(['ok.md']);
    expect(folder.skipped.map((s) => [s.file, s.reason])).toEqual([['up.md', 'outside_folder']]);
  });

  it('follows links inside the folder, reading each real file once at its own path', () => {
    const dir = write(tempDir(), { 'notes/a.md': DOC, '.drafts/hidden.md': '# Hidden\n' });
    fs.symlinkSync(path.join(dir, 'notes', 'a.md'), path.join(dir, 'a-link.md'));
    fs.symlinkSync('notes', path.join(dir, 'notes-link'));
    fs.symlinkSync('.drafts', path.join(dir, 'drafts'));
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => doc.file)).toEqual(['notes/a.md', 'drafts/hidden.md']);
    expect(folder.skipped.map((s) => [s.file, s.reason])).toEqual([
      ['notes-link', 'duplicate'],
      ['a-link.md', 'duplicate'],
    ]);
    expect(folder.skipped[1]?.message).toBe(
      'a-link.md: is the same file as notes/a.md (through a symbolic link); read once, as notes/a.md.',
    );
  });

  it('ends a link cycle instead of looping, and names a broken link and a link loop as unreadable', () => {
    const dir = write(tempDir(), { 'sub/ok.md': DOC });
    fs.symlinkSync('..', path.join(dir, 'sub', 'up'));
    fs.symlinkSync('.', path.join(dir, 'self'));
    fs.symlinkSync('missing.md', path.join(dir, 'broken.md'));
    fs.symlinkSync('loop-b.md', path.join(dir, 'loop-a.md'));
    fs.symlinkSync('loop-a.md', path.join(dir, 'loop-b.md'));
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => doc.file)).toEqual(['sub/ok.md']);
    expect(folder.skipped.map((s) => [s.file, s.reason])).toEqual([
      ['self', 'duplicate'],
      ['sub/up', 'duplicate'],
    ]);
    expect(folder.failed.map((f) => f.message)).toEqual([
      'broken.md: cannot be read: it is a symbolic link to missing.md, which does not exist; point the link at the file, or remove it.',
      'loop-a.md: cannot be read: its symbolic links lead back to themselves; name the file they should point to.',
      'loop-b.md: cannot be read: its symbolic links lead back to themselves; name the file they should point to.',
    ]);
  });

  it('reads a folder given through a link as the folder it points to', () => {
    const real = write(tempDir(), { 'a.md': DOC });
    const alias = path.join(tempDir('lens-alias-'), 'docs');
    fs.symlinkSync(real, alias);
    const folder = readMarkdownFolder(alias);
    expect(folder.documents.map((doc) => doc.file)).toEqual(['a.md']);
    expect(folder.skipped).toEqual([]);
  });
});

describe('front matter with a tag YAML does not know', () => {
  it('loads the file with the value as the text written, and warns naming the file, the line and the tag, in English and Korean', () => {
    const dir = write(tempDir(), {
      'jsfn.md': '---\nowner_id: kim\ntitle: !!js/function "function () { return process.exit(1) }"\n---\n# F\n\nBody.\n',
      'custom.md': '---\nallowed_groups: [eng, !secret ops]\n---\n# C\n\nBody.\n',
      'plain.md': '---\ntitle: !!str Plain\n---\n# P\n\nBody.\n',
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => [doc.file, doc.title])).toEqual([
      ['custom.md', 'C'],
      ['jsfn.md', 'function () { return process.exit(1) }'],
      ['plain.md', 'Plain'],
    ]);
    const tags = folder.warningMessages.filter((message) => message.code === 'demo_load:unknown_tag');
    expect(tags.map((message) => message.params)).toEqual([
      { file: 'custom.md', line: 2, tag: '!secret' },
      { file: 'jsfn.md', line: 3, tag: '!!js/function' },
    ]);
    expect(folder.warnings).toContain(
      'jsfn.md line 3: front matter gives !!js/function, a tag YAML does not know; it was left out and the value read as the text written after it (nothing in it runs). Remove the tag, or quote the value with it.',
    );
    expect(wordCore(tags[1]!, 'ko')).toBe(
      'jsfn.md 3행: front matter에 YAML이 모르는 태그 !!js/function이(가) 있어, 태그는 빼고 그 뒤에 적힌 값을 텍스트 그대로 읽었습니다(값 안의 어떤 코드도 실행되지 않습니다). 태그를 지우거나, 태그까지 값으로 따옴표로 감싸세요.',
    );
  });
});

describe('front matter with a type tag YAML knows but builds into no text or list (!!binary, !!set, !!omap)', () => {
  it('fails the document naming the tag, what YAML made of the value and what to do, in English and Korean, never a JavaScript type', () => {
    const dir = write(tempDir(), {
      'title.md': '---\ntitle: !!binary UnVuYm9vaw==\n---\n# T\n\nBody.\n',
      'groups.md': '---\nvisibility: restricted\nallowed_groups: !!set {g-eng}\n---\n# G\n\nBody.\n',
      'whole.md': '---\n!!binary aGVsbG8=\n---\n# W\n\nBody.\n',
      'ok.md': DOC,
    });
    const folder = readMarkdownFolder(dir);
    expect(folder.documents.map((doc) => doc.file)).toEqual(['ok.md']);
    const failed = Object.fromEntries(folder.failed.map((f) => [f.file, f]));
    expect(failed['title.md']?.message).toBe(
      'title.md line 2: front matter title is tagged !!binary, which makes YAML read it as base64-encoded bytes, not a value the loader reads; remove the !!binary tag and write the value itself.',
    );
    expect(failed['groups.md']?.message).toBe(
      'groups.md line 3: ACL field allowed_groups is tagged !!set, which makes YAML read it as a set, not a value the loader reads; remove the !!set tag and write the value itself in front matter (allowed_groups is a list such as [g-hr]).',
    );
    // The whole front matter one tagged value was read as no front matter at all, without a word.
    expect(failed['whole.md']?.message).toBe(
      'whole.md line 2: front matter is a value tagged !!binary (base64-encoded bytes), not a mapping; write it as "key: value" lines between the two --- lines',
    );
    for (const problem of folder.failed) expect(problem.message).not.toMatch(/Buffer|Uint8Array|\bSet\b|\bMap\b/);
    const korean = (file: string) => {
      const problem = failed[file]!;
      return wordCore({ code: problem.message_code!, params: problem.message_params! }, 'ko');
    };
    expect(korean('title.md')).toBe(
      'title.md 2행: front matter title: !!binary 태그가 붙어 있어 YAML이 base64로 인코딩된 바이트(으)로 읽으므로 로더가 읽는 값이 아닙니다. !!binary 태그를 지우고 값 자체를 적으세요.',
    );
    expect(korean('whole.md')).toContain('매핑이 아니라 !!binary 태그가 붙은 값(base64로 인코딩된 바이트)입니다');
  });
});

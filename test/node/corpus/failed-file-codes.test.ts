import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { wordCore } from '../../../shared/core-catalogues';
import { DemoLoadSummary } from '../../../shared/demo-load-summary';
import { useTempFolders } from '../../support/temp-folders';

const { tempDir, write } = useTempFolders('lens-fail-codes-');
const HANGUL = /[\uac00-\ud7a3]/;

describe('the message of each file a load could not read', () => {
  it('is a demo_load code whose English is the message and whose Korean words it, for front matter, ids and unreadable files', () => {
    const dir = write(tempDir(), {
      'ok.md': '# Ok\n',
      'unclosed.md': '---\ntitle: A\n\n# A\n',
      'unclosed-toml.md': '+++\ntitle = "A"\n\n# A\n',
      'bad-yaml.md': '---\ntitle: [unclosed\n---\n# A\n',
      'bad-toml.md': '+++\ntitle = \n+++\n# A\n',
      'list.md': '---\n- a\n- b\n---\n# A\n',
      'scalar.md': '---\njust text\n---\n# A\n',
      'first.md': '---\ndocument_id: same\n---\n# First\n',
      'second.md': '---\ndocument_id: same\n---\n# Second\n',
    });
    fs.symlinkSync('missing.md', path.join(dir, 'broken.md'));
    const { failed } = readMarkdownFolder(dir);
    expect(Object.fromEntries(failed.map((f) => [f.file, f.message_code]))).toEqual({
      'broken.md': 'demo_load:fail_unreadable',
      'unclosed.md': 'demo_load:fm_unclosed_yaml',
      'unclosed-toml.md': 'demo_load:fm_unclosed_toml',
      'bad-yaml.md': 'demo_load:fm_invalid_yaml',
      'bad-toml.md': 'demo_load:fm_invalid_toml',
      'list.md': 'demo_load:fm_not_mapping',
      'scalar.md': 'demo_load:fm_not_mapping',
      'second.md': 'demo_load:fail_duplicate_id',
    });
    for (const problem of failed) {
      const said = { code: problem.message_code ?? '', params: problem.message_params };
      expect(wordCore(said, 'en')).toBe(problem.message);
      expect(wordCore(said, 'ko'), problem.file).toMatch(HANGUL);
    }
    const byFile = (file: string) => failed.find((f) => f.file === file);
    expect(byFile('list.md')?.message).toBe(
      'list.md line 2: front matter is a list, not a mapping; write it as "key: value" lines between the two --- lines',
    );
    expect(byFile('scalar.md')?.message).toBe(
      'scalar.md line 2: front matter is a single string value, not a mapping; write it as "key: value" lines between the two --- lines',
    );
    expect(byFile('second.md')?.message).toBe('second.md: document_id same is already used by first.md; give each document its own id.');
    expect(byFile('broken.md')?.message).toBe(
      'broken.md: cannot be read: it is a symbolic link to missing.md, which does not exist; point the link at the file, or remove it.',
    );
    const broken = byFile('broken.md');
    expect(wordCore({ code: broken?.message_code ?? '', params: broken?.message_params }, 'ko')).toBe(
      'broken.md: 읽을 수 없습니다: 존재하지 않는 missing.md을(를) 가리키는 심볼릭 링크입니다. 링크가 그 파일을 가리키게 하거나 링크를 지우세요.',
    );
    const second = byFile('second.md');
    expect(wordCore({ code: second?.message_code ?? '', params: second?.message_params }, 'ko')).toBe(
      'second.md: document_id same은(는) 이미 first.md이(가) 쓰고 있습니다. 문서마다 고유한 id를 주세요.',
    );
    // The summary (lens demo load --json, demo.start) keeps the codes.
    expect(DemoLoadSummary.shape.failed.parse(failed)).toEqual(failed);
    const scalar = byFile('scalar.md');
    expect(wordCore({ code: scalar?.message_code ?? '', params: scalar?.message_params }, 'ko')).toContain(
      '매핑이 아니라 string 값 하나입니다',
    );
  });

  describe('a file or folder the system refuses to read', () => {
    afterEach(() => vi.restoreAllMocks());

    /** The system's refusal as Node throws it (root reads past chmod 000, so the refusal is made here). */
    const denied = (syscall: string, target: string) =>
      Object.assign(new Error(`EACCES: permission denied, ${syscall} '${target}'`), { code: 'EACCES', syscall, path: target });

    it('says why and what to do in words, in English and Korean, never the bare system code', () => {
      const dir = write(tempDir(), { 'ok.md': '# Ok\n', 'locked.md': '# Locked\n', 'private/inner.md': '# Inner\n' });
      const open = fs.openSync;
      vi.spyOn(fs, 'openSync').mockImplementation(((...args: Parameters<typeof fs.openSync>) => {
        if (String(args[0]).endsWith('locked.md')) throw denied('open', String(args[0]));
        return open(...args);
      }) as typeof fs.openSync);
      const readdir = fs.readdirSync;
      vi.spyOn(fs, 'readdirSync').mockImplementation(((...args: Parameters<typeof fs.readdirSync>) => {
        if (String(args[0]).endsWith('private')) throw denied('scandir', String(args[0]));
        return readdir(...args);
      }) as typeof fs.readdirSync);
      const { failed } = readMarkdownFolder(dir);
      const said = (file: string) => {
        const problem = failed.find((f) => f.file === file);
        return { code: problem?.message_code ?? '', params: problem?.message_params };
      };
      expect(failed.map((f) => [f.file, f.message_code, f.message])).toEqual([
        [
          'private/',
          'demo_load:fail_folder_unreadable',
          'private/: the folder cannot be read: you may not read it; give your user permission to read it, or copy it somewhere you can.',
        ],
        [
          'locked.md',
          'demo_load:fail_unreadable',
          'locked.md: cannot be read: you may not read it; give your user permission to read it, or copy it somewhere you can.',
        ],
      ]);
      expect(wordCore(said('locked.md'), 'ko')).toBe(
        'locked.md: 읽을 수 없습니다: 읽을 권한이 없습니다. 사용자에게 읽기 권한을 주거나 읽을 수 있는 곳으로 복사하세요.',
      );
      expect(wordCore(said('private/'), 'ko')).toBe(
        'private/: 폴더를 읽을 수 없습니다: 읽을 권한이 없습니다. 사용자에게 읽기 권한을 주거나 읽을 수 있는 곳으로 복사하세요.',
      );
      for (const problem of failed) expect(JSON.stringify(problem)).not.toContain('EACCES');
    });
  });

  it('codes a front matter field and an access field of the wrong shape, the schema’s words a clause of their own', () => {
    const dir = write(tempDir(), {
      'ok.md': '# Ok\n',
      'bad-id.md': '---\ndocument_id: "-bad"\n---\n# A\n',
      'groups.md': '---\nworkspace_id: ws\nvisibility: restricted\nallowed_groups: g-hr\n---\n# A\n',
    });
    const { failed } = readMarkdownFolder(dir);
    const byFile = (file: string) => failed.find((f) => f.file === file);
    const id = byFile('bad-id.md');
    expect(id?.message_code).toBe('demo_load:fm_field_invalid_line');
    expect(id?.message).toBe('bad-id.md line 2: front matter document_id use letters, digits, ".", "_", ":" or "-".');
    const groups = byFile('groups.md');
    expect(groups?.message_code).toBe('demo_load:acl_field_invalid_line');
    expect(groups?.message).toMatch(
      /^groups\.md line 4: ACL field allowed_groups .+ in front matter \(allowed_groups is a list such as \[g-hr\]\)\.$/,
    );
    for (const problem of [id, groups]) {
      const said = { code: problem?.message_code ?? '', params: problem?.message_params };
      expect(wordCore(said, 'en')).toBe(problem?.message);
      expect(wordCore(said, 'ko')).toMatch(HANGUL);
    }
    expect(wordCore({ code: groups?.message_code ?? '', params: groups?.message_params }, 'ko')).toContain(
      'front matter 부분의 ACL 필드 allowed_groups',
    );
  });
});

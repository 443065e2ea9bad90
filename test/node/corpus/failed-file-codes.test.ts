import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
    expect(byFile('broken.md')?.message).toBe('broken.md: cannot be read (ENOENT).');
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

import { describe, expect, it } from 'vitest';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { wordCore } from '../../../shared/core-catalogues';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-empty-files-');

describe('a folder holding files with no text', () => {
  const plan = () =>
    buildLoadPlan({
      docsDir: folderWith({
        'kept.md': '# Kept\n\nSome text.\n',
        'zero.md': '',
        'blank.md': ' \n\n\t\r\n',
        'bom.md': '\uFEFF\n',
        'fm-only.md': '---\ntitle: Placeholder\nvisibility: public\n---\n',
        'fm-blank.md': '---\ntitle: Placeholder\n---\n\n   \n',
      }),
    });

  it('makes no document of a 0-byte, whitespace-only or front-matter-only file, so retrieval has nothing empty to hand over', () => {
    const loaded = plan();
    expect(loaded.documents.map((document) => document.file)).toEqual(['kept.md']);
    expect(loaded.documents.flatMap((document) => document.chunks).every((chunk) => chunk.text.trim() !== '')).toBe(true);
  });

  it('names each such file in the load report as skipped, empty, nothing to read, in English and Korean', () => {
    const skipped = plan().skipped.filter((file) => file.reason === 'empty');
    expect(skipped.map((file) => [file.file, file.message_code])).toEqual([
      ['blank.md', 'demo_load:skip_empty'],
      ['bom.md', 'demo_load:skip_empty'],
      ['fm-blank.md', 'demo_load:skip_front_matter_only'],
      ['fm-only.md', 'demo_load:skip_front_matter_only'],
      ['zero.md', 'demo_load:skip_empty'],
    ]);
    const zero = skipped.find((file) => file.file === 'zero.md')!;
    expect(zero.message).toBe(
      'zero.md: is empty (no text, or only spaces and line breaks), nothing to read; no document was made of it. Write its text to load it.',
    );
    expect(wordCore({ code: zero.message_code, params: zero.message_params }, 'ko')).toBe(
      'zero.md: 비어 있어(텍스트가 없거나 공백과 줄바꿈뿐) 읽을 것이 없습니다. 문서를 만들지 않았습니다. 불러오려면 본문을 쓰세요.',
    );
  });
});

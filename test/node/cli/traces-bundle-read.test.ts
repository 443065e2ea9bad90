import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeFile } from '../../../electron/cli/commands/audit-command';
import { readBundle, writeBundle } from '../../../electron/cli/commands/traces-command';
import { wordCore } from '../../../shared/core-catalogues';
import { errorOf } from '../../support/lens-error-of';
import { useTempFolders } from '../../support/temp-folders';

const { tempDir } = useTempFolders('lens-bundle-read-');

describe('the bundle lens traces import reads', () => {
  it('says why a bundle cannot be read and what to do, by the system’s error code in English and Korean, not the bare code', () => {
    const dir = tempDir();
    const loop = path.join(dir, 'loop.json');
    fs.symlinkSync(loop, loop);
    const error = errorOf(() => readBundle(loop));
    expect(error.kind).toBe('io');
    expect(error.message).toBe(`${loop} cannot be read: its symbolic links lead back to themselves; name the file they should point to.`);
    expect(wordCore(error.said!, 'ko')).toBe(
      `${loop}을(를) 읽을 수 없습니다: 심볼릭 링크가 자기 자신으로 되돌아옵니다. 링크가 가리켜야 할 파일을 지정하세요.`,
    );
    // A missing bundle keeps its own sentence (not_found).
    expect(errorOf(() => readBundle(path.join(dir, 'missing.json'))).said?.code).toBe('error_store:bundle_missing');
  });

  it('says why a bundle or report cannot be written and what to do, by the system’s error code in English and Korean, not Node’s English', () => {
    const dir = tempDir();
    const plain = path.join(dir, 'plain.txt');
    fs.writeFileSync(plain, 'x');
    const through = path.join(plain, 'bundle.json');
    const bundle = errorOf(() => writeBundle(through, '{}'));
    expect(bundle.kind).toBe('io');
    expect(bundle.message).toBe(`The bundle cannot be written to ${through}: a part of its path is a file, not a folder; check the path.`);
    const report = path.join(dir, 'no-folder', 'report.json');
    const error = errorOf(() => writeFile(report, '{}', 'report_json'));
    expect(error.message).toBe(
      `Could not write the JSON report to ${report}: the folder it goes in does not exist; create the folder first, or choose another`,
    );
    expect(wordCore(error.said!, 'ko')).toContain('파일이 들어갈 폴더가 없습니다. 폴더를 먼저 만들거나 다른 폴더를 고르세요');
    expect(wordCore(error.said!, 'ko')).not.toMatch(/ENOENT|no such file/);
  });
});

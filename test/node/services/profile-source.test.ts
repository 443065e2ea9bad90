import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileInUse } from '../../../electron/services/profile-source';
import { wordCore } from '../../../shared/core-catalogues';
import { errorOf } from '../../support/lens-error-of';
import { REPO_ROOT } from '../../support/test-env';

describe('the schema profile LENS_PROFILE names', () => {
  it('says why the file cannot be read and what to do, by the system’s error code in English and Korean, not Node’s English', () => {
    const missing = path.join(REPO_ROOT, 'no-such-profile.json');
    const error = errorOf(() => profileInUse({ LENS_PROFILE: missing }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      `LENS_PROFILE names ${missing}, which is not readable JSON (there is no such file; check the path and its spelling).`,
    );
    expect(wordCore(error.said!, 'ko')).toBe(
      `LENS_PROFILE이 가리키는 ${missing}은(는) 읽을 수 있는 JSON이 아닙니다(그런 파일이 없습니다. 경로와 철자를 확인하세요).`,
    );
    const through = path.join(REPO_ROOT, 'package.json', 'profile.json');
    expect(errorOf(() => profileInUse({ LENS_PROFILE: through })).message).not.toMatch(/ENOTDIR|not a directory/);
  });

  it('refuses a profile that gives a key twice, naming it, rather than keeping the last access policy without a word', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-profile-'));
    try {
      const file = path.join(dir, 'profile.json');
      fs.writeFileSync(file, '{"access_policy": {"any_of": []}, "access_policy": {"any_of": [{"op": "always"}]}}');
      const error = errorOf(() => profileInUse({ LENS_PROFILE: file }));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(
        `LENS_PROFILE names ${file}, which is JSON, but it gives the key "access_policy" twice at its top level, so which value was meant cannot be told.`,
      );
      expect(error.hint).toBe(
        'Give each key once in the file (keep the value you mean, delete the other), or unset LENS_PROFILE for the default profile.',
      );
      expect(wordCore(error.said!, 'ko')).toBe(
        `LENS_PROFILE이 가리키는 ${file}은(는) JSON이지만, 맨 위 단계에서 키 "access_policy"을(를) 두 번 주므로 어느 값을 뜻했는지 알 수 없습니다.`,
      );
      fs.writeFileSync(file, '{"schema": {"labels": {"document": "Doc", "document": "Document"}}}');
      expect(errorOf(() => profileInUse({ LENS_PROFILE: file })).message).toBe(
        `LENS_PROFILE names ${file}, which is JSON, but it gives the key "document" twice in the object at schema.labels, so which value was meant cannot be told.`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

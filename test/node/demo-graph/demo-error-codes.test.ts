import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readYamlFile } from '../../../electron/demo-graph/demo-extras';
import { buildSyntheticPlan } from '../../../electron/demo-graph/synthetic-graph';
import { createClusteredEmbedder } from '../../../electron/demo-graph/synthetic-vectors';
import { wordCore } from '../../../shared/core-catalogues';
import { errorOf } from '../../support/lens-error-of';
import { ALIAS_BOMB_KEYS } from '../../support/yaml-alias-bomb';

/** The error readYamlFile gives for a claims.yaml holding `text`, each claim checked by `claims`; the folder is removed after. */
function claimsFileError(text: string, claims: z.ZodType = z.unknown()) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-demo-yaml-'));
  try {
    const file = path.join(dir, 'claims.yaml');
    fs.writeFileSync(file, text);
    return errorOf(() => readYamlFile(file, z.object({ claims: z.array(claims) }), 'claims.yaml'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('demo and synthetic graph errors as codes with parameters', () => {
  it('refuses a chunk count out of range with the option, the range and the value given', () => {
    const error = errorOf(() => buildSyntheticPlan({ chunks: 0, seed: 1, selectivities: [0.1] }));
    expect(error.message).toMatch(/^chunks must be a whole number from 1 to \d+, got 0\.$/);
    expect(error.said).toMatchObject({ code: 'error_server:whole_number_range', params: { name: 'chunks', min: 1, value: '0' } });
    expect(error.hint).toBe('Example: --chunks 100000 --selectivities 0.001,0.01,0.1,0.5,1 --seed 1');
  });

  it('refuses a selectivity out of (0, 1] with the value given', () => {
    const error = errorOf(() => buildSyntheticPlan({ chunks: 10, seed: 1, selectivities: [2] }));
    expect(error.message).toBe('every selectivity must be in (0, 1], got 2.');
    expect(error.said).toEqual({ code: 'error_server:selectivity_range', params: { value: '2' } });
  });

  it('says the same range sentence for a clustered embedder option', () => {
    const error = errorOf(() => createClusteredEmbedder({ seed: 1, dimensions: 1 }));
    expect(error.message).toBe('dimensions must be a whole number from 2 to 4096, got 1.');
    expect(error.said?.code).toBe('error_server:whole_number_range');
  });

  it('says a demo file field that fails its schema with the path and zod’s issue, the issue worded in Korean too', () => {
    const error = claimsFileError('claims:\n  - 3\n', z.string());
    expect(error.message).toBe('claims.yaml: claims.0 — must be of type string, not number; give a value of type string.');
    expect(error.said).toEqual({
      code: 'error_server:demo_file_invalid',
      params: {
        label: 'claims.yaml',
        path: 'claims.0',
        issue: [{ code: 'error_server:zod_invalid_type_part', params: { expected: 'string', received: 'number' } }],
      },
    });
    expect(wordCore(error.said!, 'ko')).toBe('claims.yaml: claims.0 — string 형식이어야 하는데 number입니다. string 형식의 값을 주세요.');
  });

  it('says why a demo file cannot be read in words, in English and Korean, and what to do, never the bare system code', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-demo-yaml-'));
    try {
      // A link to nothing: the file the demo needs is gone (as root, chmod 000 would not stop a read).
      const file = path.join(dir, 'claims.yaml');
      fs.symlinkSync('gone.yaml', file);
      const error = errorOf(() => readYamlFile(file, z.unknown(), 'claims.yaml'));
      expect(error.kind).toBe('io');
      expect(error.said?.code).toBe('error_server:demo_file_unreadable');
      expect(error.message).toBe(`claims.yaml cannot be read at ${file}: there is no such file; check the path and its spelling.`);
      expect(error.message).not.toContain('ENOENT');
      expect(wordCore(error.said!, 'ko')).toBe(
        `claims.yaml을(를) ${file}에서 읽을 수 없습니다: 그런 파일이 없습니다. 경로와 철자를 확인하세요.`,
      );
      expect(wordCore(error.hintSaid!, 'ko')).toBe('저장소에서 파일을 복원하세요.');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file nesting deeper than the YAML limit before the YAML library builds it, naming the line, in English and Korean', () => {
    const error = claimsFileError(`claims:\n  - ${'['.repeat(100)}${']'.repeat(100)}\n`);
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('claims.yaml line 2: maps and lists nest more than 64 levels deep; the file needs only a few.');
    expect(error.said).toEqual({ code: 'error_server:demo_file_too_deep', params: { label: 'claims.yaml', line: 2, max: 64 } });
    expect(wordCore(error.said!, 'ko')).toBe(
      'claims.yaml 2행: 맵과 목록이 64단계보다 깊게 중첩되어 있습니다. 이 파일에는 몇 단계면 충분합니다.',
    );
  });

  it('names what is wrong with a demo YAML file by the library error code in either language, with its line, never the library English', () => {
    const error = claimsFileError('claims:\n  - id: c1\n    text: "never closed\n');
    expect(error.kind).toBe('invalid_input');
    expect(error.said?.code).toBe('error_server:demo_file_not_yaml');
    const korean = wordCore(error.said!, 'ko') ?? '';
    const reason = /^claims\.yaml 4번째 줄: 올바른 YAML이 아닙니다\((.+)\)\.$/.exec(korean)?.[1];
    expect(reason).toBeDefined();
    expect(reason).not.toMatch(/[A-Za-z]{4,}/);
    expect(error.message).toMatch(/^claims\.yaml line 4: not valid YAML \(.+\)\.$/);
    expect(error.message).not.toMatch(/Missing closing/);
  });

  it('names a demo YAML file whose value the library refuses to build (an alias bomb) by kind, in either language', () => {
    const error = claimsFileError(`claims: []\n${ALIAS_BOMB_KEYS}\n`);
    expect(error.message).toBe(
      "claims.yaml: not valid YAML (its aliases repeat their anchors' values so often that the value would grow too large to read).",
    );
    expect(wordCore(error.said!, 'ko')).toContain('별칭이 앵커의 값을 너무 많이 되풀이해서 값이 읽을 수 없을 만큼 커집니다');
  });
});

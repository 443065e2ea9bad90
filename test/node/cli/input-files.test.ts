import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INPUT_FILE_MAX_BYTES, readInputFile, unreadableReason, unwritableReason } from '../../../electron/input-file';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { errorOf } from '../../support/lens-error-of';
import { runLens } from '../../support/run-lens';
import { REPO_ROOT } from '../../support/test-env';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Files a user names: a device, a pipe or a folder was read until memory ran out (`lens audit --suite
// /dev/zero` grew to 6 GB in 20 s); a YAML alias bomb was reported as a bug of the app.
const BOMB = `version: 1
name: bomb
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-input-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('readInputFile', () => {
  it('reads a regular file', () => {
    const file = path.join(dir, 'suite.yaml');
    fs.writeFileSync(file, 'name: x\n');
    expect(readInputFile(file)).toBe('name: x\n');
  });

  it('refuses a device and a folder by name, as invalid input, without reading them', () => {
    for (const file of ['/dev/zero', dir]) {
      const error = errorOf(() => readInputFile(file));
      expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_retrieval:input_not_a_file']);
      expect(error.message).toContain(file);
    }
  });

  it('refuses a file over the limit, naming its size and the limit', () => {
    const file = path.join(dir, 'huge.json');
    // A sparse file: its size is what is checked, nothing is written to disk.
    fs.writeFileSync(file, '');
    fs.truncateSync(file, INPUT_FILE_MAX_BYTES + 1024 * 1024);
    const error = errorOf(() => readInputFile(file));
    expect(error.message).toBe(`${file} is 65.0 MB, more than the 64.0 MB this command reads, so it was not read.`);
  });

  it('drops a UTF-8 byte-order mark, which JSON.parse refuses, so a JSON file saved on Windows reads as the same file without', () => {
    const file = path.join(dir, 'bom-suite.json');
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"version": 1}')]));
    expect(JSON.parse(readInputFile(file))).toEqual({ version: 1 });
  });

  it('refuses UTF-16 text naming its encoding and how to save it, instead of reading replacement characters', () => {
    for (const [bom, encoding, order] of [
      [[0xff, 0xfe], 'UTF-16 (little-endian)', 'utf16le'],
      [[0xfe, 0xff], 'UTF-16 (big-endian)', 'utf16be'],
    ] as const) {
      const file = path.join(dir, `${order}.json`);
      const text = Buffer.from('{"version": 1}', 'utf16le');
      if (order === 'utf16be') text.swap16();
      fs.writeFileSync(file, Buffer.concat([Buffer.from(bom), text]));
      const error = errorOf(() => readInputFile(file));
      expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_retrieval:input_utf16']);
      expect(error.message).toBe(`${file} is ${encoding} text, not UTF-8, so it was not read.`);
      expect(error.hint).toContain('Save the file as UTF-8');
    }
  });

  it('refuses bytes that are not UTF-8 naming the line they are on, rather than read them as �, and reads U+FFFD written as UTF-8', () => {
    const file = path.join(dir, 'latin1.yaml');
    fs.writeFileSync(
      file,
      Buffer.concat([Buffer.from('- principal_id: u-a\n  display_name: "Jos'), Buffer.from([0xe9]), Buffer.from('"\n')]),
    );
    const error = errorOf(() => readInputFile(file));
    expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_retrieval:input_not_utf8']);
    expect(error.message).toBe(
      `${file} is not UTF-8 text: line 2 holds bytes that are not valid UTF-8 (such as Latin-1 or Windows-1252 text), so it was not read rather than read with � in their place.`,
    );
    expect(error.hint).toContain('Save the file as UTF-8');
    expect(wordCore(error.said!, 'ko')).toContain('2번째 줄에 UTF-8로 읽을 수 없는 바이트');
    // A character cut short at the end of the file, with no line feed after it.
    fs.writeFileSync(file, Buffer.concat([Buffer.from('a\nb\nc'), Buffer.from([0xe2, 0x82])]));
    expect(errorOf(() => readInputFile(file)).said?.params).toEqual({ file, line: 3 });
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name: \uFFFD café\n')]));
    expect(readInputFile(file)).toBe('name: \uFFFD café\n');
  });

  it('throws the system’s own error for a missing file, for the caller to word', () => {
    expect(() => readInputFile(path.join(dir, 'missing.yaml'))).toThrow(/ENOENT/);
  });

  it('reads a file exactly at the limit, and one over it by a byte is refused', () => {
    const file = path.join(dir, 'edge.txt');
    fs.writeFileSync(file, 'x'.repeat(100));
    expect(readInputFile(file, 100)).toBe('x'.repeat(100));
    fs.writeFileSync(file, 'x'.repeat(101));
    expect(errorOf(() => readInputFile(file, 100)).said?.code).toBe('error_retrieval:input_too_large');
  });
});

/**
 * Expects `reason` to word a system error of each code as its English clause, and in Korean with no
 * Latin letters but a code it names as it is (Node's English message never shows).
 */
function expectClauses(reason: (error: unknown) => CoreMessage, cases: ReadonlyArray<readonly [string, string]>): void {
  for (const [code, english] of cases) {
    const error = Object.assign(new Error(`${code}: some words of Node, open '/x'`), { code });
    expect(wordCore(reason(error), 'en')).toBe(english);
    expect(wordCore(reason(error), 'ko')?.replace(`(${code})`, '')).toMatch(/^[^A-Za-z]*$/);
  }
}

describe('unreadableReason: the system’s error of a read, worded by its code with what to do, never Node’s English', () => {
  /** The system's error reading `file`. */
  function readError(file: string): unknown {
    try {
      readInputFile(file);
    } catch (error) {
      return error;
    }
    throw new Error(`${file} was read`);
  }

  it('words the errors a real path meets, in English and Korean', () => {
    const plain = path.join(dir, 'plain.txt');
    fs.writeFileSync(plain, 'x');
    const loop = path.join(dir, 'loop-a');
    fs.symlinkSync(path.join(dir, 'loop-b'), loop);
    fs.symlinkSync(loop, path.join(dir, 'loop-b'));
    const cases = [
      [
        path.join(dir, 'missing.yaml'),
        'there is no such file; check the path and its spelling',
        '그런 파일이 없습니다. 경로와 철자를 확인하세요',
      ],
      [
        path.join(plain, 'set.yaml'),
        'a part of its path is a file, not a folder; check the path',
        '경로의 일부가 폴더가 아니라 파일입니다. 경로를 확인하세요',
      ],
      [
        loop,
        'its symbolic links lead back to themselves; name the file they should point to',
        '심볼릭 링크가 자기 자신으로 되돌아옵니다. 링크가 가리켜야 할 파일을 지정하세요',
      ],
      [
        path.join(dir, 'x'.repeat(300)),
        'its path is too long for the system; move it to a shorter path',
        '경로가 시스템에 비해 너무 깁니다. 더 짧은 경로로 옮기세요',
      ],
    ] as const;
    for (const [file, english, korean] of cases) {
      const reason = unreadableReason(readError(file));
      expect(wordCore(reason, 'en')).toBe(english);
      expect(wordCore(reason, 'ko')).toBe(korean);
    }
  });

  it('words the errors a test cannot make (permission, open files, disk) and names a code it has no clause for', () => {
    const cases = [
      ['EACCES', 'you may not read it; give your user permission to read it, or copy it somewhere you can'],
      ['EPERM', 'you may not read it; give your user permission to read it, or copy it somewhere you can'],
      ['EISDIR', 'it is a folder, not a file; name a file in it'],
      ['EMFILE', 'too many files are open; close some programs and try again'],
      ['ENFILE', 'too many files are open; close some programs and try again'],
      ['EBUSY', 'another program holds it; try again when that program is done'],
      ['EIO', 'the disk failed while reading it; check the disk, or copy the file elsewhere'],
      ['EXDEV', 'the system could not read it (EXDEV); check the path and its permissions'],
    ] as const;
    expectClauses(unreadableReason, cases);
    expect(wordCore(unreadableReason(new Error('no code')), 'en')).toBe('the system could not read it; check the path and its permissions');
    expect(wordCore(unreadableReason(new Error('no code')), 'ko')).toBe('시스템이 읽지 못했습니다. 경로와 권한을 확인하세요');
  });
});

describe('unwritableReason: the system’s error of a write, worded by its code with what to do', () => {
  it('words a missing folder, no permission, a read-only or full disk, and names a code it has no clause for', () => {
    const cases = [
      ['ENOENT', 'the folder it goes in does not exist; create the folder first, or choose another'],
      ['EACCES', 'you may not write there; choose a folder you can write to'],
      ['EROFS', 'it is on a disk that cannot be written to; choose another place'],
      ['ENOSPC', 'the disk is full; free some space, or choose another disk'],
      ['EDQUOT', 'the disk is full; free some space, or choose another disk'],
      ['EISDIR', 'it is a folder, not a file; name a file in it'],
      ['EIO', 'the system could not write it (EIO); check the folder and its permissions'],
    ] as const;
    expectClauses(unwritableReason, cases);
    expect(wordCore(unwritableReason(new Error('no code')), 'en')).toBe(
      'the system could not write it; check the folder and its permissions',
    );
  });
});

describe('readInputFile: a file that changes between the look at its path and the read', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Runs `change` on the path right after readInputFile has looked at it (its stat of the path). */
  function changeAfterLook(file: string, change: () => void): void {
    const stat = fs.statSync;
    vi.spyOn(fs, 'statSync').mockImplementation(((...args: Parameters<typeof fs.statSync>) => {
      const seen = stat(...args);
      if (args[0] === file) change();
      return seen;
    }) as typeof fs.statSync);
  }

  it('refuses a file grown past the limit after the look, naming its size, and never returns more than the limit', () => {
    const file = path.join(dir, 'grows.json');
    fs.writeFileSync(file, '{}');
    changeAfterLook(file, () => fs.appendFileSync(file, ' '.repeat(2 * 1024 * 1024)));
    const error = errorOf(() => readInputFile(file, 1024 * 1024));
    expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_retrieval:input_too_large']);
    expect(error.message).toBe(`${file} is 2.0 MB, more than the 1.0 MB this command reads, so it was not read.`);
  });

  it('refuses a folder put in the file’s place after the look as not a file, not a system error', () => {
    const file = path.join(dir, 'swapped-for-folder.yaml');
    fs.writeFileSync(file, 'name: x\n');
    changeAfterLook(file, () => {
      fs.rmSync(file);
      fs.mkdirSync(file);
    });
    const error = errorOf(() => readInputFile(file));
    expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_retrieval:input_not_a_file']);
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO put in the file’s place after the look, without waiting for a writer', () => {
    const file = path.join(dir, 'swapped-for-fifo.yaml');
    fs.writeFileSync(file, 'name: x\n');
    changeAfterLook(file, () => {
      fs.rmSync(file);
      execFileSync('mkfifo', [file]);
    });
    const error = errorOf(() => readInputFile(file));
    expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_retrieval:input_not_a_file']);
  });
});

describe('the commands that read a file a user names', () => {
  it.each([
    [['audit', '--suite', '/dev/zero']],
    [['eval', '--set', '/dev/zero']],
    [['traces', 'import', '/dev/zero']],
    [['principals', 'import', '/dev/zero']],
  ])(
    '%j refuses a device at once with exit 2, naming it',
    async (args) => {
      const run = await runLens(args, { LENS_HOME: dir }, 60_000);
      expect(run.stderr).toMatch(/^error \(invalid_input\): \/dev\/zero is not a regular file/m);
      expect(run.code).toBe(2);
    },
    90_000,
  );

  it('refuses a schema profile that is a device, before any query', async () => {
    const run = await runLens(['query', 'x', '--as', 'u-guest'], { LENS_HOME: dir, LENS_PROFILE: '/dev/zero' }, 60_000);
    expect(run.stderr).toMatch(/\/dev\/zero is not a regular file/);
    expect(run.code).toBe(2);
  }, 90_000);

  it.each([
    ['audit', '--suite', 'resources/audit/demo-suite.yaml'],
    ['eval', '--set', 'resources/eval/demo-golden-set.yaml'],
  ])(
    '%s: a report that cannot be written (a folder, a pipe, a missing folder) is said before anything runs, not after every run',
    async (command, flag, input) => {
      const pipe = path.join(dir, `${command}.pipe`);
      if (!fs.existsSync(pipe)) execFileSync('mkfifo', [pipe]);
      const cases: [string, string, RegExp][] = [
        ['--report', dir, /it is a folder, not a file/],
        ['--junit', pipe, /it is a pipe or a socket/],
        ['--report', path.join(dir, 'no-such-folder', 'report.json'), /the folder it goes in does not exist/],
      ];
      for (const [option, target, reason] of cases) {
        const run = await runLens([command, flag, path.join(REPO_ROOT, input), option, target], { LENS_HOME: dir }, 60_000);
        expect(run.stderr, target).toMatch(
          new RegExp(`^error \\(io\\): Could not write the (JSON report|JUnit XML) to ${escaped(target)}: `, 'm'),
        );
        expect(run.stderr, target).toMatch(reason);
        expect(run.stderr, target).not.toMatch(/Neo4j/);
        expect(run.code, target).toBe(2);
      }
    },
    120_000,
  );

  it.each([
    ['audit', '--suite'],
    ['eval', '--set'],
  ])(
    '%s: a YAML alias bomb is the file’s problem (exit 2, named), not a bug of the app',
    async (command, flag) => {
      const file = path.join(dir, `bomb-${command}.yaml`);
      fs.writeFileSync(file, BOMB);
      const run = await runLens([command, flag, file], { LENS_HOME: dir }, 60_000);
      expect(run.stderr).toMatch(/^error \(invalid_input\)/m);
      expect(run.stderr).toContain(file);
      expect(run.stderr).toMatch(/alias/i);
      expect(run.stderr).not.toMatch(/bug in Provenance Lens/);
      expect(run.code).toBe(2);
    },
    90_000,
  );
});

describe('lens eval --tolerance', () => {
  it.each([[''], ['  '], ['1.5'], ['x']])(
    'refuses %j with exit 2, naming the range, before reading the set (an empty value is not a tolerance of 0)',
    async (value) => {
      const run = await runLens(['eval', '--set', path.join(dir, 'no-such-set.yaml'), '--tolerance', value], { LENS_HOME: dir }, 60_000);
      expect(run.stderr).toContain(`expected a number from 0 to 1, got "${value}"`);
      expect(run.code).toBe(2);
    },
    90_000,
  );
});

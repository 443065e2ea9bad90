import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INPUT_FILE_MAX_BYTES, readInputFile } from '../../../electron/input-file';
import { errorOf } from '../../support/lens-error-of';
import { runLens } from '../../support/run-lens';

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

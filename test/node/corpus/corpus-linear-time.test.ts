// The loader parses in time linear in its input. Each adversarial shape below made one of the old
// regular expressions backtrack (a 4 KB heading took about a minute, a 12 KB one never finished);
// each is loaded through the real folder reader at 100 KB and at 200 KB, and must take well under
// the old cost in absolute terms and at most about twice as long for twice the input. Times are
// CPU times of this process (Vitest runs each file in its own), so other work on the machine
// does not count, and the two sizes are measured in turns, keeping the fastest run of each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { globToRegExp, readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { ADVERSARIAL_CASES, ordinaryMarkdown } from '../../support/adversarial-markdown';

const SIZE = 100 * 1024;
/** Far above the linear cost (a few milliseconds) and far below the old one (minutes). */
const BOUND_MS = 2000;
/** Twice the input may cost at most four times as much, plus timer noise on small times. */
const RATIO = 4;
const NOISE_MS = 5;

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder holding one file with this text. */
function folderWith(fileName: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-linear-'));
  folders.push(dir);
  fs.mkdirSync(path.dirname(path.join(dir, fileName)), { recursive: true });
  fs.writeFileSync(path.join(dir, fileName), text);
  return dir;
}

/** CPU milliseconds (user and system) this process spent in `run`. */
function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/** The fastest of `runs` turns of each of `once` and `twice`, after a warm-up. */
function fastestInTurns(warmUp: () => void, once: () => void, twice: () => void, runs = 7): { once: number; twice: number } {
  for (let i = 0; i < 3; i += 1) warmUp();
  const best = { once: Number.POSITIVE_INFINITY, twice: Number.POSITIVE_INFINITY };
  for (let i = 0; i < runs; i += 1) {
    best.once = Math.min(best.once, cpuMs(once));
    best.twice = Math.min(best.twice, cpuMs(twice));
  }
  return best;
}

/** Times loading `text(size)` and `text(2 × size)`, after a warm-up at a small size. */
function timesAt(fileName: string, text: (size: number) => string, size: number): { once: number; twice: number } {
  const small = folderWith(fileName, text(Math.floor(size / 16)));
  const once = folderWith(fileName, text(size));
  const twice = folderWith(fileName, text(2 * size));
  // AsciiDoc and reStructuredText are read too (as `--ext adoc,rst` reads them); markdown reads the same either way.
  const read = (dir: string) => readMarkdownFolder(dir, { extensions: ['adoc', 'rst'] });
  return fastestInTurns(
    () => read(small),
    () => read(once),
    () => read(twice),
  );
}

describe('the loader parses adversarial markdown in linear time', () => {
  for (const shape of ADVERSARIAL_CASES) {
    // The timeout covers the warm-up and seven turns of both sizes on a busy machine; the bounds are the test.
    it(`loads 100 KB of "${shape.name}" within ${BOUND_MS} ms, and 200 KB in at most ${RATIO}× that time`, { timeout: 30_000 }, () => {
      const { once, twice } = timesAt(shape.fileName, shape.text, SIZE);
      expect(once).toBeLessThan(BOUND_MS);
      expect(twice).toBeLessThanOrEqual(RATIO * once + NOISE_MS);
    });
  }

  it('loads 512 KB of ordinary markdown, and 1 MB in at most 4× that time', { timeout: 30_000 }, () => {
    const { once, twice } = timesAt('adr-002-ordinary.md', ordinaryMarkdown, 512 * 1024);
    expect(once).toBeLessThan(BOUND_MS * 5);
    expect(twice).toBeLessThanOrEqual(RATIO * once + NOISE_MS);
  });
});

describe('ACL mapping globs match in time linear in the path', () => {
  it('matches a glob of many ** against a 4 KB path, and an 8 KB one in at most 4× that time', () => {
    const glob = globToRegExp('**a**a**a**a**a**a**b');
    const path1 = 'a'.repeat(4096);
    const path2 = 'a'.repeat(8192);
    expect(glob.test(`${path1}b`)).toBe(true);
    const { once, twice } = fastestInTurns(
      () => glob.test('a'.repeat(256)),
      () => glob.test(path1),
      () => glob.test(path2),
    );
    expect(once).toBeLessThan(BOUND_MS);
    expect(twice).toBeLessThanOrEqual(RATIO * once + NOISE_MS);
  });
});

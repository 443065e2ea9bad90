import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { wordCore } from '../../../shared/core-catalogues';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-changed-while-loading-');

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Runs `change` once, right after the loader has listed the folder `dir` (its real `readdirSync`
 * answered) and before it reads any file: the moment another program removes or replaces a file.
 */
function changeAfterListing(dir: string, change: () => void): void {
  const listing = fs.readdirSync.bind(fs) as (...args: unknown[]) => unknown;
  let changed = false;
  vi.spyOn(fs, 'readdirSync').mockImplementation(((...args: unknown[]) => {
    const entries = listing(...args);
    if (!changed && path.resolve(String(args[0])) === path.resolve(dir)) {
      changed = true;
      change();
    }
    return entries;
  }) as typeof fs.readdirSync);
}

describe('a file that vanishes or changes between listing and reading, through the loader', () => {
  it('names a file removed after the listing as gone while the folder was read, and loads the rest', () => {
    const dir = folderWith({ 'a.md': '# A\n\nKept.\n', 'gone.md': '# Gone\n\nText.\n', 'z.md': '# Z\n\nKept too.\n' });
    changeAfterListing(dir, () => fs.rmSync(path.join(dir, 'gone.md')));
    const plan = buildLoadPlan({ docsDir: dir });
    expect(plan.documents.map((document) => document.file)).toEqual(['a.md', 'z.md']);
    expect(plan.failed.map((failure) => failure.file)).toEqual(['gone.md']);
    const [gone] = plan.failed;
    expect(gone!.message).toBe(
      'gone.md: cannot be read: it was listed, then removed or renamed before it was read (another program changed the folder during the load); load the folder again.',
    );
    expect(wordCore({ code: gone!.message_code!, params: gone!.message_params! }, 'ko')).toMatch(
      /^gone\.md: 읽을 수 없습니다: [^A-Za-z]+$/,
    );
  });

  it('names a file replaced by a folder after the listing, and loads the rest', () => {
    const dir = folderWith({ 'a.md': '# A\n\nKept.\n', 'swapped.md': '# Swapped\n\nText.\n' });
    changeAfterListing(dir, () => {
      fs.rmSync(path.join(dir, 'swapped.md'));
      fs.mkdirSync(path.join(dir, 'swapped.md'));
    });
    const plan = buildLoadPlan({ docsDir: dir });
    expect(plan.documents.map((document) => document.file)).toEqual(['a.md']);
    expect(plan.failed.map((failure) => [failure.file, failure.message])).toEqual([
      [
        'swapped.md',
        'swapped.md: cannot be read: it was listed as a file, then replaced by something that is no regular file (a folder, a pipe, a device) before it was read; load the folder again.',
      ],
    ]);
  });

  it('names a file replaced by a named pipe after the listing rather than wait for a writer forever', () => {
    const dir = folderWith({ 'a.md': '# A\n\nKept.\n', 'pipe.md': '# Pipe\n\nText.\n' });
    changeAfterListing(dir, () => {
      fs.rmSync(path.join(dir, 'pipe.md'));
      execFileSync('mkfifo', [path.join(dir, 'pipe.md')]);
    });
    const plan = buildLoadPlan({ docsDir: dir });
    expect(plan.documents.map((document) => document.file)).toEqual(['a.md']);
    expect(plan.failed.map((failure) => failure.file)).toEqual(['pipe.md']);
    expect(plan.failed[0]!.message).toBe(
      'pipe.md: cannot be read: it was listed as a file, then replaced by something that is no regular file (a folder, a pipe, a device) before it was read; load the folder again.',
    );
  }, 10_000);

  it('names a file replaced by a link to a file outside the folder after the listing, never reading outside', () => {
    const outside = folderWith({ 'secret.md': '# Secret\n\nOutside the folder.\n' });
    const dir = folderWith({ 'a.md': '# A\n\nKept.\n', 'linked.md': '# Linked\n\nText.\n' });
    changeAfterListing(dir, () => {
      fs.rmSync(path.join(dir, 'linked.md'));
      fs.symlinkSync(path.join(outside, 'secret.md'), path.join(dir, 'linked.md'));
    });
    const plan = buildLoadPlan({ docsDir: dir });
    expect(plan.documents.map((document) => document.file)).toEqual(['a.md']);
    expect(plan.documents.flatMap((document) => document.chunks).some((chunk) => chunk.text.includes('Outside'))).toBe(false);
    expect(plan.failed.map((failure) => [failure.file, failure.message])).toEqual([
      [
        'linked.md',
        'linked.md: cannot be read: it was listed as a file, then replaced by a symbolic link before it was read (a link is followed only as the folder is listed); load the folder again.',
      ],
    ]);
  });
});

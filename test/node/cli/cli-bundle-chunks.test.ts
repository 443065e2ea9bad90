// A rebuild of the CLI bundle keeps the chunks of the bundle it replaces for a week, so a process
// started from that bundle (`lens start` serving browser mode while `npm test` builds again) still
// finds the parts it imports lazily by their hashed names.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempFolders } from '../../support/temp-folders';
import { REPO_ROOT } from '../../support/test-env';

interface BuildScript {
  readonly KEEP_CHUNKS_MS: number;
  keepRecentChunks(oldChunks: string, newChunks: string, now?: number): void;
  buildCli(outDir: string): Promise<string[]>;
}

// The build script is plain JavaScript (it runs before anything is compiled): imported by its URL.
const script = () => import(pathToFileURL(path.join(REPO_ROOT, 'scripts', 'build-cli.mjs')).href) as Promise<BuildScript>;

const DAY_MS = 24 * 60 * 60 * 1000;

describe('keepRecentChunks', () => {
  const { tempDir } = useTempFolders('lens-cli-chunks-');

  function chunkAt(dir: string, name: string, text: string, mtimeMs: number): string {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.utimesSync(file, new Date(mtimeMs), new Date(mtimeMs));
    return file;
  }

  it('copies the old chunks the new build lacks, with their times, and leaves those built more than a week ago', async () => {
    const { keepRecentChunks, KEEP_CHUNKS_MS } = await script();
    expect(KEEP_CHUNKS_MS).toBe(7 * DAY_MS);
    const now = Date.parse('2026-12-06T12:00:00Z');
    const root = tempDir();
    const [before, after] = [path.join(root, 'old'), path.join(root, 'new')];
    chunkAt(before, 'reader-OLD1.mjs', 'old reader', now - DAY_MS);
    chunkAt(before, 'ancient-OLD2.mjs', 'ancient', now - 8 * DAY_MS);
    chunkAt(before, 'same-HASH.mjs', 'old copy', now - DAY_MS);
    chunkAt(after, 'same-HASH.mjs', 'new copy', now);
    chunkAt(after, 'reader-NEW1.mjs', 'new reader', now);

    keepRecentChunks(before, after, now);

    expect(fs.readdirSync(after).sort()).toEqual(['reader-NEW1.mjs', 'reader-OLD1.mjs', 'same-HASH.mjs']);
    expect(fs.readFileSync(path.join(after, 'reader-OLD1.mjs'), 'utf8')).toBe('old reader');
    expect(fs.statSync(path.join(after, 'reader-OLD1.mjs')).mtimeMs).toBe(now - DAY_MS);
    // A name the new build has is the new build's file.
    expect(fs.readFileSync(path.join(after, 'same-HASH.mjs'), 'utf8')).toBe('new copy');
  });

  it('does nothing when there was no bundle before', async () => {
    const { keepRecentChunks } = await script();
    const root = tempDir();
    keepRecentChunks(path.join(root, 'missing'), path.join(root, 'new'));
    expect(fs.existsSync(path.join(root, 'new'))).toBe(false);
  });

  it('a rebuild keeps a chunk a process started from the old bundle may still import', { timeout: 60_000 }, async () => {
    const { buildCli } = await script();
    const outDir = path.join(tempDir(), 'dist-cli');
    await buildCli(outDir);
    const lazyPart = chunkAt(path.join(outDir, 'chunks'), 'an-earlier-build-ABCD1234.mjs', 'export const part = 1;\n', Date.now() - DAY_MS);
    const built = fs.readdirSync(path.join(outDir, 'chunks')).filter((name) => name !== path.basename(lazyPart));
    await buildCli(outDir);
    const rebuilt = fs.readdirSync(path.join(outDir, 'chunks'));
    expect(rebuilt).toContain(path.basename(lazyPart));
    expect(rebuilt).toEqual(expect.arrayContaining(built));
    expect(fs.existsSync(path.join(outDir, 'lens-cli.mjs'))).toBe(true);
  });
});

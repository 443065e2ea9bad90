import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Temporary folders for one test file, removed after each test. `folderWith` writes the given
 * files (text or bytes, in sub-folders as named) into a new folder.
 */
export function useTempFolders(prefix = 'lens-docs-'): {
  tempDir: (name?: string) => string;
  write: (dir: string, files: Record<string, string | Uint8Array>) => string;
  folderWith: (files: Record<string, string | Uint8Array>) => string;
} {
  const created: string[] = [];
  afterEach(() => {
    for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = (name = prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
    created.push(dir);
    return dir;
  };
  const write = (dir: string, files: Record<string, string | Uint8Array>) => {
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    return dir;
  };
  return { tempDir, write, folderWith: (files) => write(tempDir(), files) };
}

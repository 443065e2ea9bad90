import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The Electron binary, or why it is not there (its download is unreachable on some machines). */
function electronBinary(): { path: string } | { missing: string } {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = path.join(packageDir, 'path.txt');
  const binary = fs.existsSync(pathFile) ? path.join(packageDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim()) : null;
  if (!binary || !fs.existsSync(binary))
    return { missing: 'the Electron binary is not installed on this machine (its download was not reachable)' };
  if (process.platform === 'linux' && !process.env.DISPLAY)
    return { missing: 'there is no display (DISPLAY is unset) for an Electron window' };
  return { path: binary };
}

const binary = electronBinary();

test('the desktop app opens its window through the IPC door', async () => {
  test.skip(
    'missing' in binary,
    `Skipped: ${'missing' in binary ? binary.missing : ''}; the same renderer and handlers are tested in Chromium through browser mode, and the IPC door and the vaults under Node (test/node/api/ipc-door.test.ts, test/node/secrets/).`,
  );
  const app = await electron.launch({ executablePath: (binary as { path: string }).path, args: [ROOT] });
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('nav-workbench')).toBeVisible();
    const door = await window.evaluate(() => typeof (window as unknown as { lensIpc?: unknown }).lensIpc);
    expect(door).toBe('object');
  } finally {
    await app.close();
  }
});

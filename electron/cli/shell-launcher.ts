import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { appRoot } from '../app-home';
import { wordCliMessage } from '../../shared/cli-messages';

/** Where the Electron binary is, or why it cannot be used here (said in one sentence). */
export type ElectronAvailability =
  { readonly available: true; readonly binary: string } | { readonly available: false; readonly reason: string };

/**
 * Finds the Electron binary the npm package downloads on first use, without importing `electron`
 * (which only the shell may do). Also refuses when there is no display to open a window on.
 */
export function electronAvailability(env: NodeJS.ProcessEnv = process.env): ElectronAvailability {
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { available: false, reason: wordCliMessage('electron_package_missing') };
  }
  const pathFile = path.join(packageDir, 'path.txt');
  const binary = fs.existsSync(pathFile) ? path.join(packageDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim()) : null;
  if (!binary || !fs.existsSync(binary)) {
    return { available: false, reason: wordCliMessage('electron_binary_missing') };
  }
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { available: false, reason: wordCliMessage('no_display') };
  }
  return { available: true, binary };
}

/** Runs the desktop app (the built main process) and resolves with its exit code. */
export function launchElectron(binary: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [appRoot()], { stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 0));
  });
}

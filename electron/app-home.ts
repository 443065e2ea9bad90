import os from 'node:os';
import path from 'node:path';

/** The app data folder: `LENS_HOME`, else `~/.provenance-lens`. Server data, logs and the trace store live here. */
export function lensHome(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.LENS_HOME?.trim();
  return path.resolve(configured && configured.length > 0 ? configured : path.join(os.homedir(), '.provenance-lens'));
}

/** The repository root (this file lives in `<root>/electron/`), where `resources/` is found. */
export function appRoot(): string {
  return path.resolve(import.meta.dirname, '..');
}

/** A file under `resources/`. */
export function resourcePath(...parts: string[]): string {
  return path.join(appRoot(), 'resources', ...parts);
}

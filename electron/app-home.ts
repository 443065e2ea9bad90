import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The app data folder: `LENS_HOME`, else `~/.provenance-lens`. Server data, logs and the trace store live here. */
export function lensHome(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.LENS_HOME?.trim();
  return path.resolve(configured && configured.length > 0 ? configured : path.join(os.homedir(), '.provenance-lens'));
}

/**
 * The app's root folder (where `resources/` and the built renderer are): the nearest folder above
 * this module with the project's package.json, so it is right both from the sources and from the
 * bundled main process in `dist/electron/`.
 */
export function appRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && /"name":\s*"provenance-lens"/.test(fs.readFileSync(manifest, 'utf8'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(import.meta.dirname, '..');
    dir = parent;
  }
}

/** The app's version, from its package.json. */
export function appVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(appRoot(), 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}

/** A file under `resources/`. */
export function resourcePath(...parts: string[]): string {
  return path.join(appRoot(), 'resources', ...parts);
}

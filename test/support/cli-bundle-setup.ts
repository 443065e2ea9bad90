// Vitest global setup: the tests run `lens` as a user does, through the bundle in dist-cli/, so the
// bundle is rebuilt first when it is missing or older than the sources (a quick esbuild run). Then no
// test sees the launcher's fallback note, and none runs old code.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './test-env';

/** Builds the CLI bundle unless it already matches the sources. */
export function setup(): void {
  const printed = execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-cli.mjs'), '--if-stale'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (printed.trim()) process.stderr.write(`[cli] ${printed.trim()}\n`);
}

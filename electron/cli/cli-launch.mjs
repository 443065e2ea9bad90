// How `lens` starts: the bundled CLI in dist-cli/ (built during `npm ci` by the `prepare` script)
// when it is there and matches the sources, else the TypeScript sources through tsx, with a one-line
// note on stderr saying why. Plain JavaScript: it runs before anything can transpile TypeScript.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_DIR, bundleState } from './cli-bundle-stamp.mjs';

/** The app's root folder, two levels above this file. */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * Runs the CLI on `argv` (shaped like process.argv) and resolves with its exit code and which build
 * ran it: `bundle` or `sources`.
 * @param {{ argv: string[], bundleDir?: string }} options
 * @returns {Promise<{ ran: 'bundle' | 'sources', exitCode: number }>}
 */
export async function launch({ argv, bundleDir = path.join(ROOT, BUNDLE_DIR) }) {
  const bundle = bundleState(ROOT, bundleDir);
  if (bundle.state === 'fresh') {
    const { main } = await import(pathToFileURL(bundle.entry).href);
    return { ran: 'bundle', exitCode: await main(argv) };
  }
  process.stderr.write(
    `lens: ${bundle.reason}; running the TypeScript sources instead (slower start). \`npm run build:cli\` builds the bundle.\n`,
  );
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('./lens-cli.ts');
  return { ran: 'sources', exitCode: await main(argv) };
}

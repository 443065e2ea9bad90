// `npm run build:cli`: bundles the CLI into dist-cli/ (`prepare` runs it during `npm ci`), so `lens`
// starts without transpiling TypeScript. One ES module per lazily imported part (code splitting), so
// `lens --version` loads little; the native better-sqlite3 and neo4j-driver stay in node_modules.
// Writes the build stamp the launcher checks (electron/cli/cli-bundle-stamp.mjs). Needs no network.
//   --if-stale     build only when the bundle is missing or older than its sources (the test setup)
//   --if-possible  without esbuild (an install without dev dependencies), say so and exit 0: lens
//                  then runs from the sources
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BUNDLE_DIR, bundleState, writeBuildStamp } from '../electron/cli/cli-bundle-stamp.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Lets bundled CommonJS packages (commander, yaml…) `require` Node's own modules from an ES module. */
const REQUIRE_BANNER = "import { createRequire as __lensRequire } from 'node:module'; const require = __lensRequire(import.meta.url);";

/**
 * Builds the bundle into `outDir` (a fresh folder: the old one is replaced only once the new one is
 * complete) and returns the source files that went into it.
 * @param {string} outDir
 */
export async function buildCli(outDir = path.join(ROOT, BUNDLE_DIR)) {
  const esbuild = await import('esbuild');
  const building = `${outDir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: { 'lens-cli': 'electron/cli/lens-cli.ts' },
      outdir: building,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      chunkNames: 'chunks/[name]-[hash]',
      // The driver's bolt connection stays outside with the driver: electron/graph/bolt-write-coalescing.ts
      // wraps its chunker, which must be the one instance the driver itself loads.
      external: ['better-sqlite3', 'neo4j-driver', 'neo4j-driver-bolt-connection'],
      banner: { js: REQUIRE_BANNER },
      metafile: true,
      logLevel: 'warning',
    });
    // Sources only: node_modules change with `npm ci`, which runs this build again.
    const sources = Object.keys(result.metafile.inputs).filter((input) => !input.split('/').includes('node_modules'));
    writeBuildStamp(ROOT, building, [...sources, 'scripts/build-cli.mjs', 'electron/cli/cli-bundle-stamp.mjs']);
    keepRecentChunks(path.join(outDir, 'chunks'), path.join(building, 'chunks'));
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.renameSync(building, outDir);
    return sources;
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

/** How long a chunk of an earlier build is kept beside the new one: a week. */
export const KEEP_CHUNKS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Copies the chunks of the bundle being replaced that the new one lacks into it, with their times,
 * unless built more than {@link KEEP_CHUNKS_MS} ago. A process started from the old bundle (`lens
 * start` serving browser mode while `npm test` or `npm ci` builds again) imports its parts lazily,
 * by their hashed names: without them, its next screen failed with "Cannot find module
 * …/chunks/x-HASH.mjs". A chunk's name is its content's hash, so an old one never replaces a new one.
 * @param {string} oldChunks
 * @param {string} newChunks
 * @param {number} [now]
 */
export function keepRecentChunks(oldChunks, newChunks, now = Date.now()) {
  let names;
  try {
    names = fs.readdirSync(oldChunks);
  } catch {
    return;
  }
  fs.mkdirSync(newChunks, { recursive: true });
  for (const name of names) {
    const from = path.join(oldChunks, name);
    const to = path.join(newChunks, name);
    const stat = fs.statSync(from, { throwIfNoEntry: false });
    if (!stat?.isFile() || now - stat.mtimeMs > KEEP_CHUNKS_MS || fs.existsSync(to)) continue;
    fs.copyFileSync(from, to);
    fs.utimesSync(to, stat.atime, stat.mtime);
  }
}

/** Builds as the flags say, and says what it did on stdout (or why it did not build). */
async function run() {
  const { values } = parseArgs({
    options: { 'if-stale': { type: 'boolean', default: false }, 'if-possible': { type: 'boolean', default: false } },
    strict: true,
  });
  const outDir = path.join(ROOT, BUNDLE_DIR);
  if (values['if-stale'] && bundleState(ROOT, outDir).state === 'fresh') return;
  const started = performance.now();
  try {
    const sources = await buildCli(outDir);
    process.stdout.write(
      `Bundled the CLI (${sources.length} source files) into ${BUNDLE_DIR}/ in ${Math.round(performance.now() - started)} ms\n`,
    );
  } catch (error) {
    if (!values['if-possible'] || error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    process.stdout.write(
      `The CLI was not bundled: esbuild is not installed (${error.message.split('\n')[0]}). lens runs from the TypeScript sources.\n`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();

// The CLI bundle's build stamp: which source files went into `dist-cli/` and what they held. The
// build writes it; the `lens` launcher reads it at every start to tell a fresh bundle from a missing
// or stale one, so a developer's edit never runs as old code. Plain JavaScript: it runs before tsx.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The bundle's folder under the app's root, its entry module and its stamp. */
export const BUNDLE_DIR = 'dist-cli';
export const BUNDLE_ENTRY = 'lens-cli.mjs';
export const STAMP_FILE = 'build-stamp.json';

/** What the stamp keeps of one source file: enough to notice a change without reading it when its time is unchanged. */
function fileFacts(file) {
  const stat = fs.statSync(file);
  return { size: stat.size, mtime_ms: stat.mtimeMs, sha256: sha256Of(file) };
}

function sha256Of(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/**
 * Writes the stamp into `bundleDir`: every source file of `inputs` (paths relative to `root`) with
 * its size, modification time and SHA-256.
 * @param {string} root
 * @param {string} bundleDir
 * @param {readonly string[]} inputs
 */
export function writeBuildStamp(root, bundleDir, inputs) {
  const files = Object.fromEntries([...inputs].sort().map((input) => [input, fileFacts(path.join(root, input))]));
  const stamp = { built_at: new Date().toISOString(), files };
  fs.writeFileSync(path.join(bundleDir, STAMP_FILE), `${JSON.stringify(stamp, null, 1)}\n`);
}

/**
 * Whether one recorded source still holds what the bundle was built from: same size, and the same
 * time or (after a checkout or copy touched it) the same content.
 */
function unchanged(file, facts) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  if (stat.size !== facts.size) return false;
  return stat.mtimeMs === facts.mtime_ms || sha256Of(file) === facts.sha256;
}

/**
 * The bundle in `bundleDir` and whether it may run: `{ state: 'fresh', entry }`, or `missing` /
 * `stale` with the reason in a few words (naming the first changed source). Reads only the stamp and
 * the sources' metadata, unless a source's time changed.
 * @param {string} root
 * @param {string} bundleDir
 * @returns {{ state: 'fresh', entry: string } | { state: 'missing' | 'stale', reason: string }}
 */
export function bundleState(root, bundleDir) {
  const entry = path.join(bundleDir, BUNDLE_ENTRY);
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(bundleDir, STAMP_FILE), 'utf8'));
  } catch {
    return { state: 'missing', reason: `there is no CLI bundle in ${path.relative(root, bundleDir) || bundleDir}/` };
  }
  if (!fs.existsSync(entry) || typeof stamp?.files !== 'object' || stamp.files === null) {
    return { state: 'missing', reason: `the CLI bundle in ${path.relative(root, bundleDir)}/ is incomplete` };
  }
  const changed = Object.entries(stamp.files)
    .filter(([file, facts]) => !unchanged(path.join(root, file), facts))
    .map(([file]) => file);
  if (changed.length === 0) return { state: 'fresh', entry };
  const more = changed.length > 1 ? ` and ${changed.length - 1} more` : '';
  return { state: 'stale', reason: `the CLI bundle is older than ${changed[0]}${more}` };
}

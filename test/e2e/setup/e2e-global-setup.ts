import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { startLensWeb } from './lens-web-process';

// Starts what the end-to-end tests drive, through the real CLI: a Neo4j with the demo graph in its
// own LENS_HOME, and `lens web` on a free port. Tests read the URL from E2E_STATE_FILE.
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const E2E_HOME = process.env.LENS_E2E_HOME ?? path.join(ROOT, '.lens-test', 'e2e-home');
export const E2E_STATE_FILE = path.join(ROOT, 'test-results', 'e2e-state.json');
const LENS = path.join(ROOT, 'electron', 'cli', 'lens.mjs');

function lens(args: string[]): string {
  const result = spawnSync(process.execPath, [LENS, ...args], {
    cwd: ROOT,
    env: { ...process.env, LENS_HOME: E2E_HOME, NEO4J_URI: '' },
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`lens ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const chromium = process.env.LENS_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium))
    throw new Error(`Chromium is not at ${chromium}: install Debian's chromium (apt-get install -y chromium) or set LENS_CHROMIUM.`);
  if (!fs.existsSync(path.join(ROOT, 'dist', 'renderer', 'index.html')))
    throw new Error('The renderer is not built: run `npm run build` first (npm test does).');
  fs.rmSync(path.join(E2E_HOME, 'traces.sqlite'), { force: true });
  // A schema profile loaded in Settings (settings.spec.ts) by a run that stopped halfway must not carry over.
  fs.rmSync(path.join(E2E_HOME, 'profile.json'), { force: true });
  lens(['neo4j', 'stop']);
  lens(['neo4j', 'start', '--port', String(await freePort()), '--heap-mb', '768', '--page-cache-mb', '128']);
  lens(['demo', 'load']);

  const port = await freePort();
  const { url, process: web } = await startLensWeb(E2E_HOME, port);
  fs.mkdirSync(path.dirname(E2E_STATE_FILE), { recursive: true });
  fs.writeFileSync(E2E_STATE_FILE, JSON.stringify({ url, home: E2E_HOME, webPid: web.pid }));
  return async () => {
    web.kill('SIGTERM');
    if (process.env.NEO4J_TEST_KEEP !== '1') lens(['neo4j', 'stop']);
  };
}

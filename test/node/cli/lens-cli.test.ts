import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

describe('the lens command', () => {
  let home: string;

  beforeAll(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-cli-'));
  });

  afterAll(() => {
    fs.rmSync(home, { recursive: true, force: true });
  });

  /** Runs `node electron/cli/lens.mjs …` from the repository root with an empty LENS_HOME and no NEO4J_* settings. */
  function lens(...args: string[]): Promise<CliRun> {
    const env: NodeJS.ProcessEnv = { ...process.env, LENS_HOME: home };
    for (const name of Object.keys(env)) if (name.startsWith('NEO4J_')) delete env[name];
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['electron/cli/lens.mjs', ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('prints help listing start, neo4j, demo, connect and guard, and exits 0', async () => {
    const run = await lens('--help');
    expect(run.code).toBe(0);
    for (const command of ['start', 'neo4j', 'demo', 'connect', 'guard']) expect(run.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
  }, 60_000);

  it('checks the --docs folder of demo load before looking for the server: a missing path, a file or an empty folder exits 2 naming it', async () => {
    const file = path.join(home, 'notes.md');
    fs.writeFileSync(file, '# notes\n');
    const empty = fs.mkdtempSync(path.join(home, 'empty-'));
    for (const [docs, said] of [
      [path.join(home, 'no-such-folder'), 'does not exist'],
      [file, 'is not a folder'],
      [empty, 'holds no document to load'],
    ] as const) {
      // No server runs under this LENS_HOME: the folder is what the user is told about.
      const run = await lens('demo', 'load', '--docs', docs);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`error (invalid_input): ${docs} ${said}`);
      expect(run.stderr).not.toContain('server');
    }
  }, 120_000);

  it('exits 2 on an unknown command, naming it', async () => {
    const run = await lens('frobnicate');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error (invalid_input): `lens` has no command frobnicate.');
  }, 60_000);

  it('exits 2 on neo4j start --port 99999, saying the port must be a whole number in range', async () => {
    const run = await lens('neo4j', 'start', '--port', '99999');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('expected a whole number from 1024 to 65535, got "99999"');
  }, 60_000);

  it('exits 2 on query --alpha that is not a number, naming the flag, before any graph is needed', async () => {
    const run = await lens('query', 'x', '--as', 'u-minjun', '--ranker', 'linear', '--alpha', 'abc');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('The option --alpha of `lens query` does not take "abc": expected a number such as 0.5, got "abc".');
  }, 60_000);

  it('exits 4 on connect with no NEO4J_URI and no demo server, saying it is not running and how to start it', async () => {
    const run = await lens('connect');
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('not running');
    expect(run.stderr).toContain('lens neo4j start');
  }, 60_000);

  it('exits 4 on guard check with no server configured, reporting unavailable rather than a verdict', async () => {
    const run = await lens('guard', 'check', 'x');
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('error (unavailable)');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\b(refused|allowed)\b/);
  }, 60_000);

  it('prints the guard check failure as JSON on stdout with --json', async () => {
    const run = await lens('guard', 'check', 'MATCH (n) RETURN n', '--json');
    expect(run.code).toBe(4);
    expect((JSON.parse(run.stdout) as { error: { kind: string } }).error.kind).toBe('unavailable');
  }, 60_000);

  it('exits 6 on principals remove of an id that is not in the local list, saying so, and needs no graph for it', async () => {
    const run = await lens('principals', 'remove', 'u-nobody');
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('error (not_found): There is no local principal u-nobody to remove.');
  }, 60_000);

  it('imports a principal and removes it again without a graph; a second remove exits 6', async () => {
    const file = path.join(home, 'principals.yaml');
    fs.writeFileSync(file, '- { principal_id: u-widened, workspace_id: ws-nurion, groups: [g-hr] }\n');
    expect((await lens('principals', 'import', file)).code).toBe(0);
    const removed = await lens('principals', 'remove', 'u-widened', '--json');
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ removed: { principal_id: 'u-widened', source: 'import', groups: ['g-hr'] } });
    const again = await lens('principals', 'remove', 'u-widened', '--json');
    expect(again.code).toBe(6);
    expect(JSON.parse(again.stdout)).toMatchObject({ error: { kind: 'not_found' } });
  }, 60_000);
});

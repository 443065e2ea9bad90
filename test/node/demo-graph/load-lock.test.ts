import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { loadDemo } from '../../../electron/demo-graph/demo-loader';
import { acquireLoadLock, loadLockFile, runningLoad, type LoadLockDeps } from '../../../electron/demo-graph/load-lock';
import { loadSyntheticGraph } from '../../../electron/demo-graph/synthetic-load';
import { processStart } from '../../../electron/neo4j-server/server-state';
import { EnvironmentVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { wordCore } from '../../../shared/core-catalogues';
import { LensError } from '../../../shared/lens-error';
import { useTempFolders } from '../../support/temp-folders';

const GOOD = '---\ntitle: Use Postgres\nvisibility: public\nworkspace_id: ws-a\n---\n# Use Postgres\n\nWe use Postgres.\n';

/** A machine on which the processes in `running` are alive and no other. */
function machine(pid: number, running: readonly number[], at = '2026-12-05T09:00:00.000Z'): LoadLockDeps {
  return { pid, now: () => new Date(at), alive: (other) => running.includes(other) };
}

/** The error `work` throws. */
function thrown(work: () => unknown): LensError {
  try {
    work();
  } catch (error) {
    if (error instanceof LensError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the demo server’s load lock: one load at a time', () => {
  const { tempDir } = useTempFolders('lens-load-lock-');

  it('is held in a file beside the server’s state naming the process, the start, the door and what loads, and released', () => {
    const home = tempDir();
    const lock = acquireLoadLock(home, { door: 'screen', source: '/home/me/adrs' }, machine(4242, [4242]));
    expect(lock.file).toBe(path.join(home, 'neo4j', 'load.lock'));
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toEqual({
      pid: 4242,
      started_at: '2026-12-05T09:00:00.000Z',
      door: 'screen',
      source: '/home/me/adrs',
    });
    expect(runningLoad(home, { alive: (pid) => pid === 4242 })).toMatchObject({ pid: 4242, source: '/home/me/adrs' });
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    expect(fs.readdirSync(path.dirname(lock.file))).toEqual([]);
  });

  it('refuses a second load while the first one’s process runs, naming it, since when and from which door', () => {
    const home = tempDir();
    const first = acquireLoadLock(home, { door: 'screen', source: '/home/me/adrs' }, machine(4242, [4242, 5151]));
    const refusal = thrown(() => acquireLoadLock(home, { door: 'command', source: 'demo corpus' }, machine(5151, [4242, 5151])));
    expect(refusal.kind).toBe('conflict');
    expect(refusal.said).toMatchObject({
      code: 'error_server:demo_load_running',
      params: { source: '/home/me/adrs', since: '2026-12-05T09:00:00.000Z', pid: '4242' },
    });
    expect(refusal.message).toBe(
      'Another load into the local demo server is running: /home/me/adrs, started at 2026-12-05T09:00:00.000Z from the app (process 4242). Two loads at once would leave a mix of both in the graph, so this one did not start.',
    );
    expect(refusal.hint).toBe(
      `Wait for it to finish, then run lens demo load again. If no load is running (that process is now something else), delete ${first.file}.`,
    );
    expect(wordCore(refusal.said!, 'ko')).toContain('앱에서 시작(프로세스 4242)');
    // The first load's lock is untouched by the refusal.
    expect(JSON.parse(fs.readFileSync(first.file, 'utf8'))).toMatchObject({ pid: 4242 });
  });

  it('words the refusal for the app: the demo corpus named in the reader’s language, and "load again"', () => {
    const home = tempDir();
    acquireLoadLock(home, { door: 'command', source: 'demo corpus' }, machine(4242, [4242]));
    const refusal = thrown(() => acquireLoadLock(home, { door: 'screen', source: '/x' }, machine(4242, [4242])));
    expect(refusal.message).toContain('running: demo corpus, started at 2026-12-05T09:00:00.000Z from a lens command (process 4242)');
    expect(refusal.hint).toMatch(/^Wait for it to finish, then load again\./);
    expect(wordCore(refusal.said!, 'ko')).toContain('데모 코퍼스');
    expect(wordCore(refusal.hintSaid!, 'ko')).toContain('다시 불러오세요');
  });

  it('takes over a lock whose process is gone (a load killed part way), and one whose file names no load', () => {
    const home = tempDir();
    acquireLoadLock(home, { door: 'command', source: '/old' }, machine(4242, [4242]));
    // 4242 has died: the next load takes the lock.
    const next = acquireLoadLock(home, { door: 'screen', source: '/new' }, machine(5151, [5151], '2026-12-05T10:00:00.000Z'));
    expect(JSON.parse(fs.readFileSync(next.file, 'utf8'))).toMatchObject({ pid: 5151, source: '/new' });
    next.release();
    fs.writeFileSync(next.file, 'not a lock');
    const after = acquireLoadLock(home, { door: 'command', source: '/again' }, machine(6161, [6161]));
    expect(JSON.parse(fs.readFileSync(after.file, 'utf8'))).toMatchObject({ pid: 6161 });
    expect(fs.readdirSync(path.dirname(after.file))).toEqual(['load.lock']);
  });

  it('takes over a lock whose pid the system has given to a later process (it records when its process started)', () => {
    const home = tempDir();
    const starts = new Map([[4242, '1000']]);
    const startOf = (pid: number) => starts.get(pid) ?? null;
    const first = acquireLoadLock(home, { door: 'command', source: '/old' }, { ...machine(4242, [4242]), startOf });
    expect(JSON.parse(fs.readFileSync(first.file, 'utf8'))).toMatchObject({ pid: 4242, pid_start: '1000' });
    // Still that process: refused.
    expect(thrown(() => acquireLoadLock(home, { door: 'screen', source: '/new' }, { ...machine(5151, [4242, 5151]), startOf })).kind).toBe(
      'conflict',
    );
    expect(runningLoad(home, { alive: () => true, startOf })).toMatchObject({ pid: 4242 });
    // 4242 died and a later process got its pid: the lock is stale.
    starts.set(4242, '2000');
    expect(runningLoad(home, { alive: () => true, startOf })).toBeNull();
    const next = acquireLoadLock(home, { door: 'screen', source: '/new' }, { ...machine(5151, [4242, 5151]), startOf });
    expect(JSON.parse(fs.readFileSync(next.file, 'utf8'))).toMatchObject({ pid: 5151, source: '/new' });
    next.release();
  });

  it('keeps a lock whose start the system does not say, or that an older version wrote without one, while its pid runs', () => {
    const home = tempDir();
    fs.mkdirSync(path.dirname(loadLockFile(home)), { recursive: true });
    fs.writeFileSync(
      loadLockFile(home),
      JSON.stringify({ pid: 4242, started_at: '2026-12-05T09:00:00.000Z', door: 'command', source: '/old' }),
    );
    expect(runningLoad(home, { alive: () => true, startOf: () => '2000' })).toMatchObject({ pid: 4242 });
    fs.writeFileSync(
      loadLockFile(home),
      JSON.stringify({ pid: 4242, pid_start: '1000', started_at: '2026-12-05T09:00:00.000Z', door: 'command', source: '/old' }),
    );
    expect(runningLoad(home, { alive: () => true, startOf: () => null })).toMatchObject({ pid: 4242 });
  });

  it('reads when a process started from the system, the same for one process and different for another', () => {
    const mine = processStart(process.pid);
    if (process.platform !== 'linux') return expect(mine).toBeNull();
    expect(mine).toMatch(/^\d+$/);
    expect(processStart(process.pid)).toBe(mine);
    expect(processStart(1)).not.toBe(mine);
    expect(processStart(2 ** 22 + 7)).toBeNull();
  });

  it('releases only its own lock: one another load took over stays', () => {
    const home = tempDir();
    const mine = acquireLoadLock(home, { door: 'command', source: '/a' }, machine(4242, []));
    // Judged stale by another process (4242 not seen as running there) and taken over.
    const theirs = acquireLoadLock(home, { door: 'command', source: '/b' }, machine(5151, [5151]));
    mine.release();
    expect(JSON.parse(fs.readFileSync(theirs.file, 'utf8'))).toMatchObject({ pid: 5151, source: '/b' });
  });

  it('is taken by lens demo load before anything else and released however the load ends', async () => {
    const home = tempDir();
    const docs = tempDir();
    fs.writeFileSync(path.join(docs, 'a.md'), GOOD);
    // A live process (this one) holds the lock: the load is refused before it looks for a server.
    const other = acquireLoadLock(home, { door: 'screen', source: '/other' }, { ...machine(process.pid, []), alive: () => true });
    await expect(loadDemo({ docsDir: docs, home, env: {} })).rejects.toMatchObject({
      kind: 'conflict',
      said: { code: 'error_server:demo_load_running' },
    });
    other.release();
    // No server runs under this home: the load fails, and its lock goes with it.
    await expect(loadDemo({ docsDir: docs, home, env: {} })).rejects.toMatchObject({
      said: { code: 'error_server:demo_server_not_running' },
    });
    expect(fs.existsSync(loadLockFile(home))).toBe(false);
  });

  it('is taken by the synthetic load too (lens demo synth writes the same server)', async () => {
    const home = tempDir();
    const other = acquireLoadLock(home, { door: 'command', source: '/other' }, { ...machine(process.pid, []), alive: () => true });
    await expect(loadSyntheticGraph({ chunks: 10, seed: 1, selectivities: [1], home, env: {} })).rejects.toMatchObject({
      kind: 'conflict',
      said: { code: 'error_server:demo_load_running' },
    });
    other.release();
  });
});

describe('demo.load and demo.reload while a load runs', () => {
  const { tempDir } = useTempFolders('lens-load-lock-op-');
  let hub: ServiceHub | null = null;
  afterEach(async () => {
    await hub?.close();
    hub = null;
  });

  it.each(['demo.load', 'demo.reload'])('%s is refused at once, worded for the app, before a job starts', async (name) => {
    const home = path.join(tempDir(), 'home');
    const docs = tempDir();
    fs.writeFileSync(path.join(docs, 'a.md'), GOOD);
    acquireLoadLock(home, { door: 'command', source: '/cli-folder' }, { ...machine(process.pid, []), alive: () => true });
    const env = { LENS_HOME: home };
    hub = new ServiceHub(env, new EnvironmentVault(env));
    const answer = await dispatch(createLensHandlers(hub, 'http', '9.9.9'), name, name === 'demo.load' ? { docs } : {});
    expect(answer.ok ? answer.value : answer.error).toMatchObject({
      kind: 'conflict',
      message_code: 'error_server:demo_load_running',
      message_params: { source: '/cli-folder', pid: String(process.pid) },
      hint_code: 'error_server:demo_load_running_screen_hint',
    });
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  localServerStatus,
  runningServer,
  startLocalServer,
  stopLocalServer,
  waitUntilReady,
} from '../../../electron/neo4j-server/local-server';
import { readServerState, serverPaths, writeServerState, type ServerState } from '../../../electron/neo4j-server/server-state';
import { errorOf, rejectionOf } from '../../support/lens-error-of';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number.parseInt(child.stdout, 10);
}

function stateFor(home: string, pid: number): ServerState {
  const paths = serverPaths(home);
  return {
    pid,
    port: 17687,
    bolt_uri: 'bolt://127.0.0.1:17687',
    neo4j_version: '5.26.30',
    dbms_home: paths.dbmsHome('5.26.30'),
    log_file: paths.logFile('5.26.30'),
    java_home: '/usr/lib/jvm/java-17-openjdk-amd64',
    started_at: '2026-01-01T00:00:00.000Z',
  };
}

function writeState(home: string, pid: number): void {
  const paths = serverPaths(home);
  fs.mkdirSync(paths.root, { recursive: true });
  writeServerState(paths, stateFor(home, pid));
}

describe('local server error paths that need no running Neo4j', () => {
  let tmp: string;
  let home: string;
  let occupier: net.Server | null = null;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-server-'));
    home = path.join(tmp, 'home');
  });

  afterEach(async () => {
    if (occupier) await new Promise<void>((resolve) => occupier?.close(() => resolve()));
    occupier = null;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function occupyLoopbackPort(): Promise<number> {
    const server = net.createServer();
    occupier = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return (server.address() as net.AddressInfo).port;
  }

  it('refuses a port in use as conflict, naming the port and suggesting another one', async () => {
    const port = await occupyLoopbackPort();
    const error = await rejectionOf(startLocalServer({ home, port }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain(`Port ${port}`);
    expect(error.hint).toContain(`--port ${port + 1}`);
  });

  it('releases the start lock after refusing a port in use', async () => {
    const port = await occupyLoopbackPort();
    await rejectionOf(startLocalServer({ home, port }));
    expect(fs.existsSync(serverPaths(home).lockFile)).toBe(false);
  });

  // Linux only: elsewhere the system does not say when a process started, so a reused pid is still taken for the holder.
  it.skipIf(process.platform !== 'linux')(
    'takes over a start lock whose pid now belongs to a later process (Linux: it records when its process started)',
    async () => {
      const paths = serverPaths(home);
      fs.mkdirSync(paths.root, { recursive: true });
      // This process is alive, but it is not the one that wrote the lock: that one started at another time.
      fs.writeFileSync(paths.lockFile, `${process.pid} 1`);
      const port = await occupyLoopbackPort();
      const error = await rejectionOf(startLocalServer({ home, port }));
      expect(error.kind).toBe('conflict');
      expect(error.message).toContain(`Port ${port}`);
      expect(fs.existsSync(paths.lockFile)).toBe(false);
    },
    20_000,
  );

  it('reports a LENS_HOME below a regular file as io, naming the folder', async () => {
    const file = path.join(tmp, 'file.txt');
    fs.writeFileSync(file, 'not a folder');
    const blocked = path.join(file, 'home');
    // An occupied port as well, so a missed check ends in a conflict rather than a real start.
    const port = await occupyLoopbackPort();
    const error = await rejectionOf(startLocalServer({ home: blocked, port }));
    expect(error.kind).toBe('io');
    expect(error.message).toContain(serverPaths(blocked).root);
    expect(error.hint).toContain('LENS_HOME');
  });

  it('stops nothing on an empty home and says so', async () => {
    const result = await stopLocalServer({ home });
    expect(result.stopped).toBe(false);
    expect(result.message).toContain('No demo server');
  });

  it('reports an empty home as not running', async () => {
    const status = await localServerStatus(home);
    expect(status).toMatchObject({ running: false, answering: false, state: null, home });
  });

  it('finds no running server to connect to on an empty home', () => {
    expect(runningServer(home)).toBeNull();
  });

  it('reports a state file naming a dead pid as not running, keeping the recorded state', async () => {
    const pid = deadPid();
    writeState(home, pid);
    const status = await localServerStatus(home);
    expect(status.running).toBe(false);
    expect(status.state?.pid).toBe(pid);
    expect(status.message).toContain(`pid ${pid}`);
  });

  it('reports a state file naming a live process that is not our launcher as not running', async () => {
    writeState(home, process.pid);
    expect((await localServerStatus(home)).running).toBe(false);
  });

  it('clears a stale state naming a live foreign process without signalling it', async () => {
    writeState(home, process.pid);
    const result = await stopLocalServer({ home, graceMs: 100 });
    expect(result.stopped).toBe(false);
    expect(result.message).toContain('stale state was removed');
    expect(fs.existsSync(serverPaths(home).stateFile)).toBe(false);
    expect(() => process.kill(process.pid, 0)).not.toThrow();
  });

  it('clears a stale state naming a dead pid', async () => {
    writeState(home, deadPid());
    const result = await stopLocalServer({ home });
    expect(result.stopped).toBe(false);
    expect(readServerState(serverPaths(home))).toBeNull();
  });

  it('reports a damaged state file as io from readServerState, naming the file', () => {
    const paths = serverPaths(home);
    fs.mkdirSync(paths.root, { recursive: true });
    fs.writeFileSync(paths.stateFile, '{"pid": 12, "port": ');
    const error = errorOf(() => readServerState(paths));
    expect(error.kind).toBe('io');
    expect(error.message).toContain(paths.stateFile);
  });

  it('reports a state file with the wrong shape as io from readServerState', () => {
    const paths = serverPaths(home);
    fs.mkdirSync(paths.root, { recursive: true });
    fs.writeFileSync(paths.stateFile, JSON.stringify({ pid: -1, port: 'x' }));
    expect(errorOf(() => readServerState(paths)).kind).toBe('io');
  });

  it('reads back the state written by writeServerState', () => {
    writeState(home, 4242);
    expect(readServerState(serverPaths(home))).toEqual(stateFor(home, 4242));
  });

  it('tells each second waited for a starting server once, though it checks twice a second', async () => {
    vi.useFakeTimers();
    try {
      const state = stateFor(home, 1);
      fs.mkdirSync(path.dirname(state.log_file), { recursive: true });
      fs.writeFileSync(state.log_file, 'starting\n');
      let exitCode: number | null = null;
      const told: unknown[] = [];
      const waiting = waitUntilReady(
        state,
        'pw',
        60_000,
        (event) => told.push(event.said?.params?.seconds),
        () => exitCode,
      );
      const failed = rejectionOf(waiting);
      await vi.advanceTimersByTimeAsync(3_200);
      exitCode = 1;
      await vi.advanceTimersByTimeAsync(500);
      const error = await failed;
      expect([error.kind, error.said?.code]).toEqual(['unavailable', 'error_server:exited_during_start']);
      expect(told).toEqual([0, 1, 2, 3]);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { silentProgress, type ProgressSink } from '../../shared/progress-event';
import { lensHome, resourcePath } from '../app-home';
import { boltAnswers } from './bolt-probe';
import { selectJavaFor, type JavaRuntime } from './java-runtime';
import { resolveNeo4jClasspath } from './maven-classpath';
import { DEFAULT_NEO4J_VERSION, parseNeo4jVersion } from './neo4j-versions';
import {
  DEFAULT_BOLT_PORT,
  assertWritable,
  clearServerState,
  demoPassword,
  readServerState,
  serverPaths,
  writeServerState,
  type ServerPaths,
  type ServerState,
  processAlive,
  processStart,
} from './server-state';
import { progressEvent } from '../../shared/progress-messages';

const run = promisify(execFile);

/**
 * The demo server's own transaction timeout (db.transaction.timeout), a backstop behind the
 * per-query timeout the gateway sends: a transaction a client abandoned ends within two minutes
 * even if nobody terminates it. Well above a request's deadline (the CLI's default is 10 s) and
 * above the demo loader's longest write transaction.
 */
export const DEMO_TRANSACTION_TIMEOUT_SECONDS = 120;
const LAUNCHER_CLASS = 'LensNeo4jServer';

/** Options of `lens neo4j start`. */
export interface StartOptions {
  readonly home?: string;
  readonly version?: string;
  readonly port?: number;
  readonly heapMb?: number;
  readonly pageCacheMb?: number;
  readonly readyTimeoutMs?: number;
  readonly progress?: ProgressSink;
  readonly env?: NodeJS.ProcessEnv;
}

/** How to reach a running demo server. */
export interface RunningServer {
  readonly boltUri: string;
  readonly user: string;
  readonly password: string;
  readonly version: string;
  readonly pid: number;
  readonly reused: boolean;
  readonly startupMs: number;
  readonly logFile: string;
  readonly dbmsHome: string;
}

/** What `lens neo4j status` reports. */
export interface ServerStatus {
  readonly running: boolean;
  readonly answering: boolean;
  readonly state: ServerState | null;
  readonly home: string;
  readonly message: string;
}

/** True when `pid` is our launcher, so a recycled pid is never signalled by mistake. */
function isOurLauncher(pid: number): boolean {
  if (!processAlive(pid)) return false;
  const cmdline = `/proc/${pid}/cmdline`;
  if (!fs.existsSync('/proc/self/cmdline')) return true;
  try {
    return fs.readFileSync(cmdline, 'utf8').includes(LAUNCHER_CLASS);
  } catch {
    return false;
  }
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The last lines of a log, for error messages about a server that would not start. */
export function logTail(file: string, lines = 25): string {
  if (!fs.existsSync(file)) return '(no log was written)';
  return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

async function compileLauncher(java: JavaRuntime, distDir: string, classpath: string[]): Promise<string> {
  const source = resourcePath('neo4j', `${LAUNCHER_CLASS}.java`);
  const classesDir = path.join(distDir, `classes-java${java.feature}`);
  const compiled = path.join(classesDir, `${LAUNCHER_CLASS}.class`);
  if (fs.existsSync(compiled) && fs.statSync(compiled).mtimeMs >= fs.statSync(source).mtimeMs) return classesDir;
  fs.mkdirSync(classesDir, { recursive: true });
  try {
    await run(java.javac, ['-cp', classpath.join(path.delimiter), '-d', classesDir, source], { timeout: 120_000 });
  } catch (error) {
    throw codedError('environment', serverError('launcher_compile', { javac: java.javac }), {
      hint: serverError('launcher_compile_hint'),
      detail: String((error as { stderr?: string }).stderr ?? error),
      cause: error,
    });
  }
  return classesDir;
}

/** Takes the start lock so two `lens neo4j start` never launch two servers on one folder. */
async function withStartLock<T>(paths: ServerPaths, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(paths.root, { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      // The pid, and when that process started where the system says (a later process given the same pid is no holder).
      fs.writeFileSync(paths.lockFile, [process.pid, processStart(process.pid)].filter((part) => part !== null).join(' '), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText = '', started] = fs.readFileSync(paths.lockFile, 'utf8').trim().split(' ');
      const holder = Number.parseInt(pidText, 10);
      const current = started === undefined ? null : processStart(holder);
      if (!Number.isFinite(holder) || !processAlive(holder) || (current !== null && current !== started)) {
        fs.rmSync(paths.lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw codedError('conflict', serverError('start_lock_held', { pid: String(holder), file: paths.lockFile }), {
          hint: serverError('start_lock_held_hint'),
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(paths.lockFile, { force: true });
  }
}

/** How often a starting server's log and Bolt port are checked. */
const READY_POLL_MS = 500;

/** Waits until the server's log says it is ready and Bolt answers, telling the seconds waited once each; exported for its unit test. */
export async function waitUntilReady(
  state: ServerState,
  password: string,
  timeoutMs: number,
  progress: ProgressSink,
  exited: () => number | null,
): Promise<void> {
  const started = Date.now();
  // Polled twice a second, told once a second: the same "… N s" twice would read as a stall.
  let toldSeconds = -1;
  for (;;) {
    const code = exited();
    if (code !== null) {
      throw codedError('unavailable', serverError('exited_during_start', { version: state.neo4j_version, code }), {
        hint: serverError('exited_during_start_hint', { log: state.log_file }),
        detail: logTail(state.log_file),
      });
    }
    const log = fs.existsSync(state.log_file) ? fs.readFileSync(state.log_file, 'utf8') : '';
    if (log.includes('LENS-READY') && (await boltAnswers(state.bolt_uri, 'neo4j', password))) return;
    const elapsed = Date.now() - started;
    if (elapsed > timeoutMs) {
      throw codedError('timeout', serverError('no_answer', { uri: state.bolt_uri, seconds: Math.round(timeoutMs / 1000) }), {
        hint: serverError('no_answer_hint', { pid: state.pid }),
        detail: logTail(state.log_file),
      });
    }
    const seconds = Math.round(elapsed / 1000);
    if (seconds !== toldSeconds) progress(progressEvent('start', 'waiting', { version: state.neo4j_version, seconds }));
    toldSeconds = seconds;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

/**
 * Starts the local demo Neo4j (or reuses the one already running) and waits until Bolt answers.
 * Idempotent: a second call returns the running server with `reused: true`.
 */
export async function startLocalServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const home = options.home ?? lensHome(env);
  const progress = options.progress ?? silentProgress;
  const version = parseNeo4jVersion(options.version ?? DEFAULT_NEO4J_VERSION);
  const port = options.port ?? DEFAULT_BOLT_PORT;
  const paths = serverPaths(home);
  assertWritable(paths.root);

  return withStartLock(paths, async () => {
    const password = demoPassword(paths);
    const existing = readServerState(paths);
    if (existing && isOurLauncher(existing.pid)) {
      if (existing.neo4j_version !== version.text || existing.port !== port) {
        throw codedError(
          'conflict',
          serverError('other_demo_running', { version: existing.neo4j_version, port: existing.port, pid: existing.pid }),
          { hint: serverError('other_demo_running_hint') },
        );
      }
      const before = Date.now();
      await waitUntilReady(existing, password, options.readyTimeoutMs ?? 180_000, progress, () =>
        isOurLauncher(existing.pid) ? null : -1,
      );
      return {
        boltUri: existing.bolt_uri,
        user: 'neo4j',
        password,
        version: existing.neo4j_version,
        pid: existing.pid,
        reused: true,
        startupMs: Date.now() - before,
        logFile: existing.log_file,
        dbmsHome: existing.dbms_home,
      };
    }
    if (existing) clearServerState(paths);

    if (!(await portIsFree(port))) {
      throw codedError('conflict', serverError('port_taken', { port }), { hint: serverError('port_taken_hint', { next: port + 1 }) });
    }
    const java = await selectJavaFor(version, env);
    const distDir = paths.distDir(version.text);
    const classpath = await resolveNeo4jClasspath(version, distDir, progress, env);
    const classesDir = await compileLauncher(java, distDir, classpath);

    const dbmsHome = paths.dbmsHome(version.text);
    assertWritable(dbmsHome);
    const logFile = paths.logFile(version.text);
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    const argFile = path.join(distDir, `launch-java${java.feature}.args`);
    const heapMb = options.heapMb ?? 1024;
    fs.writeFileSync(
      argFile,
      ['-cp', [classesDir, ...classpath].join(path.delimiter)].map((arg) => `"${arg.replaceAll('\\', '\\\\')}"`).join('\n'),
    );
    const javaArgs = [
      `-Xms256m`,
      `-Xmx${heapMb}m`,
      '-XX:+UseG1GC',
      '-Dfile.encoding=UTF-8',
      `@${argFile}`,
      LAUNCHER_CLASS,
      dbmsHome,
      String(port),
      String(options.pageCacheMb ?? 512),
      String(DEMO_TRANSACTION_TIMEOUT_SECONDS),
    ];

    progress(progressEvent('start', 'starting', { version: version.text, java: java.feature, home: java.home }));
    const logFd = fs.openSync(logFile, 'w');
    const startedAt = Date.now();
    const child = spawn(java.java, javaArgs, {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...env, LENS_NEO4J_PASSWORD: password, JAVA_HOME: java.home },
    });
    fs.closeSync(logFd);
    let exitCode: number | null = null;
    child.on('exit', (code, signal) => {
      exitCode = code ?? (signal ? 128 : -1);
    });
    if (child.pid === undefined) {
      throw codedError('environment', serverError('java_launch', { java: java.java }), { hint: serverError('java_launch_hint') });
    }
    child.unref();
    const state: ServerState = {
      pid: child.pid,
      port,
      bolt_uri: `bolt://127.0.0.1:${port}`,
      neo4j_version: version.text,
      dbms_home: dbmsHome,
      log_file: logFile,
      java_home: java.home,
      started_at: new Date(startedAt).toISOString(),
    };
    writeServerState(paths, state);
    try {
      await waitUntilReady(state, password, options.readyTimeoutMs ?? 180_000, progress, () => exitCode);
    } catch (error) {
      if (exitCode !== null) clearServerState(paths);
      throw error;
    }
    progress(progressEvent('start', 'server_ready', { version: version.text, uri: state.bolt_uri }, 1));
    return {
      boltUri: state.bolt_uri,
      user: 'neo4j',
      password,
      version: version.text,
      pid: child.pid,
      reused: false,
      startupMs: Date.now() - startedAt,
      logFile,
      dbmsHome,
    };
  });
}

/** How to reach the running demo server, or null when none runs (no start is attempted). */
export function runningServer(home: string = lensHome()): RunningServer | null {
  const paths = serverPaths(home);
  const state = readServerState(paths);
  if (!state || !isOurLauncher(state.pid) || !fs.existsSync(paths.passwordFile)) return null;
  return {
    boltUri: state.bolt_uri,
    user: 'neo4j',
    password: fs.readFileSync(paths.passwordFile, 'utf8').trim(),
    version: state.neo4j_version,
    pid: state.pid,
    reused: true,
    startupMs: 0,
    logFile: state.log_file,
    dbmsHome: state.dbms_home,
  };
}

/** Stops the demo server cleanly (SIGTERM, then SIGKILL after `graceMs`); stopping nothing is not an error. */
export async function stopLocalServer(options: { home?: string; graceMs?: number } = {}): Promise<{ stopped: boolean; message: string }> {
  const paths = serverPaths(options.home ?? lensHome());
  const state = readServerState(paths);
  if (!state) return { stopped: false, message: 'No demo server is recorded as running.' };
  if (!isOurLauncher(state.pid)) {
    clearServerState(paths);
    return { stopped: false, message: `The demo server (pid ${state.pid}) was no longer running; its stale state was removed.` };
  }
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + (options.graceMs ?? 60_000);
  while (processAlive(state.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  let message = `Stopped Neo4j ${state.neo4j_version} (pid ${state.pid}).`;
  if (processAlive(state.pid)) {
    process.kill(state.pid, 'SIGKILL');
    message = `Neo4j ${state.neo4j_version} (pid ${state.pid}) did not stop within ${Math.round((options.graceMs ?? 60_000) / 1000)} s and was killed; the next start recovers the store.`;
  }
  clearServerState(paths);
  return { stopped: true, message };
}

/** Says what runs where, checking that Bolt really answers. */
export async function localServerStatus(home: string = lensHome()): Promise<ServerStatus> {
  const paths = serverPaths(home);
  const state = readServerState(paths);
  if (!state) return { running: false, answering: false, state: null, home, message: `No demo server runs for ${home}.` };
  if (!isOurLauncher(state.pid)) {
    return {
      running: false,
      answering: false,
      state,
      home,
      message: `The recorded demo server (pid ${state.pid}) is not running; \`lens neo4j start\` starts a new one.`,
    };
  }
  const password = fs.existsSync(paths.passwordFile) ? fs.readFileSync(paths.passwordFile, 'utf8').trim() : '';
  const answering = await boltAnswers(state.bolt_uri, 'neo4j', password);
  return {
    running: true,
    answering,
    state,
    home,
    message: answering
      ? `Neo4j ${state.neo4j_version} runs on ${state.bolt_uri} (pid ${state.pid}), data in ${state.dbms_home}.`
      : `Neo4j ${state.neo4j_version} (pid ${state.pid}) is running but ${state.bolt_uri} does not answer yet; see ${state.log_file}.`,
  };
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';

/** The demo server's Bolt port: not 7687, so it never clashes with a user's own Neo4j. */
export const DEFAULT_BOLT_PORT = 17687;

/** What `lens neo4j start` records about the server it started, in `<LENS_HOME>/neo4j/server.json`. */
export const ServerState = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().min(1).max(65535),
  bolt_uri: z.string(),
  neo4j_version: z.string(),
  dbms_home: z.string(),
  log_file: z.string(),
  java_home: z.string(),
  started_at: z.string(),
});
export type ServerState = z.infer<typeof ServerState>;

/** The folders and files of the local demo server under LENS_HOME. */
export interface ServerPaths {
  readonly root: string;
  readonly stateFile: string;
  readonly passwordFile: string;
  readonly lockFile: string;
  distDir(version: string): string;
  dbmsHome(version: string): string;
  logFile(version: string): string;
}

/** True while the process `pid` runs (EPERM: it runs, as another user): a server's, or a load's that holds the load lock. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process `pid` started, as the kernel counts it (Linux: field 22 of `/proc/<pid>/stat`, in
 * clock ticks since boot), or null where that cannot be read (another system, or no such process).
 * With the pid it names one process for good: a pid the system gave again to a later process starts
 * at another time.
 */
export function processStart(pid: number): string | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself: count from the last one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = fields[19];
  return start !== undefined && /^\d+$/.test(start) ? start : null;
}

/** Lays out `<home>/neo4j/`: one DBMS home per release, since store formats differ between lines. */
export function serverPaths(home: string): ServerPaths {
  const root = path.join(home, 'neo4j');
  return {
    root,
    stateFile: path.join(root, 'server.json'),
    passwordFile: path.join(root, 'password'),
    lockFile: path.join(root, 'start.lock'),
    distDir: (version) => path.join(root, 'dist', version),
    dbmsHome: (version) => path.join(root, `dbms-${version}`),
    logFile: (version) => path.join(root, 'logs', `server-${version}.log`),
  };
}

/** Reads the state file; a missing file is `null`, a damaged one is reported, not silently ignored. */
export function readServerState(paths: ServerPaths): ServerState | null {
  if (!fs.existsSync(paths.stateFile)) return null;
  const raw = fs.readFileSync(paths.stateFile, 'utf8');
  try {
    return ServerState.parse(JSON.parse(raw));
  } catch (error) {
    throw codedError('io', serverError('state_file_damaged', { file: paths.stateFile }), {
      hint: serverError('state_file_damaged_hint'),
      cause: error,
    });
  }
}

/** Writes the state file atomically. */
export function writeServerState(paths: ServerPaths, state: ServerState): void {
  const temporary = `${paths.stateFile}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(temporary, paths.stateFile);
}

/** Removes the state file if present. */
export function clearServerState(paths: ServerPaths): void {
  fs.rmSync(paths.stateFile, { force: true });
}

/** The demo server's password: generated once, kept in a file only the user can read. */
export function demoPassword(paths: ServerPaths): string {
  if (fs.existsSync(paths.passwordFile)) return fs.readFileSync(paths.passwordFile, 'utf8').trim();
  fs.mkdirSync(paths.root, { recursive: true });
  const password = crypto.randomBytes(18).toString('base64url');
  fs.writeFileSync(paths.passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

/** Fails with a clear error when LENS_HOME cannot hold the server's data. */
export function assertWritable(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? [serverError('unknown_code_part')];
    throw codedError('io', serverError('folder_not_writable', { folder: dir, code }), {
      hint: serverError('folder_not_writable_hint'),
      cause: error,
    });
  }
}

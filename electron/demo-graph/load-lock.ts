import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { codedError } from '../../shared/coded-error';
import type { CoreParam } from '../../shared/core-message';
import { DEMO_CORPUS_SOURCE, demoLoadMessage } from '../../shared/demo-load-messages';
import { serverError } from '../../shared/errors/server-error-messages';
import type { LensError } from '../../shared/lens-error';
import type { LoadDoor } from '../corpus/markdown-extensions';
import { processAlive, processStart, serverPaths } from '../neo4j-server/server-state';

/**
 * One load at a time into the local demo server. Every load replaces the graph: two at once (the
 * app's `demo.load` job and a `lens demo load`, or two of either) would write their batches into one
 * graph, each wiping what the other wrote, and leave a mix of both. A load holds a lock file in the
 * demo server's folder for as long as it writes, naming its process, when it started, from which door
 * and what it loads; a second load is refused with that. A lock whose process is gone (a load killed
 * or crashed) is stale and taken over, also when the system has since given its pid to another
 * process (the lock records when its process started, where the system says: Linux).
 */

/** What the lock file holds. */
const LockHolder = z.object({
  pid: z.number().int().positive(),
  /** When process `pid` started, as `processStart` reads it; absent where the system does not say (and in locks written before it was kept). */
  pid_start: z.string().optional(),
  started_at: z.string(),
  door: z.enum(['command', 'screen']),
  source: z.string(),
});
export type LoadLockHolder = z.infer<typeof LockHolder>;

/** A lock held: release it once the load has ended, however it ended. */
export interface LoadLock {
  readonly file: string;
  readonly holder: LoadLockHolder;
  release(): void;
}

/** What the lock needs of the machine, replaceable in tests. */
export interface LoadLockDeps {
  readonly pid: number;
  readonly now: () => Date;
  /** True when the process `pid` is still running. */
  readonly alive: (pid: number) => boolean;
  /** When the process `pid` started (`processStart`), or null where the system does not say; none given: never said. */
  readonly startOf?: (pid: number) => string | null;
}

const MACHINE: LoadLockDeps = { pid: process.pid, now: () => new Date(), alive: processAlive, startOf: processStart };

/**
 * True while the load `holder` names runs: its process is alive and, where the lock and the system both
 * say when it started, it is the same process (not a later one the system gave the same pid).
 */
function holderRuns(holder: LoadLockHolder, deps: Pick<LoadLockDeps, 'alive' | 'startOf'>): boolean {
  if (!deps.alive(holder.pid)) return false;
  const now = holder.pid_start === undefined ? null : (deps.startOf?.(holder.pid) ?? null);
  return now === null || now === holder.pid_start;
}

/** The load lock of the demo server kept under `home` (beside its state file). */
export function loadLockFile(home: string): string {
  return path.join(serverPaths(home).root, 'load.lock');
}

/** The lock file's text, or null when there is none. */
function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The holder a lock file's text names, or null when it names none (damaged: no load can be told from it). */
function holderOf(text: string): LoadLockHolder | null {
  try {
    const parsed = LockHolder.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The load holding the lock now, or null when none does (no lock, or a stale one). */
export function runningLoad(home: string, deps: Pick<LoadLockDeps, 'alive' | 'startOf'> = MACHINE): LoadLockHolder | null {
  const text = readText(loadLockFile(home));
  const holder = text === null ? null : holderOf(text);
  return holder && holderRuns(holder, deps) ? holder : null;
}

/** The refusal of a load while `holder`'s runs, said to the reader at `door`. */
export function loadRunning(holder: LoadLockHolder, file: string, door: LoadDoor): LensError {
  const source: CoreParam = holder.source === DEMO_CORPUS_SOURCE ? [demoLoadMessage('source_demo_corpus')] : holder.source;
  const by = [serverError(holder.door === 'screen' ? 'load_by_screen_part' : 'load_by_command_part')];
  return codedError('conflict', serverError('demo_load_running', { source, since: holder.started_at, by, pid: String(holder.pid) }), {
    hint: serverError(door === 'screen' ? 'demo_load_running_screen_hint' : 'demo_load_running_hint', { file }),
  });
}

/**
 * Moves a stale lock (its text `stale`) out of the way. Renaming is atomic, so of two loads taking it
 * over at once one moves it; should the one moved be a fresh lock another load took meanwhile, it is
 * put back (a hard link fails rather than replace a lock taken in between).
 */
function setAside(file: string, stale: string): void {
  const aside = `${file}.${crypto.randomUUID()}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readText(aside) !== stale) fs.linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * Takes the load lock of the demo server under `home` for a load of `source` from `door`, or refuses
 * with `conflict` naming the load that holds it (what, since when, which process, from which door)
 * and what to do. The lock file appears whole or not at all (written aside, then hard-linked in
 * place, which fails when a lock is there), so a reader never sees half a lock.
 */
export function acquireLoadLock(home: string, load: { door: LoadDoor; source: string }, deps: LoadLockDeps = MACHINE): LoadLock {
  const file = loadLockFile(home);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const pidStart = deps.startOf?.(deps.pid) ?? null;
  const holder: LoadLockHolder = {
    pid: deps.pid,
    ...(pidStart === null ? {} : { pid_start: pidStart }),
    started_at: deps.now().toISOString(),
    door: load.door,
    source: load.source,
  };
  const text = `${JSON.stringify(holder)}\n`;
  // A few rounds: each either takes the lock, refuses, or clears a stale lock for the next.
  for (let round = 0; round < 5; round += 1) {
    const written = `${file}.${crypto.randomUUID()}.new`;
    fs.writeFileSync(written, text);
    try {
      fs.linkSync(written, file);
      return { file, holder, release: () => releaseLock(file, text) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(written, { force: true });
    }
    const found = readText(file);
    if (found === null) continue;
    const held = holderOf(found);
    if (held && holderRuns(held, deps)) throw loadRunning(held, file, load.door);
    setAside(file, found);
  }
  // Other loads kept taking and dropping the lock: one is starting or ending now.
  throw codedError('conflict', serverError('demo_load_lock_busy', { file }), {
    hint: serverError(load.door === 'screen' ? 'demo_load_running_screen_hint' : 'demo_load_running_hint', { file }),
  });
}

/** Removes the lock if it is still this load's (a lock taken over by another load is theirs). */
function releaseLock(file: string, text: string): void {
  if (readText(file) === text) fs.rmSync(file, { force: true });
}

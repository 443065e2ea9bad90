import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { sqliteCode } from './store-errors';
import { writePrivateFile } from './store-file-mode';

/** How many problems the check lists at most; the first one names the damage, the rest are for a report. */
const PROBLEMS_KEPT = 20;
/** Beside the store: the file's identity as this app left it at its last clean close. */
const STAMP_SUFFIX = '-clean';

/** What `PRAGMA quick_check` said: the problems it found, in its order (empty for a sound file), and how long it took. */
export interface IntegrityResult {
  readonly problems: readonly string[];
  readonly ms: number;
}

/**
 * Runs SQLite's `quick_check` (every page and b-tree is read and its structure verified; index contents
 * are not compared with the tables, which `integrity_check` does at about twice the cost). The check
 * may stop with SQLITE_CORRUPT after listing what it found; its rows are kept and the stop is one more problem.
 */
export function quickCheck(db: Database.Database): IntegrityResult {
  const started = performance.now();
  const problems: string[] = [];
  try {
    for (const row of db.prepare<[], { quick_check: string }>(`PRAGMA quick_check(${PROBLEMS_KEPT})`).iterate()) {
      if (row.quick_check !== 'ok') problems.push(row.quick_check);
    }
  } catch (error) {
    const code = sqliteCode(error) ?? '';
    if (!code.startsWith('SQLITE_CORRUPT') && code !== 'SQLITE_NOTADB') throw error;
    problems.push((error as Error).message);
  }
  return { problems, ms: performance.now() - started };
}

interface FileIdentity {
  readonly ino: string;
  readonly size: string;
  readonly mtime_ns: string;
  readonly ctime_ns: string;
}

function identityOf(file: string): FileIdentity {
  const stat = fs.statSync(file, { bigint: true });
  return { ino: String(stat.ino), size: String(stat.size), mtime_ns: String(stat.mtimeNs), ctime_ns: String(stat.ctimeNs) };
}

/**
 * True when this app closed the store cleanly last time and nothing has touched the file since:
 * the stamp written at that close matches the file (inode, size, modification and change times) and no
 * `-wal` was left behind (one is, after a crash or while another process has the store open).
 * Then the quick check at open can be skipped; any doubt means it runs.
 */
export function closedCleanlyAndUnchanged(file: string): boolean {
  if (fs.existsSync(`${file}-wal`)) return false;
  let stamp: unknown;
  try {
    stamp = JSON.parse(fs.readFileSync(`${file}${STAMP_SUFFIX}`, 'utf8'));
  } catch {
    // No stamp (the first open, after a crash) or an unreadable one: either way the check runs.
    return false;
  }
  return fs.existsSync(file) && JSON.stringify(stamp) === JSON.stringify(identityOf(file));
}

/** Records the store's identity after a clean close, so the next open may trust it without a check. */
export function stampCleanClose(file: string): void {
  writePrivateFile(`${file}${STAMP_SUFFIX}`, JSON.stringify(identityOf(file)));
}

/** Forgets the last clean close, so the next open checks the file whatever it looks like. */
export function forgetCleanClose(file: string): void {
  fs.rmSync(`${file}${STAMP_SUFFIX}`, { force: true });
}

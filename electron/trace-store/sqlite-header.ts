import fs from 'node:fs';
import { LensError } from '../../shared/lens-error';
import { notATraceStore } from './store-errors';

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** A SQLite database header is 100 bytes; a shorter non-empty file cannot be one. */
const HEADER_BYTES = 100;

/**
 * Refuses, before SQLite touches it, a file that is there but is not a SQLite database (a text
 * file, say), so its bytes stay as they were. A missing or empty file is fine: SQLite makes it a new database.
 */
export function assertSqliteFileOrAbsent(file: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw unreadable(file, error);
  }
  if (!stat.isFile())
    throw new LensError('io', `${file} is not a trace store: it is a folder or a device, not a file.`, {
      hint: 'Move it away, or set LENS_HOME to another folder.',
    });
  if (stat.size === 0) return;
  if (stat.size < HEADER_BYTES) throw notATraceStore(file);
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
    fs.readSync(fd, head, 0, head.length, 0);
  } catch (error) {
    throw unreadable(file, error);
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
  if (!head.equals(SQLITE_MAGIC)) throw notATraceStore(file);
}

function unreadable(file: string, error: unknown): LensError {
  return new LensError('io', `The trace store ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, {
    hint: 'Check its permissions, or set LENS_HOME to a folder you own.',
    cause: error,
  });
}

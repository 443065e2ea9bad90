import fs from 'node:fs';
import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import type { LensError } from '../../shared/lens-error';
import { unreadableReason } from '../input-file';
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
  if (!stat.isFile()) throw codedError('io', storeError('not_a_file', { file }), { hint: storeError('not_a_file_hint') });
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
  return codedError('io', storeError('store_unreadable', { file, reason: [unreadableReason(error)] }), {
    hint: storeError('check_permissions_hint'),
    cause: error,
  });
}

import fs from 'node:fs';
import path from 'node:path';
import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import type { LensError } from '../../shared/lens-error';

/** Read and write for the owner only: the store holds restricted documents' text and who asked for them. */
export const PRIVATE_FILE_MODE = 0o600;
/** The folder the app creates for the store: the owner only. */
export const PRIVATE_FOLDER_MODE = 0o700;
/** The files SQLite keeps beside a WAL database; it creates them with the main file's mode. */
export const SIDE_FILE_SUFFIXES = ['-wal', '-shm'] as const;

/** POSIX permissions do not exist on Windows (ACLs do), so modes are neither set nor checked there. */
export const HAS_POSIX_MODES = process.platform !== 'win32';

/** Creates the folder of `file` (and any missing parents) for the owner only; an existing folder is left as it is. */
export function makeStoreFolder(file: string): void {
  const folder = path.dirname(file);
  try {
    fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  } catch (error) {
    throw codedError('io', storeError('folder_not_created', { folder, code: errorCode(error) }), {
      hint: storeError('check_permissions_hint'),
      cause: error,
    });
  }
}

/**
 * Makes the store private before SQLite opens it: a missing file is created empty with mode 0600
 * (SQLite then gives -wal and -shm the same mode), and an existing store, -wal or -shm that others
 * may read is tightened to 0600.
 */
export function makeStoreFilePrivate(file: string): void {
  if (!fs.existsSync(file)) {
    createPrivateFile(file);
    return;
  }
  for (const candidate of [file, ...SIDE_FILE_SUFFIXES.map((suffix) => `${file}${suffix}`)]) tighten(candidate);
}

/** Writes `text` to a new or existing file, readable by the owner only (a bundle holds what the store holds). */
export function writePrivateFile(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: PRIVATE_FILE_MODE });
  if (HAS_POSIX_MODES) fs.chmodSync(file, PRIVATE_FILE_MODE);
}

function createPrivateFile(file: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'wx', PRIVATE_FILE_MODE);
    // The umask may have taken bits away; it may not leave more, but say exactly what is meant.
    if (HAS_POSIX_MODES) fs.fchmodSync(fd, PRIVATE_FILE_MODE);
  } catch (error) {
    // Another process created it first: then it is an existing store, tightened like any other.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return tighten(file);
    throw cannotMakePrivate(file, error);
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

function tighten(file: string): void {
  if (!HAS_POSIX_MODES) return;
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw cannotMakePrivate(file, error);
  }
  if ((mode & ~PRIVATE_FILE_MODE) === 0) return;
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    throw cannotMakePrivate(file, error);
  }
}

function cannotMakePrivate(file: string, error: unknown): LensError {
  return codedError('io', storeError('not_private', { file, code: errorCode(error) }), {
    hint: storeError('not_private_hint', { file }),
    cause: error,
  });
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'error';
}

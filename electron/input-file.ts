// Files a user names on the command line or in Settings (an audit suite, a golden set, a trace
// bundle, a principals file, a schema profile, the demo's claims and entities): read only when they
// are regular files of a sane size. `/dev/zero`, a FIFO or a folder was read until memory ran out.
import fs from 'node:fs';
import { codedError } from '../shared/coded-error';
import type { CoreMessage } from '../shared/core-message';
import { retrievalError, type RetrievalErrorCode } from '../shared/errors/retrieval-error-messages';
import { LensError } from '../shared/lens-error';
import { yamlTooDeepPlace } from './yaml-nesting';

/** The most an input file may hold: far above any suite, set, bundle or profile, far below memory. */
export const INPUT_FILE_MAX_BYTES = 64 * 1024 * 1024;

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Opening never waits for a writer (a FIFO put in the file's place); a regular file reads as ever. */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/** How much is read at a time. */
const CHUNK_BYTES = 1024 * 1024;

function notAFile(file: string) {
  return codedError('invalid_input', retrievalError('input_not_a_file', { file }), { hint: retrievalError('input_not_a_file_hint') });
}

function tooLarge(file: string, size: number, maxBytes: number) {
  return codedError('invalid_input', retrievalError('input_too_large', { file, size_mb: megabytes(size), limit_mb: megabytes(maxBytes) }), {
    hint: retrievalError('input_too_large_hint'),
  });
}

/**
 * The file's text (UTF-8). A missing or unreadable file throws the system's error, as
 * `fs.readFileSync` does, for the caller to word; a path that is no regular file, or a file over
 * `maxBytes`, throws an `invalid_input` LensError that names it and the limit.
 *
 * The path is looked at once, so a device, FIFO or folder is refused without being opened; what is
 * read is then what one descriptor holds: its own fstat must be a regular file within the limit, and
 * at most `maxBytes + 1` bytes are read from it, so a file swapped or grown after the first look is
 * refused too, never read past the limit.
 */
export function readInputFile(file: string, maxBytes: number = INPUT_FILE_MAX_BYTES): string {
  if (!fs.statSync(file).isFile()) throw notAFile(file);
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (error) {
    // A folder put in the file's place (Windows refuses to open one; Linux opens it and fstat says).
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw notAFile(file);
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw notAFile(file);
    if (stat.size > maxBytes) throw tooLarge(file, stat.size, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      // Grown since its fstat: refused by its size now (at least what was read).
      if (total > maxBytes) throw tooLarge(file, Math.max(total, fs.fstatSync(fd).size), maxBytes);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** The clause for each system error a read or write of a named file meets alike: what is wrong, then what to do. */
const PATH_PROBLEMS: Readonly<Record<string, RetrievalErrorCode>> = {
  EISDIR: 'file_is_folder_part',
  ENOTDIR: 'file_path_through_file_part',
  ELOOP: 'file_link_loop_part',
  ENAMETOOLONG: 'file_name_too_long_part',
  EMFILE: 'file_too_many_open_part',
  ENFILE: 'file_too_many_open_part',
  EBUSY: 'file_busy_part',
};

/** What a read says of each system error, and of one it has no clause for (with its code) or of one without a code. */
const READ: FileProblems = {
  codes: {
    ...PATH_PROBLEMS,
    ENOENT: 'file_no_such_file_part',
    EACCES: 'file_no_permission_part',
    EPERM: 'file_no_permission_part',
    EIO: 'file_disk_error_part',
  },
  other: 'file_system_error_part',
  none: 'file_unreadable_part',
};

/** What a write says: a missing folder, no permission to write, a full or read-only disk. */
const WRITE: FileProblems = {
  codes: {
    ...PATH_PROBLEMS,
    ENOENT: 'file_no_folder_part',
    // Making the folders on its path found a file where a folder must be (a write never creates exclusively here).
    EEXIST: 'file_path_through_file_part',
    EACCES: 'file_no_write_permission_part',
    EPERM: 'file_no_write_permission_part',
    EROFS: 'file_read_only_disk_part',
    ENOSPC: 'file_disk_full_part',
    EDQUOT: 'file_disk_full_part',
  },
  other: 'file_write_error_part',
  none: 'file_unwritable_part',
};

interface FileProblems {
  readonly codes: Readonly<Record<string, RetrievalErrorCode>>;
  readonly other: RetrievalErrorCode;
  readonly none: RetrievalErrorCode;
}

function fileProblem(error: unknown, problems: FileProblems): CoreMessage {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return retrievalError(problems.none);
  const known = problems.codes[code];
  return known ? retrievalError(known) : retrievalError(problems.other, { code });
}

/**
 * Why a file a user named could not be read (the system's error that {@link readInputFile} or a
 * read of its own throws), as a clause in the reader's language that says what to do, instead of
 * Node's English ("ENOENT: no such file or directory, open '…'"). A code without a clause of its
 * own is named as it is; an error with no code, as a read that failed.
 */
export function unreadableReason(error: unknown): CoreMessage {
  return fileProblem(error, READ);
}

/** Why a file a user named (a report, an export, a bundle) could not be written, as {@link unreadableReason} says it of a read. */
export function unwritableReason(error: unknown): CoreMessage {
  return fileProblem(error, WRITE);
}

/**
 * The text of a YAML (or JSON) file a user named, read as {@link readInputFile} reads it, and
 * measured before the YAML library builds it, which recurses once per level (thousands of levels
 * overflowed it): a system error is thrown as `notRead` makes it, maps and lists nested too deep as
 * `tooDeep` makes it of the line where they do.
 */
export function yamlInputText(file: string, notRead: (error: unknown) => LensError, tooDeep: (line: number) => LensError): string {
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    if (error instanceof LensError) throw error;
    throw notRead(error);
  }
  const deep = yamlTooDeepPlace(text);
  if (deep !== null) throw tooDeep(deep.line);
  return text;
}

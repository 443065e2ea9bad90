// Why a file a user named (or one the app keeps: the trace store, the secrets file, a file of a
// loaded folder) could not be read or written: the system's error code as a clause that says what
// is wrong and what to do, in the reader's language. Data only, so every area may word them.
import type { CoreMessage } from '../core-message';
import { retrievalError, type RetrievalErrorCode } from './retrieval-error-messages';

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
  const code = (error as { readonly code?: unknown } | null)?.code;
  if (typeof code !== 'string') return retrievalError(problems.none);
  const known = problems.codes[code];
  return known ? retrievalError(known) : retrievalError(problems.other, { code });
}

/**
 * Why a file a user named could not be read (the system's error that electron/input-file.ts's readInputFile or a
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

import { LensError } from '../../shared/lens-error';

/** The SQLite result code of a better-sqlite3 error (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_PRIMARYKEY` …), or null for anything else. */
export function sqliteCode(error: unknown): string | null {
  if (error instanceof Error && error.name === 'SqliteError' && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

/** The file is there but is no SQLite database, so it is not ours to open or overwrite. */
export function notATraceStore(file: string, cause?: unknown): LensError {
  return new LensError(
    'io',
    `${file} is not a trace store: it exists but is not a SQLite database, so Provenance Lens leaves it untouched.`,
    {
      hint: 'Move the file away (a fresh trace store is then created in its place), or set LENS_HOME to another folder.',
      cause,
    },
  );
}

/** The database was migrated by a later release; this build must not write to it. */
export function newerSchema(file: string, found: number, known: number): LensError {
  return new LensError(
    'conflict',
    `${file} was written by a newer Provenance Lens (schema ${found}, this build knows ${known}); it was left as it is.`,
    {
      hint: 'Use that newer release, or set LENS_HOME to another folder to start a separate trace store.',
    },
  );
}

/**
 * Turns a SQLite failure during `action` (e.g. "record the run") into an error a user can act on.
 * A LensError passes through unchanged.
 */
export function storeFailure(error: unknown, file: string, action: string): LensError {
  if (error instanceof LensError) return error;
  const code = sqliteCode(error) ?? '';
  const detail = error instanceof Error ? error.message : String(error);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new LensError(
      'unavailable',
      `The trace store ${file} stayed locked by another process, so Provenance Lens could not ${action}.`,
      {
        hint: 'Close the other Provenance Lens window or command that uses it, then try again.',
        detail,
        cause: error,
      },
    );
  }
  if (code === 'SQLITE_NOTADB') return notATraceStore(file, error);
  if (code.startsWith('SQLITE_CORRUPT')) {
    return new LensError('io', `The trace store ${file} is damaged, so Provenance Lens could not ${action}.`, {
      hint: 'Restore it from a backup, or move it away to start a fresh one (export what still reads first with `lens traces export`).',
      detail,
      cause: error,
    });
  }
  if (code === 'SQLITE_FULL') {
    return new LensError('io', `The disk holding ${file} is full, so Provenance Lens could not ${action}.`, {
      hint: 'Free some space, or prune old runs with `lens traces prune`.',
      detail,
      cause: error,
    });
  }
  if (
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_PERM') ||
    code.startsWith('SQLITE_IOERR')
  ) {
    return new LensError('io', `The trace store ${file} cannot be read or written (${code}), so Provenance Lens could not ${action}.`, {
      hint: 'Check that the folder exists and is writable by you, or set LENS_HOME to one that is.',
      detail,
      cause: error,
    });
  }
  return new LensError('internal', `The trace store failed to ${action}: ${detail}`, { detail: code || undefined, cause: error });
}

/** Where the reader of a missing-run error finds the trace ids that are kept: the `lens traces` command, or the app's Traces screen. */
export type RunListing = 'command' | 'screen';

/** The error for a trace id the store does not hold, saying where the kept runs are listed. */
export function runNotFound(traceId: string, listing: RunListing = 'command'): LensError {
  if (listing === 'screen')
    return new LensError('not_found', `There is no run with trace id ${traceId}.`, {
      hint: 'The Traces screen lists the runs that are kept.',
    });
  return new LensError('not_found', `no run with trace id ${traceId}; \`lens traces list\` shows the ids`);
}

/** What to do about a damaged store, in every message that reports one. */
function damageHint(file: string): string {
  return `Move it aside and start again (a fresh trace store is then created in its place), or recover what it holds with: sqlite3 "${file}" .recover | sqlite3 recovered.sqlite. \`lens traces export\` still writes every run that can be read.`;
}

/**
 * The store failed its integrity check (or SQLite met a damaged page in use), so it is only read:
 * `action` (e.g. "record the run") was refused before anything was written.
 */
export function damagedStore(file: string, problems: readonly string[], action: string): LensError {
  return new LensError(
    'io',
    `The trace store ${file} is damaged (${firstProblem(problems)}), so Provenance Lens did not ${action}; nothing was written.`,
    {
      hint: damageHint(file),
      detail: problems.join('\n'),
    },
  );
}

/** The sentence that warns a reader: the store is damaged and open for reading only. */
export function damageWarning(file: string, problems: readonly string[]): string {
  return `The trace store ${file} is damaged (${firstProblem(problems)}); it is open for reading only, and runs on damaged pages cannot be read. ${damageHint(file)}`;
}

/** The first problem SQLite named, without its "*** in database main ***" heading. */
export function firstProblem(problems: readonly string[]): string {
  const lines = problems
    .flatMap((problem) => problem.split('\n'))
    .filter((line) => line.trim() !== '' && !line.startsWith('*** in database'));
  return lines[0] ?? 'unknown damage';
}

import { codedError } from '../../shared/coded-error';
import type { CoreMessage, CoreParam } from '../../shared/core-message';
import { coreEnglish } from '../../shared/core-catalogues';
import { storeError } from '../../shared/errors/store-error-messages';
import { LensError } from '../../shared/lens-error';

/** The SQLite result code of a better-sqlite3 error (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_PRIMARYKEY` …), or null for anything else. */
export function sqliteCode(error: unknown): string | null {
  if (error instanceof Error && error.name === 'SqliteError' && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

/** The file is there but is no SQLite database, so it is not ours to open or overwrite. */
export function notATraceStore(file: string, cause?: unknown): LensError {
  return codedError('io', storeError('not_a_trace_store', { file }), { hint: storeError('not_a_trace_store_hint'), cause });
}

/** The database was migrated by a later release; this build must not write to it. */
export function newerSchema(file: string, found: number, known: number): LensError {
  return codedError('conflict', storeError('newer_schema', { file, found, known }), { hint: storeError('newer_schema_hint') });
}

/**
 * Turns a SQLite failure during `action` (e.g. "record the run") into an error a user can act on.
 * A LensError passes through unchanged; SQLite's own words stay in `detail`.
 */
export function storeFailure(error: unknown, file: string, action: CoreMessage): LensError {
  if (error instanceof LensError) return error;
  const code = sqliteCode(error) ?? '';
  const detail = error instanceof Error ? error.message : String(error);
  const doing = { file, action: [action] };
  const failed = (kind: 'unavailable' | 'io', message: CoreMessage, hint: CoreMessage) =>
    codedError(kind, message, { hint, detail, cause: error });
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return failed('unavailable', storeError('store_locked', doing), storeError('store_locked_hint'));
  if (code === 'SQLITE_NOTADB') return notATraceStore(file, error);
  if (code.startsWith('SQLITE_CORRUPT')) return failed('io', storeError('store_corrupt', doing), storeError('store_corrupt_hint'));
  if (code === 'SQLITE_FULL') return failed('io', storeError('disk_full', doing), storeError('disk_full_hint'));
  if (['SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'SQLITE_IOERR'].some((prefix) => code.startsWith(prefix)))
    return failed('io', storeError('store_inaccessible', { ...doing, code }), storeError('store_inaccessible_hint'));
  return codedError('internal', storeError('store_failed', { action: [action], detail }), { detail: code || undefined, cause: error });
}

/** Where the reader of a missing-run error finds the trace ids that are kept: the `lens traces` command, or the app's Traces screen. */
export type RunListing = 'command' | 'screen';

/** The error for a trace id the store does not hold, saying where the kept runs are listed. */
export function runNotFound(traceId: string, listing: RunListing = 'command'): LensError {
  if (listing === 'screen')
    return codedError('not_found', storeError('run_not_found', { trace: traceId }), { hint: storeError('run_not_found_hint') });
  return codedError('not_found', storeError('run_not_found_command', { trace: traceId }));
}

/**
 * The store failed its integrity check (or SQLite met a damaged page in use), so it is only read:
 * `action` (e.g. "record the run") was refused before anything was written.
 */
export function damagedStore(file: string, problems: readonly string[], action: CoreMessage): LensError {
  return codedError('io', storeError('damaged_store', { file, problem: damageProblem(problems), action: [action] }), {
    hint: storeError('damaged_store_hint', { file }),
    detail: problems.join('\n'),
  });
}

/** The sentence that warns a reader: the store is damaged and open for reading only. */
export function damageWarning(file: string, problems: readonly string[]): string {
  const hint = storeError('damaged_store_hint', { file });
  return coreEnglish(storeError('damaged_store_read_only', { file, problem: damageProblem(problems), hint: [hint] }));
}

/** The first problem SQLite named (its own words), or "unknown damage" as a message when it named none. */
function damageProblem(problems: readonly string[]): CoreParam {
  return firstProblem(problems) ?? [storeError('unknown_damage')];
}

/** The first problem SQLite named, without its "*** in database main ***" heading; null when it named none. */
export function firstProblem(problems: readonly string[]): string | null {
  const lines = problems
    .flatMap((problem) => problem.split('\n'))
    .filter((line) => line.trim() !== '' && !line.startsWith('*** in database'));
  return lines[0] ?? null;
}

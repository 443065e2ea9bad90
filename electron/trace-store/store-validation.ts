import type { z } from 'zod';
import { LensError } from '../../shared/lens-error';

/** A zod issue path as a person reads it: `runs[0].principal.workspace_id`. */
export function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    prefix,
  );
}

/** The first problem zod found, as "`field`: message". */
function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  const field = fieldPath(issue?.path ?? [], prefix);
  return `${field || 'the value'}: ${issue?.message ?? 'is invalid'}`;
}

/**
 * Validates something a caller hands to the store. A failure is `invalid_input` naming the first
 * bad field, raised before anything is written.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new LensError('invalid_input', `${what} is not valid: ${firstIssue(parsed.error, prefix)}.`, {
    hint: 'Fix that field and try again.',
  });
}

/**
 * Reads back a stored JSON column. Anything that does not parse, or does not match `schema`, is an
 * `io` error naming the row (`what`, e.g. "run 5f0c…"), since the file itself was changed or damaged.
 */
export function parseStored<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw damagedRow(what, firstIssue(parsed.error, ''));
}

/** JSON.parse of a stored column; unparsable text is an `io` error naming the row. */
export function parseStoredJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw damagedRow(what, `its JSON does not parse (${(error as Error).message})`, error);
  }
}

function damagedRow(what: string, problem: string, cause?: unknown): LensError {
  return new LensError('io', `The trace store's ${what} is damaged: ${problem}.`, {
    hint: 'The file was changed outside Provenance Lens; delete that entry, or restore the trace store from a backup.',
    cause,
  });
}

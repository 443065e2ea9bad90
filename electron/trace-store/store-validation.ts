import type { z } from 'zod';
import { codedError } from '../../shared/coded-error';
import type { CoreMessage } from '../../shared/core-message';
import { storeError } from '../../shared/errors/store-error-messages';
import { jsonProblem } from '../../shared/json-syntax';
import { issueProblem } from '../../shared/errors/zod-problem';
import type { LensError } from '../../shared/lens-error';

/** A zod issue path as a person reads it: `runs[0].principal.workspace_id`. */
export function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    prefix,
  );
}

/**
 * The first problem zod found: the field's path (empty for the value itself) and what is wrong, as a
 * message. A value no form of a union takes is named with the values accepted, and with the value
 * given where the parse reported its input ({@link parseReporting}), as the doors word it.
 */
export function firstIssue(error: z.ZodError, prefix = ''): { field: string; problem: CoreMessage } {
  const issue = error.issues[0];
  return { field: fieldPath(issue?.path ?? [], prefix), problem: issueProblem(issue) };
}

/** `schema.safeParse(value)` with the input kept on each issue, so a problem can name the value given. */
export const parseReporting = <S extends z.ZodType>(schema: S, value: unknown) => schema.safeParse(value, { reportInput: true });

/**
 * Validates something a caller hands to the store (`what`: an `input_` message, e.g. "The run"). A
 * failure is `invalid_input` naming the first bad field, raised before anything is written.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: CoreMessage, prefix = ''): z.output<S> {
  const parsed = parseReporting(schema, value);
  if (parsed.success) return parsed.data;
  const { field, problem } = firstIssue(parsed.error, prefix);
  const message = field
    ? storeError('input_invalid', { what: [what], field, problem: [problem] })
    : storeError('input_value_invalid', { what: [what], problem: [problem] });
  throw codedError('invalid_input', message, { hint: storeError('input_invalid_hint') });
}

/**
 * Reads back a stored JSON column. Anything that does not parse, or does not match `schema`, is an
 * `io` error naming the row (`what`: a `stored_` message, e.g. "run 5f0c…"), since the file itself was changed or damaged.
 */
export function parseStored<S extends z.ZodType>(schema: S, value: unknown, what: CoreMessage): z.output<S> {
  const parsed = parseReporting(schema, value);
  if (parsed.success) return parsed.data;
  const { field, problem } = firstIssue(parsed.error);
  throw damagedRow(
    field
      ? storeError('stored_damaged', { what: [what], field, problem: [problem] })
      : storeError('stored_value_damaged', { what: [what], problem: [problem] }),
  );
}

/** JSON.parse of a stored column; unparsable text is an `io` error naming the row and where its text stops being JSON. */
export function parseStoredJson(text: string, what: CoreMessage): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw damagedRow(storeError('stored_json_damaged', { what: [what], problem: [jsonProblem(text)] }), error);
  }
}

function damagedRow(message: CoreMessage, cause?: unknown): LensError {
  return codedError('io', message, { hint: storeError('stored_damaged_hint'), cause });
}

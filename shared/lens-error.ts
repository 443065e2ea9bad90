import { z } from 'zod';

/**
 * The kinds of failure the app reports. Each one is something a user can act on;
 * none of them is ever shown as "nothing found".
 */
export const ErrorKind = z.enum([
  'invalid_input',
  'unavailable',
  'timeout',
  'refused',
  'not_found',
  'environment',
  'conflict',
  'io',
  'internal',
  /** The caller cancelled the request while it ran (a Stop button, `query.cancel`, Ctrl+C). */
  'cancelled',
]);
export type ErrorKind = z.infer<typeof ErrorKind>;

/** The wire form of an error, as it crosses IPC, HTTP and the CLI's JSON. */
export const LensErrorData = z.object({
  kind: ErrorKind,
  message: z.string(),
  hint: z.string().optional(),
  detail: z.string().optional(),
});
export type LensErrorData = z.infer<typeof LensErrorData>;

/** An error as a value: a kind, a sentence saying what went wrong, and what to do about it. */
export class LensError extends Error {
  readonly kind: ErrorKind;
  readonly hint: string | undefined;
  readonly detail: string | undefined;

  constructor(kind: ErrorKind, message: string, options: { hint?: string; detail?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'LensError';
    this.kind = kind;
    this.hint = options.hint;
    this.detail = options.detail;
  }

  /** The serialisable form of this error. */
  toData(): LensErrorData {
    const data: LensErrorData = { kind: this.kind, message: this.message };
    if (this.hint !== undefined) data.hint = this.hint;
    if (this.detail !== undefined) data.detail = this.detail;
    return data;
  }
}

/** True when `value` is a LensError, across module copies too. */
export function isLensError(value: unknown): value is LensError {
  return value instanceof LensError || (value instanceof Error && value.name === 'LensError' && 'kind' in value);
}

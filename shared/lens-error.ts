import { z } from 'zod';
import { CoreParamsSchema, type CoreMessage, type CoreParams } from './core-message';

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

/** One more problem of an error that lists several (a file's second and later problems): its English, and its code where it has one. */
export const ProblemLine = z.object({ text: z.string(), code: z.string().optional(), params: CoreParamsSchema.optional() });
export type ProblemLine = z.infer<typeof ProblemLine>;

/** The wire form of an error, as it crosses IPC, HTTP and the CLI's JSON. */
export const LensErrorData = z.object({
  kind: ErrorKind,
  message: z.string(),
  hint: z.string().optional(),
  detail: z.string().optional(),
  /** The sentence and the hint as message codes (`error:…`) with parameters, where the error has them. */
  message_code: z.string().optional(),
  message_params: CoreParamsSchema.optional(),
  hint_code: z.string().optional(),
  hint_params: CoreParamsSchema.optional(),
  /** The problems after the first, one per line (`detail` holds the same in English), so a screen words each in its language. */
  more_problems: z.array(ProblemLine).optional(),
});
export type LensErrorData = z.infer<typeof LensErrorData>;

/** An error as a value: a kind, a sentence saying what went wrong, and what to do about it. */
export class LensError extends Error {
  readonly kind: ErrorKind;
  readonly hint: string | undefined;
  readonly detail: string | undefined;
  /** The sentence as a message code, where it has one (`message` is then its English wording; see coded-error.ts). */
  readonly said: CoreMessage | undefined;
  /** The hint as a message code, where it has one. */
  readonly hintSaid: CoreMessage | undefined;
  /** The problems after the first, where the error lists several (empty otherwise). */
  readonly moreProblems: readonly ProblemLine[];

  constructor(
    kind: ErrorKind,
    message: string,
    options: {
      hint?: string;
      detail?: string;
      cause?: unknown;
      said?: CoreMessage;
      hintSaid?: CoreMessage;
      moreProblems?: readonly ProblemLine[];
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'LensError';
    this.kind = kind;
    this.hint = options.hint;
    this.detail = options.detail;
    this.said = options.said;
    this.hintSaid = options.hintSaid;
    this.moreProblems = options.moreProblems ?? [];
  }

  /** The error rebuilt from its wire form, codes included. */
  static fromData(data: LensErrorData): LensError {
    const coded = (code: string | undefined, params: CoreParams | undefined): CoreMessage | undefined =>
      code === undefined ? undefined : { code, params: params ?? {} };
    return new LensError(data.kind, data.message, {
      ...(data.hint === undefined ? {} : { hint: data.hint }),
      ...(data.detail === undefined ? {} : { detail: data.detail }),
      said: coded(data.message_code, data.message_params),
      hintSaid: coded(data.hint_code, data.hint_params),
      ...(data.more_problems === undefined ? {} : { moreProblems: data.more_problems }),
    });
  }

  /** The serialisable form of this error. */
  toData(): LensErrorData {
    const data: LensErrorData = { kind: this.kind, message: this.message };
    if (this.hint !== undefined) data.hint = this.hint;
    if (this.detail !== undefined) data.detail = this.detail;
    if (this.said) Object.assign(data, { message_code: this.said.code, message_params: this.said.params ?? {} });
    if (this.hintSaid) Object.assign(data, { hint_code: this.hintSaid.code, hint_params: this.hintSaid.params ?? {} });
    if (this.moreProblems.length > 0) data.more_problems = [...this.moreProblems];
    return data;
  }
}

/** True when `value` is a LensError, across module copies too. */
export function isLensError(value: unknown): value is LensError {
  return value instanceof LensError || (value instanceof Error && value.name === 'LensError' && 'kind' in value);
}

import { coreEnglish } from './core-catalogues';
import type { CoreMessage, CoreParams } from './core-message';
import { LensError, type ErrorKind } from './lens-error';

/** A sentence of an error: a message code (worded in English here, in the UI's language there), or English text alone. */
export type ErrorText = string | CoreMessage;

const english = (text: ErrorText): string => (typeof text === 'string' ? text : coreEnglish(text));
const coded = (text: ErrorText | undefined): CoreMessage | undefined => (typeof text === 'object' ? text : undefined);

/**
 * A LensError whose sentence and hint may be message codes: the error keeps the codes and their
 * English wording. `moreProblems`, for an error that lists several, are its problems after the first:
 * kept with their codes, and in English one per line as the detail.
 */
export function codedError(
  kind: ErrorKind,
  message: ErrorText,
  options: { hint?: ErrorText; detail?: string; cause?: unknown; moreProblems?: readonly ErrorText[] } = {},
): LensError {
  const { hint, moreProblems = [], ...rest } = options;
  const lines = moreProblems.map((problem) => {
    const code = coded(problem);
    return code ? { text: english(code), code: code.code, params: code.params ?? {} } : { text: english(problem) };
  });
  return new LensError(kind, english(message), {
    ...(lines.length > 0 ? { detail: lines.map((line) => line.text).join('\n') } : {}),
    ...rest,
    ...(hint === undefined ? {} : { hint: english(hint) }),
    said: coded(message),
    hintSaid: coded(hint),
    ...(lines.length > 0 ? { moreProblems: lines } : {}),
  });
}

/** A problem shown in a state rather than thrown: the error's English, and its code with parameters when it has one. */
export interface ProblemFields {
  problem: string;
  problem_code?: string;
  problem_params?: CoreParams;
}

/** An error as `problem` fields, so a screen words the problem in its language (the English stays for the CLI and old readers). */
export function problemFields(error: LensError): ProblemFields {
  return error.said
    ? { problem: error.message, problem_code: error.said.code, problem_params: error.said.params ?? {} }
    : { problem: error.message };
}

import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';

/**
 * A markdown file the corpus loader cannot read as written. It names the file and
 * the 1-based line in that file, and its message tells the user what to fix.
 */
export class CorpusInputError extends Error {
  /** Always `invalid_input`: the file itself must change, retrying will not help. */
  readonly kind = 'invalid_input' as const;
  /** The file as the caller named it (usually a path relative to the corpus folder). */
  readonly file: string;
  /** 1-based line number in the file where the problem starts. */
  readonly line: number;

  /** The message as a `demo_load` code with its parameters (the English message is worded from it). */
  readonly said: CoreMessage;

  /**
   * @param file the file as the caller named it
   * @param line 1-based line in the file
   * @param said a full sentence, starting with "<file> line <n>:", saying what to fix
   */
  constructor(file: string, line: number, said: CoreMessage) {
    super(coreEnglish(said));
    this.name = 'CorpusInputError';
    this.file = file;
    this.line = line;
    this.said = said;
  }
}

/** True when `value` is a {@link CorpusInputError}, for callers that receive unknown errors. */
export function isCorpusInputError(value: unknown): value is CorpusInputError {
  return value instanceof CorpusInputError;
}

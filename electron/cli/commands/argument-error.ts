import { InvalidArgumentError } from 'commander';
import { coreEnglish } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';

/**
 * A flag's or argument's value refused by its parser, as commander's InvalidArgumentError with its
 * sentence as a code (`said`): commander's error keeps the English, and the refusal the CLI reports
 * (electron/cli/usage-errors.ts) takes the code, so it is worded in English and Korean alike.
 */
export class CodedArgumentError extends InvalidArgumentError {
  constructor(readonly said: CoreMessage) {
    super(coreEnglish(said));
  }
}

import { kilobytes } from '../byte-size';
import { codedError } from '../coded-error';
import { retrievalError } from '../errors/retrieval-error-messages';
import type { LensError } from '../lens-error';
import { evalMessage } from './eval-messages';
import { GOLDEN_SET_MAX_BYTES } from './golden-set';

/**
 * A golden set of `bytes` bytes refused for its size, naming the file, its size, the cap and what to
 * do: the same words from `lens eval --set` (before the file is read) and the Evaluations screen
 * (before the picked file is read and sent, which the door refused only as "larger than 2 MB").
 */
export function goldenSetTooLarge(file: string, bytes: number): LensError {
  return codedError(
    'invalid_input',
    evalMessage('set_too_large', { file, size_kb: kilobytes(bytes), max_kb: kilobytes(GOLDEN_SET_MAX_BYTES) }),
    {
      hint: retrievalError('golden_set_invalid_hint'),
    },
  );
}

/** The refusal of a golden set of `bytes` bytes, or null when it is within the cap. */
export function goldenSetSizeProblem(file: string, bytes: number): LensError | null {
  return bytes > GOLDEN_SET_MAX_BYTES ? goldenSetTooLarge(file, bytes) : null;
}

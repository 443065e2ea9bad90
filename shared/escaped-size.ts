import { kilobytes, utf8Bytes } from './byte-size';
import { codedError } from './coded-error';
import { errorMessage } from './error-messages';
import type { LensError } from './lens-error';

/**
 * The most a picked file's text may take written as JSON, as browser mode's HTTP door carries it: its
 * 4 MB body (MAX_BODY_BYTES, electron/web/request-body.ts) less 8 KB for the request's other fields.
 * A text within its own cap fits unless it holds control characters raw, which JSON writes as six
 * bytes each (`\u0001`): a golden set or bundle full of them was sent and refused with the transport's
 * "The request body is larger than 4 MB", which names neither the file nor what is wrong with it.
 */
export const MAX_ESCAPED_TEXT_BYTES = 4 * 1024 * 1024 - 8 * 1024;

/** A control character JSON writes as `\uXXXX` (not a tab, line feed or carriage return, which a text file holds). */
const isRawControl = (unit: number): boolean => unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d;

/**
 * The refusal of a picked file's `text` whose JSON would not fit one request, naming the file, how
 * many control characters it holds and the line of the first, the size it would be sent as and the
 * most the app takes; null when it fits. The screens check it before they send the text.
 */
export function escapedSizeProblem(file: string, text: string): LensError | null {
  const bytes = utf8Bytes(JSON.stringify(text));
  if (bytes <= MAX_ESCAPED_TEXT_BYTES) return null;
  let count = 0;
  let line = 1;
  let firstLine = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0x0a) line += 1;
    else if (isRawControl(unit)) {
      count += 1;
      if (firstLine === 0) firstLine = line;
    }
  }
  return codedError(
    'invalid_input',
    errorMessage('text_escapes_too_large', {
      file,
      count,
      line: firstLine,
      size_kb: kilobytes(bytes),
      max_kb: kilobytes(MAX_ESCAPED_TEXT_BYTES),
    }),
    { hint: errorMessage('text_escapes_too_large_hint') },
  );
}

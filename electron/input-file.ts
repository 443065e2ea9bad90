// Files a user names on the command line or in Settings (an audit suite, a golden set, a trace
// bundle, a principals file, a schema profile, the demo's claims and entities): read only when they
// are regular files of a sane size. `/dev/zero`, a FIFO or a folder was read until memory ran out.
import fs from 'node:fs';
import { codedError } from '../shared/coded-error';
import { retrievalError } from '../shared/errors/retrieval-error-messages';

/** The most an input file may hold: far above any suite, set, bundle or profile, far below memory. */
export const INPUT_FILE_MAX_BYTES = 64 * 1024 * 1024;

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * The file's text (UTF-8). A missing or unreadable file throws the system's error, as
 * `fs.readFileSync` does, for the caller to word; a path that is no regular file, or a file over
 * `maxBytes`, throws an `invalid_input` LensError that names it and the limit.
 */
export function readInputFile(file: string, maxBytes: number = INPUT_FILE_MAX_BYTES): string {
  const stat = fs.statSync(file);
  if (!stat.isFile())
    throw codedError('invalid_input', retrievalError('input_not_a_file', { file }), { hint: retrievalError('input_not_a_file_hint') });
  if (stat.size > maxBytes)
    throw codedError(
      'invalid_input',
      retrievalError('input_too_large', { file, size_mb: megabytes(stat.size), limit_mb: megabytes(maxBytes) }),
      {
        hint: retrievalError('input_too_large_hint'),
      },
    );
  return fs.readFileSync(file, 'utf8');
}

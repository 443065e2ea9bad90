import { codedError } from './coded-error';
import type { CoreParam } from './core-message';
import { errorMessage } from './error-messages';

/**
 * Refuses a file a newer build wrote: `value` (the file's parsed content) gives a `version` that is a
 * whole number above `reads`, the version this build reads. The refusal says so, naming `what` (the
 * file, or a clause naming it) and both versions, instead of the schema's "expected 1", which reads
 * as if the file were wrong. A version that is no positive whole number is left to the schema.
 */
export function refuseNewerVersion(value: unknown, reads: number, what: CoreParam): void {
  if (typeof value !== 'object' || value === null) return;
  const version = (value as { version?: unknown }).version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version <= reads) return;
  throw codedError('invalid_input', errorMessage('newer_format_version', { what, version, reads }), {
    hint: errorMessage('newer_format_version_hint', { reads }),
  });
}

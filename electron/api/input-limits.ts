// The limits every door applies to an operation's input before its schema runs: the same for IPC
// (a structured clone from the renderer) and HTTP (parsed JSON), because both end in `dispatch`.
import { codedError } from '../../shared/coded-error';
import type { CoreMessage } from '../../shared/core-message';
import { serverError } from '../../shared/errors/server-error-messages';
import type { LensError } from '../../shared/lens-error';

/** The largest input a door accepts: an HTTP body of this many bytes, or IPC input of about that size as JSON. */
export const MAX_INPUT_BYTES = 2 * 1024 * 1024;

/** The deepest nesting of arrays and objects an input may have; real inputs stay under 10. */
export const MAX_INPUT_DEPTH = 64;

/** One value still to look at, with how deep it sits. */
interface Pending {
  readonly value: unknown;
  readonly depth: number;
}

/**
 * Checks that `input` is plain JSON data (null or undefined, booleans, finite numbers, strings, arrays and plain
 * objects, no cycles), at most MAX_INPUT_DEPTH deep and about MAX_INPUT_BYTES as JSON. It walks
 * with a stack of its own, so a 100,000-deep input is refused instead of overflowing the call stack
 * of a schema or of JSON.stringify later on. Returns the refusal, or null when the input is fine.
 */
export function inputLimitError(name: string, input: unknown): LensError | null {
  const seen = new Set<object>();
  const pending: Pending[] = [{ value: input, depth: 0 }];
  let bytes = 0;
  while (pending.length > 0) {
    const { value, depth } = pending.pop() as Pending;
    const problem = scalarProblem(value);
    if (problem === 'container') {
      if (depth >= MAX_INPUT_DEPTH) return tooDeep(name);
      if (seen.has(value as object)) return notPlainData(name, serverError('refers_to_itself_part'));
      seen.add(value as object);
      const entries = Object.entries(value as object);
      // An array's JSON has a separator per slot and `null` per hole: a structured clone keeps a
      // sparse array sparse, so `new Array(1e8)` crossed IPC in 27 bytes and a schema then walked every slot.
      bytes += 2 + (Array.isArray(value) ? value.length + 4 * Math.max(0, value.length - entries.length) : 0);
      if (bytes > MAX_INPUT_BYTES) return tooLarge(name);
      for (const [key, child] of entries) {
        if (!Array.isArray(value)) bytes += key.length + 4;
        pending.push({ value: child, depth: depth + 1 });
      }
    } else if (problem !== null) {
      return notPlainData(name, problem);
    } else {
      bytes += typeof value === 'string' ? value.length + 2 : 5;
    }
    if (bytes > MAX_INPUT_BYTES) return tooLarge(name);
  }
  return null;
}

/** Null for a JSON scalar, 'container' for an array or plain object, else what is wrong with it. */
function scalarProblem(value: unknown): CoreMessage | 'container' | null {
  // undefined is what JSON leaves out; IPC may carry it for an optional field left empty.
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : serverError('not_finite_part');
  if (typeof value !== 'object') return serverError('holds_type_part', { type: typeof value });
  if (Array.isArray(value)) return 'container';
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null
    ? 'container'
    : serverError('holds_object_part', { name: (value as object).constructor?.name ?? 'special' });
}

function tooDeep(name: string): LensError {
  return codedError('invalid_input', serverError('input_too_deep', { operation: name, max: MAX_INPUT_DEPTH }), {
    hint: serverError('input_too_deep_hint'),
  });
}

function tooLarge(name: string): LensError {
  return codedError('invalid_input', serverError('input_too_large', { operation: name, megabytes: MAX_INPUT_BYTES / 1024 / 1024 }), {
    hint: serverError('send_less_hint'),
  });
}

function notPlainData(name: string, why: CoreMessage): LensError {
  return codedError('invalid_input', serverError('input_not_plain', { operation: name, why: [why] }), {
    hint: serverError('input_not_plain_hint'),
  });
}

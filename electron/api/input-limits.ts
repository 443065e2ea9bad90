// The limits every door applies to an operation's input before its schema runs: the same for IPC
// (a structured clone from the renderer) and HTTP (parsed JSON), because both end in `dispatch`.
import { LensError } from '../../shared/lens-error';

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
      if (seen.has(value as object)) return notPlainData(name, 'it refers to itself');
      seen.add(value as object);
      bytes += 2;
      for (const [key, child] of Object.entries(value as object)) {
        bytes += Array.isArray(value) ? 1 : key.length + 4;
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
function scalarProblem(value: unknown): string | 'container' | null {
  // undefined is what JSON leaves out; IPC may carry it for an optional field left empty.
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'it holds a number that is not finite';
  if (typeof value !== 'object') return `it holds a ${typeof value}`;
  if (Array.isArray(value)) return 'container';
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null
    ? 'container'
    : `it holds a ${(value as object).constructor?.name ?? 'special'} object`;
}

function tooDeep(name: string): LensError {
  return new LensError('invalid_input', `${name}: the input is nested more than ${MAX_INPUT_DEPTH} levels deep.`, {
    hint: 'Send the operation’s input as documented; no input of the API nests this deep.',
  });
}

function tooLarge(name: string): LensError {
  return new LensError('invalid_input', `${name}: the input is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MB.`, {
    hint: 'Send less at once.',
  });
}

function notPlainData(name: string, why: string): LensError {
  return new LensError('invalid_input', `${name}: the input is not plain JSON data (${why}).`, {
    hint: 'Send only objects, arrays, strings, finite numbers, booleans and null.',
  });
}

import { describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import { inputLimitError, MAX_INPUT_BYTES, MAX_INPUT_DEPTH } from '../../../electron/api/input-limits';

/** The refusal as a door hands it out, or null when the input passes. */
function refusal(input: unknown) {
  return inputLimitError('query.run', input)?.toData() ?? null;
}

const PLAIN_DATA_HINT = 'Send only objects, arrays, strings, finite numbers, booleans and null.';

/** The refusal for input that is not plain JSON data, with the reason it gives. */
function notPlain(why: string) {
  return { kind: 'invalid_input', message: `query.run: the input is not plain JSON data (${why}).`, hint: PLAIN_DATA_HINT };
}

/** The refusal of an input larger than MAX_INPUT_BYTES as JSON. */
const TOO_LARGE = {
  kind: 'invalid_input',
  message: 'query.run: the input is larger than 2 MB.',
  hint: 'Send less at once.',
  message_code: 'error_server:input_too_large',
  message_params: { operation: 'query.run', megabytes: 2 },
  hint_code: 'error_server:send_less_hint',
  hint_params: {},
};

/** An object whose prototype chain has no constructor at all. */
function withoutConstructor(): object {
  const object: object = Object.create(Object.create(null) as object) as object;
  return Object.assign(object, { a: 1 });
}

describe('inputLimitError: what counts as plain JSON data', () => {
  it('accepts null, undefined, strings, booleans and finite numbers anywhere in the input', () => {
    expect(refusal(undefined)).toBeNull();
    expect(refusal(null)).toBeNull();
    expect(refusal({ a: null, b: undefined, c: 'text', d: true, e: false, f: 0, g: -1.5, h: [null, 'x', false, 3] })).toBeNull();
  });

  it('accepts an object with no prototype, as a structured clone or JSON.parse with a reviver may give', () => {
    const bare = Object.assign(Object.create(null) as object, { query: 'payments' });
    expect(refusal({ nested: bare })).toBeNull();
  });

  it.each([
    ['NaN', Number.NaN, 'it holds a number that is not finite'],
    ['Infinity', Number.POSITIVE_INFINITY, 'it holds a number that is not finite'],
    ['a bigint', 10n, 'it holds a bigint'],
    ['a symbol', Symbol('x'), 'it holds a symbol'],
    ['a function', () => 1, 'it holds a function'],
    ['a Date', new Date(0), 'it holds a Date object'],
    ['a Map', new Map([['a', 1]]), 'it holds a Map object'],
  ])('refuses %s, saying what it holds', (_name, value, why) => {
    expect(refusal({ outer: [{ value }] })).toMatchObject(notPlain(why));
  });

  it('names an object without any constructor "special" rather than failing on it', () => {
    expect(refusal({ value: withoutConstructor() })).toMatchObject(notPlain('it holds a special object'));
  });

  it('refuses an input that refers to itself, saying so rather than that it is too deep', () => {
    const cycle: Record<string, unknown> = { query: 'x' };
    cycle.self = cycle;
    expect(refusal(cycle)).toMatchObject(notPlain('it refers to itself'));
  });
});

describe('inputLimitError: depth and size', () => {
  it('refuses an input nested deeper than MAX_INPUT_DEPTH with the limit and a hint', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level <= MAX_INPUT_DEPTH; level += 1) deep = [deep];
    expect(refusal(deep)).toEqual({
      kind: 'invalid_input',
      message: `query.run: the input is nested more than ${MAX_INPUT_DEPTH} levels deep.`,
      hint: 'Send the operation’s input as documented; no input of the API nests this deep.',
      message_code: 'error_server:input_too_deep',
      message_params: { operation: 'query.run', max: MAX_INPUT_DEPTH },
      hint_code: 'error_server:input_too_deep_hint',
      hint_params: {},
    });
  });

  it('accepts a string whose JSON text is exactly MAX_INPUT_BYTES long', () => {
    const text = 'a'.repeat(MAX_INPUT_BYTES - 2);
    expect(JSON.stringify(text)).toHaveLength(MAX_INPUT_BYTES);
    expect(refusal(text)).toBeNull();
  });

  // Each shape is one byte over the limit as JSON; the estimate may count a little more, never less.
  it.each([
    ['a string', (filler: string) => filler, 2],
    ['an array', (filler: string) => [filler], 4],
    ['an object', (filler: string) => ({ k: filler }), 8],
  ])('refuses %s whose JSON text is one byte over MAX_INPUT_BYTES, in megabytes with a hint', (_name, shape, overhead) => {
    const input = shape('a'.repeat(MAX_INPUT_BYTES + 1 - overhead));
    expect(JSON.stringify(input)).toHaveLength(MAX_INPUT_BYTES + 1);
    expect(refusal(input)).toEqual(TOO_LARGE);
  });
});

describe('inputLimitError: sparse arrays, as a structured clone over IPC keeps them', () => {
  it('counts every hole as the null JSON writes for it, so a 100,000,000-slot array of a few bytes is refused before a schema walks it', () => {
    const holes = v8.deserialize(v8.serialize({ trace_ids: new Array(100_000_000) })) as { trace_ids: unknown[] };
    expect(holes.trace_ids).toHaveLength(100_000_000);
    expect(refusal(holes)).toEqual(TOO_LARGE);
  });

  it('measures a sparse array as its JSON text: one byte over the limit is refused, a hole fewer passes', () => {
    // `[` + `null,` per hole + `"abcd"` + `]`: 5 bytes a hole and 8 more.
    const holes = (MAX_INPUT_BYTES + 1 - 8) / 5;
    const sparse = (count: number) => {
      const array: unknown[] = [];
      array[count] = 'abcd';
      return array;
    };
    expect(JSON.stringify(sparse(holes))).toHaveLength(MAX_INPUT_BYTES + 1);
    expect(refusal(sparse(holes))).toEqual(TOO_LARGE);
    expect(refusal(sparse(holes - 1))).toBeNull();
  });
});

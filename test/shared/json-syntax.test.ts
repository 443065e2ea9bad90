import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDuplicateKey, jsonSyntaxError, placeOf } from '../../shared/json-syntax';

/** What V8's JSON.parse says about `text`: null when it parses, else its message. */
function v8Says(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Texts built from pieces of JSON and of near-JSON, so most are invalid somewhere interesting. */
const PIECES = [
  '{',
  '}',
  '[',
  ']',
  ':',
  ',',
  '"',
  '"a"',
  '\\',
  '\\u12',
  '\\n',
  'u',
  '1',
  '0',
  '-',
  '.',
  'e',
  '+',
  'true',
  'tru',
  'null',
  'x',
  ' ',
  '\n',
  '\t',
  '\u0001',
  '가',
  '😀',
];
const TEXT = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(''));

describe('jsonSyntaxError: where a text stops being JSON', () => {
  it('finds no error exactly where JSON.parse succeeds', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        expect(jsonSyntaxError(text) === null, JSON.stringify(text)).toBe(v8Says(text) === null);
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with the place V8 reports: its position, its unexpected character (a UTF-16 unit, as V8 names it), or the end', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        const said = v8Says(text);
        if (said === null) return;
        const fault = jsonSyntaxError(text);
        const position = /at position (\d+)/.exec(said);
        if (position) expect(fault?.offset, `${JSON.stringify(text)}: ${said}`).toBe(Number(position[1]));
        else if (said.startsWith('Unexpected end of JSON input')) expect(fault?.endsEarly, JSON.stringify(text)).toBe(true);
        else {
          const token = /^Unexpected token '(.+?)', /su.exec(said);
          expect(token, said).not.toBeNull();
          expect(fault && text[fault.offset], `${JSON.stringify(text)}: ${said}`).toBe(token?.[1]);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['{"a":', { offset: 5, endsEarly: true }],
    ['[1,]', { offset: 3, endsEarly: false }],
    ['{"a" 1}', { offset: 5, endsEarly: false }],
    ['"\\u12"', { offset: 5, endsEarly: false }],
    ['1e+', { offset: 3, endsEarly: true }],
    ['[] x', { offset: 3, endsEarly: false }],
  ])('places %j at %o', (text, fault) => {
    expect(jsonSyntaxError(text)).toEqual(fault);
  });

  it('reads a text nested 200,000 levels deep without recursion', () => {
    const deep = '['.repeat(200_000);
    expect(jsonSyntaxError(deep)).toEqual({ offset: 200_000, endsEarly: true });
    expect(jsonSyntaxError(`${deep}${']'.repeat(200_000)}`)).toBeNull();
  });
});

describe('placeOf: line and column of an offset', () => {
  it.each([
    ['abc', 0, { line: 1, column: 1 }],
    ['abc', 3, { line: 1, column: 4 }],
    ['a\nbc', 3, { line: 2, column: 2 }],
    ['a\r\n\nb', 4, { line: 3, column: 1 }],
    ['😀x', 2, { line: 1, column: 2 }],
  ])('places offset %j:%i at %o (columns in characters, a surrogate pair one)', (text, offset, place) => {
    expect(placeOf(text, offset)).toEqual(place);
  });
});

describe('jsonDuplicateKey', () => {
  it.each([
    ['{"a": 1, "a": 2}', { key: 'a', path: [] }],
    ['{"runs": [{"x": 1}, {"x": 1, "y": {"z": "\\"}", "z": 3}}]}', { key: 'z', path: ['runs', 1, 'y'] }],
    ['{"a": "\\\\", "\\u0061": 2}', { key: 'a', path: [] }],
    ['[[], {"k": {"k": 1, "k": 2}}]', { key: 'k', path: [1, 'k'] }],
    ['{"a": {"b": 1}, "c": {"b": 1}, "d": ["a", "a"], "e": {"a": {}, "b": {"a": 1, "b": 2}}}', null],
    ['"a"', null],
  ])('finds the first key %j gives twice in one object', (text, expected) => {
    expect(JSON.parse(text)).toBeDefined();
    expect(jsonDuplicateKey(text)).toEqual(expected);
  });

  it('reads a text nested 100,000 levels deep without recursion', () => {
    const deep = '{"a":'.repeat(100_000) + '{"b": 1, "b": 2}' + '}'.repeat(100_000);
    expect(jsonDuplicateKey(deep)?.path).toHaveLength(100_000);
  });
});

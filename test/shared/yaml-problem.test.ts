import { describe, expect, it } from 'vitest';
import { parse, parseDocument, type ErrorCode } from 'yaml';
import { wordCore } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { ALIAS_BOMB_KEYS } from '../support/yaml-alias-bomb';
import { yamlBuildReason, yamlProblem, yamlReason } from '../../shared/yaml-problem';

const en = (message: CoreMessage) => wordCore(message, 'en');
const ko = (message: CoreMessage) => wordCore(message, 'ko');

/** Every error code of the YAML library (its `ErrorCode` type), so a code added to it is seen here. */
const CODES = {
  ALIAS_PROPS: true,
  BAD_ALIAS: true,
  BAD_COLLECTION_TYPE: true,
  BAD_DIRECTIVE: true,
  BAD_DQ_ESCAPE: true,
  BAD_INDENT: true,
  BAD_PROP_ORDER: true,
  BAD_SCALAR_START: true,
  BLOCK_AS_IMPLICIT_KEY: true,
  BLOCK_IN_FLOW: true,
  DUPLICATE_KEY: true,
  // The library's own bug, and an option the app never sets: the generic clause says them.
  IMPOSSIBLE: false,
  KEY_OVER_1024_CHARS: true,
  MISSING_CHAR: true,
  MULTILINE_IMPLICIT_KEY: true,
  MULTIPLE_ANCHORS: true,
  MULTIPLE_DOCS: true,
  MULTIPLE_TAGS: true,
  NON_STRING_KEY: false,
  RESOURCE_EXHAUSTION: true,
  TAB_AS_INDENT: true,
  TAG_RESOLVE_FAILED: true,
  UNEXPECTED_TOKEN: true,
} satisfies Record<ErrorCode, boolean>;

const GENERIC = yamlReason('NO_SUCH_CODE');

/** The first error the library finds in `text`. */
function firstError(text: string) {
  const [error] = parseDocument(text, { prettyErrors: false }).errors;
  if (!error) throw new Error(`${JSON.stringify(text)} parses`);
  return error;
}

/** What the library throws when it builds the value of `text`, which parses. */
function buildError(text: string): unknown {
  expect(parseDocument(text).errors).toEqual([]);
  try {
    parse(text);
  } catch (error) {
    return error;
  }
  throw new Error(`${JSON.stringify(text)} builds`);
}

const HANGUL = /[\uAC00-\uD7A3]/;

describe('yamlReason: the library’s error code as a clause in English and Korean', () => {
  it.each(Object.entries(CODES))('%s is worded in both languages, as its own clause when it has one', (code, own) => {
    const reason = yamlReason(code);
    expect(en(reason)).toMatch(/^[a-z]/);
    expect(ko(reason)).toMatch(HANGUL);
    expect(ko(reason)).not.toBe(en(reason));
    if (own) expect(reason.code).not.toBe(GENERIC.code);
    else expect(reason).toEqual(GENERIC);
  });

  it('says a code it does not know as a text that could not be read as YAML, in both languages', () => {
    expect(en(GENERIC)).toBe('it could not be read as YAML');
    expect(ko(GENERIC)).toBe('YAML로 읽을 수 없습니다');
    expect(yamlReason('')).toEqual(GENERIC);
  });

  it('gives each code its own clause: no two codes share one', () => {
    const owned = Object.entries(CODES).flatMap(([code, own]) => (own ? [yamlReason(code).code] : []));
    expect(new Set(owned).size).toBe(owned.length);
  });
});

describe('yamlProblem: the library’s error with its line and column, never its English message', () => {
  it.each([
    ['BAD_INDENT', 'a:\n  b: [1\nc: 2\n'],
    ['BLOCK_AS_IMPLICIT_KEY', 'key: a: b\n'],
    ['DUPLICATE_KEY', 'a: 1\na: 2\n'],
    ['MISSING_CHAR', 'a: "open\n'],
    ['TAB_AS_INDENT', 'a:\n\t- b\n'],
    ['MULTIPLE_DOCS', 'a: 1\n---\nb: 2\n'],
    ['BAD_DQ_ESCAPE', 'a: "\\q"\n'],
    ['BAD_DIRECTIVE', '%TAG !x! \n---\na: 1\n'],
    ['MULTIPLE_ANCHORS', 'a: &x &y 1\n'],
    ['UNEXPECTED_TOKEN', 'a: *x y\n'],
  ])('%s, as the library gives it for %j', (code, text) => {
    const error = firstError(text);
    expect(error.code).toBe(code);
    const problem = yamlProblem(error, text);
    const libraryWords = error.message.split(' at line')[0] ?? error.message;
    for (const language of ['en', 'ko'] as const) expect(wordCore(problem, language)).not.toContain(libraryWords);
    expect(en(problem)).toMatch(/ at line \d+, column \d+$/);
    expect(ko(problem)).toMatch(/^\d+행 \d+열: /);
  });

  it('says of `key: a: b` (an unquoted value holding ": ") that the value needs quotes, where the value starts', () => {
    const text = 'title: ok\nkey: a: b\n';
    const error = firstError(text);
    expect(error.code).toBe('BLOCK_AS_IMPLICIT_KEY');
    expect(en(yamlProblem(error, text))).toBe(
      'a value holds ": " without quotes, so YAML reads a second key on the same line; put the value in quotes, as in key: "a: b" at line 2, column 6',
    );
    expect(ko(yamlProblem(error, text))).toBe(
      '2행 6열: 값에 따옴표 없이 ": "가 있어 같은 줄의 두 번째 키로 읽힙니다. 값을 key: "a: b"처럼 따옴표로 감싸세요',
    );
    // Quoted as the clause says, it reads as the text written.
    expect(parseDocument('key: "a: b"\n').errors).toEqual([]);
    expect(parse('key: "a: b"\n')).toEqual({ key: 'a: b' });
  });
});

describe('yamlBuildReason: a text that parses but whose value the library refuses to build', () => {
  it('names an alias bomb, in both languages, not the library’s "Excessive alias count"', () => {
    const error = buildError(ALIAS_BOMB_KEYS);
    const reason = yamlBuildReason(error);
    expect(en(reason)).toBe("its aliases repeat their anchors' values so often that the value would grow too large to read");
    expect(ko(reason)).toBe('별칭이 앵커의 값을 너무 많이 되풀이해서 값이 읽을 수 없을 만큼 커집니다');
    for (const language of ['en', 'ko'] as const) expect(wordCore(reason, language)).not.toMatch(/Excessive|exhaustion/);
  });

  it('names an alias written before its anchor (or with none) by its name, in both languages', () => {
    const reason = yamlBuildReason(buildError('a: *later\nb: &later 1\n'));
    expect(en(reason)).toBe('the alias *later names no anchor &later written before it');
    expect(ko(reason)).toBe('별칭 *later이(가) 가리키는 앵커 &later이(가) 그 앞에 없습니다');
    expect(en(yamlBuildReason(buildError('a: [*none]\n')))).toBe('the alias *none names no anchor &none written before it');
  });

  it('says any other refusal as a value that could not be built, not in the words thrown', () => {
    for (const error of [new TypeError('Cannot read properties of undefined'), 'a string', undefined]) {
      const reason = yamlBuildReason(error);
      expect(en(reason)).toBe('it parses, but no value could be built from it');
      expect(ko(reason)).toBe('구문은 맞지만 그것으로 값을 만들 수 없습니다');
    }
  });
});

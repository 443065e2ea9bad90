import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { schemaMessage, schemaProblem } from '../../../shared/api/schema-message';
import { ConnectionProfile } from '../../../shared/api/lens-api';
import { ContextRequest } from '../../../shared/context-contract';
import { CypherName } from '../../../shared/schema-profile';
import { wordCore } from '../../../shared/core-catalogues';

const failure = (schema: z.ZodType, value: unknown): z.ZodError => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to fail the schema');
  return parsed.error;
};

describe('a schema failure as a code', () => {
  it('keeps a sentence of no catalogue as zod’s text, inside a coded sentence with the operation and the path', () => {
    const error = failure(z.object({ query: z.string().min(1, 'say something') }), { query: '' });
    expect(schemaMessage('query.run', error)).toBe('query.run: query — say something.');
    expect(schemaProblem('query.run', error)).toEqual({
      code: 'error_server:input_schema',
      params: { operation: 'query.run', path: 'query', issue: 'say something' },
    });
  });

  it('codes a shared schema’s own sentence (error_schema), with the same English and a Korean wording', () => {
    const error = failure(ContextRequest, { query: '  ', principal: 'alice' });
    expect(schemaMessage('query.run', error)).toBe('query.run: query — the query is empty; ask a question.');
    const problem = schemaProblem('query.run', error);
    expect(problem.params).toMatchObject({ issue: [{ code: 'error_schema:query_empty', params: {} }] });
    expect(wordCore(problem, 'ko')).toContain('질문이 비어 있습니다. 질문을 입력하세요');
    expect(wordCore(problem, 'ko')).not.toContain('the query is empty');
  });

  it.each([
    [
      'a connection id',
      ConnectionProfile,
      { id: 'My Graph', uri: 'bolt://h:7687', user: 'neo4j' },
      'id_format',
      '영문 소문자, 숫자, 대시(-)만 쓰세요',
    ],
    [
      'a connection URI',
      ConnectionProfile,
      { id: 'g', uri: 'http://h', user: 'neo4j' },
      'bolt_uri_format',
      'bolt:// 또는 neo4j:// URI여야 합니다',
    ],
    ['a schema-profile name', z.object({ label: CypherName }), { label: '1chunk' }, 'identifier_format', '일반 식별자여야 합니다'],
  ])('codes the format rule of %s, worded in Korean with no English sentence left', (_name, schema, value, code, korean) => {
    const said = schemaProblem('op', failure(schema, value));
    expect(said.params?.issue).toEqual([{ code: `error_schema:${code}`, params: {} }]);
    expect(wordCore(said, 'ko')).toContain(korean);
    expect(wordCore(said, 'ko')).not.toMatch(/use lowercase|must be a/);
  });

  it('codes the top_k range sentence of a request', () => {
    const error = failure(ContextRequest, { query: 'q', principal: 'alice', top_k: 500 });
    expect(schemaMessage('query.run', error)).toBe('query.run: top_k — must be 1 to 100.');
    expect(wordCore(schemaProblem('query.run', error), 'ko')).toBe('query.run: top_k — 1에서 100 사이여야 합니다.');
  });

  it.each([
    ['top_k', 1e300, '1에서 100 사이여야 합니다'],
    ['top_k', -1e300, '1에서 100 사이여야 합니다'],
    ['timeout_ms', -1e20, '양수(밀리초)여야 합니다'],
    ['max_tokens', 1e20, '1000000 토큰 이하여야 합니다. 더 작은 예산을 주세요'],
    ['timeout_ms', 600_001, '600000밀리초(10분) 이하여야 합니다. 더 짧은 제한 시간을 주세요'],
  ])('says of %s %d the field’s own range, not the bound of safe integers', (field, value, korean) => {
    const error = failure(ContextRequest, { query: 'x', principal: 'u', [field]: value });
    expect(schemaMessage('query.run', error)).not.toContain('9007199254740991');
    expect(wordCore(schemaProblem('query.run', error), 'ko')).toBe(`query.run: ${field} — ${korean}.`);
  });

  it.each([
    [
      'a wrong type',
      z.object({ n: z.number() }),
      { n: 'x' },
      'zod_invalid_type_part',
      'must be of type number, not string; give a value of type number',
      'number 형식이어야 하는데 string입니다. number 형식의 값을 주세요',
    ],
    [
      'an unknown option',
      z.object({ n: z.enum(['en', 'ko']) }),
      { n: 'fr' },
      'zod_invalid_option_part',
      'is not a value it takes; give one of "en", "ko"',
      '받는 값이 아닙니다. "en", "ko" 중 하나를 주세요',
    ],
    [
      'an unknown key',
      z.object({}).strict(),
      { extra: 1 },
      'zod_unrecognized_key_part',
      'has the field "extra", which it does not take; remove it, or check its spelling',
      '받지 않는 필드 "extra"이(가) 있습니다. 빼거나 철자를 확인하세요',
    ],
    [
      'an empty text',
      z.object({ n: z.string().min(1) }),
      { n: '' },
      'zod_empty_text_part',
      'is empty; give it a value',
      '비어 있습니다. 값을 주세요',
    ],
    [
      'an empty list',
      z.object({ n: z.array(z.string()).nonempty() }),
      { n: [] },
      'zod_empty_list_part',
      'is an empty list; give at least one item',
      '빈 목록입니다. 항목을 하나 이상 주세요',
    ],
    [
      'a string too short',
      z.object({ n: z.string().min(2) }),
      { n: 'x' },
      'zod_too_small_part',
      'has too few characters; give at least 2',
      '글자 수가 너무 적습니다. 2 이상으로 주세요',
    ],
    [
      'a list too long',
      z.object({ n: z.array(z.number()).max(1) }),
      { n: [1, 2] },
      'zod_too_big_part',
      'has too many items; give at most 1',
      '항목 수가 너무 많습니다. 1 이하로 주세요',
    ],
    [
      'a number too large',
      z.object({ n: z.number().max(1000) }),
      { n: 5000 },
      'zod_too_big_value_part',
      'is too large; give a number of at most 1000',
      '너무 큽니다. 1000 이하인 수를 주세요',
    ],
    [
      'a number too small',
      z.object({ n: z.number().gt(0) }),
      { n: -1 },
      'zod_too_small_value_exclusive_part',
      'is too small; give a number greater than 0',
      '너무 작습니다. 0보다 큰 수를 주세요',
    ],
    [
      'a whole number past the safe integers',
      z.object({ n: z.number().int() }),
      { n: 1e300 },
      'zod_too_big_value_part',
      'is too large; give a number of at most 9007199254740991',
      '너무 큽니다. 9007199254740991 이하인 수를 주세요',
    ],
    [
      'a fraction where a whole number is taken',
      z.object({ n: z.number().int() }),
      { n: 1.5 },
      'zod_not_whole_part',
      'must be a whole number; give one without a fraction, e.g. 3',
      '정수여야 합니다. 소수점 없는 수를 주세요. 예: 3',
    ],
    [
      'a text that does not match its pattern',
      z.object({ n: z.string().regex(/^[a-z]+$/) }),
      { n: 'A' },
      'zod_pattern_part',
      'does not have the form this field takes; give a value matching /^[a-z]+$/',
      '이 필드가 받는 형식이 아닙니다. /^[a-z]+$/에 맞는 값을 주세요',
    ],
    [
      'a text that is not an email',
      z.object({ n: z.email() }),
      { n: 'x' },
      'zod_format_part',
      'is not a valid email; give one in that form',
      '올바른 email이(가) 아닙니다. 그 형식으로 주세요',
    ],
    [
      'a refinement without a sentence of its own',
      z.object({ n: z.string().refine((text) => text === 'a') }),
      { n: 'b' },
      'zod_not_accepted_part',
      'is not a value this field takes; check its type and spelling',
      '이 필드가 받는 값이 아닙니다. 형식과 철자를 확인하세요',
    ],
  ])(
    'words %s as a code in the app’s words with what to give, never zod’s sentence, and in Korean',
    (_name, schema, value, code, english, korean) => {
      const error = failure(schema, value);
      const said = schemaProblem('op', error);
      expect(schemaMessage('op', error)).toBe(`op: ${error.issues[0]?.path.join('.') || 'input'} — ${english}.`);
      expect(schemaMessage('op', error)).not.toContain(error.issues[0]?.message);
      expect(said.params?.issue).toEqual([expect.objectContaining({ code: `error_server:${code}` })]);
      expect(wordCore(said, 'ko')).toContain(korean);
    },
  );

  it('says a field that is not there is missing, in English and Korean, instead of "received undefined"', () => {
    const error = failure(z.object({ name: z.string(), n: z.number() }), { n: 1 });
    expect(schemaMessage('op', error)).toBe('op: name — missing: add it (string).');
    expect(wordCore(schemaProblem('op', error), 'ko')).toContain('빠져 있습니다: 추가하세요(string)');
    // A value of the wrong type is named with the type it must be.
    expect(schemaMessage('op', failure(z.object({ name: z.string() }), { name: null }))).toBe(
      'op: name — must be of type string, not null; give a value of type string.',
    );
  });

  it('names the whole input in words when the problem has no path', () => {
    const said = schemaProblem('op', failure(z.string(), 3));
    expect(said.params?.path).toEqual([{ code: 'error_server:whole_input_part', params: {} }]);
    expect(wordCore(said, 'en')).toBe('op: input — must be of type string, not number; give a value of type string.');
    expect(wordCore(said, 'ko')).toBe('op: 입력 — string 형식이어야 하는데 number입니다. string 형식의 값을 주세요.');
  });

  it('shows a huge unknown key cut short, and at most five of many', () => {
    const keys = Object.fromEntries(['k'.repeat(100_000), 'a', 'b', 'c', 'd', 'e', 'f'].map((key) => [key, 1]));
    const english = schemaMessage('op', failure(z.object({}).strict(), keys));
    expect(english.length).toBeLessThan(300);
    expect(english).toContain(`"${'k'.repeat(60)}…", "a", "b", "c", "d", …`);
  });

  describe('a value matching none of a union’s forms', () => {
    const reported = (schema: z.ZodType, value: unknown): z.ZodError => {
      const parsed = schema.safeParse(value, { reportInput: true });
      if (parsed.success) throw new Error('expected the value to fail the schema');
      return parsed.error;
    };
    const Kinds = z.object({
      scope: z.discriminatedUnion('kind', [z.object({ kind: z.literal('team') }), z.object({ kind: z.literal('space') })]),
    });

    it('names the discriminator’s path, the value given and the values accepted, in English and Korean', () => {
      const said = schemaProblem('op', reported(Kinds, { scope: { kind: 'org' } }));
      expect(said.params?.path).toBe('scope.kind');
      expect(said.params?.issue).toEqual([
        { code: 'error_server:zod_value_not_accepted_part', params: { value: '"org"', options: '"team", "space"' } },
      ]);
      expect(wordCore(said, 'en')).toBe('op: scope.kind — "org" is not an accepted value (accepted: "team", "space").');
      expect(wordCore(said, 'ko')).toBe('op: scope.kind — "org"은(는) 받는 값이 아닙니다(받는 값: "team", "space").');
      expect(wordCore(said, 'en')).not.toContain('Invalid discriminator');
    });

    it('says a discriminator that is not there is missing, with the values to choose from', () => {
      const said = schemaProblem('op', reported(Kinds, { scope: {} }));
      expect(wordCore(said, 'en')).toBe('op: scope.kind — missing: add it (one of "team", "space").');
      expect(wordCore(said, 'ko')).toBe('op: scope.kind — 빠져 있습니다: 추가하세요("team", "space" 중 하나).');
    });

    it('names the values accepted even where the parse did not report the value', () => {
      const said = schemaProblem('op', failure(Kinds, { scope: { kind: 'org' } }));
      expect(wordCore(said, 'en')).toBe('op: scope.kind — is not a value it takes; give one of "team", "space".');
      expect(wordCore(said, 'ko')).toBe('op: scope.kind — 받는 값이 아닙니다. "team", "space" 중 하나를 주세요.');
    });

    it('lists the values and kinds of a union of single forms, and says when a value fits no form', () => {
      const Mode = z.object({ mode: z.union([z.literal('auto'), z.literal('off'), z.number(), z.int()]) });
      expect(wordCore(schemaProblem('op', reported(Mode, { mode: true })), 'en')).toBe(
        'op: mode — true is not an accepted value (accepted: "auto", "off", number).',
      );
      const Shape = z.object({ at: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) });
      const said = schemaProblem('op', reported(Shape, { at: { c: 1 } }));
      expect(wordCore(said, 'en')).toBe('op: at — {"c":1} matches none of the forms this field takes.');
      expect(wordCore(said, 'ko')).toBe('op: at — {"c":1}은(는) 이 필드가 받는 어떤 형식과도 맞지 않습니다.');
      expect(wordCore(schemaProblem('op', failure(Shape, { at: { c: 1 } })), 'ko')).toBe(
        'op: at — 값이 이 필드가 받는 어떤 형식과도 맞지 않습니다.',
      );
      // A schema's own sentence on a union is left to it.
      const Own = z.object({ at: z.union([z.literal('a'), z.literal('b')], { error: 'say a or b' }) });
      expect(schemaMessage('op', reported(Own, { at: 'c' }))).toBe('op: at — say a or b.');
    });

    it('names the value an enum or a literal does not take, and an option that is not there as missing', () => {
      const Settings = z.object({ language: z.enum(['en', 'ko']), format: z.literal('lens-v1') });
      const enumSaid = schemaProblem('op', reported(Settings, { language: 'fr', format: 'lens-v1' }));
      expect(wordCore(enumSaid, 'en')).toBe('op: language — "fr" is not an accepted value (accepted: "en", "ko").');
      expect(wordCore(enumSaid, 'ko')).toBe('op: language — "fr"은(는) 받는 값이 아닙니다(받는 값: "en", "ko").');
      expect(schemaMessage('op', reported(Settings, { language: 'en', format: 'x' }))).toBe(
        'op: format — "x" is not an accepted value (accepted: "lens-v1").',
      );
      expect(schemaMessage('op', reported(Settings, { format: 'lens-v1' }))).toBe('op: language — missing: add it (one of "en", "ko").');
      // Without the input reported, the options are still named.
      expect(schemaMessage('op', failure(Settings, { language: 'fr', format: 'lens-v1' }))).toBe(
        'op: language — is not a value it takes; give one of "en", "ko".',
      );
      // A schema's own sentence on an enum is left to it.
      const Own = z.object({ at: z.enum(['a', 'b'], { error: 'say a or b' }) });
      expect(schemaMessage('op', reported(Own, { at: 'c' }))).toBe('op: at — say a or b.');
    });
  });
});

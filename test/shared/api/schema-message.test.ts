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
    [
      'a wrong type',
      z.object({ n: z.number() }),
      { n: 'x' },
      'zod_invalid_type_part',
      '잘못된 입력: number이(가) 와야 하는데 string이(가) 왔습니다',
    ],
    [
      'an unknown option',
      z.object({ n: z.enum(['en', 'ko']) }),
      { n: 'fr' },
      'zod_invalid_option_part',
      '잘못된 선택지: "en"|"ko" 중 하나여야 합니다',
    ],
    ['an unknown key', z.object({}).strict(), { extra: 1 }, 'zod_unrecognized_key_part', '알 수 없는 키: "extra"'],
    [
      'a string too short',
      z.object({ n: z.string().min(2) }),
      { n: 'x' },
      'zod_too_small_part',
      '너무 작습니다: string의 글자 수는 >=2이어야 합니다',
    ],
    [
      'a list too long',
      z.object({ n: z.array(z.number()).max(1) }),
      { n: [1, 2] },
      'zod_too_big_part',
      '너무 큽니다: array의 항목 수는 <=1이어야 합니다',
    ],
  ])('words %s as a code whose English is exactly zod’s sentence, and in Korean', (_name, schema, value, code, korean) => {
    const error = failure(schema, value);
    const said = schemaProblem('op', error);
    expect(schemaMessage('op', error)).toBe(`op: ${error.issues[0]?.path.join('.') || 'input'} — ${error.issues[0]?.message}.`);
    expect(said.params?.issue).toEqual([expect.objectContaining({ code: `error_server:${code}` })]);
    expect(wordCore(said, 'ko')).toContain(korean);
  });

  it('says a field that is not there is missing, in English and Korean, instead of "received undefined"', () => {
    const error = failure(z.object({ name: z.string(), n: z.number() }), { n: 1 });
    expect(schemaMessage('op', error)).toBe('op: name — missing: add it (string).');
    expect(wordCore(schemaProblem('op', error), 'ko')).toContain('빠져 있습니다: 추가하세요(string)');
    // A value of the wrong type is still worded as zod words it.
    expect(schemaMessage('op', failure(z.object({ name: z.string() }), { name: null }))).toBe(
      'op: name — Invalid input: expected string, received null.',
    );
  });

  it('names the whole input in words when the problem has no path', () => {
    const said = schemaProblem('op', failure(z.string(), 3));
    expect(said.params?.path).toEqual([{ code: 'error_server:whole_input_part', params: {} }]);
    expect(wordCore(said, 'en')).toBe('op: input — Invalid input: expected string, received number.');
    expect(wordCore(said, 'ko')).toBe('op: 입력 — 잘못된 입력: string이(가) 와야 하는데 number이(가) 왔습니다.');
  });
});

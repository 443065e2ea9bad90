import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { coreEnglish, wordCore } from '../../../shared/core-catalogues';
import { zodProblem } from '../../../shared/errors/zod-problem';
import { LlmSettings } from '../../../shared/llm-config';
import { TraceImportInput } from '../../../shared/trace-import';

/** zod's own English sentence for the first problem `schema` finds in `value`. */
function zodSays(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to fail the schema');
  return parsed.error.issues[0]?.message ?? '';
}

const cases: readonly [string, z.ZodType, unknown, string][] = [
  ['a wrong type', z.object({ n: z.number() }).strict(), { n: 'x' }, 'error_store:issue_invalid_type'],
  ['a missing field', z.object({ id: z.string() }), {}, 'error_store:issue_invalid_type'],
  ['an unknown option', z.enum(['vector', 'hybrid']), 'graph', 'error_store:issue_expected_option'],
  ['one literal value', z.literal(1), 2, 'error_store:issue_expected_value'],
  ['a short string', z.string().min(3), 'ab', 'error_store:issue_too_small_length'],
  ['an empty list', z.array(z.string()).min(1), [], 'error_store:issue_too_small_items'],
  ['a small number', z.number().int().min(1), 0, 'error_store:issue_too_small_number'],
  ['a big number', z.number().max(10), 11, 'error_store:issue_too_big_number'],
  ['an unknown key', z.object({}).strict(), { extra: 1 }, 'error_store:issue_unrecognized_key'],
  ['unknown keys', z.object({}).strict(), { a: 1, b: 2 }, 'error_store:issue_unrecognized_keys'],
  ['a bad URL', z.url(), 'not a url', 'error_store:issue_invalid_format'],
];

describe("zod's English problem read back into a code", () => {
  it.each(cases)('codes %s with parameters whose English is exactly zod’s sentence', (_name, schema, value, code) => {
    const sentence = zodSays(schema, value);
    const problem = zodProblem(sentence);
    expect(problem.code).toBe(code);
    expect(coreEnglish(problem)).toBe(sentence);
  });

  it('words the type problem in Korean with the types as parameters', () => {
    const problem = zodProblem(zodSays(z.object({ n: z.number() }), { n: 'x' }));
    expect(problem.params).toEqual({ expected: 'number', received: 'string' });
    expect(wordCore(problem, 'ko')).toBe('입력이 올바르지 않습니다: number이어야 하는데 string입니다');
  });

  it("keeps a schema's own sentence as it is, and a missing one as 'is invalid'", () => {
    const own = zodSays(z.string().min(1, 'the query is empty; ask a question.'), '');
    expect(zodProblem(own)).toEqual({ code: 'error_store:issue_text', params: { text: own } });
    expect(coreEnglish(zodProblem(undefined))).toBe('is invalid');
  });

  it("reads a shared schema's own sentence back into its error_schema code, the English unchanged", () => {
    const cases: readonly [z.ZodType, unknown, string, string][] = [
      [TraceImportInput, { content: '' }, 'error_schema:file_empty', '파일이 비어 있습니다'],
      [
        LlmSettings,
        { embedder: { provider: 'openai', model: ' ' } },
        'error_schema:embedding_model_missing',
        '임베딩 모델 이름을 입력하세요',
      ],
    ];
    for (const [schema, value, code, korean] of cases) {
      const sentence = zodSays(schema, value);
      const problem = zodProblem(sentence);
      expect(problem.code).toBe(code);
      expect(coreEnglish(problem)).toBe(sentence);
      expect(wordCore(problem, 'ko')).toContain(korean);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wordCore } from '../../../shared/core-catalogues';
import { LensError, type LensErrorData } from '../../../shared/lens-error';
import { errorOf } from '../../support/lens-error-of';
import { useFreshStore, withRawDatabase } from '../../support/temp-trace-stores';

const Embedding = z.object({ provider: z.enum(['openai', 'hashing']), model: z.string(), base_url: z.string().optional() });

describe('settings in the trace store', () => {
  const { temp, store } = useFreshStore();

  it('returns null for a setting never set', () => {
    expect(store().getSetting('embedding', Embedding)).toBeNull();
  });

  it('stores a setting as JSON and reads it back through its schema, the last write winning', () => {
    store().setSetting('embedding', { provider: 'hashing', model: 'hashing-256' });
    store().setSetting('embedding', { provider: 'openai', model: 'text-embedding-3-small', base_url: 'https://api.openai.com/v1' });
    expect(store().getSetting('embedding', Embedding)).toStrictEqual({
      provider: 'openai',
      model: 'text-embedding-3-small',
      base_url: 'https://api.openai.com/v1',
    });
    store().setSetting('language', 'ko');
    expect(store().getSetting('language', z.enum(['ko', 'en']))).toBe('ko');
  });

  it.each(['openai_password', 'OPENAI_API_KEY', 'apiKey', 'client-secret', 'github_token', 'authToken'])(
    'refuses the secret-looking setting key %s',
    (key) => {
      const error = errorOf(() => store().setSetting(key, 'x'));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toContain(key);
      expect(error.hint).toMatch(/key store|environment/);
    },
  );

  it('refuses a setting whose JSON value holds a secret-looking key anywhere, and stores nothing', () => {
    const error = errorOf(() => store().setSetting('embedding', { provider: 'openai', credentials: [{ ApiKey: 'sk-live-123' }] }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('credentials[0].ApiKey');
    expect(store().getSetting('embedding', z.unknown())).toBeNull();
  });

  it('allows token counts and the tokenizer, which are not secrets', () => {
    store().setSetting('workbench_defaults', { top_k: 10, max_tokens: 4000 });
    store().setSetting('tokenizer', 'o200k_base');
    expect(store().getSetting('workbench_defaults', z.object({ top_k: z.number(), max_tokens: z.number() }))).toEqual({
      top_k: 10,
      max_tokens: 4000,
    });
  });

  it('refuses a value with no JSON form', () => {
    expect(errorOf(() => store().setSetting('theme', undefined)).kind).toBe('invalid_input');
    expect(errorOf(() => store().setSetting('theme', { size: 10n })).kind).toBe('invalid_input');
  });

  it('says why a value cannot be stored as JSON as a clause of its own, worded in English and Korean, never V8’s English', () => {
    const throwing = { toJSON: () => JSON.parse('{') as unknown };
    const cases: [unknown, string, string][] = [
      [{ size: 10n }, 'it holds a bigint', 'bigint 값이 들어 있습니다'],
      [throwing, 'a value in it failed to turn itself into JSON (SyntaxError)', '그 안의 값이 JSON으로 바뀌지 못했습니다(SyntaxError)'],
    ];
    for (const [value, english, korean] of cases) {
      const error = errorOf(() => store().setSetting('layout', value));
      expect(error.kind).toBe('invalid_input');
      expect(error.said?.code).toBe('error_store:setting_not_json');
      expect(error.message).toBe(`The setting layout cannot be stored as JSON: ${english}.`);
      // What the doors send (IPC, HTTP) is the code with its parameters, so the renderer words it whole.
      const sent = LensError.fromData(JSON.parse(JSON.stringify(error.toData())) as LensErrorData);
      const said = wordCore(sent.said!, 'ko') ?? '';
      expect(said).toMatch(/^설정 layout을\(를\) JSON으로 저장할 수 없습니다: /);
      expect(said).toContain(korean);
      expect(said).not.toMatch(/Converting|serialize|Unexpected|JSON at position/);
    }
  });

  it('reports a stored setting that no longer fits its schema as io naming the key', () => {
    store().setSetting('embedding', { provider: 'hashing', model: 'hashing-256' });
    withRawDatabase(temp.file(), (db) => db.prepare(`UPDATE settings SET json = '{"provider": "cohere"}' WHERE key = 'embedding'`).run());
    const error = errorOf(() => store().getSetting('embedding', Embedding));
    expect(error.kind).toBe('io');
    expect(error.message).toContain('setting embedding');
  });

  it('names where a stored value stops being JSON as codes worded in English and Korean, not the parser’s English', () => {
    store().setSetting('embedding', { provider: 'hashing', model: 'm' });
    withRawDatabase(temp.file(), (db) =>
      db.prepare(`UPDATE settings SET json = '{"provider": "hashing", model}' WHERE key = 'embedding'`).run(),
    );
    const error = errorOf(() => store().getSetting('embedding', Embedding));
    expect(error.kind).toBe('io');
    expect(error.message).toBe(
      "The trace store's setting embedding is damaged: its JSON does not parse ('m' at line 1, column 25 cannot stand there).",
    );
    expect(error.said && wordCore(error.said, 'ko')).not.toMatch(/[A-Za-z]{3,} (in|at) (JSON|position)|Expected|Unexpected/);
    expect(error.said && wordCore(error.said, 'ko')).toContain("1행 25열의 'm' 문자는 그 자리에 올 수 없습니다");
  });
});

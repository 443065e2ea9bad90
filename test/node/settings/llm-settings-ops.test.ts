import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SealedSecretVault } from '../../../electron/secrets/sealed-secret-vault';
import { wordCore } from '../../../shared/core-catalogues';
import { fakeCipher } from '../../support/fake-os-cipher';
import { useSettingsDoor } from '../../support/settings-door';
import { withRawDatabase } from '../../support/temp-trace-stores';
import { traceStorePath } from '../../../electron/trace-store/trace-store-location';

const OPENAI = { provider: 'openai', model: 'text-embedding-3-small', dimensions: 512, base_url: 'http://127.0.0.1:8000/v1' };
const KEY = 'sk-test-7f3c9a0b1d2e4f56';

describe('llm.get / llm.save: the language-model settings', () => {
  const { door, hub, home } = useSettingsDoor();

  it('answers the defaults (hashing embedder, no chat model, Text2Cypher off) before anything was saved', async () => {
    expect(await door()('llm.get', {})).toMatchObject({
      ok: true,
      value: {
        stored: { embedder: { provider: 'hashing' }, text2cypher_enabled: false },
        effective: { embedder: { provider: 'hashing' }, text2cypher_enabled: false },
        sources: { embedder: 'default', chat_model: 'default' },
        env_overrides: [],
        problem: null,
      },
    });
  });

  it('saves an OpenAI-compatible embedder, a chat model and the Text2Cypher switch, and reads them back after a restart', async () => {
    const saved = { embedder: OPENAI, chat_model: 'gpt-4o-mini', text2cypher_enabled: true };
    expect(await door()('llm.save', saved)).toMatchObject({ ok: true, value: { stored: saved, effective: saved } });
    expect(await door()('llm.get', {})).toMatchObject({
      ok: true,
      value: { stored: saved, sources: { embedder: 'stored', chat_model: 'stored' } },
    });
  });

  it.each([
    ['an empty model name', { embedder: { provider: 'openai', model: ' ' } }, /embedder\.model/],
    ['zero dimensions', { embedder: { provider: 'openai', model: 'm', dimensions: 0 } }, /embedder\.dimensions/],
    ['a base URL that is not a URL', { embedder: { provider: 'openai', model: 'm', base_url: 'localhost 8000' } }, /embedder\.base_url/],
    ['an unknown provider', { embedder: { provider: 'cohere' } }, /embedder\.provider/],
    ['a field the settings do not have', { embedder: { provider: 'hashing' }, api_key: KEY }, /api_key/],
  ])('refuses %s with an invalid_input error naming the field, and keeps what was stored', async (_what, input, field) => {
    const call = door();
    await call('llm.save', { embedder: OPENAI });
    const answer = await call('llm.save', input);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_input', message: expect.stringMatching(field) as unknown } });
    expect(await call('llm.get', {})).toMatchObject({ ok: true, value: { stored: { embedder: OPENAI } } });
  });

  it.each([
    ['file:///etc/passwd', 'embedder'],
    ['data:text/plain,hi', 'embedder'],
    ['javascript:alert(1)', 'chat'],
    ['ftp://files.example/v1', 'chat'],
  ])(
    'refuses the base URL %s of the %s model as not an http(s) URL, naming the field and what to give, and keeps what was stored',
    async (url, model) => {
      const call = door();
      await call('llm.save', { embedder: OPENAI });
      const input =
        model === 'embedder' ? { embedder: { ...OPENAI, base_url: url } } : { embedder: OPENAI, chat_model: 'm', chat_base_url: url };
      const field = model === 'embedder' ? 'embedder.base_url' : 'chat_base_url';
      const answer = await call('llm.save', input);
      expect(answer).toMatchObject({
        ok: false,
        error: {
          kind: 'invalid_input',
          message: `llm.save: ${field} — must be an http:// or https:// URL of the server, e.g. http://localhost:8000/v1.`,
        },
      });
      const error = answer.ok ? undefined : answer.error;
      expect(wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko')).toBe(
        `llm.save: ${field} — 서버의 http:// 또는 https:// URL이어야 합니다. 예: http://localhost:8000/v1.`,
      );
      expect(await call('llm.get', {})).toMatchObject({ ok: true, value: { stored: { embedder: OPENAI } } });
    },
  );

  it.each([
    ['not a URL', 'localhost 8000'],
    ['a file: URL', 'file:///etc/passwd'],
  ])('reports an OPENAI_BASE_URL that is %s as the problem, with the stored settings still readable', async (_what, url) => {
    const call = door({ env: { OPENAI_BASE_URL: url } });
    await call('llm.save', { embedder: OPENAI, chat_model: 'gpt-4o-mini' });
    const answer = await call('llm.get', {});
    expect(answer).toMatchObject({
      ok: true,
      value: {
        stored: { embedder: OPENAI, chat_model: 'gpt-4o-mini' },
        effective: null,
        problem_code: 'error_store:embedder_base_url_invalid',
        problem_params: { url: JSON.stringify(url) },
      },
    });
  });

  it('reads a file: base URL an earlier version saved as a problem naming it and what to do, keeping the other settings', async () => {
    const call = door();
    const saved = { embedder: OPENAI, chat_model: 'gpt-4o-mini', chat_base_url: 'http://127.0.0.1:8001/v1', text2cypher_enabled: true };
    await call('llm.save', saved);
    withRawDatabase(traceStorePath(home()), (db) =>
      db
        .prepare("UPDATE settings SET json = ? WHERE key = 'llm'")
        .run(JSON.stringify({ ...saved, embedder: { ...OPENAI, base_url: 'file:///srv/models' } })),
    );
    const reopened = door();
    const answer = await reopened('llm.get', {});
    const { base_url: _dropped, ...withoutUrl } = OPENAI;
    expect(answer).toMatchObject({
      ok: true,
      value: {
        stored: { ...saved, embedder: withoutUrl },
        effective: null,
        problem:
          'The saved embedder.base_url "file:///srv/models" is not an http:// or https:// URL (an earlier version of Provenance Lens accepted it), so no model is called with it.',
        problem_code: 'error_store:saved_base_url_not_http',
        problem_params: { field: 'embedder.base_url', url: '"file:///srv/models"' },
      },
    });
    const value = answer.ok ? (answer.value as { problem_code: string; problem_params: Record<string, string> }) : null;
    expect(wordCore({ code: value!.problem_code, params: value!.problem_params }, 'ko')).toContain(
      '저장된 embedder.base_url "file:///srv/models"은(는) http:// 또는 https:// URL이 아닙니다',
    );
    // What the services read says the same, not that the trace store is damaged.
    expect(() => hub().llmSettings()).toThrow(/saved embedder\.base_url "file:\/\/\/srv\/models" is not an http/);
    // Saving an http(s) URL in Settings puts it right.
    await reopened('llm.save', saved);
    expect(await reopened('llm.get', {})).toMatchObject({ ok: true, value: { stored: saved, problem: null } });
  });

  it('shows an OPENAI_BASE_URL in effect with its credentials masked, never handing them out', async () => {
    const secret = 'pw-9c1d7e2f';
    const call = door({
      env: { LENS_EMBEDDER: 'openai:m', LENS_CHAT_MODEL: 'c', OPENAI_BASE_URL: `http://proxy:${secret}@127.0.0.1:9/v1?api-key=${secret}` },
    });
    const answer = await call('llm.get', {});
    expect(answer).toMatchObject({
      ok: true,
      value: {
        effective: {
          embedder: { base_url: 'http://***@127.0.0.1:9/v1?api-key=***' },
          chat_base_url: 'http://***@127.0.0.1:9/v1?api-key=***',
        },
      },
    });
    expect(JSON.stringify(answer)).not.toContain(secret);
    const refused = await door({ env: { LENS_EMBEDDER: 'openai:m', OPENAI_BASE_URL: `ftp://proxy:${secret}@files.example/v1` } })(
      'llm.get',
      {},
    );
    expect(refused).toMatchObject({ ok: true, value: { effective: null, problem_code: 'error_store:embedder_base_url_invalid' } });
    expect(JSON.stringify(refused)).not.toContain(secret);
  });

  it('reopens the services on the saved settings (the next run uses them)', async () => {
    // A graph address that is never dialled: the gateway connects lazily, so the services open without a server.
    const call = door({ env: { NEO4J_URI: 'bolt://127.0.0.1:1' } });
    const before = hub().services();
    await call('llm.save', { embedder: OPENAI });
    expect(hub().services()).not.toBe(before);
  });

  it('shows environment variables over the stored values, naming each override and its source', async () => {
    const call = door({ env: { LENS_EMBEDDER: 'openai:text-embedding-3-large:256', LENS_CHAT_MODEL: 'gpt-4o', OPENAI_BASE_URL: '' } });
    await call('llm.save', { embedder: { provider: 'hashing' }, chat_model: 'stored-model' });
    expect(await call('llm.get', {})).toMatchObject({
      ok: true,
      value: {
        stored: { embedder: { provider: 'hashing' }, chat_model: 'stored-model', text2cypher_enabled: false },
        effective: {
          embedder: { provider: 'openai', model: 'text-embedding-3-large', dimensions: 256 },
          chat_model: 'gpt-4o',
          text2cypher_enabled: true,
        },
        sources: { embedder: 'environment', chat_model: 'environment' },
        env_overrides: ['LENS_EMBEDDER', 'LENS_CHAT_MODEL'],
      },
    });
  });

  it('reports a LENS_EMBEDDER it cannot use as the problem, with the stored settings still readable', async () => {
    const answer = await door({ env: { LENS_EMBEDDER: 'word2vec' } })('llm.get', {});
    expect(answer).toMatchObject({
      ok: true,
      value: {
        stored: { embedder: { provider: 'hashing' } },
        effective: null,
        problem: expect.stringContaining('"word2vec"') as unknown,
        problem_code: 'error_store:embedder_unknown',
        problem_params: { spec: '"word2vec"' },
      },
    });
  });
});

describe('llm.key.save: the OpenAI key is write-only', () => {
  const { door, home } = useSettingsDoor();
  const secretsFile = () => path.join(home(), 'secrets.json');

  it('keeps the key sealed in the desktop key store and answers only that one is kept, never the key', async () => {
    const call = door({ vault: () => new SealedSecretVault(secretsFile(), fakeCipher()) });
    const saved = await call('llm.key.save', { api_key: KEY });
    expect(saved).toMatchObject({ ok: true, value: { key: { has_key: true, can_store: true, from_environment: false } } });
    const read = await call('llm.get', {});
    expect(read).toMatchObject({ ok: true, value: { key: { has_key: true } } });
    expect(JSON.stringify([saved, read])).not.toContain(KEY);
    expect(fs.readFileSync(secretsFile(), 'utf8')).not.toContain(KEY);
    // Nowhere in LENS_HOME (trace store, its WAL, the secrets file) is the key in plain text.
    for (const file of fs.readdirSync(home())) expect(fs.readFileSync(path.join(home(), file)).includes(KEY), file).toBe(false);
  });

  it('forgets the kept key with null', async () => {
    const call = door({ vault: () => new SealedSecretVault(secretsFile(), fakeCipher()) });
    await call('llm.key.save', { api_key: KEY });
    expect(await call('llm.key.save', { api_key: null })).toMatchObject({ ok: true, value: { key: { has_key: false } } });
  });

  it('is refused in browser mode and the CLI (environment vault), saying to set OPENAI_API_KEY, and nothing is stored', async () => {
    const call = door();
    const answer = await call('llm.key.save', { api_key: KEY });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'refused', message: expect.stringMatching(/^The OpenAI key was not saved.*environment variables/) as unknown },
    });
    expect(answer.ok ? '' : answer.error.hint).toMatch(/OPENAI_API_KEY/);
    expect(JSON.stringify(answer)).not.toContain(KEY);
    expect(await call('llm.get', {})).toMatchObject({
      ok: true,
      value: { key: { has_key: false, can_store: false, backend: 'environment', note: expect.stringContaining('stores none') as unknown } },
    });
  });

  it('is refused on a desktop whose only key store is plaintext, and no secrets file is written', async () => {
    const call = door({ vault: () => new SealedSecretVault(secretsFile(), fakeCipher('basic_text')) });
    expect(await call('llm.key.save', { api_key: KEY })).toMatchObject({ ok: false, error: { kind: 'refused' } });
    expect(fs.existsSync(secretsFile())).toBe(false);
  });

  it('says a key is there when OPENAI_API_KEY is set in browser mode, without handing it out', async () => {
    const answer = await door({ env: { OPENAI_API_KEY: KEY } })('llm.get', {});
    expect(answer).toMatchObject({ ok: true, value: { key: { has_key: true, from_environment: true, can_store: false } } });
    expect(JSON.stringify(answer)).not.toContain(KEY);
  });

  it('refuses an empty key with an error naming api_key', async () => {
    const call = door({ vault: () => new SealedSecretVault(secretsFile(), fakeCipher()) });
    expect(await call('llm.key.save', { api_key: '  ' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: expect.stringContaining('api_key') as unknown },
    });
  });
});

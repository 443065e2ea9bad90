import { describe, expect, it } from 'vitest';
import { embedderName, llmSettingsFromEnv, parseEmbedderSpec } from '../../shared/llm-config';
import { errorOf } from '../support/lens-error-of';

describe('parseEmbedderSpec (LENS_EMBEDDER)', () => {
  it('reads hashing-384 and openai:<model>[:<dimensions>]', () => {
    expect(parseEmbedderSpec('hashing-384')).toEqual({ provider: 'hashing' });
    expect(parseEmbedderSpec('openai:text-embedding-3-small')).toEqual({ provider: 'openai', model: 'text-embedding-3-small' });
    expect(parseEmbedderSpec(' openai:text-embedding-3-large:256 ', 'http://localhost:8000/v1')).toEqual({
      provider: 'openai',
      model: 'text-embedding-3-large',
      dimensions: 256,
      base_url: 'http://localhost:8000/v1',
    });
  });

  it.each(['bert', 'openai:', 'openai:m:0', 'openai:m:1.5', 'openai:m:x', 'openai:m:3:4', 'hashing-512'])(
    'refuses %s with the accepted forms',
    (spec) => {
      const error = errorOf(() => parseEmbedderSpec(spec));
      expect(error.kind).toBe('invalid_input');
      expect(error.hint).toContain('openai:<model>[:<dimensions>]');
    },
  );

  it('refuses a base URL that is not a URL, naming OPENAI_BASE_URL', () => {
    expect(errorOf(() => parseEmbedderSpec('openai:m', 'not a url')).hint).toContain('OPENAI_BASE_URL');
  });

  it.each(['file:///etc/passwd', 'ftp://files.example/v1'])(
    'refuses the base URL %s, which is not http(s), naming OPENAI_BASE_URL',
    (url) => {
      const error = errorOf(() => parseEmbedderSpec('openai:m', url));
      expect(error.message).toBe(`The base URL ${JSON.stringify(url)} of the language models is not an http:// or https:// URL.`);
      expect(error.hint).toContain('OPENAI_BASE_URL');
    },
  );
});

describe('llmSettingsFromEnv', () => {
  it('keeps the defaults when nothing is set', () => {
    expect(llmSettingsFromEnv({})).toEqual({ embedder: { provider: 'hashing' }, text2cypher_enabled: false });
  });

  it('turns Text2Cypher on with LENS_CHAT_MODEL and passes OPENAI_BASE_URL to both models', () => {
    const settings = llmSettingsFromEnv({
      LENS_EMBEDDER: 'openai:e:64',
      LENS_CHAT_MODEL: 'gpt-x',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    expect(settings).toEqual({
      embedder: { provider: 'openai', model: 'e', dimensions: 64, base_url: 'http://127.0.0.1:9/v1' },
      chat_model: 'gpt-x',
      chat_base_url: 'http://127.0.0.1:9/v1',
      text2cypher_enabled: true,
    });
  });

  it('refuses an OPENAI_BASE_URL that is not http(s) for the chat model too, rather than passing it on', () => {
    const error = errorOf(() => llmSettingsFromEnv({ LENS_CHAT_MODEL: 'gpt-x', OPENAI_BASE_URL: 'file:///etc/passwd' }));
    expect(error.kind).toBe('invalid_input');
    expect(error.said?.code).toBe('error_store:embedder_base_url_invalid');
  });

  it('names embedders as they are recorded with runs', () => {
    expect(embedderName({ provider: 'hashing' })).toBe('hashing-384');
    expect(embedderName({ provider: 'openai', model: 'e' })).toBe('openai:e');
    expect(embedderName({ provider: 'openai', model: 'e', dimensions: 64 })).toBe('openai:e:64');
  });
});

import { describe, expect, it } from 'vitest';
import type { LlmSettings } from '../../../shared/llm-config';
import { configuredEmbedder, resolveLlmSettings } from '../../../electron/llm/llm-settings-source';
import type { SecretVault } from '../../../electron/secrets/secret-vault';
import { errorOf } from '../../support/lens-error-of';

const SAVED: LlmSettings = {
  embedder: { provider: 'openai', model: 'saved-model', dimensions: 128, base_url: 'http://saved.example/v1' },
  chat_model: 'saved-chat',
  text2cypher_enabled: true,
};

/** A vault holding `secrets` by name. */
function vaultWith(secrets: Record<string, string>): SecretVault {
  return {
    status: () => ({ canStore: true, backend: 'test', note: '' }),
    get: (name) => secrets[name] ?? null,
    set: () => undefined,
    delete: () => undefined,
  };
}

describe('resolveLlmSettings: environment over saved settings over the default', () => {
  it('uses hashing-384 from the default when nothing is set or saved', () => {
    const resolved = resolveLlmSettings({}, null);
    expect(resolved.embedder).toEqual({ choice: { provider: 'hashing' }, name: 'hashing-384', source: 'default' });
    expect(resolved.apiKey).toEqual({ present: false, source: 'none' });
    expect(resolved.chatModel).toEqual({ model: null, source: 'default' });
  });

  it('uses the saved embedder, base URL and chat model when the environment sets none', () => {
    const resolved = resolveLlmSettings({}, SAVED);
    expect(resolved.embedder).toMatchObject({ name: 'openai:saved-model:128', source: 'saved' });
    expect(resolved.baseUrl).toEqual({ url: 'http://saved.example/v1', source: 'saved' });
    expect(resolved.chatModel).toEqual({ model: 'saved-chat', source: 'saved' });
  });

  it('lets LENS_EMBEDDER and OPENAI_BASE_URL win over the saved settings, naming the environment as the source', () => {
    const resolved = resolveLlmSettings({ LENS_EMBEDDER: 'openai:env-model:64', OPENAI_BASE_URL: 'http://env.example/v1' }, SAVED);
    expect(resolved.embedder).toEqual({
      choice: { provider: 'openai', model: 'env-model', dimensions: 64, base_url: 'http://env.example/v1' },
      name: 'openai:env-model:64',
      source: 'environment',
    });
    expect(resolved.baseUrl).toEqual({ url: 'http://env.example/v1', source: 'environment' });
  });

  it('points a saved model at OPENAI_BASE_URL when only the base URL comes from the environment', () => {
    const resolved = resolveLlmSettings({ OPENAI_BASE_URL: 'http://env.example/v1' }, SAVED);
    expect(resolved.embedder).toMatchObject({ name: 'openai:saved-model:128', source: 'saved' });
    expect(resolved.embedder.choice).toMatchObject({ base_url: 'http://env.example/v1' });
  });

  it('lets LENS_EMBEDDER=hashing-384 switch a saved model off', () => {
    expect(resolveLlmSettings({ LENS_EMBEDDER: 'hashing-384' }, SAVED).embedder).toMatchObject({
      name: 'hashing-384',
      source: 'environment',
    });
  });

  it('takes the key from OPENAI_API_KEY over the vault, and says where it came from without saying it', () => {
    const vault = vaultWith({ 'openai-api-key': 'sk-from-vault-1111' });
    expect(resolveLlmSettings({}, SAVED, vault).apiKey).toEqual({ present: true, source: 'vault' });
    const resolved = resolveLlmSettings({ OPENAI_API_KEY: 'sk-from-env-2222' }, SAVED, vault);
    expect(resolved.apiKey).toEqual({ present: true, source: 'environment' });
    expect(JSON.stringify(resolved)).not.toMatch(/sk-from/);
  });

  it('refuses a LENS_EMBEDDER it cannot read, naming the accepted forms', () => {
    expect(errorOf(() => resolveLlmSettings({ LENS_EMBEDDER: 'bert-base' }, SAVED)).hint).toContain('openai:<model>[:<dimensions>]');
  });
});

describe('configuredEmbedder', () => {
  it('builds the embedder the resolution names', () => {
    expect(configuredEmbedder({}, null)).toMatchObject({ name: 'hashing-384', kind: 'lexical' });
    expect(configuredEmbedder({}, SAVED)).toMatchObject({ name: 'openai:saved-model:128', kind: 'semantic', dimensions: 128 });
    expect(configuredEmbedder({ LENS_EMBEDDER: 'openai:e' }, SAVED)).toMatchObject({ name: 'openai:e', dimensions: null });
  });
});

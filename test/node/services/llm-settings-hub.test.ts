import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { SealedSecretVault } from '../../../electron/secrets/sealed-secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { fakeCipher } from '../../support/fake-os-cipher';
import { startOpenAiStub, type OpenAiStub } from '../../support/openai-stub-server';

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub({ dimensions: 16 });
});
afterAll(() => stub.close());

describe('the service hub builds the query embedder from the LLM settings', () => {
  let dir: string;
  let hub: ServiceHub;
  // A graph URI that is never dialled: building the services opens no connection.
  const env = () => ({ LENS_HOME: path.join(dir, 'home'), NEO4J_URI: 'bolt://127.0.0.1:9', NEO4J_PASSWORD: 'unused' });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-llm-hub-'));
    hub = new ServiceHub(env(), new SealedSecretVault(path.join(dir, 'home', 'secrets.json'), fakeCipher()));
  });
  afterEach(async () => {
    await hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses hashing-384 when nothing is configured', () => {
    expect(hub.services().deps.embedder.name).toBe('hashing-384');
    expect(hub.llmSettings().embedder.source).toBe('default');
  });

  it('picks up saved settings after llmSettingsChanged, keeping the same graph gateway, and calls the model with the key from the vault', async () => {
    const before = hub.services();
    hub.store().setSetting('llm', { embedder: { provider: 'openai', model: 'saved-model', dimensions: 16, base_url: stub.baseUrl } });
    hub.vault.set('openai-api-key', 'sk-vault-held-key-4242');
    expect(hub.services().deps.embedder.name).toBe('hashing-384');

    hub.llmSettingsChanged();
    const after = hub.services();
    expect(after.deps.embedder).toMatchObject({ name: 'openai:saved-model:16', kind: 'semantic' });
    expect(after.gateway).toBe(before.gateway);
    expect(hub.llmSettings()).toMatchObject({ embedder: { source: 'saved' }, apiKey: { present: true, source: 'vault' } });

    const requests = stub.requests.length;
    expect(await after.deps.embedder.embed('hello', Deadline.after(5_000))).toHaveLength(16);
    expect(stub.requests.slice(requests)[0]).toMatchObject({
      authorization: 'Bearer sk-vault-held-key-4242',
      body: { model: 'saved-model' },
    });
  });

  it('keeps LENS_EMBEDDER over a saved embedder', async () => {
    await hub.close();
    hub = new ServiceHub({ ...env(), LENS_EMBEDDER: 'hashing-384' });
    hub.store().setSetting('llm', { embedder: { provider: 'openai', model: 'saved-model' } });
    hub.llmSettingsChanged();
    expect(hub.services().deps.embedder.name).toBe('hashing-384');
    expect(hub.llmSettings().embedder.source).toBe('environment');
  });

  it('reads saved settings for the embedder without creating a trace store where there is none', () => {
    const fresh = new ServiceHub({ LENS_HOME: path.join(dir, 'empty-home') });
    expect(fresh.embedder().name).toBe('hashing-384');
    expect(fs.existsSync(path.join(dir, 'empty-home'))).toBe(false);
  });
});

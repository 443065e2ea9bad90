import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { providerEndpointFromEnv } from '../../../electron/provider/provider-endpoint-source';
import { SealedSecretVault } from '../../../electron/secrets/sealed-secret-vault';
import { EnvironmentVault, type SecretVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { fakeCipher } from '../../support/fake-os-cipher';
import { errorOf } from '../../support/lens-error-of';

const TOKEN = 'tok-endpoint-31aa';

describe('the provider endpoint from LENS_PROVIDER_URL and LENS_PROVIDER_TOKEN', () => {
  it('is null when LENS_PROVIDER_URL is not set', () => {
    expect(providerEndpointFromEnv({ LENS_PROVIDER_TOKEN: TOKEN })).toBeNull();
  });

  it('takes the URL and the bearer token, and an explicit URL in place of the variable', () => {
    const env = { LENS_PROVIDER_URL: ' https://ctx.example/v1/context ', LENS_PROVIDER_TOKEN: TOKEN };
    expect(providerEndpointFromEnv(env)).toEqual({ url: 'https://ctx.example/v1/context', token: TOKEN });
    expect(providerEndpointFromEnv(env, 'http://127.0.0.1:8080/ctx')).toEqual({ url: 'http://127.0.0.1:8080/ctx', token: TOKEN });
    expect(providerEndpointFromEnv({}, 'http://127.0.0.1:8080/ctx')).toEqual({ url: 'http://127.0.0.1:8080/ctx' });
  });

  it.each([
    ['not a URL', 'ctx.example/context', /must be an http:\/\/ or https:\/\/ URL/],
    ['another scheme', 'ftp://ctx.example/context', /must be an http:\/\/ or https:\/\/ URL/],
    ['a password in the URL', 'https://svc:hunter2@ctx.example/context', /carries a credential/],
    ['a token in the query', 'https://ctx.example/context?token=hunter2', /carries a credential/],
  ])('refuses %s as invalid_input naming LENS_PROVIDER_URL, without repeating the secret', (_what, url, message) => {
    const error = errorOf(() => providerEndpointFromEnv({ LENS_PROVIDER_URL: url }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(/^LENS_PROVIDER_URL: /);
    expect(error.message).toMatch(message);
    expect(`${error.message} ${error.hint}`).not.toContain('hunter2');
  });

  it('codes the problem inside the sentence, so the UI words the whole of it', () => {
    const error = errorOf(() => providerEndpointFromEnv({ LENS_PROVIDER_URL: 'ftp://ctx.example/context' }));
    expect(error.said).toEqual({
      code: 'error_retrieval:provider_endpoint_invalid',
      params: { field: 'LENS_PROVIDER_URL', problem: [{ code: 'error_retrieval:provider_url_not_http', params: {} }] },
    });
    expect(error.message).toBe(
      'LENS_PROVIDER_URL: the provider endpoint must be an http:// or https:// URL, e.g. http://127.0.0.1:8080/context.',
    );
    expect(error.hintSaid?.code).toBe('error_retrieval:provider_endpoint_invalid_hint');
  });
});

describe('provider.get and provider.save keep the URL in the settings and the token in the vault', () => {
  let dir: string;
  let hub: ServiceHub | null = null;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-provider-save-'));
  });
  afterEach(async () => {
    await hub?.close();
    hub = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function door(vault: (env: NodeJS.ProcessEnv) => SecretVault, extra: NodeJS.ProcessEnv = {}) {
    const env = { LENS_HOME: path.join(dir, 'home'), ...extra };
    hub = new ServiceHub(env, vault(env));
    const handlers = createLensHandlers(hub, 'http', '9.9.9');
    return (name: string, input: unknown) => dispatch(handlers, name, input);
  }
  const filesUnder = (folder: string): string[] =>
    fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    });

  it('saves the URL and seals the token in the desktop vault; the state and every file show no token', async () => {
    const call = door(() => new SealedSecretVault(path.join(dir, 'home', 'secrets.json'), fakeCipher()));
    expect(await call('provider.get', {})).toMatchObject({ ok: true, value: { endpoint: null, problem: null } });
    const saved = await call('provider.save', { url: 'https://ctx.example/context', token: TOKEN });
    expect(saved).toEqual({
      ok: true,
      value: expect.objectContaining({ endpoint: { url: 'https://ctx.example/context', has_token: true, source: 'saved' }, problem: null }),
    });
    expect(hub?.vault.get('provider-token')).toBe(TOKEN);
    for (const file of filesUnder(path.join(dir, 'home'))) expect(fs.readFileSync(file).includes(TOKEN), file).toBe(false);
    expect(await call('provider.save', { url: null })).toMatchObject({ ok: true, value: { endpoint: null } });
    expect(hub?.vault.get('provider-token')).toBeNull();
  });

  it('refuses a token where no secret can be kept (browser mode, the CLI) and saves nothing', async () => {
    const call = door((env) => new EnvironmentVault(env));
    const answer = await call('provider.save', { url: 'https://ctx.example/context', token: TOKEN });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'refused', hint: expect.stringMatching(/LENS_PROVIDER_TOKEN/) } });
    expect(await call('provider.get', {})).toMatchObject({ ok: true, value: { endpoint: null } });
  });

  it('prefers LENS_PROVIDER_URL to a saved URL, and reports a malformed one as the problem rather than failing', async () => {
    const env = (url: string) => ({ LENS_PROVIDER_URL: url, LENS_PROVIDER_TOKEN: TOKEN });
    const call = door((e) => new EnvironmentVault(e), env('http://127.0.0.1:9100/ctx'));
    expect(await call('provider.get', {})).toMatchObject({
      ok: true,
      value: { endpoint: { url: 'http://127.0.0.1:9100/ctx', has_token: true, source: 'environment' } },
    });
    await hub?.close();
    const broken = door((e) => new EnvironmentVault(e), env('https://svc:pw@ctx.example/'));
    expect(await broken('provider.get', {})).toMatchObject({
      ok: true,
      value: {
        endpoint: null,
        problem: expect.stringMatching(/^LENS_PROVIDER_URL: .*credential/),
        problem_code: 'error_retrieval:provider_endpoint_invalid',
      },
    });
  });
});

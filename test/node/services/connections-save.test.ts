import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { SealedSecretVault } from '../../../electron/secrets/sealed-secret-vault';
import { EnvironmentVault, type SecretVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { fakeCipher } from '../../support/fake-os-cipher';

const PROFILE = { id: 'staging', uri: 'neo4j+s://graph.example.com:7687', user: 'reader' };

describe('connections.save keeps a profile and its password together, or neither', () => {
  let dir: string;
  let hub: ServiceHub | null = null;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-save-'));
  });
  afterEach(async () => {
    await hub?.close();
    hub = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const secretsFile = () => path.join(dir, 'home', 'secrets.json');
  /** The handler table over a hub with `vault`, called the way every door calls it. */
  function door(vault: (env: NodeJS.ProcessEnv) => SecretVault) {
    const env = { LENS_HOME: path.join(dir, 'home') };
    hub = new ServiceHub(env, vault(env));
    const handlers = createLensHandlers(hub, 'http', '9.9.9');
    return (name: string, input: unknown) => dispatch(handlers, name, input);
  }

  it('refuses a password in browser mode (environment vault), saves nothing, and says to set NEO4J_PASSWORD or save without one', async () => {
    const call = door((env) => new EnvironmentVault(env));
    const answer = await call('connections.save', { ...PROFILE, password: 's3cret' });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'refused', message: expect.stringMatching(/^The profile staging was not saved/) },
    });
    const hint = answer.ok ? '' : (answer.error.hint ?? '');
    expect(hint).toMatch(/without a password/);
    expect(hint).toMatch(/NEO4J_PASSWORD/);
    expect(await call('connections.get', {})).toMatchObject({ ok: true, value: { profiles: [] } });
  });

  it('saves a profile without a password in browser mode', async () => {
    const call = door((env) => new EnvironmentVault(env));
    expect(await call('connections.save', PROFILE)).toMatchObject({ ok: true, value: { profiles: [{ ...PROFILE, has_password: false }] } });
  });

  it('keeps the earlier version of a profile when a new password for it is refused', async () => {
    const call = door((env) => new EnvironmentVault(env));
    await call('connections.save', PROFILE);
    await call('connections.save', { ...PROFILE, uri: 'bolt://other.example:7687', password: 's3cret' });
    expect(await call('connections.get', {})).toMatchObject({ ok: true, value: { profiles: [PROFILE] } });
  });

  it('saves the profile and seals its password with a desktop key store', async () => {
    const call = door(() => new SealedSecretVault(secretsFile(), fakeCipher()));
    expect(await call('connections.save', { ...PROFILE, password: 's3cret' })).toMatchObject({
      ok: true,
      value: { profiles: [{ ...PROFILE, has_password: true }] },
    });
    expect(fs.readFileSync(secretsFile(), 'utf8')).toContain('neo4j-password:staging');
    expect(fs.readFileSync(secretsFile(), 'utf8')).not.toContain('s3cret');
  });

  it('refuses a password on a desktop whose only key store is plaintext, and saves nothing', async () => {
    const call = door(() => new SealedSecretVault(secretsFile(), fakeCipher('basic_text')));
    const answer = await call('connections.save', { ...PROFILE, password: 's3cret' });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        kind: 'refused',
        message: expect.stringMatching(/was not saved.*only plaintext/),
        hint: expect.stringMatching(/without a password/),
      },
    });
    expect(await call('connections.get', {})).toMatchObject({ ok: true, value: { profiles: [] } });
    expect(fs.existsSync(secretsFile())).toBe(false);
  });

  it('puts the profile list back when the key store fails while storing (a damaged secrets file)', async () => {
    const call = door(() => new SealedSecretVault(secretsFile(), fakeCipher()));
    await call('connections.save', PROFILE);
    fs.writeFileSync(secretsFile(), '{"damaged": 7');
    const answer = await call('connections.save', { ...PROFILE, uri: 'bolt://other.example:7687', password: 's3cret' });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'io', message: expect.stringContaining('is damaged') } });
    expect(hub?.profiles()).toEqual([PROFILE]);
    expect(fs.readFileSync(secretsFile(), 'utf8')).toBe('{"damaged": 7');
  });
});

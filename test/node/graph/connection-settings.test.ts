import { describe, expect, it } from 'vitest';
import { connectionSettings } from '../../../electron/graph/connection-settings';
import { connectionSettingsFromEnv } from '../../../electron/services/connection-from-env';
import { GraphGateway } from '../../../electron/graph/read-gateway';
import { errorOf } from '../../support/lens-error-of';

const SECRET = 'hunter2-Zq8';

describe('connection settings from NEO4J_URI', () => {
  it('takes user and password from the URI when NEO4J_USER and NEO4J_PASSWORD are not set, and keeps a URI without them', () => {
    const settings = connectionSettingsFromEnv({ NEO4J_URI: `bolt://reader:${SECRET}@db.example:7687` });
    expect(settings).toEqual({
      uri: 'bolt://db.example:7687',
      user: 'reader',
      password: SECRET,
      database: undefined,
      source: 'environment',
    });
  });

  it('decodes percent-encoded credentials in the URI', () => {
    const settings = connectionSettingsFromEnv({ NEO4J_URI: 'neo4j://re%40der:p%3Ass%2Fw@db.example' });
    expect(settings).toMatchObject({ uri: 'neo4j://db.example', user: 're@der', password: 'p:ss/w' });
  });

  it('uses NEO4J_USER and NEO4J_PASSWORD as before when the URI carries no credentials', () => {
    expect(
      connectionSettingsFromEnv({
        NEO4J_URI: 'bolt://db.example:7687',
        NEO4J_USER: 'reader',
        NEO4J_PASSWORD: SECRET,
        NEO4J_DATABASE: 'docs',
      }),
    ).toEqual({
      uri: 'bolt://db.example:7687',
      user: 'reader',
      password: SECRET,
      database: 'docs',
      source: 'environment',
    });
  });

  it('fills in from the URI only what is not set on its own, and accepts the same value given twice', () => {
    const settings = connectionSettingsFromEnv({ NEO4J_URI: `bolt://reader:${SECRET}@db.example`, NEO4J_USER: 'reader' });
    expect(settings).toMatchObject({ user: 'reader', password: SECRET, uri: 'bolt://db.example' });
  });

  it('refuses a password in the URI that differs from NEO4J_PASSWORD, showing neither', () => {
    const error = errorOf(() =>
      connectionSettingsFromEnv({ NEO4J_URI: `bolt://reader:${SECRET}@db.example`, NEO4J_PASSWORD: 'other-secret' }),
    );
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('NEO4J_PASSWORD');
    expect(JSON.stringify(error.toData())).not.toMatch(new RegExp(`${SECRET}|other-secret`));
  });

  it('refuses a user in the URI that differs from NEO4J_USER, naming both', () => {
    const error = errorOf(() => connectionSettingsFromEnv({ NEO4J_URI: `bolt://reader:${SECRET}@db.example`, NEO4J_USER: 'admin' }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(/"reader".*NEO4J_USER.*"admin"/);
    expect(JSON.stringify(error.toData())).not.toContain(SECRET);
  });

  it.each([
    ['bolt', `bolt://127.0.0.1:7687?password=${SECRET}`],
    ['neo4j', `neo4j://db.example?policy=eu&password=${SECRET}`],
  ])('refuses a %s URI with ?password= as invalid input naming the parameter, without the secret', (_scheme, uri) => {
    const error = errorOf(() => connectionSettingsFromEnv({ NEO4J_URI: uri }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('carries a credential in its query (password)');
    expect(error.hint).toContain('NEO4J_PASSWORD');
    expect(JSON.stringify(error.toData())).not.toContain(SECRET);
  });

  it('refuses a scheme the driver does not speak, as invalid input, with the credentials masked', () => {
    const error = errorOf(() => connectionSettingsFromEnv({ NEO4J_URI: `http://neo4j:${SECRET}@db.example:7474` }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('"http"');
    expect(error.message).toContain('http://***@db.example:7474');
    expect(error.message).not.toContain(SECRET);
  });

  it('refuses query parameters on a bolt:// URI, which the driver would reject with the URI in its message', () => {
    const error = errorOf(() => connectionSettingsFromEnv({ NEO4J_URI: 'bolt://db.example:7687?policy=eu' }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('neo4j://');
  });

  it('refuses credentials that are not valid percent-encoding without printing them', () => {
    const error = errorOf(() => connectionSettingsFromEnv({ NEO4J_URI: `bolt://reader:${SECRET}%zz@db.example` }));
    expect(error.kind).toBe('invalid_input');
    expect(JSON.stringify(error.toData())).not.toContain(SECRET);
  });

  it('gives the driver a URI it opens without complaint once the credentials are out', async () => {
    const settings = connectionSettings({
      uri: `neo4j://reader:${SECRET}@db.example:7687?policy=eu`,
      user: undefined,
      password: undefined,
      database: undefined,
      source: 'profile',
    });
    const gateway = GraphGateway.open(settings);
    await gateway.close();
    expect(settings.uri).toBe('neo4j://db.example:7687?policy=eu');
  });
});

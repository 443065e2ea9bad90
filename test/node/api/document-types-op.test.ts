import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { EnvironmentVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { useTempFolders } from '../../support/temp-folders';

describe('graph.document_types', () => {
  const { tempDir } = useTempFolders('lens-document-types-');
  let hub: ServiceHub | null = null;
  afterEach(async () => {
    await hub?.close();
    hub = null;
  });

  it('answers an unreachable graph with the coded unavailable error, never an empty list', async () => {
    const env = { LENS_HOME: path.join(tempDir(), 'home'), NEO4J_URI: 'bolt://127.0.0.1:1', NEO4J_PASSWORD: 'x' };
    hub = new ServiceHub(env, new EnvironmentVault(env));
    const answer = await dispatch(createLensHandlers(hub, 'http', '9.9.9'), 'graph.document_types', {});
    expect(answer).toMatchObject({ ok: false, error: { kind: 'unavailable', message: expect.stringContaining('bolt://127.0.0.1:1') } });
  });
});

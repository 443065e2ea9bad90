import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ApiEnvelope } from '../../shared/api/lens-api';
import { dispatch } from '../../electron/api/api-dispatch';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { ServiceHub } from '../../electron/services/service-hub';
import { ensureDemoGraph } from './demo-graph';
import type { TestNeo4j } from './test-env';

/**
 * The handler table over a ServiceHub on the demo graph of `server`, in a fresh LENS_HOME for the
 * file: `call` answers with the envelope as every door does, `value` with the value (a failed
 * operation throws, naming it and its error).
 */
export function useDemoHubDoor(
  server: TestNeo4j,
  prefix: string,
): {
  hub: () => ServiceHub;
  call: (name: string, input: unknown) => Promise<ApiEnvelope>;
  value: <T>(name: string, input: unknown) => Promise<T>;
} {
  let dir = '';
  let hub: ServiceHub | null = null;
  const current = () => {
    if (!hub) throw new Error('the hub is opened in beforeAll');
    return hub;
  };
  const call = (name: string, input: unknown): Promise<ApiEnvelope> =>
    dispatch(createLensHandlers(current(), 'http', '9.9.9'), name, input);
  beforeAll(async () => {
    await ensureDemoGraph(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    hub = new ServiceHub({
      LENS_HOME: path.join(dir, 'home'),
      NEO4J_URI: server.uri,
      NEO4J_USER: server.user,
      NEO4J_PASSWORD: server.password,
    });
  });
  afterAll(async () => {
    await hub?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    hub: current,
    call,
    value: async <T>(name: string, input: unknown): Promise<T> => {
      const envelope = await call(name, input);
      if (!envelope.ok) throw new Error(`${name}: ${envelope.error.kind}: ${envelope.error.message}`);
      return envelope.value as T;
    },
  };
}

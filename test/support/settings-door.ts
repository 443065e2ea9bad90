import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { dispatch } from '../../electron/api/api-dispatch';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { EnvironmentVault, type SecretVault } from '../../electron/secrets/secret-vault';
import { ServiceHub } from '../../electron/services/service-hub';
import type { ApiEnvelope } from '../../shared/api/lens-api';

/** Calls one operation the way every door does (schema in, handler, schema out). */
export type DoorCall = (name: string, input: unknown) => Promise<ApiEnvelope>;

/**
 * The handler table over a real ServiceHub and trace store in a fresh LENS_HOME per test (no graph),
 * with the vault a test chooses (the environment vault of the CLI and browser mode by default).
 * `reopen` starts a new hub on the same home, as a restart of the app would.
 */
export function useSettingsDoor(): {
  home: () => string;
  door: (options?: { env?: NodeJS.ProcessEnv; vault?: (env: NodeJS.ProcessEnv) => SecretVault }) => DoorCall;
  hub: () => ServiceHub;
} {
  let dir = '';
  const hubs: ServiceHub[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-settings-'));
  });
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const home = () => path.join(dir, 'home');
  return {
    home,
    hub: () => hubs.at(-1)!,
    door(options = {}) {
      const env: NodeJS.ProcessEnv = { LENS_HOME: home(), ...options.env };
      const hub = new ServiceHub(env, (options.vault ?? ((e) => new EnvironmentVault(e)))(env));
      hubs.push(hub);
      const handlers = createLensHandlers(hub, 'http', '9.9.9');
      return (name, input) => dispatch(handlers, name, input);
    },
  };
}

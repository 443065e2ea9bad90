// The app's two doors over one hub without a graph, for tests that send the same input through each:
// IPC as the renderer's main frame calls it, and browser mode's HTTP API with its token.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { ipcChannel, registerIpcDoor, type IpcRegistrar } from '../../electron/api/ipc-door';
import { EnvironmentVault } from '../../electron/secrets/secret-vault';
import { ServiceHub } from '../../electron/services/service-hub';
import { startWebHost } from '../../electron/web/web-host';
import type { ApiEnvelope } from '../../shared/api/lens-api';

const RENDERER = 'file:///opt/provenance-lens/resources/app/dist/renderer/index.html';

export interface BothDoors {
  /** The envelope IPC answers `operation` with. */
  readonly ipc: (operation: string, input: unknown) => Promise<ApiEnvelope>;
  /** The HTTP answer to `body` (JSON of `input` unless given as text) posted to `/api/<operation>`: its status and envelope. */
  readonly http: (operation: string, input: unknown, body?: string) => Promise<{ status: number; envelope: ApiEnvelope }>;
  readonly close: () => Promise<void>;
}

/** Both doors over a hub in a new temporary LENS_HOME, removed by `close`. */
export async function openBothDoors(prefix: string): Promise<BothDoors> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  const env = { LENS_HOME: path.join(dir, 'home') };
  const hub = new ServiceHub(env, new EnvironmentVault(env));
  const handlers = createLensHandlers(hub, 'http', '9.9.9');
  const listeners = new Map<string, Parameters<IpcRegistrar['handle']>[1]>();
  registerIpcDoor({ handle: (channel, listener) => listeners.set(channel, listener) }, handlers, RENDERER);
  const host = await startWebHost({ handlers, rendererDir: dir });
  const main = { url: RENDERER };
  return {
    ipc: async (operation, input) =>
      (await listeners.get(ipcChannel(operation))!({ senderFrame: main, sender: { mainFrame: main } }, input)) as ApiEnvelope,
    http: async (operation, input, body) => {
      const response = await fetch(`http://127.0.0.1:${host.port}/api/${operation}`, {
        method: 'POST',
        headers: { 'X-Lens-Token': host.token, 'Content-Type': 'application/json' },
        body: body ?? JSON.stringify(input),
      });
      return { status: response.status, envelope: (await response.json()) as ApiEnvelope };
    },
    close: async () => {
      await host.close();
      await hub.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import type { OperationName } from '../../shared/api/lens-api';
import type { Transport } from '../../shared/api/lens-client';

/** What the desktop preload exposes: one method per operation. */
type IpcBridge = Readonly<Record<OperationName, (input: unknown) => Promise<unknown>>>;

declare global {
  interface Window {
    readonly lensIpc?: IpcBridge;
  }
}

/** The door this page was loaded through: the preload's IPC methods, or browser mode's HTTP API. */
export function detectTransport(): { door: 'ipc' | 'http'; transport: Transport } {
  const bridge = window.lensIpc;
  if (bridge) return { door: 'ipc', transport: (operation, input) => bridge[operation](input) };
  return {
    door: 'http',
    transport: async (operation, input) => {
      const response = await fetch(`/api/${encodeURIComponent(operation)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
      return response.json() as Promise<unknown>;
    },
  };
}

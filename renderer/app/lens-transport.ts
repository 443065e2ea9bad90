import type { OperationName } from '../../shared/api/lens-api';
import type { Transport } from '../../shared/api/lens-client';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { isLensError } from '../../shared/lens-error';

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
  return { door: 'http', transport: httpTransport() };
}

/** True for the error of a browser-mode host that does not answer: the door is gone, not the graph behind it. */
export function isHostGone(error: unknown): boolean {
  return isLensError(error) && error.said?.code === 'error_server:web_host_unreachable';
}

/**
 * Browser mode's door: `POST /api/<operation>` on the page's own host (`base` is for tests). A host
 * that does not answer (`lens web` stopped) is `unavailable`, and an answer that is not JSON (a bare
 * status from Node or a proxy) `internal`, each saying what to do, rather than the browser's own
 * "Failed to fetch" or the parser's "Unexpected end of JSON input".
 */
export function httpTransport(base = ''): Transport {
  return async (operation, input) => {
    let response: Response;
    try {
      response = await fetch(`${base}/api/${encodeURIComponent(operation)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
    } catch {
      throw codedError('unavailable', serverError('web_host_unreachable', { operation }), {
        hint: serverError('web_host_unreachable_hint'),
      });
    }
    try {
      return (await response.json()) as unknown;
    } catch {
      throw codedError('internal', serverError('web_host_answer_unreadable', { operation, status: response.status }), {
        hint: serverError('web_host_answer_unreadable_hint'),
      });
    }
  };
}

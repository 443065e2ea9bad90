// The IPC door's logic, in the Node layer so tests run it without Electron: which channels exist,
// which frames may call them, and the one wrapper every call goes through. main.ts only hands it
// Electron's ipcMain.
import { OPERATION_NAMES } from '../../shared/api/operation-names';
import type { ApiEnvelope } from '../../shared/api/lens-api';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { dispatch, type LensHandlers } from './api-dispatch';

/** The part of a frame the sender check reads (Electron's WebFrameMain fits). */
export interface IpcFrame {
  readonly url: string;
}

/** The part of an invoke event the sender check reads (Electron's IpcMainInvokeEvent fits). */
export interface IpcInvokeEvent {
  readonly senderFrame: IpcFrame | null;
  readonly sender: { readonly mainFrame: IpcFrame };
}

/** Where handlers are registered (Electron's ipcMain fits). */
export interface IpcRegistrar {
  handle(channel: string, listener: (event: IpcInvokeEvent, input: unknown) => Promise<ApiEnvelope> | ApiEnvelope): void;
}

/** The channel of one operation; the preload invokes exactly these. */
export function ipcChannel(name: string): string {
  return `lens:${name}`;
}

/** The answer to a call from any other frame: refused (a message code like every envelope error), and nothing ran. */
export const UNTRUSTED_SENDER: ApiEnvelope = Object.freeze({
  ok: false,
  error: Object.freeze(codedError('refused', serverError('ipc_untrusted_sender')).toData()),
}) as ApiEnvelope;

/**
 * IPC is answered only for our own page in the main frame: not for a subframe, another URL, or a
 * frame that is gone. The fragment is ignored (the renderer routes with it); the query is not.
 */
export function isTrustedSender(event: IpcInvokeEvent, rendererUrl: string): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame === event.sender.mainFrame && frame.url.split('#')[0] === rendererUrl;
}

/**
 * Registers one handler per API operation through the single wrapper: the sender is checked, then
 * `dispatch` parses the input with the operation's schema before the handler runs. Returns the
 * channels registered.
 */
export function registerIpcDoor(ipc: IpcRegistrar, handlers: LensHandlers, rendererUrl: string): string[] {
  return OPERATION_NAMES.map((name) => {
    const channel = ipcChannel(name);
    ipc.handle(channel, (event, input) => (isTrustedSender(event, rendererUrl) ? dispatch(handlers, name, input) : UNTRUSTED_SENDER));
    return channel;
  });
}

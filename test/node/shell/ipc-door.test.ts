import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../shared/api/operation-names';
import type { LensHandlers } from '../../../electron/api/api-dispatch';
import { ipcChannel, isTrustedSender, registerIpcDoor, UNTRUSTED_SENDER, type IpcFrame, type IpcInvokeEvent, type IpcRegistrar } from '../../../electron/api/ipc-door';

const RENDERER = 'file:///opt/provenance-lens/resources/app/dist/renderer/index.html';

/** A stand-in for Electron's ipcMain that keeps the listeners, so a test can invoke them as the renderer would. */
function fakeIpc() {
  const listeners = new Map<string, Parameters<IpcRegistrar['handle']>[1]>();
  const ipc: IpcRegistrar = {
    handle(channel, listener) {
      if (listeners.has(channel)) throw new Error(`second handler for ${channel}`);
      listeners.set(channel, listener);
    },
  };
  return { ipc, listeners };
}

/** Handlers that record what reached them. */
function recordingHandlers() {
  const calls: { name: string; input: unknown }[] = [];
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      async (input: unknown) => {
        calls.push({ name, input });
        return { answered: name };
      },
    ]),
  ) as unknown as LensHandlers;
  return { handlers, calls };
}

const frame = (url: string): IpcFrame => ({ url });
const mainFrameEvent = (url: string): IpcInvokeEvent => {
  const main = frame(url);
  return { senderFrame: main, sender: { mainFrame: main } };
};

describe('the IPC door', () => {
  it('registers exactly one channel per API operation, the ones the preload invokes', () => {
    const { ipc, listeners } = fakeIpc();
    const channels = registerIpcDoor(ipc, recordingHandlers().handlers, RENDERER);
    expect(channels).toEqual(OPERATION_NAMES.map(ipcChannel));
    expect([...listeners.keys()].sort()).toEqual(OPERATION_NAMES.map((name) => `lens:${name}`).sort());
  });

  it('answers our own page in the main frame, with the input parsed by the operation schema first', async () => {
    const { ipc, listeners } = fakeIpc();
    const { handlers, calls } = recordingHandlers();
    registerIpcDoor(ipc, handlers, RENDERER);
    const run = listeners.get('lens:query.run');
    expect(await run?.(mainFrameEvent(`${RENDERER}#/workbench`), { request: { query: 'q' } })).toEqual({ ok: true, value: { answered: 'query.run' } });
    expect(calls).toEqual([{ name: 'query.run', input: { request: { query: 'q' } } }]);
    // Input the schema refuses never reaches the handler.
    const refused = await run?.(mainFrameEvent(RENDERER), { request: 'not an object', extra: 1 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(calls).toHaveLength(1);
  });

  it.each<[string, IpcInvokeEvent]>([
    ['a subframe of our page', { senderFrame: frame(RENDERER), sender: { mainFrame: frame(RENDERER) } }],
    ['another page in the main frame', mainFrameEvent('https://example.com/')],
    ['our page with a query string', mainFrameEvent(`${RENDERER}?x=1`)],
    ['another local file', mainFrameEvent('file:///tmp/evil.html')],
    ['a frame that is gone', { senderFrame: null, sender: { mainFrame: frame(RENDERER) } }],
  ])('refuses %s, and nothing runs', async (_name, event) => {
    const { ipc, listeners } = fakeIpc();
    const { handlers, calls } = recordingHandlers();
    registerIpcDoor(ipc, handlers, RENDERER);
    expect(isTrustedSender(event, RENDERER)).toBe(false);
    expect(await listeners.get('lens:settings.set')?.(event, {})).toEqual(UNTRUSTED_SENDER);
    expect(calls).toEqual([]);
  });
});

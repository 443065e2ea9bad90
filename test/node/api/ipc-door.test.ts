import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, type OperationName } from '../../../shared/api/operation-names';
import { wordCore } from '../../../shared/core-catalogues';
import type { LensHandlers } from '../../../electron/api/api-dispatch';
import { MAX_INPUT_DEPTH } from '../../../electron/api/input-limits';
import {
  ipcChannel,
  isTrustedSender,
  registerIpcDoor,
  UNTRUSTED_SENDER,
  type IpcFrame,
  type IpcInvokeEvent,
  type IpcRegistrar,
} from '../../../electron/api/ipc-door';
import { startWebHost, type WebHost } from '../../../electron/web/web-host';

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

/** Valid answers for the operations these tests call; any other operation answers a shape its schema refuses. */
const ANSWERS: Partial<Record<OperationName, unknown>> = {
  'settings.get': { language: 'ko', theme: 'dark' },
  'settings.set': { language: 'en', theme: 'light' },
  'traces.delete': { deleted: 1, not_found: [] },
  'app.info': { version: '9.9.9', door: 'ipc', graph_uri: null },
};

/** Handlers that record what reached them and answer from ANSWERS (or `override`). */
function recordingHandlers(override: Partial<Record<OperationName, unknown>> = {}) {
  const calls: { name: string; input: unknown }[] = [];
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      async (input: unknown) => {
        calls.push({ name, input });
        return Object.hasOwn(override, name) ? override[name] : (ANSWERS[name] ?? { answered: name });
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

function door(override: Partial<Record<OperationName, unknown>> = {}) {
  const { ipc, listeners } = fakeIpc();
  const { handlers, calls } = recordingHandlers(override);
  registerIpcDoor(ipc, handlers, RENDERER);
  const invoke = async (channel: string, input: unknown, event = mainFrameEvent(RENDERER)) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`no listener on ${channel}`);
    return listener(event, input);
  };
  return { listeners, calls, invoke };
}

/** Input nested `depth` arrays deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

describe('the IPC door', () => {
  it('registers exactly one channel per API operation, the ones the preload invokes', () => {
    const { listeners } = door();
    expect([...listeners.keys()]).toEqual(OPERATION_NAMES.map(ipcChannel));
    expect([...listeners.keys()].sort()).toEqual(OPERATION_NAMES.map((name) => `lens:${name}`).sort());
  });

  it('opens no channel outside the table: an unknown operation has no listener at all', () => {
    const { listeners } = door();
    for (const channel of ['lens:nope', 'lens:', 'lens:__proto__', 'lens:call', 'lens:*', 'nope'])
      expect(listeners.has(channel), channel).toBe(false);
  });

  it('runs on each channel its own operation and no other', async () => {
    const { calls, invoke } = door();
    for (const name of OPERATION_NAMES) {
      const before = calls.length;
      await invoke(ipcChannel(name), {});
      // {} is valid input for some operations only; where a handler ran, it was this one's.
      expect(calls.slice(before).map((call) => call.name)).toEqual(calls.length > before ? [name] : []);
    }
    expect(calls.length).toBeGreaterThanOrEqual(6);
  });

  it('answers our own page in the main frame, with the input parsed by the operation schema first', async () => {
    const { calls, invoke } = door();
    expect(await invoke('lens:settings.set', { language: 'en' }, mainFrameEvent(`${RENDERER}#/workbench`))).toEqual({
      ok: true,
      value: { language: 'en', theme: 'light' },
    });
    expect(calls).toEqual([{ name: 'settings.set', input: { language: 'en' } }]);
  });

  it.each<[string, string, unknown]>([
    ['a value outside the enum', 'lens:settings.set', { language: 'fr' }],
    ['a field the strict schema does not know', 'lens:settings.set', { language: 'en', extra: 1 }],
    ['the wrong type', 'lens:traces.delete', { trace_ids: 'tr-1' }],
    ['an empty list where one is needed', 'lens:traces.delete', { trace_ids: [] }],
    ['a string instead of an object', 'lens:query.run', 'not an object'],
  ])('refuses input with %s as invalid_input naming the field, and the handler never runs', async (_name, channel, input) => {
    const { calls, invoke } = door();
    const answer = await invoke(channel, input);
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: expect.stringContaining(channel.slice('lens:'.length)) },
    });
    expect(calls).toEqual([]);
  });

  it('answers internal when the handler answers a shape its output schema refuses, and hands out none of it', async () => {
    const { calls, invoke } = door({ 'settings.get': { language: 'fr', theme: 'dark', password: 's3cret' } });
    const answer = await invoke('lens:settings.get', {});
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: expect.stringMatching(/^settings\.get: the answer did not match its schema/) },
    });
    expect(JSON.stringify(answer)).not.toContain('s3cret');
    expect(calls).toHaveLength(1);
  });

  it('drops a field the output schema does not name instead of handing it to the renderer', async () => {
    const { invoke } = door({ 'settings.get': { language: 'ko', theme: 'dark', api_key: 'sk-leak' } });
    expect(await invoke('lens:settings.get', {})).toEqual({ ok: true, value: { language: 'ko', theme: 'dark' } });
  });

  it(`refuses input nested 100,000 levels deep as invalid_input naming the limit of ${MAX_INPUT_DEPTH}, and the handler never runs`, async () => {
    const { calls, invoke } = door();
    const answer = await invoke('lens:query.run', { request: { query: nested(100_000) } });
    expect(answer).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: `query.run: the input is nested more than ${MAX_INPUT_DEPTH} levels deep.`,
        hint: expect.any(String),
        message_code: 'error_server:input_too_deep',
        message_params: { operation: 'query.run', max: MAX_INPUT_DEPTH },
        hint_code: 'error_server:input_too_deep_hint',
        hint_params: {},
      },
    });
    expect(calls).toEqual([]);
  });

  it('accepts input exactly at the depth limit and refuses it one level deeper', async () => {
    const { calls, invoke } = door({ 'query.run': { answered: true } });
    // A valid request whose template parameter is nested arrays: { request: { options: { template_params: { deep: [...] } } } } is four levels of objects.
    const request = (depth: number) => ({
      request: {
        query: 'q',
        principal: 'u-sora',
        mode: 'cypher',
        options: { template_id: 'chunks-containing', template_params: { deep: nested(depth) } },
      },
    });
    await invoke('lens:query.run', request(MAX_INPUT_DEPTH - 4));
    expect(calls).toHaveLength(1);
    const deeper = await invoke('lens:query.run', request(MAX_INPUT_DEPTH - 3));
    expect(deeper).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(calls).toHaveLength(1);
  });

  it.each<[string, () => unknown]>([
    [
      'an object that refers to itself',
      () => {
        const request: Record<string, unknown> = { query: 'q' };
        request.self = request;
        return { request };
      },
    ],
    ['a Map', () => ({ request: { query: new Map([['a', 1]]) } })],
    ['a Date', () => ({ request: { freshness_required_at: new Date() } })],
    ['a BigInt', () => ({ request: { top_k: 10n } })],
    ['NaN', () => ({ request: { top_k: Number.NaN } })],
    ['more than 2 MB of text', () => ({ request: { query: 'x'.repeat(2 * 1024 * 1024 + 1) } })],
  ])('refuses %s (IPC carries more than JSON) as invalid_input, and the handler never runs', async (_name, input) => {
    const { calls, invoke } = door();
    expect(await invoke('lens:query.run', input())).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: expect.stringMatching(/^query\.run: the input /) },
    });
    expect(calls).toEqual([]);
  });

  it.each<[string, IpcInvokeEvent]>([
    ['a subframe of our page', { senderFrame: frame(RENDERER), sender: { mainFrame: frame(RENDERER) } }],
    ['another page in the main frame', mainFrameEvent('https://example.com/')],
    ['our page with a query string', mainFrameEvent(`${RENDERER}?x=1`)],
    ['another local file', mainFrameEvent('file:///tmp/evil.html')],
    ['a file whose name starts like ours', mainFrameEvent(`${RENDERER}.evil.html`)],
    ['a frame that is gone', { senderFrame: null, sender: { mainFrame: frame(RENDERER) } }],
  ])('refuses %s, and nothing runs', async (_name, event) => {
    const { calls, invoke } = door();
    expect(isTrustedSender(event, RENDERER)).toBe(false);
    expect(await invoke('lens:settings.set', {}, event)).toEqual(UNTRUSTED_SENDER);
    expect(calls).toEqual([]);
  });

  it('refuses an untrusted frame with a message code worded in English and Korean, like every envelope error', async () => {
    const { invoke } = door();
    const answer = await invoke('lens:settings.set', {}, mainFrameEvent('https://example.com/'));
    expect(answer).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        message: 'IPC from an untrusted frame was refused.',
        message_code: 'error_server:ipc_untrusted_sender',
        message_params: {},
      },
    });
    const error = answer.ok ? undefined : answer.error;
    expect(wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko')).toBe(
      '신뢰할 수 없는 프레임에서 온 IPC를 거부했습니다.',
    );
  });
});

describe('the IPC door and the HTTP door', () => {
  let dir: string;
  let host: WebHost;
  const http = recordingHandlers();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-doors-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    host = await startWebHost({ handlers: http.handlers, rendererDir: dir });
  });
  afterAll(async () => {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const deep = (depth: number) => `{"request":{"query":${'['.repeat(depth)}${']'.repeat(depth)}}}`;

  it.each<[string, OperationName, string]>([
    ['a valid call', 'settings.set', '{"language":"en"}'],
    ['a schema failure', 'settings.set', '{"language":"fr"}'],
    ['an unknown field', 'traces.delete', '{"trace_ids":["a"],"more":true}'],
    ['an answer its schema refuses', 'connections.get', '{}'],
    ['input 100,000 levels deep', 'query.run', deep(100_000)],
    ['input just over the depth limit', 'query.run', deep(MAX_INPUT_DEPTH - 1)],
  ])('answer %s with the same envelope, through the one dispatch', async (_name, operation, body) => {
    const viaIpc = await door().invoke(ipcChannel(operation), JSON.parse(body));
    const response = await fetch(`http://127.0.0.1:${host.port}/api/${operation}`, {
      method: 'POST',
      headers: { 'X-Lens-Token': host.token },
      body,
    });
    expect(await response.json()).toEqual(viaIpc);
  });
});

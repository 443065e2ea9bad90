// A golden set's size cap at each door, measured in bytes of UTF-8 as `lens eval --set` and the
// Evaluations screen measure the file: a set of Korean text (3 bytes a character) was measured at the
// door in characters, so 1.99 MB passed IPC and HTTP where the CLI and the screen refused it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { ipcChannel, registerIpcDoor, type IpcRegistrar } from '../../../electron/api/ipc-door';
import { MAX_INPUT_BYTES } from '../../../electron/api/input-limits';
import { EnvironmentVault } from '../../../electron/secrets/secret-vault';
import { ServiceHub } from '../../../electron/services/service-hub';
import { startWebHost, type WebHost } from '../../../electron/web/web-host';
import type { ApiEnvelope } from '../../../shared/api/lens-api';
import { wordCore } from '../../../shared/core-catalogues';
import { GOLDEN_SET_MAX_BYTES } from '../../../shared/eval/golden-set';

const RENDERER = 'file:///opt/provenance-lens/resources/app/dist/renderer/index.html';
const SET = 'name: korean\nquestions:\n  - { id: q1, question: 정산 주기, principal: u-sora, expected: {} }\n';
// Over the cap in bytes, under it in characters, and (as JSON with its file name) under what one HTTP body carries.
const OVER = `${SET}# ${'가'.repeat(Math.ceil((GOLDEN_SET_MAX_BYTES - SET.length) / 3) + 100)}\n`;
const SIZE_KB = Math.ceil(Buffer.byteLength(OVER) / 1024);
const CAP_KB = Math.ceil(GOLDEN_SET_MAX_BYTES / 1024);

function expectSizeRefusal(envelope: ApiEnvelope): void {
  expect(envelope.ok).toBe(false);
  if (envelope.ok) return;
  expect(envelope.error.kind).toBe('invalid_input');
  expect(envelope.error.message).toContain(`korean.yaml is ${SIZE_KB} KB, more than the ${CAP_KB} KB a golden set may hold`);
  const korean = wordCore({ code: envelope.error.message_code ?? '', params: envelope.error.message_params }, 'ko');
  expect(korean).toContain(`korean.yaml은(는) ${SIZE_KB} KB로, 골든 세트가 담을 수 있는 ${CAP_KB} KB`);
}

describe('a golden set of Korean text over the cap in bytes, at every door', () => {
  let dir = '';
  let hub: ServiceHub;
  let host: WebHost;
  const listeners = new Map<string, Parameters<IpcRegistrar['handle']>[1]>();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-eval-size-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    const env = { LENS_HOME: path.join(dir, 'home') };
    hub = new ServiceHub(env, new EnvironmentVault(env));
    const handlers = createLensHandlers(hub, 'http', '9.9.9');
    registerIpcDoor({ handle: (channel, listener) => listeners.set(channel, listener) }, handlers, RENDERER);
    host = await startWebHost({ handlers, rendererDir: dir });
  });
  afterAll(async () => {
    await host.close();
    await hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is a set the cap refuses and each door can carry', () => {
    expect(OVER.length).toBeLessThan(GOLDEN_SET_MAX_BYTES);
    expect(Buffer.byteLength(OVER)).toBeGreaterThan(GOLDEN_SET_MAX_BYTES);
    expect(Buffer.byteLength(JSON.stringify({ content: OVER, file_name: 'korean.yaml' }))).toBeLessThan(MAX_INPUT_BYTES);
  });

  it('IPC (the app) refuses it naming its size in KB and the cap, as the CLI and the Evaluations screen do', async () => {
    const main = { url: RENDERER };
    const listener = listeners.get(ipcChannel('eval.run'));
    expectSizeRefusal(await listener!({ senderFrame: main, sender: { mainFrame: main } }, { content: OVER, file_name: 'korean.yaml' }));
  });

  it('HTTP (browser mode) refuses it the same way', async () => {
    const response = await fetch(`http://127.0.0.1:${host.port}/api/eval.run`, {
      method: 'POST',
      headers: { 'X-Lens-Token': host.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: OVER, file_name: 'korean.yaml' }),
    });
    expectSizeRefusal((await response.json()) as ApiEnvelope);
  });
});

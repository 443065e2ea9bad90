import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { ServiceHub } from '../../../electron/services/service-hub';
import { startWebHost, type WebHost } from '../../../electron/web/web-host';

describe('browser mode host', () => {
  let dir: string;
  let host: WebHost;
  let hub: ServiceHub;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-web-'));
    fs.mkdirSync(path.join(dir, 'renderer', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Provenance Lens</title>');
    fs.writeFileSync(path.join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the renderer folder');
    hub = new ServiceHub({ LENS_HOME: path.join(dir, 'home') });
    host = await startWebHost({ handlers: createLensHandlers(hub, 'http', '9.9.9'), rendererDir: path.join(dir, 'renderer') });
  });

  afterAll(async () => {
    await host.close();
    await hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const api = (operation: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`http://127.0.0.1:${host.port}/api/${operation}`, {
      method: 'POST',
      body: '{}',
      ...init,
      headers: { 'Content-Type': 'application/json', ...init.headers },
    });

  it('listens on 127.0.0.1 only and prints a URL with a long random token', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[A-Za-z0-9_-]{32}$`));
  });

  it('refuses an API call without the token', async () => {
    const response = await api('app.info');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, error: { kind: 'refused' } });
  });

  it('refuses an API call with the wrong token', async () => {
    const response = await api('app.info', { headers: { 'X-Lens-Token': 'x'.repeat(32) } });
    expect(response.status).toBe(403);
  });

  it('answers with the token, through the one handler table', async () => {
    const response = await api('app.info', { headers: { 'X-Lens-Token': host.token } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, value: { version: '9.9.9', door: 'http', graph_uri: null } });
  });

  it('refuses a browser call from another origin even with the cookie', async () => {
    const response = await api('app.info', { headers: { Cookie: `lens_token=${host.token}`, Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('accepts the cookie from its own origin', async () => {
    const response = await api('app.info', { headers: { Cookie: `lens_token=${host.token}`, Origin: `http://127.0.0.1:${host.port}` } });
    expect(response.status).toBe(200);
  });

  it('sends no CORS headers', async () => {
    const response = await api('app.info', { headers: { 'X-Lens-Token': host.token, Origin: `http://127.0.0.1:${host.port}` } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  /** A request through node:http, which lets a test set Host (fetch does not). */
  const viaHttp = (options: { path: string; method?: string; headers?: Record<string, string>; body?: string }) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: host.port, path: options.path, method: options.method ?? 'GET', headers: options.headers ?? {} },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      request.once('error', reject);
      request.end(options.body);
    });

  it.each([
    ['another name (DNS rebinding)', () => 'attacker.example'],
    ['another name on this port', () => `evil.example:${host.port}`],
    ['this address on another port', () => `127.0.0.1:${host.port === 65535 ? 1024 : host.port + 1}`],
    ['localhost on another port', () => `localhost:${host.port === 65535 ? 1024 : host.port + 1}`],
  ])('refuses a request for %s with 421, even with the token', async (_name, hostHeader) => {
    const api = await viaHttp({
      path: '/api/app.info',
      method: 'POST',
      headers: { Host: hostHeader(), 'X-Lens-Token': host.token },
      body: '{}',
    });
    expect(api.status).toBe(421);
    const page = await viaHttp({ path: `/?token=${host.token}`, headers: { Host: hostHeader() } });
    expect(page.status).toBe(421);
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('answers the localhost alias of its own address, page and API alike', async () => {
    const api = await viaHttp({
      path: '/api/app.info',
      method: 'POST',
      headers: { Host: `localhost:${host.port}`, Origin: `http://localhost:${host.port}`, 'X-Lens-Token': host.token },
      body: '{}',
    });
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ ok: true, value: { door: 'http' } });
    const page = await viaHttp({ path: '/', headers: { Host: `LOCALHOST:${host.port}` } });
    expect(page.status).toBe(200);
  });

  it('refuses a wrong token in the URL with 403 and sets no cookie', async () => {
    // One character off: the last one changed to a character it is not.
    const oneOff = `${host.token.slice(0, -1)}${host.token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of ['anything', 'x'.repeat(host.token.length), oneOff, '']) {
      const response = await fetch(`http://127.0.0.1:${host.port}/?token=${encodeURIComponent(wrong)}`, { redirect: 'manual' });
      expect(response.status, wrong).toBe(403);
      expect(response.headers.get('set-cookie'), wrong).toBeNull();
      expect(await response.text()).toMatch(/another launch/);
    }
  });

  it('sets the cookie only for the exact token, on any page it is opened with', async () => {
    const response = await fetch(`http://127.0.0.1:${host.port}/assets/app.js?token=${host.token}`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toBe(`lens_token=${host.token}; HttpOnly; SameSite=Strict; Path=/`);
  });

  it('answers GET on the API with 405 and runs nothing', async () => {
    const response = await viaHttp({ path: '/api/app.info', headers: { Host: `127.0.0.1:${host.port}`, 'X-Lens-Token': host.token } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { kind: 'invalid_input', message: 'Use POST for the API.' } });
  });

  it('refuses an authorised body over 4 MB with 413 and a sentence that says so', async () => {
    const body = JSON.stringify({ trace_ids: ['x'.repeat(4 * 1024 * 1024)] });
    const response = await api('traces.delete', { headers: { 'X-Lens-Token': host.token }, body });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: expect.stringMatching(/larger than 4 MB/) },
    });
  });

  it('refuses a body over 4 MB without the token with 403, before reading it', async () => {
    const response = await api('traces.delete', { body: JSON.stringify({ trace_ids: ['x'.repeat(5 * 1024 * 1024)] }) });
    expect(response.status).toBe(403);
  });

  it('refuses an API call whose cookie is another value than the token', async () => {
    const response = await api('app.info', {
      headers: { Cookie: `lens_token=${'y'.repeat(host.token.length)}`, Origin: `http://127.0.0.1:${host.port}` },
    });
    expect(response.status).toBe(403);
  });

  it('accepts the right cookie beside one another app on 127.0.0.1 set (cookies are not kept apart by port)', async () => {
    const response = await api('app.info', {
      headers: { Cookie: `lens_token=${'y'.repeat(32)}; lens_token=${host.token}`, Origin: `http://127.0.0.1:${host.port}` },
    });
    expect(response.status).toBe(200);
  });

  it('refuses an Origin of null or of the right host on another port', async () => {
    for (const origin of ['null', `http://127.0.0.1:${host.port + 1}`, `https://127.0.0.1:${host.port}`]) {
      const response = await api('app.info', { headers: { 'X-Lens-Token': host.token, Origin: origin } });
      expect(response.status, origin).toBe(403);
    }
  });

  it('answers deeply nested JSON as invalid input that names the depth limit', async () => {
    const depth = 100_000;
    const response = await api('query.run', {
      headers: { 'X-Lens-Token': host.token },
      body: `{"request":{"query":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: expect.stringMatching(/nested more than 64 levels/) },
    });
  });

  it('trades the URL token for an HttpOnly, SameSite=Strict cookie and drops it from the address', async () => {
    const response = await fetch(host.url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toMatch(/^lens_token=[^;]+; HttpOnly; SameSite=Strict; Path=\/$/);
  });

  it('serves the renderer with a strict content security policy', async () => {
    const response = await fetch(`http://127.0.0.1:${host.port}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain('Provenance Lens');
  });

  it('never serves files outside the renderer folder', async () => {
    const response = await fetch(`http://127.0.0.1:${host.port}/..%2Fsecret.txt`);
    expect(response.status).toBe(404);
  });

  it('answers an unknown operation and a bad input as errors with a kind, not as crashes', async () => {
    const unknown = await api('nope.nothing', { headers: { 'X-Lens-Token': host.token } });
    expect(await unknown.json()).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    const bad = await api('traces.get', { headers: { 'X-Lens-Token': host.token }, body: '{"trace_id": 5}' });
    expect(await bad.json()).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    const notJson = await api('app.info', { headers: { 'X-Lens-Token': host.token }, body: '{not json' });
    expect(notJson.status).toBe(400);
  });

  it('changes only the setting it is given: a new language keeps the stored theme', async () => {
    const headers = { 'X-Lens-Token': host.token };
    await api('settings.set', { headers, body: '{"theme":"dark"}' });
    const after = await api('settings.set', { headers, body: '{"language":"ko"}' });
    expect(await after.json()).toEqual({ ok: true, value: { language: 'ko', theme: 'dark' } });
    await api('settings.set', { headers, body: '{"language":"en","theme":"light"}' });
  });

  it('reports an unconfigured graph as unavailable, never as an empty answer', async () => {
    const response = await api('connect.report', { headers: { 'X-Lens-Token': host.token } });
    expect(await response.json()).toMatchObject({
      ok: false,
      error: { kind: 'unavailable', message: expect.stringContaining('not running') },
    });
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { ServiceHub } from '../../../electron/api/service-hub';
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
    fetch(`http://127.0.0.1:${host.port}/api/${operation}`, { method: 'POST', body: '{}', ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });

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

  it('refuses a request for another Host name (DNS rebinding)', async () => {
    // fetch may not set Host, so this one goes through node:http.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: host.port, path: '/api/app.info', method: 'POST', headers: { Host: 'attacker.example', 'X-Lens-Token': host.token } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.once('error', reject);
      request.end('{}');
    });
    expect(status).toBe(421);
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

  it('reports an unconfigured graph as unavailable, never as an empty answer', async () => {
    const response = await api('connect.report', { headers: { 'X-Lens-Token': host.token } });
    expect(await response.json()).toMatchObject({ ok: false, error: { kind: 'unavailable', message: expect.stringContaining('not running') } });
  });
});

// The page side of browser mode: which files of the built renderer it serves, with which types and
// headers, and how it starts and stops. The API side is in web-host.test.ts.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LensHandlers } from '../../../electron/api/api-dispatch';
import { RENDERER_CSP, startWebHost, type WebHost } from '../../../electron/web/web-host';
import { rejectionOf } from '../../support/lens-error-of';

/** No operation is called by these tests; a handler that runs anyway fails the test that caused it. */
const NO_HANDLERS = new Proxy({} as LensHandlers, {
  get: (_target, name) => () => Promise.reject(new Error(`the handler ${String(name)} ran`)),
});

describe('browser mode host: the renderer files', () => {
  let dir: string;
  let host: WebHost;
  const page = (target: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${host.port}${target}`, { redirect: 'manual', ...init });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-web-pages-'));
    const renderer = path.join(dir, 'renderer');
    fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
    const files: Record<string, string> = {
      'index.html': '<!doctype html><title>Provenance Lens</title>',
      'assets/app.js': 'console.log(1)',
      'assets/app.css': 'body{}',
      'assets/data.json': '{}',
      'assets/logo.svg': '<svg/>',
      'assets/logo.png': 'png',
      'favicon.ico': 'ico',
      'assets/font.woff2': 'woff2',
      'assets/notes.map': 'map',
    };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(renderer, name), text);
    // A sibling folder whose name starts with the renderer folder's: outside it all the same.
    fs.mkdirSync(path.join(dir, 'renderer-private'));
    fs.writeFileSync(path.join(dir, 'renderer-private', 'secret.txt'), 'outside the renderer folder');
    host = await startWebHost({ handlers: NO_HANDLERS, rendererDir: renderer });
  });

  afterAll(async () => {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/index.html', 'text/html; charset=utf-8'],
    ['/assets/app.js', 'text/javascript; charset=utf-8'],
    ['/assets/app.css', 'text/css; charset=utf-8'],
    ['/assets/data.json', 'application/json; charset=utf-8'],
    ['/assets/logo.svg', 'image/svg+xml'],
    ['/assets/logo.png', 'image/png'],
    ['/favicon.ico', 'image/x-icon'],
    ['/assets/font.woff2', 'font/woff2'],
    ['/assets/notes.map', 'application/octet-stream'],
  ])('serves %s as %s, since with nosniff a browser runs or shows a file only by its declared type', async (target, type) => {
    const response = await page(target);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
  });

  it('sends the whole file with its length', async () => {
    const response = await page('/assets/app.js');
    expect(response.headers.get('content-length')).toBe(String('console.log(1)'.length));
    expect(await response.text()).toBe('console.log(1)');
  });

  it('sends the content security policy, nosniff and no referrer on a page, an error and an API refusal alike', async () => {
    for (const response of [await page('/'), await page('/missing.js'), await page('/api/app.info', { method: 'POST', body: '{}' })]) {
      expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('lets no error or API answer be stored, and has the page asked for again on every load', async () => {
    expect((await page('/missing.js')).headers.get('cache-control')).toBe('no-store');
    expect((await page('/api/app.info', { method: 'POST', body: '{}' })).headers.get('cache-control')).toBe('no-store');
    expect((await page(`/?token=${host.token}`)).headers.get('cache-control')).toBe('no-store');
    expect((await page('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the renderer to its own origin in the content security policy: no inline or foreign script, no framing, no form posts', () => {
    const directives = new Map(
      RENDERER_CSP.split(';')
        .map((directive) => directive.trim().split(' '))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
  });

  it('answers 404 for a file that is not there, and for a folder of the renderer', async () => {
    expect((await page('/missing.js')).status).toBe(404);
    const folder = await page('/assets');
    expect(folder.status).toBe(404);
    expect(await folder.text()).toBe('Not found');
  });

  it.each([
    ['a path through a file', '/index.html/x'],
    ['a path through a file below a folder', '/assets/app.js/more.js'],
    ['a name longer than the file system allows', `/${'a'.repeat(300)}.js`],
  ])('answers 404 for %s, as for any file that is not there, not 500 (the host failed)', async (_name, target) => {
    const response = await page(target);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });

  it('never serves a file of a sibling folder whose name starts with the renderer folder name', async () => {
    const response = await page('/..%2Frenderer-private%2Fsecret.txt');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('outside the renderer folder');
  });

  it('answers HEAD on a page like GET, without a body', async () => {
    const response = await page('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('answers another method on a page with 405, naming GET and HEAD as allowed', async () => {
    const response = await page('/', { method: 'POST', body: '' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: 'Only GET and HEAD are served here.',
        message_code: 'error_server:pages_need_get',
        message_params: {},
      },
    });
  });

  it('answers the 404 and the 303 of the token exchange as plain UTF-8 text, the 303 with an empty body', async () => {
    const missing = await page('/nothing-here.js');
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await missing.text()).toBe('Not found');
    const exchange = await page(`/?token=${host.token}`);
    expect(exchange.status).toBe(303);
    expect(exchange.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await exchange.text()).toBe('');
  });

  it.each([
    ['ko-KR,ko;q=0.9,en;q=0.8', 'ko', '찾을 수 없습니다', '이 링크는 lens web의 다른 실행에서 나온 것입니다. 이번에 출력된 URL을 쓰세요.'],
    ['en-GB,ko;q=0.5', 'en', 'Not found', 'This link is from another launch of lens web; use the URL it printed this time.'],
    ['fr-FR', 'en', 'Not found', 'This link is from another launch of lens web; use the URL it printed this time.'],
  ])(
    'words the 404 and the old-link 403 in the language of Accept-Language %s (%s), saying which',
    async (accept, language, notFound, oldLink) => {
      const missing = await page('/nothing-here.js', { headers: { 'Accept-Language': accept } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-language')).toBe(language);
      expect(missing.headers.get('vary')).toBe('Accept-Language');
      expect(await missing.text()).toBe(notFound);
      const old = await page('/?token=from-another-launch', { headers: { 'Accept-Language': accept } });
      expect(old.status).toBe(403);
      expect(old.headers.get('content-language')).toBe(language);
      expect(old.headers.get('set-cookie')).toBeNull();
      expect(await old.text()).toBe(oldLink);
    },
  );

  it('answers an API refusal as JSON in UTF-8', async () => {
    const refused = await page('/api/app.info', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('listens on 127.0.0.1 only: a connection to another loopback address is refused', async () => {
    await expect(fetch(`http://127.0.0.2:${host.port}/index.html`)).rejects.toThrow();
  });

  it('keeps its per-launch token out of a 404 and sets no cookie without the token', async () => {
    const response = await page('/missing.js');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).not.toContain(host.token);
  });
});

describe('browser mode host: starting and stopping', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-web-start-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start without a built renderer, as an environment error saying to build it', async () => {
    const error = await rejectionOf(startWebHost({ handlers: NO_HANDLERS, rendererDir: path.join(dir, 'nothing-here') }));
    expect(error).toMatchObject({
      kind: 'environment',
      message: expect.stringContaining('index.html'),
      hint: expect.stringContaining('npm run build'),
    });
  });

  it('refuses a port that is in use as a conflict naming the port, and suggests another', async () => {
    const taken = net.createServer();
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as net.AddressInfo).port)),
    );
    try {
      const error = await rejectionOf(startWebHost({ handlers: NO_HANDLERS, rendererDir: dir, port }));
      expect(error).toMatchObject({
        kind: 'conflict',
        message: `Port ${port} on 127.0.0.1 is in use.`,
        hint: expect.stringContaining('--port'),
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('listens on the port it is given, with the token it is given', async () => {
    const probe = net.createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port)),
    );
    await new Promise((resolve) => probe.close(resolve));
    const host = await startWebHost({ handlers: NO_HANDLERS, rendererDir: dir, port, token: 'fixed-token-for-this-test' });
    try {
      expect(host.port).toBe(port);
      expect(host.url).toBe(`http://127.0.0.1:${port}/?token=fixed-token-for-this-test`);
    } finally {
      await host.close();
    }
  });

  it('closes even while a browser holds a keep-alive connection, and then refuses connections', async () => {
    const host = await startWebHost({ handlers: NO_HANDLERS, rendererDir: dir });
    const socket = net.connect(host.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: keep-alive\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    const closed = await Promise.race([
      host.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 5 s'), 5_000)),
    ]);
    socket.destroy();
    expect(closed).toBe('closed');
    await expect(fetch(`http://127.0.0.1:${host.port}/`)).rejects.toThrow();
  });
});

// Browser mode's renderer files: precompressed copies chosen by Accept-Encoding, caching by name
// (hashed assets for a year, the rest revalidated), ETag and 304, and the folder guard kept.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LensHandlers } from '../../../electron/api/api-dispatch';
import { RENDERER_CSP, startWebHost, type WebHost } from '../../../electron/web/web-host';
import { precompressFolder } from '../../../scripts/precompress-plugin';

const NO_HANDLERS = new Proxy({} as LensHandlers, {
  get: (_target, name) => () => Promise.reject(new Error(`the handler ${String(name)} ran`)),
});

const SCRIPT = `export function greet(name) { return 'hello ' + name; }\n`.repeat(200);
const INDEX = `<!doctype html><html><head><title>Provenance Lens</title></head><body>${'<div></div>'.repeat(100)}</body></html>`;
const IMAGE = Buffer.from('PNG '.repeat(500));

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A GET (or another method) with exactly these headers; the body as it came, not decompressed. */
function request(port: number, target: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: target, method, headers: { Host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('browser mode host: compressed and cached renderer files', () => {
  let dir: string;
  let renderer: string;
  let host: WebHost;
  let copies: string[];
  const get = (target: string, headers: http.OutgoingHttpHeaders = {}) => request(host.port, target, headers);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-web-compression-'));
    renderer = path.join(dir, 'renderer');
    fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(renderer, 'index.html'), INDEX);
    fs.writeFileSync(path.join(renderer, 'assets', 'app-Ab_d12-4.js'), SCRIPT);
    fs.writeFileSync(path.join(renderer, 'assets', 'plain.js'), SCRIPT);
    fs.writeFileSync(path.join(renderer, 'assets', 'tiny-AbCd1234.js'), 'a');
    fs.writeFileSync(path.join(renderer, 'assets', 'logo-AbCd1234.png'), IMAGE);
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the renderer folder');
    fs.writeFileSync(path.join(dir, 'secret.txt.br'), zlib.brotliCompressSync('outside the renderer folder'));
    copies = (await precompressFolder(renderer)).map((copy) => path.relative(renderer, copy).split(path.sep).join('/'));
    host = await startWebHost({ handlers: NO_HANDLERS, rendererDir: renderer });
  });

  afterAll(async () => {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('precompresses text files only, and only where the copy is smaller', () => {
    expect(copies.sort()).toEqual(
      [
        'index.html.br',
        'index.html.gz',
        'assets/app-Ab_d12-4.js.br',
        'assets/app-Ab_d12-4.js.gz',
        'assets/plain.js.br',
        'assets/plain.js.gz',
      ].sort(),
    );
  });

  it('sends the brotli copy to a browser that takes brotli, with its own length, and it unpacks to the file', async () => {
    const answer = await get('/assets/app-Ab_d12-4.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that takes gzip only, or refuses brotli', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'deflate, gzip;q=0.8']) {
      const answer = await get('/', { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(answer.body).toString()).toBe(INDEX);
    }
  });

  it('sends the file as it is without Accept-Encoding, or when no accepted coding has a copy', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'deflate, zstd' }]) {
      const answer = await get('/assets/app-Ab_d12-4.js', headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.body.toString()).toBe(SCRIPT);
    }
    const tiny = await get('/assets/tiny-AbCd1234.js', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('a');
  });

  it('never compresses an image, even beside a copy someone left there', async () => {
    fs.writeFileSync(path.join(renderer, 'assets', 'logo-AbCd1234.png.br'), zlib.brotliCompressSync(IMAGE));
    const answer = await get('/assets/logo-AbCd1234.png', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.body.equals(IMAGE)).toBe(true);
  });

  it('does not serve a compressed copy under its own name', async () => {
    expect((await get('/assets/app-Ab_d12-4.js.br')).status).toBe(404);
    expect((await get('/index.html.gz')).status).toBe(404);
  });

  it('lets a browser keep a hashed asset for a year, and has it ask again for the page and any unhashed file', async () => {
    expect((await get('/assets/app-Ab_d12-4.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/logo-AbCd1234.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/plain.js')).headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 without a body when the browser holds the current copy, with the same headers for security and caching', async () => {
    const first = await get('/', { 'Accept-Encoding': 'br' });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^"[0-9a-f]+-[0-9a-f]+-br"$/);
    for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`]) {
      const again = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': ifNoneMatch });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(again.headers['content-security-policy']).toBe(RENDERER_CSP);
      expect(again.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends the whole file when the tag is of another copy or another version', async () => {
    const brotli = await get('/', { 'Accept-Encoding': 'br' });
    const gzipOnly = await get('/', { 'Accept-Encoding': 'gzip', 'If-None-Match': brotli.headers.etag });
    expect(gzipOnly.status).toBe(200);
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    const stale = await get('/', { 'If-None-Match': '"1-1"' });
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe(INDEX);
  });

  it('answers HEAD with the chosen copy’s headers and no body', async () => {
    const answer = await request(host.port, '/assets/app-Ab_d12-4.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBeGreaterThan(0);
    expect(answer.body.length).toBe(0);
  });

  it('still refuses a path out of the renderer folder, with or without a compressed copy there', async () => {
    for (const target of ['/..%2Fsecret.txt', '/assets/..%2F..%2Fsecret.txt', '/..%2fsecret.txt.br']) {
      const answer = await get(target, { 'Accept-Encoding': 'br, gzip' });
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain('outside');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});

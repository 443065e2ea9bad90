import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { LensError } from '../../shared/lens-error';
import { dispatch, type LensHandlers } from '../api/api-dispatch';

/** The content security policy of the renderer, the same in the desktop app and in browser mode. */
export const RENDERER_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const TOKEN_COOKIE = 'lens_token';
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** A running browser-mode host. */
export interface WebHost {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

function cookieToken(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return null;
}

function equalTokens(a: string | null, b: string): boolean {
  if (a === null || a.length !== b.length) return false;
  return crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function send(res: http.ServerResponse, status: number, body: string | Buffer, type = 'application/json; charset=utf-8', extra: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': RENDERER_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(body);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new LensError('invalid_input', 'The request body is larger than 2 MB.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Browser mode: the built renderer and `POST /api/<operation>` on 127.0.0.1 only. Every API call
 * needs the per-launch token (the printed URL sets it as an HttpOnly cookie; scripts may send it as
 * `X-Lens-Token`), a Host of this server (against DNS rebinding) and, from a browser, an Origin of
 * this server. There are no CORS headers, so other sites cannot read anything.
 */
export async function startWebHost(options: { handlers: LensHandlers; rendererDir: string; port?: number; token?: string }): Promise<WebHost> {
  const token = options.token ?? crypto.randomBytes(24).toString('base64url');
  const indexFile = path.join(options.rendererDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new LensError('environment', `The renderer is not built (${indexFile} is missing).`, { hint: 'Run `npm run build` first (npm start does it for you).' });
  }
  const root = path.resolve(options.rendererDir);
  let origin = '';

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const host = req.headers.host ?? '';
      if (host !== new URL(origin).host && host !== `localhost:${new URL(origin).port}`) {
        send(res, 421, JSON.stringify({ ok: false, error: { kind: 'refused', message: 'Unknown host.' } }));
        return;
      }
      if (url.pathname.startsWith('/api/')) {
        if (req.method !== 'POST') {
          send(res, 405, JSON.stringify({ ok: false, error: { kind: 'invalid_input', message: 'Use POST for the API.' } }), undefined, { Allow: 'POST' });
          return;
        }
        const requestOrigin = req.headers.origin;
        const presented = (req.headers['x-lens-token'] as string | undefined) ?? cookieToken(req.headers.cookie);
        if ((requestOrigin !== undefined && requestOrigin !== origin) || !equalTokens(presented ?? null, token)) {
          send(res, 403, JSON.stringify({ ok: false, error: { kind: 'refused', message: 'This browser-mode session is not authorised; open the URL that `lens web` printed.' } }));
          return;
        }
        try {
          const text = await readBody(req);
          const input: unknown = text.length > 0 ? JSON.parse(text) : {};
          const envelope = await dispatch(options.handlers, decodeURIComponent(url.pathname.slice('/api/'.length)), input);
          send(res, 200, JSON.stringify(envelope));
        } catch (error) {
          const message = error instanceof SyntaxError ? 'The request body is not JSON.' : error instanceof Error ? error.message : String(error);
          send(res, 400, JSON.stringify({ ok: false, error: { kind: 'invalid_input', message } }));
        }
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(res, 405, 'Method not allowed', 'text/plain; charset=utf-8');
        return;
      }
      const presented = url.searchParams.get('token');
      if (presented !== null) {
        if (!equalTokens(presented, token)) {
          send(res, 403, 'This link is from another launch of lens web; use the URL it printed this time.', 'text/plain; charset=utf-8');
          return;
        }
        // Trade the token in the URL for a cookie, and drop it from the address bar and history.
        send(res, 303, '', 'text/plain; charset=utf-8', { Location: '/', 'Set-Cookie': `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/` });
        return;
      }
      const relative = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname).replace(/^\/+/, '');
      const file = path.resolve(root, relative);
      if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        send(res, 404, 'Not found', 'text/plain; charset=utf-8');
        return;
      }
      send(res, 200, fs.readFileSync(file), MIME[path.extname(file)] ?? 'application/octet-stream');
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new LensError('conflict', `Port ${options.port} on 127.0.0.1 is in use.`, { hint: 'Pass another --port, or leave it out to get a free one.' }) : error),
    );
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    port,
    token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

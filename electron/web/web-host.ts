import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { codedError } from '../../shared/coded-error';
import { wordCoreMessage } from '../../shared/core-message';
import { SERVER_ERROR_MESSAGES, serverError, type ServerErrorCode } from '../../shared/errors/server-error-messages';
import type { LensErrorData } from '../../shared/lens-error';
import { dispatch, type LensHandlers } from '../api/api-dispatch';
import { answerClientError } from './client-error';
import { pageLanguage } from './page-language';
import { answerRendererFile, rendererFileOf } from './renderer-files';
import { discardRest, expectsContinue, readJsonBody } from './request-body';
import {
  checkApiCaller,
  checkHost,
  equalTokens,
  hostIdentity,
  readTarget,
  RefusedRequest,
  TOKEN_COOKIE,
  type HostIdentity,
  type RequestTarget,
} from './request-guard';

/** The content security policy of the renderer, the same in the desktop app and in browser mode. */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** How long a client may take to send its headers, and its whole request (not the answer). */
export interface WebHostTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
  /** How often Node looks for requests past those limits. */
  readonly checkEveryMs: number;
}

/** A slow client is cut off after 10 s of headers or 30 s of request; a run may still take longer to answer. */
export const DEFAULT_TIMEOUTS: WebHostTimeouts = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 };

/** A running browser-mode host. */
export interface WebHost {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

/** Options of `startWebHost`. */
export interface WebHostOptions {
  readonly handlers: LensHandlers;
  readonly rendererDir: string;
  readonly port?: number;
  readonly token?: string;
  readonly timeouts?: WebHostTimeouts;
  /** Where an unexpected failure of a request is reported (the client only gets a generic 500). */
  readonly logError?: (error: unknown) => void;
}

/** What one request needs to know about the host answering it. */
interface HostContext {
  readonly handlers: LensHandlers;
  readonly root: string;
  readonly token: string;
  readonly identity: HostIdentity;
}

/** Sent with every answer: pages, files, API answers and errors alike. */
const SECURITY_HEADERS: http.OutgoingHttpHeaders = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function send(res: http.ServerResponse, status: number, body: string | Buffer, type: string, extra: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, {
    'Content-Type': type,
    ...SECURITY_HEADERS,
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

function sendError(res: http.ServerResponse, status: number, error: LensErrorData, extra: http.OutgoingHttpHeaders = {}): void {
  send(res, status, JSON.stringify({ ok: false, error }), JSON_TYPE, extra);
}

/** A plain-text page (no renderer to word a code there): the sentence in the language the browser prefers, English by default. */
function sendPlainPage(req: http.IncomingMessage, res: http.ServerResponse, status: number, code: ServerErrorCode): void {
  const language = pageLanguage(req.headers['accept-language']);
  const text = wordCoreMessage(serverError(code), { error_server: SERVER_ERROR_MESSAGES }, language) ?? '';
  send(res, status, text, TEXT_TYPE, { 'Content-Language': language, Vary: 'Accept-Language' });
}

/** `POST /api/<operation>`: the caller is checked before the body is read, then the one dispatch runs. */
async function serveApi(ctx: HostContext, req: http.IncomingMessage, res: http.ServerResponse, target: RequestTarget): Promise<void> {
  if (req.method !== 'POST') throw new RefusedRequest(405, codedError('invalid_input', serverError('api_needs_post')), { Allow: 'POST' });
  checkApiCaller(req, ctx.identity, ctx.token);
  const input = await readJsonBody(req, res);
  const envelope = await dispatch(ctx.handlers, target.path.slice('/api/'.length), input);
  send(res, 200, JSON.stringify(envelope), JSON_TYPE);
}

/**
 * `GET /?token=…` trades the printed token for a cookie; any other GET serves a file of the built
 * renderer (precompressed where the browser takes it, cached by renderer-files.ts's rules).
 */
function servePage(ctx: HostContext, req: http.IncomingMessage, res: http.ServerResponse, target: RequestTarget): void {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    throw new RefusedRequest(405, codedError('invalid_input', serverError('pages_need_get')), { Allow: 'GET, HEAD' });
  const presented = target.query.get('token');
  if (presented !== null) {
    if (!equalTokens(presented, ctx.token)) {
      sendPlainPage(req, res, 403, 'page_link_old');
      return;
    }
    // Trade the token in the URL for a cookie, and drop it from the address bar and history.
    send(res, 303, '', TEXT_TYPE, { Location: '/', 'Set-Cookie': `${TOKEN_COOKIE}=${ctx.token}; HttpOnly; SameSite=Strict; Path=/` });
    return;
  }
  const file = rendererFileOf(ctx.root, target.path);
  if (!file) {
    sendPlainPage(req, res, 404, 'page_not_found');
    return;
  }
  const answer = answerRendererFile(ctx.root, file, req.headers);
  res.writeHead(answer.status, {
    ...SECURITY_HEADERS,
    ...answer.headers,
    ...(answer.status === 200 ? { 'Content-Length': answer.body.length } : {}),
  });
  res.end(answer.body);
}

async function route(ctx: HostContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const target = readTarget(req.url);
  checkHost(req, ctx.identity);
  if (target.path.startsWith('/api/')) await serveApi(ctx, req, res, target);
  else servePage(ctx, req, res, target);
}

/**
 * The one error boundary of the host: a refusal answers with its status, anything else with a
 * generic 500 (the details go to `logError`, never to the client); nothing escapes to the server.
 */
function answerFailure(req: http.IncomingMessage, res: http.ServerResponse, error: unknown, logError: (error: unknown) => void): void {
  if (!(error instanceof RefusedRequest)) logError(error);
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  if (error instanceof RefusedRequest) {
    // A client told no `100 Continue` may never send its body: the connection cannot frame another request.
    const unsent = expectsContinue(req) && !req.readableEnded ? { Connection: 'close' } : {};
    sendError(res, error.status, error.error.toData(), { ...error.headers, ...unsent });
    if (error.options.discardBody) discardRest(req);
  } else sendError(res, 500, codedError('internal', serverError('host_failed')).toData(), { Connection: 'close' });
}

function listen(server: http.Server, port: number | undefined): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? codedError('conflict', serverError('web_port_taken', { port: String(port) }), { hint: serverError('web_port_taken_hint') })
          : error,
      ),
    );
    server.listen(port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

/**
 * Browser mode: the built renderer and `POST /api/<operation>` on 127.0.0.1 only. Every API call
 * needs the per-launch token (the printed URL sets it as an HttpOnly cookie; scripts may send it as
 * `X-Lens-Token`), a Host of this server (against DNS rebinding) and, from a browser, an Origin of
 * this server. There are no CORS headers, so other sites cannot read anything. No request can stop
 * the host: every one runs behind one error boundary, and slow clients are cut off.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? crypto.randomBytes(24).toString('base64url');
  const indexFile = path.join(options.rendererDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw codedError('environment', serverError('renderer_not_built', { file: indexFile }), {
      hint: serverError('renderer_not_built_hint'),
    });
  }
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const logError =
    options.logError ??
    ((error: unknown) =>
      process.stderr.write(`lens web: a request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`));
  let ctx: HostContext | null = null;
  // The answer each connection is giving, until it is sent: a client error then must not write into it.
  const answering = new WeakMap<object, http.ServerResponse>();
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    answering.set(req.socket, res);
    res.once('finish', () => answering.delete(req.socket));
    // Only logged (the caller gets host_failed): a request before listen() returned cannot happen in practice.
    const handling = ctx ? route(ctx, req, res) : Promise.reject(new Error('The host is not listening yet.'));
    handling.catch((error: unknown) => {
      try {
        answerFailure(req, res, error, logError);
      } catch (secondary) {
        // Even the error answer failed (the socket broke mid-write): drop this connection only.
        logError(secondary);
        res.destroy();
      }
    });
  };
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
      requireHostHeader: false,
    },
    handle,
  );
  // `Expect: 100-continue`: Node would answer 100 before any check; the body reader says it once the caller passed them.
  server.on('checkContinue', handle);
  // What Node's parser refuses, and a request past the time limits, get the host's JSON error, not Node's bare status.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: net.Socket) => {
    const res = answering.get(socket);
    const answer = () => answerClientError(error, socket, timeouts, SECURITY_HEADERS);
    // An answer under way (its headers sent, or its request already whole: a request behind it broke) is finished first.
    if (res !== undefined && !res.writableFinished && (res.headersSent || res.req.complete)) res.once('close', answer);
    else answer();
  });
  const port = await listen(server, options.port);
  ctx = { handlers: options.handlers, root: path.resolve(options.rendererDir), token, identity: hostIdentity(port) };
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would hold close() open for as long as a browser tab stays.
        server.closeAllConnections();
      }),
  };
}

// The checks browser mode runs on every request before it routes it: a target it can read, a Host
// of this server, and for the API the per-launch token and an Origin of this server. Each failure
// is a `RefusedRequest` with the HTTP status and a sentence; nothing here throws anything else.
import crypto from 'node:crypto';
import type http from 'node:http';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import type { CoreMessage } from '../../shared/core-message';
import type { LensError } from '../../shared/lens-error';

/** The cookie that carries the per-launch token after the printed URL was opened. */
export const TOKEN_COOKIE = 'lens_token';

/** A request the host answers with `status` and an error envelope; the host keeps serving. */
export class RefusedRequest extends Error {
  constructor(
    readonly status: number,
    readonly error: LensError,
    readonly headers: http.OutgoingHttpHeaders = {},
    /** Read and drop the rest of the request body after answering, then close (a 413). */
    readonly options: { readonly discardBody?: boolean } = {},
  ) {
    super(error.message);
    this.name = 'RefusedRequest';
  }
}

const badRequest = (message: CoreMessage, hint?: CoreMessage) =>
  new RefusedRequest(400, codedError('invalid_input', message, hint ? { hint } : {}));

/** What the host serves, fixed once it listens: the names it answers to and its origins. */
export interface HostIdentity {
  /** `127.0.0.1:PORT` and `localhost:PORT`, lower case. */
  readonly hosts: ReadonlySet<string>;
  /** `http://127.0.0.1:PORT` and `http://localhost:PORT`. */
  readonly origins: ReadonlySet<string>;
}

/** The identity of a host listening on 127.0.0.1:`port`. */
export function hostIdentity(port: number): HostIdentity {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  return { hosts: new Set(hosts), origins: new Set(hosts.map((host) => `http://${host}`)) };
}

/** The request target, read strictly: origin-form only, valid percent-encoding, no NUL. */
export interface RequestTarget {
  /** The decoded path, e.g. `/api/query.run` or `/assets/app.js`. */
  readonly path: string;
  readonly query: URLSearchParams;
}

/**
 * Reads the request target. Browsers send origin-form (`/path?query`); an absolute URL, `*`, bad
 * percent-encoding or a NUL anywhere is a 400, never an exception that reaches the server.
 */
export function readTarget(rawTarget: string | undefined): RequestTarget {
  const target = rawTarget ?? '';
  if (!target.startsWith('/') || target.startsWith('//'))
    throw badRequest(serverError('target_not_path'), serverError('target_not_path_hint'));
  const at = target.indexOf('?');
  const rawPath = at === -1 ? target : target.slice(0, at);
  const rawQuery = at === -1 ? '' : target.slice(at + 1);
  let decodedPath: string;
  let decodedQuery: string;
  try {
    decodedPath = decodeURIComponent(rawPath);
    decodedQuery = decodeURIComponent(rawQuery);
  } catch {
    throw badRequest(serverError('target_percent_encoding'));
  }
  if (decodedPath.includes('\0') || decodedQuery.includes('\0')) throw badRequest(serverError('target_nul'));
  return { path: decodedPath, query: new URLSearchParams(rawQuery) };
}

/** A Host header value: a name or an IPv4/IPv6 literal with an optional port; nothing else. */
const HOST_SYNTAX = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/**
 * Exactly one Host, and it must name this server (against DNS rebinding): a missing, repeated or
 * malformed Host is a 400; another name or port is a 421.
 */
export function checkHost(req: http.IncomingMessage, identity: HostIdentity): void {
  const values = req.headersDistinct.host ?? [];
  if (values.length !== 1) throw badRequest(serverError(values.length === 0 ? 'no_host' : 'hosts_repeated'));
  const host = (values[0] ?? '').toLowerCase();
  if (!HOST_SYNTAX.test(host)) throw badRequest(serverError('host_malformed'));
  if (!identity.hosts.has(host)) throw new RefusedRequest(421, codedError('refused', serverError('unknown_host')));
}

/** The characters of a token (base64url), the only ones a token cookie may hold. */
const TOKEN_SYNTAX = /^[A-Za-z0-9_-]+$/;

/**
 * The values of every `lens_token` cookie. Another app on 127.0.0.1 may set one too (cookies are
 * not kept apart by port), so all are returned; one that is not a token at all is a 400.
 */
export function tokenCookies(header: string | undefined): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== TOKEN_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    if (!TOKEN_SYNTAX.test(value))
      throw badRequest(serverError('cookie_malformed', { cookie: TOKEN_COOKIE }), serverError('cookie_malformed_hint'));
    values.push(value);
  }
  return values;
}

/**
 * Compares in constant time for tokens of the right length in bytes. A presented value of as many
 * characters but more bytes (a `?token=` with an `é`, a latin-1 byte in X-Lens-Token) is simply not
 * the token: `timingSafeEqual` throws on buffers of different lengths, so lengths are compared as bytes.
 */
export function equalTokens(presented: string | null | undefined, token: string): boolean {
  if (typeof presented !== 'string') return false;
  const given = Buffer.from(presented);
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const notAuthorised = () => new RefusedRequest(403, codedError('refused', serverError('not_authorised')));

/**
 * An API call needs the token, as `X-Lens-Token` (scripts) or as the cookie the printed URL set
 * (the page), and, when it comes from a browser, an Origin of this server.
 */
export function checkApiCaller(req: http.IncomingMessage, identity: HostIdentity, token: string): void {
  const origin = req.headersDistinct.origin;
  if (origin !== undefined && (origin.length !== 1 || !identity.origins.has(origin[0] ?? ''))) throw notAuthorised();
  const header = req.headersDistinct['x-lens-token'];
  const presented = header !== undefined ? header : tokenCookies(req.headers.cookie);
  if (!presented.some((value) => equalTokens(value, token))) throw notAuthorised();
}

// Unit tests of the checks browser mode runs before routing, short of a socket: each refusal has
// its status, its kind and a sentence that names the problem (and, where there is one, what to do).
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  checkApiCaller,
  checkHost,
  equalTokens,
  hostIdentity,
  readTarget,
  RefusedRequest,
  tokenCookies,
} from '../../../electron/web/request-guard';

const IDENTITY = hostIdentity(4321);
const TOKEN = 'abcDEF123_-xyz';

/** The parts of a request the checks read. */
function request(headers: Record<string, string | string[]>): http.IncomingMessage {
  const distinct = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));
  const single = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );
  return { headers: single, headersDistinct: distinct } as unknown as http.IncomingMessage;
}

/** The refusal `run` throws, with its status, kind, message and hint. */
function refusalOf(run: () => unknown): { status: number; kind: string; message: string; hint: string | undefined; name: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RefusedRequest);
    const refused = error as RefusedRequest;
    return {
      status: refused.status,
      kind: refused.error.kind,
      message: refused.error.message,
      hint: refused.error.hint,
      name: refused.name,
    };
  }
  throw new Error('expected a refusal');
}

describe('readTarget', () => {
  it('splits the path from the query at the first question mark and decodes the path', () => {
    const target = readTarget('/api/query%2Erun?a=1&b=x%3Fy?z');
    expect(target.path).toBe('/api/query.run');
    expect([...target.query.entries()]).toEqual([
      ['a', '1'],
      ['b', 'x?y?z'],
    ]);
  });

  it('reads a path with no query as having an empty one', () => {
    const target = readTarget('/index.html');
    expect(target.path).toBe('/index.html');
    expect(target.query.toString()).toBe('');
  });

  it.each([undefined, '', 'http://127.0.0.1:4321/x', '//evil.example/x', '*'])(
    'refuses the target %s as 400, asking for a path only',
    (target) => {
      expect(refusalOf(() => readTarget(target))).toEqual({
        status: 400,
        kind: 'invalid_input',
        message: 'The request target must be a path such as /index.html.',
        hint: 'Send the path only, not an absolute URL.',
        name: 'RefusedRequest',
      });
    },
  );

  it.each(['/%E0%A4%A', '/x?q=%ff'])('refuses bad percent-encoding in %s, naming it', (target) => {
    expect(refusalOf(() => readTarget(target))).toMatchObject({
      status: 400,
      message: 'The request target has invalid percent-encoding.',
      hint: undefined,
    });
  });

  it.each(['/a%00b', '/a?q=%00'])('refuses a NUL in %s, naming it', (target) => {
    expect(refusalOf(() => readTarget(target))).toMatchObject({ status: 400, message: 'The request target contains a NUL character.' });
  });
});

describe('checkHost', () => {
  it.each(['127.0.0.1:4321', 'LOCALHOST:4321'])('accepts %s, in any case', (host) => {
    expect(() => checkHost(request({ host }), IDENTITY)).not.toThrow();
  });

  it('refuses a request with no Host as 400, saying so', () => {
    expect(refusalOf(() => checkHost(request({}), IDENTITY))).toMatchObject({ status: 400, message: 'The request has no Host header.' });
  });

  it('refuses a request with two Host headers as 400, saying so', () => {
    expect(refusalOf(() => checkHost(request({ host: ['127.0.0.1:4321', '127.0.0.1:4321'] }), IDENTITY))).toMatchObject({
      status: 400,
      message: 'The request has more than one Host header.',
    });
  });

  it.each(['127.0.0.1:4321/x', 'a b', '[zz]:4321', '[]:4321', 'host:123456'])('refuses the malformed Host %s as 400', (host) => {
    expect(refusalOf(() => checkHost(request({ host }), IDENTITY))).toMatchObject({
      status: 400,
      message: 'The Host header is malformed.',
    });
  });

  it.each(['[::1]:4321', 'evil.example:4321', '127.0.0.1:4322', '127.0.0.1'])(
    'refuses the well-formed Host %s of another server as 421, naming the printed address',
    (host) => {
      expect(refusalOf(() => checkHost(request({ host }), IDENTITY))).toMatchObject({
        status: 421,
        kind: 'refused',
        message: 'Unknown host: this server answers only to the address lens web printed.',
      });
    },
  );
});

describe('tokenCookies', () => {
  it('returns every lens_token cookie, trimmed, and ignores other cookies and parts without a value', () => {
    expect(tokenCookies(`other=1; lens_token= ${TOKEN} ;flag; lens_token=second;lens_tokenx=3; lens_tokens`)).toEqual([TOKEN, 'second']);
  });

  it('returns none for no Cookie header', () => {
    expect(tokenCookies(undefined)).toEqual([]);
  });

  it.each(['lens_token=a.b', 'lens_token=abc def', 'lens_token=', 'lens_token=abc!'])(
    'refuses the cookie %s as malformed, saying how to get a fresh one',
    (header) => {
      expect(refusalOf(() => tokenCookies(header))).toMatchObject({
        status: 400,
        message: 'The lens_token cookie is malformed.',
        hint: 'Open the URL that `lens web` printed to get a fresh one.',
      });
    },
  );
});

describe('equalTokens', () => {
  it('is true only for the same token', () => {
    expect(equalTokens(TOKEN, TOKEN)).toBe(true);
    expect(equalTokens(`${TOKEN.slice(0, -1)}Z`, TOKEN)).toBe(false);
    expect(equalTokens(TOKEN.slice(1), TOKEN)).toBe(false);
    expect(equalTokens(null, TOKEN)).toBe(false);
    expect(equalTokens(undefined, TOKEN)).toBe(false);
  });

  it('is false, not a failure, for a value of as many characters as the token but more bytes', () => {
    expect(equalTokens(`é${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(equalTokens(`\xe9${TOKEN.slice(1)}`, TOKEN)).toBe(false);
  });
});

describe('checkApiCaller', () => {
  const refusedAs403 = {
    status: 403,
    kind: 'refused',
    message: 'This browser-mode session is not authorised; open the URL that `lens web` printed.',
  };

  it('accepts the token as a header or as a cookie, with or without an Origin of this server', () => {
    expect(() => checkApiCaller(request({ 'x-lens-token': TOKEN }), IDENTITY, TOKEN)).not.toThrow();
    expect(() => checkApiCaller(request({ cookie: `lens_token=${TOKEN}` }), IDENTITY, TOKEN)).not.toThrow();
    expect(() =>
      checkApiCaller(request({ cookie: `lens_token=${TOKEN}`, origin: 'http://localhost:4321' }), IDENTITY, TOKEN),
    ).not.toThrow();
  });

  it('accepts the right cookie among another app’s lens_token cookies', () => {
    expect(() => checkApiCaller(request({ cookie: `lens_token=other; lens_token=${TOKEN}` }), IDENTITY, TOKEN)).not.toThrow();
  });

  it.each<[string, Record<string, string | string[]>]>([
    ['no token', {}],
    ['a wrong token', { 'x-lens-token': 'wrong' }],
    ['an Origin of another site', { 'x-lens-token': TOKEN, origin: 'https://evil.example' }],
    ['two Origins', { 'x-lens-token': TOKEN, origin: ['http://localhost:4321', 'http://localhost:4321'] }],
    ['an empty Origin', { 'x-lens-token': TOKEN, origin: '' }],
    ['the token in a header beside a right cookie, when the header is wrong', { 'x-lens-token': 'wrong', cookie: `lens_token=${TOKEN}` }],
    ['a header of as many characters as the token but more bytes', { 'x-lens-token': `\xe9${TOKEN.slice(1)}` }],
  ])('refuses %s as 403, saying how to get in', (_name, headers) => {
    expect(refusalOf(() => checkApiCaller(request(headers), IDENTITY, TOKEN))).toMatchObject(refusedAs403);
  });
});

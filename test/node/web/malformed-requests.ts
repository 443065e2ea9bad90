import { head, type RawRequest } from './raw-http';

/** What the host behind a probe looks like. */
export interface ProbeTarget {
  readonly port: number;
  readonly token: string;
}

/** One malformed request, the class it belongs to, and the statuses the host may answer it with (null: it closed). */
export interface Probe {
  readonly kind: string;
  readonly name: string;
  readonly request: (target: ProbeTarget) => RawRequest;
  readonly expected: readonly (number | null)[];
}

const MB = 1024 * 1024;
const host = (t: ProbeTarget) => `Host: 127.0.0.1:${t.port}`;
const authorised = (t: ProbeTarget) => [host(t), `X-Lens-Token: ${t.token}`];
const get =
  (target: string) =>
  (t: ProbeTarget): RawRequest => ({ parts: [head(`GET ${target} HTTP/1.1`, [host(t)])] });
const line =
  (requestLine: string, extra: readonly string[] = []) =>
  (t: ProbeTarget): RawRequest => ({ parts: [head(requestLine, [host(t), ...extra])] });
const withHost =
  (value: (t: ProbeTarget) => string[]) =>
  (t: ProbeTarget): RawRequest => ({ parts: [head('GET / HTTP/1.1', value(t))] });
const post =
  (op: string, body: string | Buffer, extra: readonly string[] = [], type = 'application/json') =>
  (t: ProbeTarget): RawRequest => ({
    parts: [
      head(`POST /api/${op} HTTP/1.1`, [...authorised(t), `Content-Type: ${type}`, `Content-Length: ${Buffer.byteLength(body)}`, ...extra]),
      body,
    ],
  });
const cookie =
  (value: string) =>
  (t: ProbeTarget): RawRequest => ({
    parts: [
      Buffer.concat([
        Buffer.from(`POST /api/app.info HTTP/1.1\r\n${host(t)}\r\nContent-Length: 2\r\nCookie: `, 'latin1'),
        Buffer.from(value, 'latin1'),
        Buffer.from('\r\n\r\n{}', 'latin1'),
      ]),
    ],
  });

/** Body chunks in transfer-encoding chunked, `total` bytes in pieces of 64 KB. */
function chunkedBody(total: number): (string | number)[] {
  const piece = 'a'.repeat(64 * 1024);
  const parts: (string | number)[] = [];
  for (let sent = 0; sent < total; sent += piece.length) parts.push(`${piece.length.toString(16)}\r\n${piece}\r\n`, 1);
  return parts;
}

function pieces(total: number): (string | number)[] {
  const piece = 'a'.repeat(64 * 1024);
  return Array.from({ length: Math.ceil(total / piece.length) }, () => [piece, 1]).flat();
}

/** The corpus: every class the issue names, each probe a request no page should be able to crash the host with. */
export const MALFORMED_REQUESTS: readonly Probe[] = [
  { kind: 'bad percent-encoding in the path', name: 'GET /%E0%A4%A', request: get('/%E0%A4%A'), expected: [400] },
  { kind: 'bad percent-encoding in the path', name: 'GET /%ff', request: get('/%ff'), expected: [400] },
  { kind: 'bad percent-encoding in the path', name: 'GET /%', request: get('/%'), expected: [400] },
  { kind: 'bad percent-encoding in the path', name: 'GET /assets/%zz.js', request: get('/assets/%zz.js'), expected: [400] },
  {
    kind: 'bad percent-encoding in the path',
    name: 'POST /api/%E0%A4%A with the token',
    request: (t) => ({ parts: [head('POST /api/%E0%A4%A HTTP/1.1', [...authorised(t), 'Content-Length: 2']), '{}'] }),
    expected: [400],
  },
  { kind: 'bad percent-encoding in the query', name: 'GET /?token=%E0%A4%A', request: get('/?token=%E0%A4%A'), expected: [400] },
  { kind: 'bad percent-encoding in the query', name: 'GET /?x=%', request: get('/?x=%'), expected: [400] },
  { kind: 'bad percent-encoding in the query', name: 'GET /index.html?%ff', request: get('/index.html?%ff'), expected: [400] },
  { kind: 'absolute-form and odd targets', name: 'GET http://[/x', request: line('GET http://[/x HTTP/1.1'), expected: [400] },
  {
    kind: 'absolute-form and odd targets',
    name: 'GET http://127.0.0.1:PORT/',
    request: (t) => line(`GET http://127.0.0.1:${t.port}/ HTTP/1.1`)(t),
    expected: [400],
  },
  {
    kind: 'absolute-form and odd targets',
    name: 'POST http://[::1/api/app.info',
    request: line('POST http://[::1/api/app.info HTTP/1.1', ['Content-Length: 0']),
    expected: [400],
  },
  { kind: 'absolute-form and odd targets', name: 'OPTIONS *', request: line('OPTIONS * HTTP/1.1'), expected: [400] },
  { kind: 'absolute-form and odd targets', name: 'GET //evil.example/', request: get('//evil.example/'), expected: [400] },
  {
    kind: 'absolute-form and odd targets',
    name: 'CONNECT 127.0.0.1:80',
    request: line('CONNECT 127.0.0.1:80 HTTP/1.1'),
    expected: [null, 400],
  },
  {
    kind: 'absolute-form and odd targets',
    name: 'a request line of 20 KB',
    request: get(`/${'a'.repeat(20 * 1024)}`),
    expected: [431, 414, 400],
  },
  { kind: 'bad Host', name: 'no Host (HTTP/1.1)', request: withHost(() => []), expected: [400] },
  { kind: 'bad Host', name: 'no Host (HTTP/1.0)', request: () => ({ parts: ['GET / HTTP/1.0\r\n\r\n'] }), expected: [400] },
  { kind: 'bad Host', name: 'two Host headers', request: withHost((t) => [host(t), host(t)]), expected: [400] },
  { kind: 'bad Host', name: 'Host evil.example:PORT', request: withHost((t) => [`Host: evil.example:${t.port}`]), expected: [421] },
  { kind: 'bad Host', name: 'Host 127.0.0.1:OTHERPORT', request: withHost((t) => [`Host: 127.0.0.1:${t.port + 1}`]), expected: [421] },
  { kind: 'bad Host', name: 'Host [::1', request: withHost(() => ['Host: [::1']), expected: [400] },
  { kind: 'bad Host', name: 'Host with a space and a path', request: withHost((t) => [`Host: 127.0.0.1:${t.port} /x`]), expected: [400] },
  { kind: 'bad Host', name: 'empty Host', request: withHost(() => ['Host: ']), expected: [400] },
  {
    kind: 'huge headers',
    name: 'one header of 20 KB',
    request: withHost((t) => [host(t), `X-Big: ${'b'.repeat(20 * 1024)}`]),
    expected: [431],
  },
  {
    kind: 'huge headers',
    name: '3,000 small headers',
    request: withHost((t) => [host(t), ...Array.from({ length: 3000 }, (_, i) => `X-H${i}: 1`)]),
    expected: [431],
  },
  {
    kind: 'huge headers',
    name: 'a cookie of 20 KB',
    request: withHost((t) => [host(t), `Cookie: lens_token=${'c'.repeat(20 * 1024)}`]),
    expected: [431],
  },
  {
    kind: 'NUL bytes',
    name: 'NUL in the request line',
    request: () => ({ parts: ['GET /\0 HTTP/1.1\r\nHost: x\r\n\r\n'] }),
    expected: [400],
  },
  { kind: 'NUL bytes', name: 'NUL in a header value', request: withHost((t) => [host(t), 'X-Nul: a\0b']), expected: [400] },
  { kind: 'NUL bytes', name: '%00 in the path', request: get('/index.html%00.js'), expected: [400] },
  { kind: 'NUL bytes', name: '%00 in the query', request: get('/?token=%00'), expected: [400] },
  { kind: 'bad cookie', name: 'lens_token=%ZZ', request: cookie('lens_token=%ZZ'), expected: [400] },
  { kind: 'bad cookie', name: 'lens_token with latin-1 bytes', request: cookie('lens_token=\xff\xfe\xfd'), expected: [400] },
  { kind: 'bad cookie', name: 'empty lens_token', request: cookie('lens_token='), expected: [400] },
  { kind: 'bad cookie', name: 'a cookie header of separators only', request: cookie('===;;;=;'), expected: [403] },
  {
    kind: 'bad Content-Length',
    name: 'Content-Length: abc',
    request: (t) => ({ parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Content-Length: abc']), '{}'] }),
    expected: [400],
  },
  {
    kind: 'bad Content-Length',
    name: 'Content-Length: -1',
    request: (t) => ({ parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Content-Length: -1']), '{}'] }),
    expected: [400],
  },
  {
    kind: 'bad Content-Length',
    name: 'two different Content-Lengths',
    request: (t) => ({ parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Content-Length: 2', 'Content-Length: 3']), '{}'] }),
    expected: [400],
  },
  {
    kind: 'bad Content-Length',
    name: 'Content-Length with Transfer-Encoding',
    request: (t) => ({
      parts: [
        head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Content-Length: 2', 'Transfer-Encoding: chunked']),
        '2\r\n{}\r\n0\r\n\r\n',
      ],
    }),
    expected: [400],
  },
  {
    kind: 'body over 4 MB',
    name: 'Content-Length of 5 MB, refused before the body',
    request: (t) => ({ parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), `Content-Length: ${5 * MB}`]), ...pieces(5 * MB)] }),
    expected: [413],
  },
  {
    kind: 'body over 4 MB',
    name: '4 MB + 1 byte, sent whole',
    request: post('traces.delete', `{"trace_ids":["${'x'.repeat(4 * MB - 17)}"]}`),
    expected: [413],
  },
  {
    kind: 'body over 4 MB',
    name: '16 MB chunked, no length given',
    request: (t) => ({
      parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Transfer-Encoding: chunked']), ...chunkedBody(16 * MB), '0\r\n\r\n'],
      waitMs: 10_000,
    }),
    expected: [413],
  },
  {
    kind: 'body over 4 MB',
    name: '5 MB without the token',
    request: (t) => ({ parts: [head('POST /api/app.info HTTP/1.1', [host(t), `Content-Length: ${5 * MB}`]), ...pieces(5 * MB)] }),
    expected: [403],
  },
  {
    kind: 'body not plain JSON',
    name: 'gzip-compressed JSON',
    request: post('app.info', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xab, 0xae, 0x05, 0x00]), [
      'Content-Encoding: gzip',
    ]),
    expected: [415],
  },
  {
    kind: 'body not plain JSON',
    name: 'UTF-16 JSON, so declared',
    request: post('app.info', Buffer.from('{}', 'utf16le'), [], 'application/json; charset=utf-16le'),
    expected: [415],
  },
  { kind: 'body not JSON', name: 'text', request: post('app.info', 'hello'), expected: [400] },
  { kind: 'body not JSON', name: 'invalid UTF-8', request: post('app.info', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), expected: [400] },
  {
    kind: 'body not JSON',
    name: '100,000 nested arrays',
    request: post('query.run', `{"request":{"query":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`),
    expected: [200],
  },
  {
    kind: 'body not JSON',
    name: '100,000 nested objects',
    request: post('traces.list', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`),
    expected: [200],
  },
  {
    kind: 'truncated body',
    name: '10 of 100 bytes, then the client half-closes',
    request: (t) => ({
      parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Content-Length: 100']), '{"a":"bbbb'],
      endAfter: true,
    }),
    expected: [null, 400],
  },
  {
    kind: 'truncated body',
    name: '10 of 100 bytes, then silence (request timeout)',
    request: (t) => ({
      parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Content-Length: 100']), '{"a":"bbbb'],
      waitMs: 5_000,
    }),
    expected: [408],
  },
  {
    kind: 'truncated body',
    name: 'a chunked body that never ends',
    request: (t) => ({
      parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Transfer-Encoding: chunked']), '2\r\n{}\r\n'],
      waitMs: 5_000,
    }),
    expected: [408],
  },
  {
    kind: 'truncated body',
    name: 'headers that never end (slowloris)',
    request: (t) => ({ parts: [`GET / HTTP/1.1\r\n${host(t)}\r\nX-Slow: 1\r\n`], waitMs: 5_000 }),
    expected: [408],
  },
  {
    kind: 'client aborts mid-body',
    name: 'headers and half the body, then a reset',
    request: (t) => ({
      parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Content-Length: 100000']), 'x'.repeat(50_000), 20],
      abortAfter: true,
    }),
    expected: [null],
  },
  {
    kind: 'client aborts mid-body',
    name: 'a reset during a 3 MB chunked body',
    request: (t) => ({
      parts: [head('POST /api/app.info HTTP/1.1', [...authorised(t), 'Transfer-Encoding: chunked']), ...chunkedBody(MB)],
      abortAfter: true,
    }),
    expected: [null],
  },
  {
    kind: 'wrong method',
    name: 'GET /api/app.info',
    request: (t) => ({ parts: [head('GET /api/app.info HTTP/1.1', authorised(t))] }),
    expected: [405],
  },
  {
    kind: 'wrong method',
    name: 'DELETE /api/app.info',
    request: (t) => ({ parts: [head('DELETE /api/app.info HTTP/1.1', authorised(t))] }),
    expected: [405],
  },
  {
    kind: 'wrong method',
    name: 'OPTIONS /api/app.info',
    request: (t) => ({
      parts: [
        head('OPTIONS /api/app.info HTTP/1.1', [...authorised(t), 'Origin: https://evil.example', 'Access-Control-Request-Method: POST']),
      ],
    }),
    expected: [405],
  },
  { kind: 'wrong method', name: 'PUT /', request: line('PUT / HTTP/1.1', ['Content-Length: 0']), expected: [405] },
  { kind: 'wrong method', name: 'TRACE /', request: line('TRACE / HTTP/1.1'), expected: [405] },
  { kind: 'wrong method', name: 'BREW / (no such method)', request: line('BREW / HTTP/1.1'), expected: [400] },
  { kind: 'unknown operation', name: '/api/nope', request: post('nope', '{}'), expected: [200] },
  { kind: 'unknown operation', name: '/api/ (empty name)', request: post('', '{}'), expected: [200] },
  { kind: 'unknown operation', name: '/api/__proto__', request: post('__proto__', '{}'), expected: [200] },
  { kind: 'unknown operation', name: '/api/constructor', request: post('constructor', '{}'), expected: [200] },
  { kind: 'unknown operation', name: '/api/app.info/extra', request: post('app.info/extra', '{}'), expected: [200] },
  { kind: 'unknown operation', name: '/api/%2e%2e%2fapp.info', request: post('%2e%2e%2fapp.info', '{}'), expected: [200] },
  {
    kind: 'not authorised',
    name: 'no token',
    request: (t) => ({ parts: [head('POST /api/app.info HTTP/1.1', [host(t), 'Content-Length: 2']), '{}'] }),
    expected: [403],
  },
  {
    kind: 'not authorised',
    name: 'a URL token of as many characters as the token but more bytes',
    request: (t) => get(`/?token=%C3%A9${t.token.slice(1)}`)(t),
    expected: [403],
  },
  {
    kind: 'not authorised',
    name: 'an X-Lens-Token with a latin-1 byte, as many characters as the token',
    request: (t) => ({
      parts: [
        Buffer.from(
          head('POST /api/app.info HTTP/1.1', [host(t), `X-Lens-Token: \xe9${t.token.slice(1)}`, 'Content-Length: 2']) + '{}',
          'latin1',
        ),
      ],
    }),
    expected: [403],
  },
  { kind: 'not authorised', name: 'Origin: null with the token', request: post('app.info', '{}', ['Origin: null']), expected: [403] },
  {
    kind: 'not authorised',
    name: 'two Origin headers',
    request: (t) => post('app.info', '{}', [`Origin: http://127.0.0.1:${t.port}`, 'Origin: https://evil.example'])(t),
    expected: [403],
  },
];

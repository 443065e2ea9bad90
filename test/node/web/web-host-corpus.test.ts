import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LensHandlers } from '../../../electron/api/api-dispatch';
import { createLensHandlers } from '../../../electron/api/lens-handlers';
import { ServiceHub } from '../../../electron/services/service-hub';
import { startWebHost, type WebHost } from '../../../electron/web/web-host';
import { DISCARD_BYTES, MAX_BODY_BYTES } from '../../../electron/web/request-body';
import { buildRunRecord } from '../../support/run-record-factory';
import { MALFORMED_REQUESTS } from './malformed-requests';
import { head, rawExchange, type RawRequest } from './raw-http';
import type { LensErrorData } from '../../../shared/lens-error';
import { wordCore } from '../../../shared/core-catalogues';

describe('browser mode host under malformed requests', () => {
  let dir: string;
  let host: WebHost;
  let hub: ServiceHub;
  const logged: unknown[] = [];
  const escaped: unknown[] = [];
  const held = new Map<string, { tried: number; held: number }>();
  const onEscape = (error: unknown) => escaped.push(error);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-web-corpus-'));
    fs.mkdirSync(path.join(dir, 'renderer'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Provenance Lens</title>');
    hub = new ServiceHub({ LENS_HOME: path.join(dir, 'home') });
    const handlers: LensHandlers = {
      ...createLensHandlers(hub, 'http', '9.9.9'),
      // A handler bug the output schema cannot see (a BigInt where any JSON is allowed): the host must still answer.
      'traces.get': async () => ({ ...buildRunRecord(), request: { count: 1n } }),
    };
    // Short limits, so the slow-client probes end in seconds; Node enforces them the same way at any size.
    host = await startWebHost({
      handlers,
      rendererDir: path.join(dir, 'renderer'),
      timeouts: { headersMs: 800, requestMs: 1_500, checkEveryMs: 100 },
      logError: (error) => logged.push(error),
    });
    process.on('unhandledRejection', onEscape);
    process.on('uncaughtException', onEscape);
    // The first call opens the trace store and loads the handlers' modules; on a loaded machine that
    // once took the first probe's proof past the short limits above. Warm once, before any probe.
    expect(await stillServes()).toBe('serves');
  });

  afterAll(async () => {
    process.off('unhandledRejection', onEscape);
    process.off('uncaughtException', onEscape);
    await host.close();
    await hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
    const rows = [...held].map(([kind, count]) => `  ${kind.padEnd(34)} ${count.held}/${count.tried}`);
    process.stdout.write(`malformed-request corpus, held/tried per class:\n${rows.join('\n')}\n`);
  });

  /** A normal authorised call, the proof that the host still serves: 'serves', or what came back instead. */
  async function stillServes(): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${host.port}/api/app.info`, {
      method: 'POST',
      headers: { 'X-Lens-Token': host.token },
      body: '{}',
    });
    const body = await response.text();
    return response.status === 200 && (JSON.parse(body) as { ok: boolean }).ok ? 'serves' : `${response.status} ${body.slice(0, 300)}`;
  }

  /** Everything the host sends on one connection until it closes it (or 2 s pass), `parts` written in order (a number pauses). */
  async function readUntilClosed(parts: readonly (string | number)[]): Promise<string> {
    const socket = net.connect(host.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const closed = new Promise((resolve) => socket.on('close', resolve).on('error', resolve));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    for (const part of parts) {
      if (typeof part === 'number') await new Promise((resolve) => setTimeout(resolve, part));
      else socket.write(part);
    }
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    socket.destroy();
    return Buffer.concat(chunks).toString('utf8');
  }

  it.each(MALFORMED_REQUESTS.map((probe) => [probe.kind, probe.name, probe] as const))(
    '%s: %s gets its answer and the host still serves',
    async (kind, _name, probe) => {
      const count = held.get(kind) ?? { tried: 0, held: 0 };
      held.set(kind, { tried: count.tried + 1, held: count.held });
      const answer = await rawExchange(host.port, probe.request({ port: host.port, token: host.token }));
      expect(probe.expected, `answered ${answer.status}: ${answer.headers.split('\r\n')[0]} ${answer.body.slice(0, 200)}`).toContain(
        answer.status,
      );
      expect(await stillServes()).toBe('serves');
      expect(escaped).toEqual([]);
      expect(logged).toEqual([]);
      held.set(kind, { tried: count.tried + 1, held: count.held + 1 });
    },
  );

  it('answers an error with a generic 500, keeps the details out of the answer, and still serves', async () => {
    const body = '{"trace_id":"tr-1"}';
    const answer = await rawExchange(host.port, {
      parts: [
        head('POST /api/traces.get HTTP/1.1', [
          `Host: 127.0.0.1:${host.port}`,
          `X-Lens-Token: ${host.token}`,
          `Content-Length: ${body.length}`,
        ]),
        body,
      ],
    });
    expect(answer.status).toBe(500);
    // After a failure nobody foresaw, the connection is not trusted for another request.
    expect(answer.headers).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      error: {
        kind: 'internal',
        message: 'The browser-mode host failed on this request; it keeps serving.',
        message_code: 'error_server:host_failed',
        message_params: {},
      },
    });
    expect(answer.body).not.toMatch(/BigInt/);
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toMatch(/BigInt/);
    logged.length = 0;
    expect(await stillServes()).toBe('serves');
  });

  it('answers a request with no Host itself, as JSON naming the missing header, not with the bare 400 of Node', async () => {
    const answer = await rawExchange(host.port, { parts: [head('GET /index.html HTTP/1.1', [])] });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: 'The request has no Host header.' },
    });
  });

  it('answers what Node refuses before the host sees a request as the same coded JSON, in English and Korean, and closes', async () => {
    const at = `Host: 127.0.0.1:${host.port}`;
    const cases: [string, RawRequest, number, string, string][] = [
      ['NUL in a header', { parts: [head('GET / HTTP/1.1', [at, 'X-Nul: a\0b'])] }, 400, 'request_malformed', 'a header'],
      ['an unknown method', { parts: [head('BREW / HTTP/1.1', [at])] }, 400, 'request_malformed', 'method'],
      [
        'Content-Length: abc',
        { parts: [head('POST /api/app.info HTTP/1.1', [at, 'Content-Length: abc'])] },
        400,
        'request_malformed',
        'Content-Length',
      ],
      [
        'a header of 20 KB',
        { parts: [head('GET / HTTP/1.1', [at, `X-Big: ${'b'.repeat(20 * 1024)}`])] },
        431,
        'request_head_too_large',
        '',
      ],
      ['headers that never end', { parts: [`GET / HTTP/1.1\r\n${at}\r\nX-Slow: 1\r\n`], waitMs: 5_000 }, 408, 'request_timed_out', ''],
      [
        'a body that stops coming',
        {
          parts: [head('POST /api/app.info HTTP/1.1', [at, `X-Lens-Token: ${host.token}`, 'Content-Length: 100']), '{"a":'],
          waitMs: 5_000,
        },
        408,
        'request_timed_out',
        '',
      ],
    ];
    for (const [name, request, status, code, names] of cases) {
      const answer = await rawExchange(host.port, request);
      expect(answer.status, name).toBe(status);
      expect(answer.headers, name).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer.headers, name).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      const { error } = JSON.parse(answer.body) as { error: LensErrorData };
      expect(error.message_code, name).toBe(`error_server:${code}`);
      expect(error.message, name).toContain(names);
      expect(error.hint_code, name).toBe(`error_server:${code}_hint`);
      const korean = wordCore({ code: error.message_code!, params: error.message_params }, 'ko');
      expect(korean, name).toMatch(/[가-힣]/);
      expect(await stillServes()).toBe('serves');
    }
    // A bad request after a good one on the same connection is answered too (Node's own answer said nothing there).
    const good = head('POST /api/app.info HTTP/1.1', [at, `X-Lens-Token: ${host.token}`, 'Content-Length: 2']) + '{}';
    const keptAlive = await readUntilClosed([good, 200, head('BREW / HTTP/1.1', [at])]);
    expect(keptAlive).toMatch(/^HTTP\/1\.1 200 [^]*"ok":true[^]*HTTP\/1\.1 400 [^]*"message_code":"error_server:request_malformed"/);
    // Sent in one piece behind a good request, the bad one is answered after the good one's answer, not instead of it.
    const pipelined = await readUntilClosed([good + head('BREW / HTTP/1.1', [at])]);
    expect(pipelined).toMatch(/^HTTP\/1\.1 200 [^]*"ok":true[^]*HTTP\/1\.1 400 [^]*"message_code":"error_server:request_malformed"/);
    expect(logged).toEqual([]);
  });

  it('refuses a body over 4 MB long before the client has sent it all, so it is not buffered', async () => {
    const total = 16 * 1024 * 1024;
    const piece = 'a'.repeat(64 * 1024);
    const parts = Array.from({ length: total / piece.length }, () => [`${piece.length.toString(16)}\r\n${piece}\r\n`, 1]).flat();
    const answer = await rawExchange(host.port, {
      parts: [
        head('POST /api/app.info HTTP/1.1', [`Host: 127.0.0.1:${host.port}`, `X-Lens-Token: ${host.token}`, 'Transfer-Encoding: chunked']),
        ...parts,
      ],
      waitMs: 10_000,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/larger than 4 MB, so it was not read/);
    expect(answer.writtenAtAnswer).not.toBeNull();
    expect(answer.writtenAtAnswer as number).toBeLessThan(total / 2);
    expect(answer.written).toBeLessThan(total);
  });

  it('answers Expect: 100-continue with the refusal, not with 100 Continue, when the token is wrong, and closes the connection', async () => {
    const body = '{}';
    const answer = await rawExchange(host.port, {
      parts: [
        head('POST /api/app.info HTTP/1.1', [
          `Host: 127.0.0.1:${host.port}`,
          'X-Lens-Token: wrong-token',
          'Expect: 100-continue',
          `Content-Length: ${body.length}`,
        ]),
      ],
      waitMs: 2_000,
    });
    expect(answer.status).toBe(403);
    expect(answer.headers).toMatch(/\r\nconnection: close\r\n/i);
    expect(await stillServes()).toBe('serves');
  });

  it('says 100 Continue to an authorised client waiting for it, then answers once the body came', async () => {
    const body = '{}';
    const answer = await rawExchange(host.port, {
      parts: [
        head('POST /api/app.info HTTP/1.1', [
          `Host: 127.0.0.1:${host.port}`,
          `X-Lens-Token: ${host.token}`,
          'Expect: 100-continue',
          `Content-Length: ${body.length}`,
        ]),
        200,
        body,
      ],
      waitMs: 1_000,
    });
    expect(answer.status).toBe(100);
    // The final answer follows the interim one on the same connection.
    expect(answer.body).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.body).toMatch(/"ok":true/);
  });

  it('answers 413 to a client still uploading and reading only afterwards (no reset before the answer)', async () => {
    const body = Array.from({ length: 80 }, () => 'a'.repeat(64 * 1024));
    const parts = [
      head('POST /api/app.info HTTP/1.1', [
        `Host: 127.0.0.1:${host.port}`,
        `X-Lens-Token: ${host.token}`,
        `Content-Length: ${5 * 1024 * 1024}`,
      ]),
      100,
      ...body,
    ];
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await rawExchange(host.port, { parts, readAfterWritingMs: 100 });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatch(/larger than 4 MB/);
    }
    expect(await stillServes()).toBe('serves');
  });

  it('cuts off a client that keeps sending more than 8 MB past the refusal', async () => {
    const socket = net.connect(host.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let closed = false;
    socket.on('close', () => (closed = true)).on('error', () => (closed = true));
    socket.resume();
    const piece = Buffer.alloc(256 * 1024, 'a');
    socket.write(
      head('POST /api/app.info HTTP/1.1', [`Host: 127.0.0.1:${host.port}`, `X-Lens-Token: ${host.token}`, 'Transfer-Encoding: chunked']),
    );
    let sent = 0;
    while (!closed && sent < 64 * 1024 * 1024) {
      const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
      if (!socket.write(chunk))
        await Promise.race([
          new Promise((resolve) => socket.once('drain', resolve)),
          new Promise((resolve) => socket.once('close', resolve)),
        ]);
      sent += piece.length;
    }
    socket.destroy();
    expect(closed).toBe(true);
    // The limit read, then DISCARD_BYTES dropped, then what the sockets' buffers held when it was cut off.
    expect(sent).toBeLessThan(MAX_BODY_BYTES + DISCARD_BYTES + 8 * 1024 * 1024);
    expect(await stillServes()).toBe('serves');
  });

  it('answers the deeply nested body as invalid input that names the depth limit', async () => {
    const depth = 100_000;
    const body = `{"request":{"query":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const answer = await rawExchange(host.port, {
      parts: [
        head('POST /api/query.run HTTP/1.1', [
          `Host: 127.0.0.1:${host.port}`,
          `X-Lens-Token: ${host.token}`,
          `Content-Length: ${body.length}`,
        ]),
        body,
      ],
    });
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: 'query.run: the input is nested more than 64 levels deep.' },
    });
  });
});

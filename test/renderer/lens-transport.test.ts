// Browser mode's HTTP transport against a host that is gone or answers something that is not JSON:
// the page gets an error with a kind, a sentence and what to do, not the browser's or parser's words.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { wordCore } from '../../shared/core-catalogues';
import { isLensError, LensError } from '../../shared/lens-error';
import { httpTransport, isHostGone } from '../../renderer/app/lens-transport';

/** A server on 127.0.0.1 answering every request with `status` and `body`; its base URL. */
async function answering(status: number, body: string): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function failureOf(call: Promise<unknown>): Promise<LensError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isLensError(error)) throw new Error(`expected a LensError, got ${String(error)}`);
  return error;
}

describe('httpTransport: the browser-mode door as the page uses it', () => {
  it('passes the host’s envelope on, whatever its status', async () => {
    const host = await answering(403, '{"ok":false,"error":{"kind":"refused","message":"not authorised"}}');
    await expect(httpTransport(host.base)('app.info', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'refused', message: 'not authorised' },
    });
    await host.close();
  });

  /** A host that listened once and has stopped, as after `lens web` ends. */
  const stopped = async () => {
    const host = await answering(200, '{}');
    await host.close();
    return { base: host.base, close: async () => {} };
  };

  it.each([
    [
      'a host that has stopped as unavailable, to start `lens web` again',
      stopped,
      'traces.list',
      'unavailable',
      'traces.list: the browser-mode host does not answer; `lens web` may have stopped.',
      'Start `lens web` again and open the URL it prints.',
      'traces.list: 브라우저 모드 호스트가 응답하지 않습니다. `lens web`이 멈췄을 수 있습니다.',
    ],
    [
      'an answer that is not JSON (a bare 431 from Node) with its status, not the parser’s words',
      () => answering(431, ''),
      'app.info',
      'internal',
      'app.info: the browser-mode host answered HTTP 431 without an answer the page can read.',
      'Reload the page; if it happens again, restart `lens web` and open the URL it prints.',
      'app.info: 브라우저 모드 호스트가 HTTP 431(으)로 답했지만 페이지가 읽을 수 있는 응답이 없습니다.',
    ],
  ] as const)('says %s, and what to do, in English and Korean', async (_what, start, operation, kind, message, hint, korean) => {
    const host = await start();
    const error = await failureOf(httpTransport(host.base)(operation, {}));
    expect(error.toData()).toMatchObject({ kind, message, hint });
    expect(wordCore(error.said!, 'ko')).toBe(korean);
    await host.close();
  });

  it('tells a host that is gone from a graph that is not there (the Connect screen offers the demo only for the latter)', async () => {
    const host = await stopped();
    expect(isHostGone(await failureOf(httpTransport(host.base)('connect.report', {})))).toBe(true);
    expect(isHostGone(LensError.fromData({ kind: 'unavailable', message: 'No Neo4j is configured.' }))).toBe(false);
    expect(isHostGone(new Error('Failed to fetch'))).toBe(false);
  });
});

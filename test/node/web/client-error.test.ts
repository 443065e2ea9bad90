import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerClientError, clientErrorAnswer } from '../../../electron/web/client-error';
import { wordCore } from '../../../shared/core-catalogues';

const LIMITS = { headersMs: 10_000, requestMs: 30_000 };

/** A socket that records what is written to it and whether it was destroyed. */
function fakeSocket(writable: boolean) {
  const seen = { written: '', destroyed: false };
  const socket = {
    writable,
    end: (text: string) => {
      seen.written += text;
    },
    write: (text: string) => {
      seen.written += text;
      return true;
    },
    destroy: () => {
      seen.destroyed = true;
    },
  } as unknown as net.Socket;
  return { socket, seen };
}

const errorOf = (code: string) => Object.assign(new Error(code), { code });

describe("answering Node's client errors", () => {
  it('writes no HTTP response on a reset or on a socket that cannot be written, and only closes it', () => {
    for (const [code, writable] of [
      ['ECONNRESET', true],
      ['HPE_INVALID_METHOD', false],
      ['ERR_HTTP_REQUEST_TIMEOUT', false],
    ] as const) {
      const { socket, seen } = fakeSocket(writable);
      answerClientError(errorOf(code), socket, LIMITS, {});
      expect(seen, code).toEqual({ written: '', destroyed: true });
    }
  });

  it('names the limits of a timeout and the size of the head Node reads, in English and Korean', () => {
    const timeout = clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT', LIMITS);
    expect([timeout.status, timeout.error.kind, timeout.error.message]).toEqual([
      408,
      'timeout',
      'The request did not arrive in time: this host waits 10 s for the headers and 30 s for the whole request.',
    ]);
    expect(wordCore(timeout.error.said!, 'ko')).toBe('요청이 제때 오지 않았습니다. 이 호스트는 헤더를 10초, 요청 전체를 30초 기다립니다.');
    const large = clientErrorAnswer('HPE_HEADER_OVERFLOW', LIMITS);
    expect([large.status, large.error.message]).toEqual([431, 'The request line and headers are larger than this host reads (16 KB).']);
    const other = clientErrorAnswer('HPE_SOMETHING_NEW', LIMITS);
    expect([other.status, other.error.message]).toEqual([
      400,
      'The request is not well-formed HTTP: its request line or a header does not follow HTTP/1.1.',
    ]);
    expect(wordCore(other.error.said!, 'ko')).toBe('요청이 올바른 HTTP가 아닙니다: 요청 줄이나 헤더가 HTTP/1.1을 따르지 않습니다.');
  });
});

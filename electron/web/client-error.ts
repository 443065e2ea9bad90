import http from 'node:http';
import type net from 'node:net';
import { codedError } from '../../shared/coded-error';
import type { CoreMessage } from '../../shared/core-message';
import { serverError, type ServerErrorCode } from '../../shared/errors/server-error-messages';
import type { LensError } from '../../shared/lens-error';

/**
 * What Node's HTTP parser refuses before the host sees a request (a malformed request line or
 * header, headers past Node's size limit, a request that did not arrive in time): answered with the
 * host's own JSON error, a coded sentence and its hint, instead of Node's bare status without a body.
 */

/** The limits a timeout's sentence names. */
export interface ClientErrorLimits {
  readonly headersMs: number;
  readonly requestMs: number;
}

/** What llhttp's error codes say is wrong, as a part of `request_malformed`; any other is said as HTTP/1.1 not followed. */
const PARSER_PROBLEMS: Readonly<Record<string, ServerErrorCode>> = {
  HPE_INVALID_METHOD: 'http_method_part',
  HPE_INVALID_URL: 'http_target_part',
  HPE_INVALID_HEADER_TOKEN: 'http_header_part',
  HPE_INVALID_CONTENT_LENGTH: 'http_length_part',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'http_length_part',
  HPE_INVALID_TRANSFER_ENCODING: 'http_chunked_part',
  HPE_INVALID_CHUNK_SIZE: 'http_chunked_part',
  HPE_INVALID_VERSION: 'http_version_part',
};

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

/** The status and error for one of Node's client errors. */
export function clientErrorAnswer(code: string | undefined, limits: ClientErrorLimits): { status: number; error: LensError } {
  const coded = (status: number, kind: 'invalid_input' | 'timeout', message: CoreMessage, hint: ServerErrorCode) => ({
    status,
    error: codedError(kind, message, { hint: serverError(hint) }),
  });
  if (code === 'HPE_HEADER_OVERFLOW')
    return coded(
      431,
      'invalid_input',
      serverError('request_head_too_large', { limit: http.maxHeaderSize / 1024 }),
      'request_head_too_large_hint',
    );
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return coded(413, 'invalid_input', serverError('request_chunk_extensions_too_large'), 'request_chunk_extensions_too_large_hint');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const message = serverError('request_timed_out', { headers: seconds(limits.headersMs), request: seconds(limits.requestMs) });
    return coded(408, 'timeout', message, 'request_timed_out_hint');
  }
  const problem = serverError(PARSER_PROBLEMS[code ?? ''] ?? 'http_syntax_part');
  return coded(400, 'invalid_input', serverError('request_malformed', { problem: [problem] }), 'request_malformed_hint');
}

/**
 * Answers a client error on `socket` and closes it. A socket that cannot be written (closed, or
 * already given its last answer) or a reset is only closed: no HTTP response is written there.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: net.Socket,
  limits: ClientErrorLimits,
  headers: http.OutgoingHttpHeaders,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, error: refusal } = clientErrorAnswer(error.code, limits);
  const body = JSON.stringify({ ok: false, error: refusal.toData() });
  const lines = Object.entries({
    'Content-Type': 'application/json; charset=utf-8',
    ...headers,
    'Cache-Control': 'no-store',
    Connection: 'close',
    'Content-Length': Buffer.byteLength(body),
  }).map(([name, value]) => `${name}: ${String(value)}`);
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  // The client may never read it: the connection is not held open past a second.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

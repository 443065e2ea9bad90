import net from 'node:net';

/** What came back on one raw connection. */
export interface RawAnswer {
  /** The status code of the first response, or null when the server closed without one. */
  readonly status: number | null;
  readonly headers: string;
  readonly body: string;
  /** Bytes the client had written when it stopped (all of them, unless the server closed first). */
  readonly written: number;
  /** Bytes the client had written when the first byte of the answer arrived (null: no answer). */
  readonly writtenAtAnswer: number | null;
}

/** One exchange over a raw TCP socket, so a test can send what no HTTP client would. */
export interface RawRequest {
  /** What to write, in order; a number pauses that many milliseconds. */
  readonly parts: readonly (string | Buffer | number)[];
  /** Half-close the connection after the last part (the client sends nothing more). */
  readonly endAfter?: boolean;
  /** Destroy the socket after the last part, without reading (a client that goes away). */
  readonly abortAfter?: boolean;
  /** Give up waiting for an answer after this long. */
  readonly waitMs?: number;
  /** Read nothing until every part is written and this many milliseconds more have passed (a client busy uploading). */
  readonly readAfterWritingMs?: number;
}

function parse(raw: Buffer): { status: number | null; headers: string; body: string; complete: boolean } {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return { status: null, headers: text, body: '', complete: false };
  const headers = text.slice(0, end);
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(headers);
  const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
  const body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  const complete = length ? body.length >= Number(length[1]) : false;
  return { status: status ? Number(status[1]) : null, headers, body: body.toString('utf8'), complete };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `request` to 127.0.0.1:`port` and reads the first response (or the close). */
export async function rawExchange(port: number, request: RawRequest): Promise<RawAnswer> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let written = 0;
  let writtenAtAnswer: number | null = null;
  let closed = false;
  const done = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      writtenAtAnswer ??= written;
      chunks.push(chunk);
      if (parse(Buffer.concat(chunks)).complete) resolve();
    });
    socket.on('close', () => {
      closed = true;
      resolve();
    });
    // A reset while writing is one of the answers a test looks at (the server refused more).
    socket.on('error', () => resolve());
  });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  if (request.readAfterWritingMs !== undefined) socket.pause();
  for (const part of request.parts) {
    if (closed || socket.destroyed) break;
    if (typeof part === 'number') await pause(part);
    else if (socket.write(part)) written += Buffer.byteLength(part);
    else {
      written += Buffer.byteLength(part);
      await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), done]);
    }
  }
  if (request.abortAfter) {
    socket.destroy();
    return { status: null, headers: '', body: '', written, writtenAtAnswer };
  }
  if (request.endAfter) socket.end();
  if (request.readAfterWritingMs !== undefined) {
    await pause(request.readAfterWritingMs);
    socket.resume();
  }
  await Promise.race([done, pause(request.waitMs ?? 3_000)]);
  socket.destroy();
  const answer = parse(Buffer.concat(chunks));
  return { status: answer.status, headers: answer.headers, body: answer.body, written, writtenAtAnswer };
}

/** A request head with CRLF line ends and the blank line that ends it. */
export function head(requestLine: string, headers: readonly string[]): string {
  return `${[requestLine, ...headers].join('\r\n')}\r\n\r\n`;
}

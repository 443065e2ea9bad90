// Reads an API request's body: at most MAX_BODY_BYTES, never buffered past that, UTF-8 JSON only.
// A client that goes away mid-body, or sends too much, is a RefusedRequest, not a crash.
import type http from 'node:http';
import { codedError } from '../../shared/coded-error';
import type { CoreMessage } from '../../shared/core-message';
import type { LensError } from '../../shared/lens-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { jsonDuplicateKeyProblem, jsonProblem } from '../../shared/json-syntax';
import { MAX_INPUT_BYTES } from '../api/input-limits';
import { RefusedRequest } from './request-guard';

/**
 * The largest request body browser mode reads: twice MAX_INPUT_BYTES, the input an operation takes.
 * A body is the input written as JSON, and JSON writes each quote, backslash, line break and tab of a
 * text as two bytes: a golden set of 1,945,817 bytes (under its 2,032 KB cap, GOLDEN_SET_MAX_BYTES)
 * was a body of 2,281,864 and got a 413 "larger than 2 MB" the Evaluations screen never mentioned.
 * Twice is the most any YAML or JSON file grows (neither may hold another control character raw,
 * which JSON would write as six bytes); measured, real golden sets and trace bundles grow 1.01 to
 * 1.17 times. So a text within its own cap is always carried, and its cap is the check that names it.
 */
export const MAX_BODY_BYTES = 2 * MAX_INPUT_BYTES;

const LIMIT_MB = MAX_BODY_BYTES / 1024 / 1024;

/**
 * How much of a refused body the host reads and drops before it cuts the client off: twice the limit,
 * so a body refused for its declared size of up to twice the limit is read to its end and answered.
 */
export const DISCARD_BYTES = 2 * MAX_BODY_BYTES;

/**
 * A refusal of a body the host will not read (413, 415), `restBytes` of it still to come as far as
 * the client declared. Closing at once would reset a client that is still sending, and the reset
 * can reach it before the answer does (it then sees "connection reset", not the refusal). So when
 * the rest is small enough the host reads and drops it (`discardRest`) and the connection stays
 * usable, as after any other refusal; a declared rest too large for that gets the answer and a closed connection.
 */
function bodyRefused(status: number, error: LensError, restBytes: number): RefusedRequest {
  if (restBytes > DISCARD_BYTES) return new RefusedRequest(status, error, { Connection: 'close' });
  return new RefusedRequest(status, error, {}, { discardBody: true });
}

/**
 * 413, the body having declared `declaredBytes` (0: not declared, or found too large while read). A
 * declared size over the limit is refused before any of it is read, so all of it is still to come (it
 * was counted less the limit: a body of 4 to 6 MB, with a 2 MB limit, was then cut off while dropped).
 */
function tooLarge(declaredBytes: number): RefusedRequest {
  const error = codedError('invalid_input', serverError('body_too_large', { limit: LIMIT_MB }), {
    hint: serverError('send_less_hint'),
  });
  return bodyRefused(413, error, declaredBytes);
}

/**
 * After a 413: reads the rest of the body and drops it, never keeping any, so Node can frame the
 * next request on the connection. A client that sends more than DISCARD_BYTES past the refusal is
 * cut off; Node's request timeout bounds a slow one.
 */
export function discardRest(req: http.IncomingMessage): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_BYTES) req.socket.destroy();
  });
  req.resume();
}

function cutShort(): RefusedRequest {
  return new RefusedRequest(400, codedError('invalid_input', serverError('body_cut_short')), { Connection: 'close' });
}

/** True when the client waits for `100 Continue` before it sends the body (`Expect: 100-continue`). */
export function expectsContinue(req: http.IncomingMessage): boolean {
  return /^\s*100-continue\s*$/i.test(req.headers.expect ?? '');
}

/**
 * The raw body, refused as soon as it (or its declared Content-Length) passes `maxBytes`. A client
 * waiting for `100 Continue` gets it through `res` only here, once every check before the body has
 * passed (the host answers `checkContinue` itself), so a refused request never uploads its body.
 */
export function readBody(req: http.IncomingMessage, maxBytes = MAX_BODY_BYTES, res?: http.ServerResponse): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    // Node's parser has already refused a Content-Length that is not a number.
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      reject(tooLarge(declared));
      return;
    }
    if (res && expectsContinue(req)) res.writeContinue();
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (outcome: () => void) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      req.pause();
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) stop(() => reject(tooLarge(0)));
      else chunks.push(chunk);
    };
    const onEnd = () => stop(() => resolve(Buffer.concat(chunks)));
    const onClose = () => stop(() => reject(cutShort()));
    // Node emits 'error' on a request only while someone listens; this listener stays for good.
    req.on('error', () => stop(() => reject(cutShort())));
    req.on('data', onData).on('end', onEnd).on('close', onClose);
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The charset parameter of a Content-Type, lower case, or null when it names none. */
function declaredCharset(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * 415 for a body declared in a form the host does not read: compressed (a Content-Encoding other
 * than identity) or in a charset other than UTF-8. Said before the body is read, rather than as
 * "not UTF-8" or "not JSON" after; the body is dropped, or the connection closed, as after a 413.
 */
function checkDeclaredForm(req: http.IncomingMessage): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  const refuse = (message: CoreMessage) =>
    bodyRefused(415, codedError('invalid_input', message, { hint: serverError('send_plain_json_hint') }), declared);
  const coding = req.headers['content-encoding']?.trim().toLowerCase();
  if (coding && coding !== 'identity') throw refuse(serverError('body_encoded', { coding }));
  const charset = declaredCharset(req.headers['content-type']);
  if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') throw refuse(serverError('body_charset', { charset }));
}

/** The body as JSON: empty is `{}`; compressed or in another charset is a 415, not UTF-8 or not JSON a 400, each saying which. */
export async function readJsonBody(req: http.IncomingMessage, res?: http.ServerResponse): Promise<unknown> {
  checkDeclaredForm(req);
  const body = await readBody(req, MAX_BODY_BYTES, res);
  if (body.length === 0) return {};
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw new RefusedRequest(400, codedError('invalid_input', serverError('body_not_utf8')));
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new RefusedRequest(400, codedError('invalid_input', serverError('body_not_json', { problem: [jsonProblem(text)] })));
  }
  // `{"principal": "u-guest", "principal": "u-admin"}`: JSON.parse keeps the last without a word, where another reader may keep the first.
  const duplicate = jsonDuplicateKeyProblem(text);
  if (duplicate)
    throw new RefusedRequest(
      400,
      codedError('invalid_input', serverError('body_duplicate_key', { problem: [duplicate] }), {
        hint: serverError('body_duplicate_key_hint'),
      }),
    );
  return value;
}

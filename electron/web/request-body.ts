// Reads an API request's body: at most MAX_INPUT_BYTES, never buffered past that, UTF-8 JSON only.
// A client that goes away mid-body, or sends too much, is a RefusedRequest, not a crash.
import type http from 'node:http';
import { LensError } from '../../shared/lens-error';
import { MAX_INPUT_BYTES } from '../api/input-limits';
import { RefusedRequest } from './request-guard';

const LIMIT_TEXT = `${MAX_INPUT_BYTES / 1024 / 1024} MB`;

/** 413, and the connection closes after the answer so the rest of the body is never read as a request. */
function tooLarge(): RefusedRequest {
  return new RefusedRequest(413, new LensError('invalid_input', `The request body is larger than ${LIMIT_TEXT}, so it was not read.`, { hint: 'Send less at once.' }), { Connection: 'close' });
}

function cutShort(): RefusedRequest {
  return new RefusedRequest(400, new LensError('invalid_input', 'The request body ended before it was complete.'), { Connection: 'close' });
}

/** The raw body, refused as soon as it (or its declared Content-Length) passes `maxBytes`. */
export function readBody(req: http.IncomingMessage, maxBytes = MAX_INPUT_BYTES): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    // Node's parser has already refused a Content-Length that is not a number.
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (outcome: () => void) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      req.pause();
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) stop(() => reject(tooLarge()));
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

/** The body as JSON: empty is `{}`; not UTF-8 or not JSON is a 400 that says which. */
export async function readJsonBody(req: http.IncomingMessage): Promise<unknown> {
  const body = await readBody(req);
  if (body.length === 0) return {};
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw new RefusedRequest(400, new LensError('invalid_input', 'The request body is not UTF-8 text.'));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RefusedRequest(400, new LensError('invalid_input', `The request body is not JSON (${(error as Error).message}).`));
  }
}

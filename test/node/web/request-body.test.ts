// Unit tests of the body reader short of a socket: a request is a stream with headers, and the
// tests play the client (data, end, close, error) and watch what the reader keeps and answers.
import type http from 'node:http';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import { DISCARD_BYTES, discardRest, MAX_BODY_BYTES, readBody, readJsonBody } from '../../../electron/web/request-body';
import { RefusedRequest } from '../../../electron/web/request-guard';

/** A request stream with headers and a socket whose destruction is recorded. */
type FakeRequest = PassThrough & http.IncomingMessage & { destroyed_socket: boolean };

function fakeRequest(headers: Record<string, string> = {}): FakeRequest {
  const stream = new PassThrough() as unknown as FakeRequest;
  Object.assign(stream, {
    headers,
    destroyed_socket: false,
    socket: {
      destroy: () => {
        stream.destroyed_socket = true;
      },
    },
  });
  return stream;
}

async function refusalOf(reading: Promise<unknown>): Promise<RefusedRequest> {
  const error = await reading.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RefusedRequest);
  return error as RefusedRequest;
}

const TOO_LARGE = {
  status: 413,
  error: expect.objectContaining({
    kind: 'invalid_input',
    message: `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB, so it was not read.`,
    hint: 'Send less at once.',
  }),
};

describe('readBody', () => {
  it('returns the chunks as sent, once the body ends', async () => {
    const req = fakeRequest({ 'content-length': '6' });
    const reading = readBody(req);
    req.write(Buffer.from('abc'));
    req.end(Buffer.from('def'));
    expect((await reading).toString()).toBe('abcdef');
  });

  it('reads exactly the limit, and refuses one byte more as 413 with the rest of the body read and dropped', async () => {
    const atLimit = fakeRequest();
    const reading = readBody(atLimit, 4);
    atLimit.end(Buffer.from('abcd'));
    expect((await reading).length).toBe(4);

    const over = fakeRequest();
    const refused = refusalOf(readBody(over, 4));
    over.write(Buffer.from('abcde'));
    const refusal = await refused;
    expect(refusal).toMatchObject(TOO_LARGE);
    expect(refusal.headers).toEqual({});
    expect(refusal.options).toEqual({ discardBody: true });
  });

  it('refuses a declared length over the limit before reading anything, and keeps the connection when the rest can be dropped', async () => {
    const req = fakeRequest({ 'content-length': '5' });
    const refusal = await refusalOf(readBody(req, 4));
    expect(refusal).toMatchObject(TOO_LARGE);
    expect(refusal.options).toEqual({ discardBody: true });
  });

  it('accepts a declared length exactly at the limit', async () => {
    const req = fakeRequest({ 'content-length': '4' });
    const reading = readBody(req, 4);
    req.end(Buffer.from('abcd'));
    expect((await reading).toString()).toBe('abcd');
  });

  it('closes the connection after a 413 whose declared body is too large to read and drop, and only then', async () => {
    const limit = DISCARD_BYTES;
    const huge = await refusalOf(readBody(fakeRequest({ 'content-length': String(limit + 1) })));
    expect(huge).toMatchObject(TOO_LARGE);
    expect(huge.headers).toEqual({ Connection: 'close' });
    expect(huge.options).toEqual({});
    const droppable = await refusalOf(readBody(fakeRequest({ 'content-length': String(limit) })));
    expect(droppable.headers).toEqual({});
    expect(droppable.options).toEqual({ discardBody: true });
  });

  it.each<[string, (req: PassThrough) => void]>([
    ['the client closes before the end', (req) => req.emit('close')],
    ['the request errors', (req) => req.emit('error', new Error('socket hang up'))],
  ])('refuses a body cut short (%s) as 400 with the connection closed', async (_name, cut) => {
    const req = fakeRequest();
    const refused = refusalOf(readBody(req));
    req.write(Buffer.from('{"a":'));
    cut(req as unknown as PassThrough);
    const refusal = await refused;
    expect(refusal).toMatchObject({
      status: 400,
      error: expect.objectContaining({ kind: 'invalid_input', message: 'The request body ended before it was complete.' }),
    });
    expect(refusal.headers).toEqual({ Connection: 'close' });
  });

  it('stops listening once it has answered: a close after the end changes nothing, and no data is kept after a refusal', async () => {
    const req = fakeRequest();
    const reading = readBody(req, 4);
    req.end(Buffer.from('ab'));
    expect((await reading).toString()).toBe('ab');
    expect(req.listenerCount('data')).toBe(0);
    expect(req.listenerCount('end')).toBe(0);
    expect(req.listenerCount('close')).toBe(0);
  });
});

describe('discardRest', () => {
  it('reads and drops what follows, keeping the connection up to the allowance', async () => {
    const req = fakeRequest();
    discardRest(req);
    req.write(Buffer.alloc(DISCARD_BYTES));
    await new Promise((resolve) => setImmediate(resolve));
    expect(req.destroyed_socket).toBe(false);
  });

  it('cuts the client off once it sends more than the allowance', async () => {
    const req = fakeRequest();
    discardRest(req);
    req.write(Buffer.alloc(DISCARD_BYTES));
    req.write(Buffer.alloc(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(req.destroyed_socket).toBe(true);
  });
});

describe('readJsonBody', () => {
  const sending = (body: Buffer | string) => {
    const req = fakeRequest();
    const reading = readJsonBody(req);
    req.end(body);
    return reading;
  };

  it('reads an empty body as {} and a JSON body as its value', async () => {
    expect(await sending('')).toEqual({});
    expect(await sending('{"language":"ko"}')).toEqual({ language: 'ko' });
    expect(await sending('[]')).toEqual([]);
  });

  it.each<[string, Record<string, string>, string, string]>([
    [
      'compressed with gzip',
      { 'content-encoding': 'gzip' },
      'The request body is compressed (gzip); the API reads only JSON sent as it is.',
      '요청 본문이 압축되어 있습니다(gzip). API는 그대로 보낸 JSON만 읽습니다.',
    ],
    [
      'declared as UTF-16',
      { 'content-type': 'application/json; charset=UTF-16' },
      'The request body is declared as utf-16; the API reads only UTF-8 JSON.',
      '요청 본문이 utf-16(으)로 선언되어 있습니다. API는 UTF-8 JSON만 읽습니다.',
    ],
  ])(
    'refuses a body %s as 415 before reading it, saying so and what to send, in English and Korean',
    async (_what, headers, english, korean) => {
      const req = fakeRequest(headers);
      const reading = readJsonBody(req);
      req.end(headers['content-encoding'] ? gzipSync('{}') : Buffer.from('{}', 'utf16le'));
      const refusal = await refusalOf(reading);
      expect(refusal.status).toBe(415);
      expect(refusal.options.discardBody).toBe(true);
      const data = refusal.error.toData();
      expect(data).toMatchObject({
        kind: 'invalid_input',
        message: english,
        hint: 'Send the body as UTF-8 JSON, without a Content-Encoding or another charset.',
      });
      expect(wordCore({ code: data.message_code ?? '', params: data.message_params }, 'ko')).toBe(korean);
    },
  );

  it('closes the connection after a 415 whose declared body is too large to read and drop, as after a 413', async () => {
    const small = await refusalOf(readJsonBody(fakeRequest({ 'content-encoding': 'gzip', 'content-length': String(DISCARD_BYTES) })));
    expect([small.status, small.headers, small.options]).toEqual([415, {}, { discardBody: true }]);
    const large = await refusalOf(readJsonBody(fakeRequest({ 'content-encoding': 'gzip', 'content-length': String(DISCARD_BYTES + 1) })));
    expect([large.status, large.headers, large.options]).toEqual([415, { Connection: 'close' }, {}]);
  });

  it.each<Record<string, string>>([
    { 'content-encoding': 'identity' },
    { 'content-type': 'application/json; charset=utf-8' },
    { 'content-type': 'application/json;charset="UTF-8"' },
    { 'content-type': 'text/plain' },
  ])('reads a body declared %j as UTF-8 JSON', async (headers) => {
    const req = fakeRequest(headers);
    const reading = readJsonBody(req);
    req.end('{"language":"ko"}');
    expect(await reading).toEqual({ language: 'ko' });
  });

  it.each([
    [
      '{"request": {"query": "x", "principal": "u-guest", "principal": "u-admin"}}',
      'The request body is refused: it gives the key "principal" twice in the object at request, so which value was meant cannot be told.',
      '요청 본문을 받지 않았습니다: request의 객체에서 키 "principal"을(를) 두 번 주므로 어느 값을 뜻했는지 알 수 없습니다.',
    ],
    [
      '{"trace_ids": ["a"], "trace_ids": []}',
      'The request body is refused: it gives the key "trace_ids" twice at its top level, so which value was meant cannot be told.',
      '요청 본문을 받지 않았습니다: 맨 위 단계에서 키 "trace_ids"을(를) 두 번 주므로 어느 값을 뜻했는지 알 수 없습니다.',
    ],
  ])('refuses %j, a key given twice, as 400 naming the key and its object, in English and Korean', async (body, english, korean) => {
    const refusal = await refusalOf(sending(body));
    expect(refusal.status).toBe(400);
    const data = refusal.error.toData();
    expect(data).toMatchObject({ kind: 'invalid_input', message: english, hint: 'Send each key of an object once.' });
    expect(wordCore({ code: data.message_code ?? '', params: data.message_params }, 'ko')).toBe(korean);
  });

  it('refuses a body that is not UTF-8 as 400, saying so, rather than reading it with replacement characters', async () => {
    const refusal = await refusalOf(sending(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])));
    expect(refusal).toMatchObject({
      status: 400,
      error: expect.objectContaining({ kind: 'invalid_input', message: 'The request body is not UTF-8 text.' }),
    });
  });

  it.each([
    [
      '{"a":',
      'The request body is not JSON: it ends at line 1, column 6 before its JSON value is complete.',
      '요청 본문이 JSON이 아닙니다: JSON 값이 다 끝나기 전에 1행 6열에서 내용이 끝납니다.',
    ],
    [
      '{\n  "a": 1,\n  "b": }',
      "The request body is not JSON: '}' at line 3, column 8 cannot stand there.",
      "요청 본문이 JSON이 아닙니다: 3행 8열의 '}' 문자는 그 자리에 올 수 없습니다.",
    ],
    [
      '["secret\u0007"]',
      'The request body is not JSON: U+0007 at line 1, column 9 cannot stand there.',
      '요청 본문이 JSON이 아닙니다: 1행 9열의 U+0007 문자는 그 자리에 올 수 없습니다.',
    ],
    [
      'hello',
      "The request body is not JSON: 'h' at line 1, column 1 cannot stand there.",
      "요청 본문이 JSON이 아닙니다: 1행 1열의 'h' 문자는 그 자리에 올 수 없습니다.",
    ],
  ])(
    'refuses %j as 400 naming where it stops being JSON, as codes worded in English and Korean, not the parser’s English',
    async (body, english, korean) => {
      const refusal = await refusalOf(sending(body));
      expect(refusal.status).toBe(400);
      const data = refusal.error.toData();
      expect(data).toMatchObject({ kind: 'invalid_input', message: english, message_code: 'error_server:body_not_json' });
      expect(wordCore({ code: data.message_code ?? '', params: data.message_params }, 'ko')).toBe(korean);
    },
  );
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { callProvider, MAX_ANSWER_BYTES } from '../../../electron/provider/provider-client';
import type { ProviderCallFailure } from '../../../shared/provider/provider-audit';
import { providerFailureMessage, wordProviderMessage } from '../../../shared/provider/provider-messages';
import { freePort } from '../../support/free-port';

const TOKEN = 'tok-client-7d2e-secret';
/** The smallest answer the contract takes. */
const ANSWER = {
  trace_id: 'provider-trace',
  outcome: 'no_evidence',
  answerable: false,
  items: [],
  limits: { used_tokens: 0, max_tokens: 100, elapsed_ms: 1, timeout_ms: 1000 },
  denied: [],
  stages: [],
  cuts: [],
};

type Handler = (request: http.IncomingMessage, reply: http.ServerResponse) => void;
const servers: http.Server[] = [];

/** A loopback server answering with `handler`; closed after each test. */
async function serve(handler: Handler): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/context`;
}

const json =
  (body: unknown, status = 200): Handler =>
  (_request, reply) =>
    reply.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe('the provider client', () => {
  it('POSTs the body as JSON with the bearer token in the Authorization header, and reads a contract answer', async () => {
    const seen: { headers: http.IncomingHttpHeaders; body: string; method: string | undefined }[] = [];
    const url = await serve((request, reply) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ headers: request.headers, body, method: request.method });
        json(ANSWER)(request, reply);
      });
    });
    const result = await callProvider({ url, token: TOKEN }, { query: 'q' }, Deadline.after(5000));
    expect(result).toMatchObject({ state: 'answered', status: 200, response: { trace_id: 'provider-trace', outcome: 'no_evidence' } });
    expect(seen).toEqual([
      {
        method: 'POST',
        body: '{"query":"q"}',
        headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }),
      },
    ]);
  });

  it('reads a JSON answer served as text/html all the same, keeping the header for the audit to name', async () => {
    const url = await serve((_request, reply) =>
      reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(JSON.stringify(ANSWER)),
    );
    const result = await callProvider({ url }, {}, Deadline.after(5000));
    expect(result).toMatchObject({
      state: 'answered',
      status: 200,
      contentType: 'text/html; charset=utf-8',
      response: { trace_id: 'provider-trace' },
    });
    const plain = await callProvider({ url: await serve(json(ANSWER)) }, {}, Deadline.after(5000));
    expect(plain).toMatchObject({ state: 'answered', contentType: 'application/json' });
  });

  it('sends no Authorization header when the endpoint has no token', async () => {
    const headers: http.IncomingHttpHeaders[] = [];
    const url = await serve((request, reply) => {
      headers.push(request.headers);
      json(ANSWER)(request, reply);
    });
    await callProvider({ url }, {}, Deadline.after(5000));
    expect(headers[0]).not.toHaveProperty('authorization');
  });

  it('reads schema drift as invalid_response naming the first fields that do not fit, not as an empty answer', async () => {
    const { items: _items, ...withoutItems } = ANSWER;
    const url = await serve(json({ ...withoutItems, results: [], outcome: 'fine' }));
    const result = await callProvider({ url, token: TOKEN }, {}, Deadline.after(5000));
    expect(result).toMatchObject({ state: 'failed', outcome: 'invalid_response', status: 200, failure: { code: 'call_schema_mismatch' } });
    expect(result.state === 'failed' && result.failure.params.fields).toMatch(/^outcome: .*; items: /);
  });

  it('reads an answer that is not JSON as invalid_response, and says nothing of what the provider echoed', async () => {
    const url = await serve((request, reply) =>
      reply.writeHead(200).end(`not json, and your token was ${String(request.headers.authorization)}`),
    );
    const result = await callProvider({ url, token: TOKEN }, {}, Deadline.after(5000));
    expect(result).toMatchObject({ state: 'failed', outcome: 'invalid_response', failure: { code: 'call_not_json' } });
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it('refuses an answer over the size limit unread, as invalid_response', async () => {
    const url = await serve((_request, reply) => reply.writeHead(200).end(Buffer.alloc(MAX_ANSWER_BYTES + 1, 0x20)));
    const result = await callProvider({ url }, {}, Deadline.after(10_000));
    expect(result).toMatchObject({ state: 'failed', outcome: 'invalid_response', failure: { code: 'call_too_large' } });
  });

  it.each([500, 503, 401, 404])('reads HTTP %i as unavailable with the status', async (status) => {
    const url = await serve((request, reply) => reply.writeHead(status).end(String(request.headers.authorization)));
    const result = await callProvider({ url, token: TOKEN }, {}, Deadline.after(5000));
    expect(result).toEqual({
      state: 'failed',
      status,
      outcome: 'unavailable',
      failure: { code: 'call_http_status', params: { url, status: String(status) } },
    });
  });

  it('does not follow a redirect, so the token goes to the configured URL only', async () => {
    const elsewhere: string[] = [];
    const other = await serve((request, reply) => {
      elsewhere.push(String(request.headers.authorization));
      json(ANSWER)(request, reply);
    });
    const url = await serve((_request, reply) => reply.writeHead(307, { location: other }).end());
    const result = await callProvider({ url, token: TOKEN }, {}, Deadline.after(5000));
    expect(result).toMatchObject({ state: 'failed', outcome: 'unavailable', status: 307 });
    expect(elsewhere).toEqual([]);
  });

  it('reads a refused connection as unavailable, naming the cause', async () => {
    const url = `http://127.0.0.1:${await freePort()}/context`;
    const result = await callProvider({ url, token: TOKEN }, {}, Deadline.after(5000));
    expect(result).toEqual({
      state: 'failed',
      status: null,
      outcome: 'unavailable',
      failure: { code: 'call_refused', params: { url, cause: 'ECONNREFUSED' } },
    });
  });

  it('ends a call that outlives its deadline in timeout, at the deadline', async () => {
    const url = await serve(() => undefined);
    const started = Date.now();
    const result = await callProvider({ url }, {}, Deadline.after(300));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result).toEqual({
      state: 'failed',
      status: null,
      outcome: 'timeout',
      failure: { code: 'call_timeout', params: { url, ms: '300' } },
    });
  });

  it('ends in timeout when the answer starts in time but its body outlives the deadline', async () => {
    const url = await serve((_request, reply) => {
      reply.writeHead(200, { 'content-type': 'application/json' });
      reply.write('{"trace_id":');
    });
    const result = await callProvider({ url }, {}, Deadline.after(300));
    expect(result).toMatchObject({ state: 'failed', outcome: 'timeout' });
  });
});

/** The failure of a call that failed (the test fails on an answered call). */
function failureOf(result: Awaited<ReturnType<typeof callProvider>>): ProviderCallFailure {
  if (result.state !== 'failed') throw new Error(`expected a failed call, got ${result.state}`);
  return result.failure;
}

// The schema mismatch put zod's own English ("Invalid input: expected array, received undefined")
// into its sentence, on the Korean screen too. Each field now says what is wrong by a code, its
// path kept as data, so Korean words all of it.
describe('the provider client: the fields of an answer that does not fit, as codes', () => {
  it('words each field’s problem in the reader’s language, its path as it is', async () => {
    const { items: _items, ...withoutItems } = ANSWER;
    const drifted = { ...withoutItems, limits: { ...ANSWER.limits, used_tokens: 1.5 }, lacking_provenance: -1 };
    const failure = failureOf(await callProvider({ url: await serve(json(drifted)) }, {}, Deadline.after(5000)));
    expect(failure.said?.['fields']?.map((part) => part.params?.['path'])).toEqual(['items', 'limits.used_tokens', 'lacking_provenance']);
    const message = providerFailureMessage(failure);
    expect(wordProviderMessage(message, 'ko')).toBe(
      `${failure.params['url']}의 프로바이더가 ContextResponse가 아닌 JSON으로 답함; 맞지 않는 첫 필드: ` +
        'items: 빠져 있습니다: 추가하세요(array); limits.used_tokens: 잘못된 입력: int이(가) 와야 하는데 number이(가) 왔습니다; ' +
        'lacking_provenance: 0 이상이어야 함. 그 답은 쓰지 않음.',
    );
    expect(wordProviderMessage(message)).toBe(
      `The provider at ${failure.params['url']} answered JSON that is not a ContextResponse; the first fields that do not fit: ` +
        'items: missing: add it (array); limits.used_tokens: Invalid input: expected int, received number; ' +
        'lacking_provenance: must be at least 0. Its answer was not used.',
    );
  });
});

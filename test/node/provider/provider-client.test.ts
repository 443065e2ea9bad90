import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { callProvider, MAX_ANSWER_BYTES, networkCause } from '../../../electron/provider/provider-client';
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

  it('reads an answer giving a key twice as invalid_response naming the key and where, not as the last value', async () => {
    // The item says chunk_id twice: JSON.parse would keep the second, and the audit would check that one alone.
    const item = '{"chunk_id":"chk-other","chunk_id":"chk-visible","text":"x"}';
    const text = JSON.stringify(ANSWER).replace('"items":[]', `"items":[${item}]`);
    expect(text).toContain('"chunk_id":"chk-other"');
    const url = await serve((_request, reply) => reply.writeHead(200, { 'content-type': 'application/json' }).end(text));
    const result = await callProvider({ url }, {}, Deadline.after(5000));
    expect(result).toMatchObject({ state: 'failed', outcome: 'invalid_response', status: 200, failure: { code: 'call_schema_mismatch' } });
    expect(result.state === 'failed' && result.failure.params.fields).toMatch(
      /^items\[0\]: gives the key "chunk_id" twice, so which value was meant cannot be told$/,
    );
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
      failure: {
        code: 'call_refused',
        params: { url, cause: 'the connection was refused (ECONNREFUSED)' },
        said: { cause: [{ code: 'provider:cause_refused_part', params: { code: 'ECONNREFUSED' } }] },
      },
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
        'items: 빠져 있습니다: 추가하세요(array); limits.used_tokens: 정수여야 합니다. 소수점 없는 수를 주세요. 예: 3; ' +
        'lacking_provenance: 0 이상이어야 함. 그 답은 쓰지 않음.',
    );
    expect(wordProviderMessage(message)).toBe(
      `The provider at ${failure.params['url']} answered JSON that is not a ContextResponse; the first fields that do not fit: ` +
        'items: missing: add it (array); limits.used_tokens: must be a whole number; give one without a fraction, e.g. 3; ' +
        'lacking_provenance: must be at least 0. Its answer was not used.',
    );
  });
});

// A failed call put the parser's or the network's English into its sentence ("Unexpected end of JSON
// input", "getaddrinfo ENOTFOUND …"), on the Korean screen too. The cause is now a code of ours, the
// system's error code kept as data.
describe('the provider client: why an answer is not JSON, as a code', () => {
  it.each([
    ['an empty body', '', 'not_json_empty_part'],
    ['an HTML page', '<!doctype html><html><body>Sign in</body></html>', 'not_json_html_part'],
    ['JSON cut short', '{"trace_id": "t", "items": [', 'not_json_truncated_part'],
    ['other text', 'not json at all', 'not_json_other_part'],
  ])('names %s', async (_name, body, code) => {
    const url = await serve((_request, reply) => reply.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const failure = failureOf(await callProvider({ url }, {}, Deadline.after(5000)));
    expect([failure.code, failure.said?.['cause']]).toEqual(['call_not_json', [{ code: `provider:${code}`, params: {} }]]);
  });

  it('words the cause in the reader’s language', async () => {
    const url = await serve((_request, reply) => reply.writeHead(200).end('<html>Sign in</html>'));
    const message = providerFailureMessage(failureOf(await callProvider({ url }, {}, Deadline.after(5000))));
    expect(wordProviderMessage(message, 'ko')).toBe(`${url}의 프로바이더가 JSON이 아닌 답을 보냄: 본문이 HTML 또는 XML 페이지임.`);
    expect(wordProviderMessage(message)).toBe(
      `The provider at ${url} answered with something that is not JSON: the body is an HTML or XML page.`,
    );
  });
});

describe('the provider client: why the endpoint could not be reached, as a code', () => {
  /** A fetch failure as undici throws it: a TypeError whose cause carries the system's code. */
  const fetchFailed = (code?: string) =>
    Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('boom'), { code }) });

  it.each([
    ['ECONNREFUSED', 'cause_refused_part'],
    ['ENOTFOUND', 'cause_dns_part'],
    ['EAI_AGAIN', 'cause_dns_part'],
    ['ETIMEDOUT', 'cause_timed_out_part'],
    ['UND_ERR_CONNECT_TIMEOUT', 'cause_timed_out_part'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'cause_tls_part'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'cause_tls_part'],
    ['ECONNRESET', 'cause_reset_part'],
    ['UND_ERR_SOCKET', 'cause_reset_part'],
    ['EHOSTUNREACH', 'cause_unreachable_part'],
    ['EMFILE', 'cause_other_part'],
  ])('reads %s as %s, keeping the code as data', (code, part) => {
    expect(networkCause(fetchFailed(code))).toEqual({ code: `provider:${part}`, params: { code } });
  });

  it('says a network error without a code is one, without its English', () => {
    expect(networkCause(fetchFailed())).toEqual({ code: 'provider:cause_unknown_part', params: {} });
  });

  it('words a refused connection in the reader’s language', async () => {
    const url = `http://127.0.0.1:${await freePort()}/context`;
    const message = providerFailureMessage(failureOf(await callProvider({ url }, {}, Deadline.after(5000))));
    expect(wordProviderMessage(message, 'ko')).toBe(
      `${url}의 프로바이더에 연결할 수 없음: 연결이 거부됨(ECONNREFUSED). 실행 중인지, URL이 맞는지 확인하세요.`,
    );
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContextResponse } from '../../shared/context-contract';
import { runContextRequest, type PipelineDeps } from '../../electron/retrieval/context-pipeline';

/**
 * A team's context provider for tests: a local HTTP server that serves this project's own pipeline
 * (runContextRequest on the demo graph) as the provider mode calls it, and faulty variants of it that
 * break one rule each. `received` keeps what each call sent (headers and body), so a test can check
 * the bearer token and the request.
 */

/** How the provider misbehaves. */
export type ProviderFault =
  | 'none'
  /** Answers as a principal who may see more (`asPrincipal`), so the asker gets documents it may not see. */
  | 'forbidden_document'
  /** Leaves `source_uri` out of the first item (schema drift). */
  | 'drop_source_uri'
  /** Gives the first item another document's source_uri. */
  | 'wrong_source_uri'
  /** Labels every stale item current (a superseded ADR among them). */
  | 'stale_labelled_current'
  /** Words every item whose successor the pipeline left unnamed as superseded by `successor` (which the asker may not see). */
  | 'names_hidden_successor'
  /** Packs with a budget far above the request's max_tokens and says so. */
  | 'over_max_tokens'
  /** Answers from everything the principal may see, ignoring the request's allowed_scopes. */
  | 'ignores_scopes'
  /** Answers with text that is not JSON. */
  | 'malformed_json'
  /** Answers HTTP 503. */
  | 'server_error'
  /** Accepts the connection and never answers. */
  | 'never_answers'
  /**
   * Hands over the text of an item only `asPrincipal` may see (its answer to `leakQuery`) as the
   * content of the asker's own first item, whose ids all name what the asker may see.
   */
  | 'text_under_public_id'
  /** As `text_under_public_id`, with the title of that item (its document's) as the title of the asker's first item. */
  | 'title_under_public_id';

/** One call the provider received. */
export interface ReceivedCall {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

/** A running test provider. */
export interface TestProvider {
  readonly url: string;
  readonly received: ReceivedCall[];
  /** How many items the fault changed (a fault that found nothing to break leaves this 0, and the test says so). */
  readonly tampered: () => number;
  close(): Promise<void>;
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** The answer with the fault applied to it, and how many items were changed. */
function tamper(response: ContextResponse, fault: ProviderFault, successor = ''): { body: unknown; changed: number } {
  const items = response.items.map((item) => ({ ...item })) as Record<string, unknown>[];
  if (fault === 'drop_source_uri' && items[0]) {
    delete items[0].source_uri;
    return { body: { ...response, items }, changed: 1 };
  }
  if (fault === 'wrong_source_uri' && items[0]) {
    items[0].source_uri = 'https://elsewhere.example/not-this-document';
    return { body: { ...response, items }, changed: 1 };
  }
  if (fault === 'stale_labelled_current') {
    let changed = 0;
    for (const item of items) {
      if ((item.freshness as { state: string }).state !== 'stale') continue;
      item.freshness = { state: 'current', reason: 'valid, not superseded' };
      changed += 1;
    }
    return { body: { ...response, items }, changed };
  }
  if (fault === 'names_hidden_successor') {
    let changed = 0;
    for (const item of items) {
      const freshness = item.freshness as { state: string; code?: string };
      if (!freshness.code?.endsWith('_hidden')) continue;
      item.freshness = { state: 'stale', reason: `replaced by ${successor}`, marked_by: successor };
      changed += 1;
    }
    return { body: { ...response, items }, changed };
  }
  return { body: response, changed: fault === 'none' ? 0 : response.items.length };
}

/** The request the pipeline runs for a call: the provider's own mode, and the fault's principal or budget. */
function pipelineRequest(body: Record<string, unknown>, fault: ProviderFault, options: { asPrincipal?: string; mode?: string }) {
  return {
    ...body,
    mode: options.mode ?? 'hybrid',
    ...(fault === 'forbidden_document' && options.asPrincipal ? { principal: options.asPrincipal } : {}),
    ...(fault === 'over_max_tokens' ? { max_tokens: 100_000 } : {}),
    ...(fault === 'ignores_scopes' ? { allowed_scopes: undefined } : {}),
  };
}

/**
 * Starts a provider on a free loopback port serving `deps`' pipeline, broken as `fault` says.
 * `asPrincipal` is whom `forbidden_document` answers as; `mode` the pipeline's mode (hybrid by default).
 */
export async function startTestProvider(
  deps: PipelineDeps,
  fault: ProviderFault,
  options: { asPrincipal?: string; mode?: string; leakQuery?: string; successor?: string } = {},
): Promise<TestProvider> {
  const received: ReceivedCall[] = [];
  let tampered = 0;
  const server = http.createServer((request, reply) => {
    void (async () => {
      const body = await readJson(request);
      received.push({ headers: request.headers, body });
      if (fault === 'never_answers') return;
      if (fault === 'server_error') return reply.writeHead(503, { 'content-type': 'text/plain' }).end('overloaded');
      if (fault === 'malformed_json')
        return reply.writeHead(200, { 'content-type': 'application/json' }).end('{"trace_id": "x", "items": [');
      const { response } = await runContextRequest(pipelineRequest(body, fault, options), deps);
      if (fault === 'text_under_public_id' || fault === 'title_under_public_id') {
        const leaked = await runContextRequest({ ...body, mode: 'hybrid', principal: options.asPrincipal, query: options.leakQuery }, deps);
        const [first, ...rest] = response.items;
        const field = fault === 'text_under_public_id' ? 'content' : 'title';
        const text = leaked.response.items[0]?.[field];
        if (first && text !== undefined) {
          tampered += 1;
          reply
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ ...response, items: [{ ...first, [field]: text }, ...rest] }));
          return;
        }
      }
      const { body: answer, changed } = tamper(response, fault, options.successor);
      tampered += changed;
      reply.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    })().catch((error: unknown) => reply.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/context`,
    received,
    tampered: () => tampered,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

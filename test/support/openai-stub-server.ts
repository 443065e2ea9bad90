// A local HTTP server that speaks the OpenAI embeddings and chat completions API, so the real
// `openai` SDK can be tested without a key or a network: replies are scripted per test (status,
// body, headers, delay), and every request is recorded with its authorization header.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';

/** One scripted reply: an HTTP status with a JSON body, after an optional delay. */
export interface StubReply {
  readonly status?: number;
  readonly body?: unknown;
  /** Sent as is instead of `body` as JSON: a web page, an event stream, broken JSON. */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
  readonly delayMs?: number;
}

/** A request the stub received. */
export interface StubRequest {
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly authorization: string | undefined;
}

type Route = 'embeddings' | 'chat';
type Responder = (request: StubRequest) => StubReply;

/** The running stub: its base URL (ends in /v1), its log, and the scripts for each route. */
export interface OpenAiStub {
  readonly baseUrl: string;
  readonly requests: StubRequest[];
  /** Queue replies for the next calls of a route; once the queue is empty the route's default answers. */
  enqueue(route: Route, ...replies: StubReply[]): void;
  /** Replace a route's default (embeddings: hashing vectors of the asked length; chat: a 400 saying nothing is scripted). */
  setDefault(route: Route, responder: Responder): void;
  close(): Promise<void>;
}

/** The chat completions body whose only choice says `content`. */
export function chatReply(content: string, model = 'stub-chat'): StubReply {
  return {
    body: {
      id: 'chatcmpl-stub',
      object: 'chat.completion',
      created: 0,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  };
}

/** A vector of `dimensions` for `text`: the hashing embedder's 384 values, repeated or cut, then L2-normalised. */
export function stubVector(text: string, dimensions: number): number[] {
  const base = createHashingEmbedder().embedNow(text);
  const out = Array.from({ length: dimensions }, (_, i) => base[i % base.length] as number);
  const norm = Math.sqrt(out.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? out : out.map((value) => value / norm);
}

function embeddingsDefault(dimensions: number): Responder {
  return (request) => {
    const input = request.body.input;
    const texts = Array.isArray(input) ? input.map(String) : [String(input)];
    const size = typeof request.body.dimensions === 'number' ? request.body.dimensions : dimensions;
    return {
      body: {
        object: 'list',
        model: request.body.model,
        data: texts.map((text, index) => ({ object: 'embedding', index, embedding: stubVector(text, size) })),
        usage: { prompt_tokens: texts.length, total_tokens: texts.length },
      },
    };
  };
}

const chatDefault: Responder = () => ({
  status: 400,
  body: { error: { message: 'no chat reply scripted', type: 'invalid_request_error' } },
});

/** Starts the stub on a free loopback port; `dimensions` is the embedding length when a request names none. */
export async function startOpenAiStub(options: { dimensions?: number } = {}): Promise<OpenAiStub> {
  const queues: Record<Route, StubReply[]> = { embeddings: [], chat: [] };
  const defaults: Record<Route, Responder> = { embeddings: embeddingsDefault(options.dimensions ?? 384), chat: chatDefault };
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const route: Route | null = path.endsWith('/embeddings') ? 'embeddings' : path.endsWith('/chat/completions') ? 'chat' : null;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        body = { unreadable: true };
      }
      const request: StubRequest = { path, body, authorization: req.headers.authorization };
      requests.push(request);
      const reply: StubReply =
        route === null
          ? { status: 404, body: { error: { message: `no route ${path}` } } }
          : (queues[route].shift() ?? defaults[route](request));
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (route, ...replies) => queues[route].push(...replies),
    setDefault: (route, responder) => {
      defaults[route] = responder;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

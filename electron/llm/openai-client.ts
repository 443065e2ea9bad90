// electron/llm/ talks to language models through the official openai SDK: embeddings, chat
// completions for Text2Cypher and the answer preview. This file owns the client and the one way
// every call is made: inside the request's deadline, retried on 429 and 5xx, its errors mapped to
// LensError kinds with the key never in a message.
import type OpenAI from 'openai';
import type { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { isLensError, type LensError } from '../../shared/lens-error';
import type { CoreMessage } from '../../shared/core-message';
import { redactSecretsInText } from '../../shared/redact-uri';

/** Where a model is and the key that opens it (never logged, never stored with a run). */
export interface OpenAiEndpoint {
  /** Absent: the SDK's default (OPENAI_BASE_URL, else api.openai.com). */
  readonly baseUrl?: string;
  /** Absent: OPENAI_API_KEY; a local compatible server often needs none. */
  readonly apiKey?: string;
}

/**
 * Every key a client of this process was made with. A server may echo the key (OpenAI's own 401
 * does, and so may a proxy or a hostile model writing it into its Cypher), and keys come in any
 * shape (`gsk_…`, a self-hosted server's own), so each is masked by its value wherever text from a
 * model server is kept or shown; only the shapes below are masked without being known.
 */
const KNOWN_KEYS = new Set<string>();
// Shorter values are not masked by value: they would mask ordinary words.
const MIN_MASKED_KEY = 8;

/** The SDK's class, with its error classes as statics. */
type OpenAiSdk = typeof OpenAI;

/**
 * The SDK once imported. It is imported when a client first calls a model, not when this module
 * is: the SDK is the largest module the app loads (a fifth to two fifths of a second of a CLI
 * command's start), and a run with the local hashing embedder and no chat model never calls one.
 */
let sdk: OpenAiSdk | undefined;

async function loadSdk(): Promise<OpenAiSdk> {
  sdk ??= (await import('openai')).default;
  return sdk;
}

/** True when `error` is an instance of the SDK's class `pick` names; false while the SDK was never imported (no call made). */
function isSdkError<K extends 'APIError' | 'APIConnectionError' | 'APIConnectionTimeoutError'>(
  error: unknown,
  pick: K,
): error is InstanceType<OpenAiSdk[K]> {
  return sdk !== undefined && error instanceof sdk[pick];
}

/**
 * A client of the SDK, made the first time it is asked for (importing the SDK then). `keyless`: made
 * with no key at all (none saved, no OPENAI_API_KEY), so a refusal of the key means none was set.
 */
export type OpenAiClient = (() => Promise<OpenAI>) & { readonly keyless?: boolean };

/**
 * The SDK client for `endpoint`, with the SDK's own retries off: `callModel` retries within the
 * deadline instead. The key is known (and masked) from now on; the SDK is imported, and the
 * client made, on the first call.
 */
export function createOpenAiClient(endpoint: OpenAiEndpoint, env: NodeJS.ProcessEnv = process.env): OpenAiClient {
  const apiKey = endpoint.apiKey ?? env.OPENAI_API_KEY;
  if (apiKey !== undefined && apiKey.trim().length >= MIN_MASKED_KEY) KNOWN_KEYS.add(apiKey.trim());
  const baseURL = endpoint.baseUrl ?? env.OPENAI_BASE_URL ?? undefined;
  let client: Promise<OpenAI> | undefined;
  const open = () =>
    (client ??= loadSdk().then(
      (OpenAiClass) =>
        new OpenAiClass({
          // A compatible local server may take no key; the SDK refuses to start without one, so say "none".
          apiKey: apiKey ?? 'none',
          baseURL,
          maxRetries: 0,
        }),
    ));
  return Object.assign(open, { keyless: apiKey === undefined || apiKey.trim() === '' });
}

/**
 * `callModel` for a call made through `client`. A client made without a key whose server refused it
 * says that no key is set and where one goes, rather than that the key was not accepted: there was none.
 */
export async function callModelThrough<T>(
  client: OpenAiClient,
  what: CoreMessage,
  deadline: Deadline,
  call: (sdk: OpenAI, options: { timeout: number; signal: AbortSignal }) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  try {
    return await callModel(what, deadline, async (options) => call(await client(), options), policy);
  } catch (error) {
    if (!client.keyless || !isLensError(error) || error.said?.code !== KEY_REFUSED) throw error;
    throw codedError('refused', retrievalError('model_no_key', { call: [what], status: error.said.params?.status ?? '' }), {
      hint: retrievalError('model_no_key_hint'),
      detail: error.detail,
      cause: error,
    });
  }
}
const KEY_REFUSED = retrievalError('model_key_refused').code;

/** How `callModel` retries: attempts in all and the first back-off (doubled each time, with jitter). */
export interface RetryPolicy {
  readonly attempts: number;
  readonly firstBackoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, firstBackoffMs: 250 };

/**
 * Runs `call` with the time left on `deadline` as its timeout, retrying 429 and 5xx replies (and
 * dropped connections) with exponential back-off while time remains; a `retry-after` header is
 * honoured when it fits. Ends in LensError: `timeout` when the deadline passes, `unavailable` when
 * the server cannot be reached or keeps failing, `refused` for a rejected key, `invalid_input` for
 * a request the model refuses (unknown model, bad dimensions). `what` names the call in messages (a
 * message of its own, so the sentence around it is worded in one language).
 */
export async function callModel<T>(
  what: CoreMessage,
  deadline: Deadline,
  call: (options: { timeout: number; signal: AbortSignal }) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
  signal?: AbortSignal,
): Promise<T> {
  // The request's own cancellation rides on its deadline; an explicit signal is for callers without one.
  const cancel = signal ?? deadline.signal;
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (cancel?.aborted) throw cancelledError(what, lastError);
    const remaining = deadline.remainingMs();
    if (remaining <= 0) throw timeoutError(what, deadline, lastError);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), remaining);
    const onAbort = () => controller.abort();
    cancel?.addEventListener('abort', onAbort, { once: true });
    try {
      return await call({ timeout: remaining, signal: controller.signal });
    } catch (error) {
      lastError = error;
      if (cancel?.aborted) throw cancelledError(what, error);
      if (deadline.expired() || isSdkError(error, 'APIConnectionTimeoutError')) throw timeoutError(what, deadline, error);
      if (!isRetryable(error) || attempt === policy.attempts) throw modelError(what, error, attempt);
      const wait = backoffMs(error, attempt, policy);
      if (wait >= deadline.remainingMs()) throw timeoutError(what, deadline, error);
      await new Promise((resolve) => setTimeout(resolve, wait));
    } finally {
      clearTimeout(timer);
      cancel?.removeEventListener('abort', onAbort);
    }
  }
  throw modelError(what, lastError, policy.attempts);
}

function isRetryable(error: unknown): boolean {
  if (isSdkError(error, 'APIConnectionError')) return true;
  if (!isSdkError(error, 'APIError') || error.status === undefined) return false;
  return error.status === 429 || error.status >= 500;
}

function backoffMs(error: unknown, attempt: number, policy: RetryPolicy): number {
  const header = isSdkError(error, 'APIError') ? error.headers?.get('retry-after') : null;
  const seconds = header ? Number(header) : Number.NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 30_000);
  const base = policy.firstBackoffMs * 2 ** (attempt - 1);
  return base / 2 + Math.random() * (base / 2);
}

function cancelledError(what: CoreMessage, cause: unknown): LensError {
  return codedError('cancelled', retrievalError('model_call_cancelled', { call: [what] }), { cause });
}

function timeoutError(what: CoreMessage, deadline: Deadline, cause: unknown): LensError {
  return codedError('timeout', retrievalError('model_call_timeout', { call: [what], budget: deadline.budgetMs }), {
    hint: retrievalError('model_call_timeout_hint'),
    detail: cause === undefined ? undefined : describe(cause),
    cause,
  });
}

function modelError(what: CoreMessage, error: unknown, attempts: number): LensError {
  const detail = describe(error);
  const call = [what];
  // A 200 whose body is not JSON: the server answered, with something other than the API.
  if (error instanceof SyntaxError)
    return codedError(
      'unavailable',
      retrievalError('model_reply_not_completion', { call, got: [retrievalError('reply_malformed_json')] }),
      {
        hint: retrievalError('model_reply_not_completion_hint'),
        detail,
        cause: error,
      },
    );
  if (isSdkError(error, 'APIError') && (error.status === 401 || error.status === 403)) {
    return codedError('refused', retrievalError('model_key_refused', { call, status: error.status }), {
      hint: retrievalError('model_key_refused_hint'),
      detail,
      cause: error,
    });
  }
  if (isSdkError(error, 'APIError') && error.status === 404) {
    // Not found: the model (OpenAI says model_not_found; Ollama and vLLM say "model … not found" / "does not exist"),
    // or, with nothing of the kind said, the path itself: a base URL that is not the API (no /v1).
    const code = modelNotFound(error) ? 'model_not_found' : 'model_api_not_found';
    return codedError('invalid_input', retrievalError(code, { call, status: error.status }), {
      hint: retrievalError(`${code}_hint`),
      detail,
      cause: error,
    });
  }
  if (isSdkError(error, 'APIError') && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return codedError('invalid_input', retrievalError('model_request_rejected', { call, status: error.status }), {
      hint: retrievalError('model_request_rejected_hint'),
      detail,
      cause: error,
    });
  }
  return codedError('unavailable', retrievalError('model_server_failing', { call, attempts }), {
    hint: retrievalError('model_server_failing_hint'),
    detail,
    cause: error,
  });
}

/** Whether a 404 says the model is unknown (rather than the path): by OpenAI's code, or a message naming a model not found. */
function modelNotFound(error: { code?: unknown; message: string }): boolean {
  if (error.code === 'model_not_found') return true;
  return /\bmodel\b/i.test(error.message) && /not found|does not exist|not exist|unknown/i.test(error.message);
}

/** An error's message with URI credentials and anything shaped like an API key masked. */
export function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return redactApiKeys(redactSecretsInText(text));
}

/** `text` with every key a client was made with masked by its value, key-shaped words (`sk-…`, `gsk_…`) and bearer tokens. */
export function redactApiKeys(text: string): string {
  let masked = text;
  for (const key of KNOWN_KEYS) if (masked.includes(key)) masked = masked.split(key).join('***');
  return masked.replace(/\b(sk|gsk|xai)([-_])[A-Za-z0-9_-]{4,}/g, '$1$2***').replace(/\b(Bearer)\s+[^\s"']{4,}/gi, '$1 ***');
}

import type { z } from 'zod';
import { issueWords } from '../../shared/api/schema-message';
import { ProviderContextResponse } from '../../shared/context-contract';
import type { CoreMessage } from '../../shared/core-message';
import type { Deadline } from '../../shared/deadline';
import type { ProviderCallFailure } from '../../shared/provider/provider-audit';
import type { ProviderEndpoint } from '../../shared/provider/provider-endpoint';
import { providerPart, wordProviderPart, type ProviderPartCode } from '../../shared/provider/provider-messages';
import { serverError } from '../../shared/errors/server-error-messages';
import { jsonDuplicateKey, jsonPathText } from '../../shared/json-syntax';
import { redactUri } from '../../shared/redact-uri';
import { cancelledError } from '../graph/read-deadline';

/**
 * The HTTP call of mode `provider`: the ContextRequest POSTed as JSON to a team's endpoint under the
 * request's deadline, its answer read (bounded) and checked against the contract. Every way it can
 * fail is a typed failure with a message code; none is ever an empty answer. The bearer token goes
 * in the Authorization header only: no failure, parameter or log line carries it.
 */

/** The most an answer may weigh; a larger one is refused unread rather than held in memory. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** How many schema problems a schema-mismatch failure names. */
const FIELDS_NAMED = 3;

/** How a call ended: an answer that fits the contract, or a failure with the outcome it means. */
export type ProviderCallResult =
  | {
      readonly state: 'answered';
      readonly status: number;
      readonly response: ProviderContextResponse;
      /** The answer's Content-Type header as sent (null when none): the audit names one that is not JSON. */
      readonly contentType: string | null;
    }
  | {
      readonly state: 'failed';
      readonly status: number | null;
      readonly outcome: 'timeout' | 'unavailable' | 'invalid_response';
      readonly failure: ProviderCallFailure;
    };

const failed = (
  outcome: 'timeout' | 'unavailable' | 'invalid_response',
  code: ProviderCallFailure['code'],
  params: Record<string, string>,
  status: number | null = null,
  said?: ProviderCallFailure['said'],
): ProviderCallResult => ({ state: 'failed', status, outcome, failure: { code, params, ...(said ? { said } : {}) } });

/**
 * What is wrong with one field, as a code: zod's common kinds as the API doors word them
 * ({@link issueWords}), else by zod's issue code with its figures as data, never zod's English.
 */
function fieldProblem(issue: z.core.$ZodIssue): CoreMessage[] {
  // A number's bound in words of its own ('must be at least 0'), before the doors' wording of zod's sentence.
  const bound = (issue.code === 'too_small' || issue.code === 'too_big') && ['number', 'int', 'bigint'].includes(issue.origin);
  const words = bound ? null : issueWords(issue);
  if (words !== null && typeof words === 'object') return [...words];
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const limit = String(issue.code === 'too_small' ? issue.minimum : issue.maximum);
    const code =
      issue.code === 'too_small'
        ? issue.inclusive
          ? 'at_least_part'
          : 'more_than_part'
        : issue.inclusive
          ? 'at_most_part'
          : 'less_than_part';
    return [providerPart(code, { limit })];
  }
  if (issue.code === 'invalid_format') return [providerPart('format_part', { format: issue.format })];
  if (issue.code === 'invalid_union') return [providerPart('union_part')];
  return [serverError('invalid_part')];
}

/**
 * The first few schema problems, each as its field path (kept as data) and what is wrong, as codes
 * ("items.0.source_uri: Invalid input: expected string, received number").
 */
export function mismatchedFields(error: z.ZodError): CoreMessage[] {
  return error.issues.slice(0, FIELDS_NAMED).map((issue) =>
    providerPart('field_part', {
      path: issue.path.join('.') || [providerPart('whole_answer_part')],
      problem: fieldProblem(issue),
    }),
  );
}

/** The kinds of network failure by the system's or undici's error code; any other code is `cause_other_part`. */
const NETWORK_CAUSES: readonly (readonly [RegExp, ProviderPartCode])[] = [
  [/^ECONNREFUSED$/, 'cause_refused_part'],
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, 'cause_dns_part'],
  [/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/, 'cause_timed_out_part'],
  [/^(ERR_TLS_|ERR_SSL_|CERT_|EPROTO$)|SELF_SIGNED|^UNABLE_TO_/, 'cause_tls_part'],
  [/^(ECONNRESET|ECONNABORTED|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, 'cause_reset_part'],
  [/^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)$/, 'cause_unreachable_part'],
];

/**
 * Why the endpoint could not be reached, as a code with the system's error code (ECONNREFUSED,
 * ENOTFOUND…) kept as data; never the error's English, nor anything the request carried.
 */
export function networkCause(error: unknown): CoreMessage {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || code === '') return providerPart('cause_unknown_part');
  const kind = NETWORK_CAUSES.find(([pattern]) => pattern.test(code))?.[1] ?? 'cause_other_part';
  return providerPart(kind, { code });
}

/** Why a body is not JSON, as a code: empty, a page of markup, cut short, or otherwise not JSON (the parser's words are not kept: they quote the body). */
export function notJsonCause(text: string, error: unknown): CoreMessage {
  const body = text.trim();
  if (body === '') return providerPart('not_json_empty_part');
  if (body.startsWith('<')) return providerPart('not_json_html_part');
  if (/end of JSON input|Unterminated string/i.test(error instanceof Error ? error.message : ''))
    return providerPart('not_json_truncated_part');
  return providerPart('not_json_other_part');
}

/** A failure whose one parameter `name` is a clause: its English in `params`, its code in `said`. */
function failedWith(
  outcome: 'unavailable' | 'invalid_response',
  code: ProviderCallFailure['code'],
  url: string,
  name: string,
  parts: CoreMessage[],
  status: number | null = null,
): ProviderCallResult {
  const english = parts.map((part) => wordProviderPart(part) ?? '').join('; ');
  return failed(outcome, code, { url, [name]: english }, status, { [name]: parts });
}

/** True when `error` is the deadline's abort (AbortSignal.timeout rejects with a TimeoutError). */
function isDeadlineAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
}

/** The body as text, or null when it is over `limit` bytes (then the rest is not read). */
async function readBounded(response: Response, limit: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The answer read as a context response, or the failure that says why it is not one. The body is
 * parsed whatever its Content-Type says: a JSON answer served as `text/html` is still audited, and
 * the audit names the header (`content_type_not_json`).
 */
function readAnswer(text: string, status: number, url: string, contentType: string | null): ProviderCallResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return failedWith('invalid_response', 'call_not_json', url, 'cause', [notJsonCause(text, error)], status);
  }
  // An item giving chunk_id twice: JSON.parse keeps the last without a word, and the audit would check a value the provider did not only say.
  const duplicate = jsonDuplicateKey(text);
  if (duplicate) {
    const path = duplicate.path.length > 0 ? jsonPathText(duplicate.path) : [providerPart('whole_answer_part')];
    const problem = [providerPart('duplicate_key_part', { key: JSON.stringify(duplicate.key) })];
    return failedWith('invalid_response', 'call_schema_mismatch', url, 'fields', [providerPart('field_part', { path, problem })], status);
  }
  const parsed = ProviderContextResponse.safeParse(json);
  if (!parsed.success) return failedWith('invalid_response', 'call_schema_mismatch', url, 'fields', mismatchedFields(parsed.error), status);
  return { state: 'answered', status, response: parsed.data, contentType };
}

/**
 * POSTs `body` to the endpoint and reads its answer, all within `deadline`: a deadline that passes
 * first is `timeout`; a cancelled request is thrown as a `cancelled` LensError; no connection or an HTTP error status is `unavailable`; an answer that is not
 * JSON, too large or not a ContextResponse is `invalid_response`. Redirects are not followed, so
 * the token goes to the configured URL only.
 */
export async function callProvider(endpoint: ProviderEndpoint, body: unknown, deadline: Deadline): Promise<ProviderCallResult> {
  const url = redactUri(endpoint.url);
  const ms = String(deadline.budgetMs);
  const signal = AbortSignal.timeout(Math.max(1, deadline.remainingMs()));
  // A cancelled request aborts the call too (the deadline carries the request's cancellation).
  const abortCall = new AbortController();
  const onCancel = () => abortCall.abort();
  if (deadline.cancelled()) onCancel();
  deadline.signal?.addEventListener('abort', onCancel, { once: true });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (endpoint.token) headers.authorization = `Bearer ${endpoint.token}`;
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, abortCall.signal]),
      redirect: 'manual',
    });
    if (!response.ok) {
      await response.body?.cancel();
      return failed('unavailable', 'call_http_status', { url, status: String(response.status) }, response.status);
    }
    const text = await readBounded(response, MAX_ANSWER_BYTES);
    if (text === null) return failed('invalid_response', 'call_too_large', { url, limit: String(MAX_ANSWER_BYTES) }, response.status);
    return readAnswer(text, response.status, url, response.headers.get('content-type'));
  } catch (error) {
    if (deadline.cancelled()) throw cancelledError('provider call');
    if (isDeadlineAbort(error, signal)) return failed('timeout', 'call_timeout', { url, ms });
    return failedWith('unavailable', 'call_refused', url, 'cause', [networkCause(error)]);
  } finally {
    deadline.signal?.removeEventListener('abort', onCancel);
  }
}

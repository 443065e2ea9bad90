import { REDACTED, redactUri } from '../redact-uri';

/**
 * A copy of a query's parameters that a trace may keep and a screen may show: secrets (by name or by
 * value) become `***`, vectors become `[384 numbers]`, long lists keep their first items and say how
 * many more there were, long strings are clipped. The copy is JSON, so it survives the trace store.
 * Redacting a copy again changes nothing, so the store can redact whatever it is given (an imported
 * bundle is anyone's data). `explainableParams` turns a copy back into parameters EXPLAIN can plan with, unless a secret was removed.
 */

/** A list of more numbers than this is a vector: shown as its length only. */
export const VECTOR_MIN_LENGTH = 17;
/** Items a long list keeps. */
export const LIST_KEEP = 20;
/** Characters a long string keeps. */
export const STRING_KEEP = 500;

/** Words of a parameter name that mark it as secret, whole (`key`, not `keys`). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'token',
  'secret',
  'key',
  'apikey',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'cookie',
]);
/** Endings of a run-together word that mark it as secret (`accesstoken`, `clientsecret`, `dbpassword`). */
const SECRET_ENDINGS = ['password', 'token', 'secret', 'apikey', 'credentials'];
/** Values that look like a credential whatever their name: bearer tokens, JWTs, common API key prefixes, PEM keys. */
const SECRET_VALUE_PATTERNS = [
  /^bearer\s+\S/i,
  /^basic\s+[a-z0-9+/=]{8,}$/i,
  /^eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*$/,
  /^(sk|pk|rk)-[\w-]{16,}$/,
  /^gh[pousr]_\w{20,}$/,
  /^AKIA[0-9A-Z]{16}$/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

const VECTOR_TEXT = /^\[(\d+) numbers\]$/;
const MORE_TEXT = /^… \d+ more \(\d+ in all\)$/;
const CLIPPED_TEXT = /… \(\d+ characters\)$/;

/** True when a list was already truncated here (its kept items and the count), so redacting again leaves it. */
function alreadyTruncated(list: readonly unknown[]): boolean {
  const last = list.at(-1);
  return list.length === LIST_KEEP + 1 && typeof last === 'string' && MORE_TEXT.test(last);
}

/** True when a string is short enough to keep, or was already clipped here. */
function keptWhole(text: string): boolean {
  return text.length <= STRING_KEEP || (text.length <= STRING_KEEP + 30 && CLIPPED_TEXT.test(text));
}

/** The words of a parameter name: split at `_`, `-`, `.`, spaces and lower-to-upper case changes. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** True when a parameter's (or a map key's) name says it holds a secret: `password`, `api_key`, `accessToken`, `auth` … */
export function isSecretParamName(name: string): boolean {
  return nameWords(name).some((word) => SECRET_WORDS.has(word) || SECRET_ENDINGS.some((ending) => word.endsWith(ending)));
}

/** True when a string looks like a credential: a URI with user-info or a secret query parameter, a bearer token, a JWT, an API key. */
export function isSecretLookingValue(text: string): boolean {
  const trimmed = text.trim();
  return redactUri(trimmed) !== trimmed || SECRET_VALUE_PATTERNS.some((pattern) => pattern.test(trimmed));
}

function isNumberList(value: readonly unknown[]): boolean {
  return value.every((item) => typeof item === 'number' || typeof item === 'bigint');
}

function redactList(list: readonly unknown[]): unknown {
  if (list.length >= VECTOR_MIN_LENGTH && isNumberList(list)) return `[${list.length} numbers]`;
  if (list.length <= LIST_KEEP || alreadyTruncated(list)) return list.map(redactValue);
  return [...list.slice(0, LIST_KEEP).map(redactValue), `… ${list.length - LIST_KEEP} more (${list.length} in all)`];
}

function redactValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (isSecretLookingValue(value)) return REDACTED;
    return keptWhole(value) ? value : `${value.slice(0, STRING_KEEP)}… (${value.length} characters)`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return redactList(Array.from(value as unknown as ArrayLike<number>));
  if (Array.isArray(value)) return redactList(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return redactParams(value as Record<string, unknown>);
  return String(value);
}

/** The parameters as a trace keeps them: every secret, vector, long list and long string redacted, at any depth. */
export function redactParams(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, isSecretParamName(name) ? REDACTED : redactValue(value)]));
}

/** What EXPLAIN can be given for a redacted copy: parameters to plan with, or the names whose secret was removed. */
export type ExplainableParams =
  { readonly ok: true; readonly params: Record<string, unknown> } | { readonly ok: false; readonly secret: string[] };

/** A redacted value with its stand-ins replaced by values of the same type (a vector of zeros, the kept items); secrets are collected in `secret`. */
function restoreValue(value: unknown, path: string, secret: string[]): unknown {
  if (value === REDACTED) {
    secret.push(path);
    return null;
  }
  const vector = typeof value === 'string' ? VECTOR_TEXT.exec(value) : null;
  if (vector) return new Array<number>(Number(vector[1])).fill(0);
  if (Array.isArray(value))
    return value
      .filter((item) => typeof item !== 'string' || !MORE_TEXT.test(item))
      .map((item, index) => restoreValue(item, `${path}[${index}]`, secret));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, restoreValue(item, `${path}.${key}`, secret)]));
  return value;
}

/**
 * Parameters for EXPLAIN from a redacted copy: a plan does not depend on the values, only on their
 * types, so a vector becomes zeros of its length and a long list its kept items. A removed secret
 * cannot be given back: the answer names it, and EXPLAIN is not asked.
 */
export function explainableParams(redacted: Readonly<Record<string, unknown>>): ExplainableParams {
  const secret: string[] = [];
  const params = Object.fromEntries(Object.entries(redacted).map(([name, value]) => [name, restoreValue(value, name, secret)]));
  return secret.length > 0 ? { ok: false, secret } : { ok: true, params };
}

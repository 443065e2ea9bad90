/**
 * Credentials out of URIs, wherever a URI is shown, stored or exported: the user-info part
 * (`user:password@`) becomes `***@` and the value of every query parameter whose name looks secret
 * (`password`, `pwd`, `token`, `secret`, `key`, `auth`, `credentials` …) becomes `***`.
 * The connection takes its credentials out of the URI before it is used
 * (`electron/graph/connection-settings.ts`), so these are the last line, for anything that slips by.
 *
 * Every function here scans its text once, left to right: no regular expression that could
 * backtrack reads user data, so a long text costs time in proportion to its length.
 */

/** What a removed credential is shown as. */
export const REDACTED = '***';

/** Parts of a parameter name that mark it as secret; over-matching (`author`) only masks a harmless value. */
const SECRET_NAME_PARTS = ['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'cred', 'sig', 'session', 'cookie'] as const;

/** Whitespace, control characters and the characters a URI may not hold unescaped end a URI in running text. */
function endsUri(code: number): boolean {
  return code <= 0x20 || code === 0x7f || code === 0x22 /* " */ || code === 0x3c /* < */ || code === 0x3e /* > */ || code === 0x60; /* ` */
}

/** Ends a parameter's value: the next parameter, the fragment, or the end of the URI. */
function endsValue(code: number): boolean {
  return endsUri(code) || code === 0x26 /* & */ || code === 0x23; /* # */
}

/** Ends a parameter's name. */
function endsName(code: number): boolean {
  return endsValue(code) || code === 0x3d /* = */ || code === 0x3f; /* ? */
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Not valid percent-encoding: judge the name as written.
    return text;
  }
}

/** True when a query parameter's name looks like it carries a secret (`password`, `api_key`, `access_token` …). */
export function isSecretParameterName(name: string): boolean {
  const lower = decoded(name).toLowerCase();
  return SECRET_NAME_PARTS.some((part) => lower.includes(part));
}

/**
 * Where the user-info of the URI whose authority starts at `start` ends (the index of its `@`, or -1),
 * and where the URI ends. The authority runs to the first `/`, `?` or `#`. When it holds a `:` (a
 * password, or a port), the last `@` anywhere in the URI ends the user-info, so a password with an
 * unescaped `/`, `?`, `#` or `@` is still taken whole (at worst more than needed is hidden); otherwise
 * the last `@` inside the authority does, so `https://unpkg.com/react@18` and `file:///…/@scope/x` stay as they are.
 */
function userInfoEnd(text: string, start: number): { at: number; end: number } {
  let authorityEnd = -1;
  let colon = false;
  let atInAuthority = -1;
  let lastAt = -1;
  let end = start;
  for (; end < text.length && !endsUri(text.charCodeAt(end)); end += 1) {
    const code = text.charCodeAt(end);
    if (code === 0x40 /* @ */) {
      lastAt = end;
      if (authorityEnd < 0) atInAuthority = end;
    } else if (authorityEnd < 0 && (code === 0x2f /* / */ || code === 0x3f /* ? */ || code === 0x23) /* # */) {
      authorityEnd = end;
    } else if (authorityEnd < 0 && code === 0x3a /* : */) {
      colon = true;
    }
  }
  return { at: colon ? lastAt : atInAuthority, end };
}

/** Replaces the user-info of every `scheme://user:password@host` in `text` with `***@`. */
function maskUserInfo(text: string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    const separator = text.indexOf('://', from);
    if (separator < 0) break;
    const start = separator + 3;
    const { at, end } = userInfoEnd(text, start);
    if (at >= 0) {
      out += `${text.slice(copied, start)}${REDACTED}`;
      copied = at;
    }
    from = Math.max(end, start);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Replaces the value of every `?name=value` / `&name=value` whose name looks secret with `***`. */
function maskSecretParameters(text: string): string {
  let out = '';
  let copied = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code !== 0x3f /* ? */ && code !== 0x26 /* & */) {
      index += 1;
      continue;
    }
    let nameEnd = index + 1;
    while (nameEnd < text.length && !endsName(text.charCodeAt(nameEnd))) nameEnd += 1;
    if (nameEnd === index + 1 || text.charCodeAt(nameEnd) !== 0x3d /* = */ || !isSecretParameterName(text.slice(index + 1, nameEnd))) {
      index = nameEnd;
      continue;
    }
    let valueEnd = nameEnd + 1;
    while (valueEnd < text.length && !endsValue(text.charCodeAt(valueEnd))) valueEnd += 1;
    out += `${text.slice(copied, nameEnd + 1)}${REDACTED}`;
    copied = valueEnd;
    index = valueEnd;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * `text` with the credentials of every URI in it masked: user-info and secret-looking query
 * parameters. For error messages, driver messages and anything else that may quote a URI.
 */
export function redactSecretsInText(text: string): string {
  return maskSecretParameters(maskUserInfo(text));
}

/**
 * One URI with its credentials masked (`bolt://***@db:7687`, `neo4j://db?password=***`). A URI
 * written without a scheme (`user:pw@db:7687`, as the driver accepts) is read the same way.
 */
export function redactUri(uri: string): string {
  if (uri.includes('://')) return redactSecretsInText(uri);
  const { at } = userInfoEnd(uri, 0);
  return maskSecretParameters(at < 0 ? uri : `${REDACTED}${uri.slice(at)}`);
}

/** True when `uri` carries a credential that `redactUri` would mask. */
export function uriCarriesCredentials(uri: string): boolean {
  return redactUri(uri) !== uri;
}

/**
 * The user-info of a URI (still percent-encoded, e.g. `neo4j:s%40cret`) and the URI without it,
 * taken apart by the same rule `redactUri` masks by, so what is removed is exactly what would be hidden.
 */
export function splitUserInfo(uri: string): { userInfo: string | null; uri: string } {
  const separator = uri.indexOf('://');
  const start = separator < 0 ? 0 : separator + 3;
  const { at } = userInfoEnd(uri, start);
  if (at < 0) return { userInfo: null, uri };
  return { userInfo: uri.slice(start, at), uri: `${uri.slice(0, start)}${uri.slice(at + 1)}` };
}

/** The names of the query parameters of `uri` that look secret, in order (empty when none). */
export function secretParameterNames(uri: string): string[] {
  const query = uri.indexOf('?');
  if (query < 0) return [];
  const fragment = uri.indexOf('#', query);
  return uri
    .slice(query + 1, fragment < 0 ? undefined : fragment)
    .split('&')
    .map((pair) => pair.split('=', 1)[0] ?? '')
    .filter((name) => name !== '' && isSecretParameterName(name));
}

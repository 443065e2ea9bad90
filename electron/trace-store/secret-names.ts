import { redactSecretsInText, splitUserInfo, uriCarriesCredentials } from '../../shared/redact-uri';

/**
 * Whether a name (a setting key, or a key inside a setting's JSON) looks like it holds a secret.
 * Passwords, secrets and API keys match anywhere in the name; "token" matches as a word ending
 * (`token`, `access_token`, `authToken`), so counts such as `max_tokens` and the `tokenizer` setting stay allowed.
 */
export function looksLikeSecretName(name: string): boolean {
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (/password|passwd|secret|apikey/.test(compact)) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => word.endsWith('token'));
}

/**
 * The path of the first place inside a JSON value where `found(key, entry)` holds (`openai.api_key`),
 * or null. The value itself is tested first, with an empty key and path.
 */
function firstPath(value: unknown, found: (key: string, entry: unknown) => boolean, key = '', path = ''): string | null {
  if (found(key, value)) return path;
  const entries: [string, string, unknown][] = Array.isArray(value)
    ? value.map((entry, index) => ['', `${path}[${index}]`, entry])
    : value !== null && typeof value === 'object'
      ? Object.entries(value).map(([name, entry]) => [name, path ? `${path}.${name}` : name, entry])
      : [];
  for (const [name, here, entry] of entries) {
    const hit = firstPath(entry, found, name, here);
    if (hit !== null) return hit;
  }
  return null;
}

/** The path of the first key inside a JSON value that looks like a secret (`openai.api_key`), or null. */
export function secretKeyPath(value: unknown): string | null {
  return firstPath(value, (key) => key !== '' && looksLikeSecretName(key));
}

/** True for a string holding a URI with credentials (`bolt://user:pw@host`, `https://host/?token=…`). */
function isUriWithCredentials(entry: unknown): boolean {
  return typeof entry === 'string' && entry.includes('://') && uriCarriesCredentials(entry);
}

/** The path of the first string inside a JSON value that holds a URI with credentials (`''` for the value itself), or null. */
export function credentialUriPath(value: unknown): string | null {
  return firstPath(value, (_key, entry) => isUriWithCredentials(entry));
}

/**
 * A JSON text with the credentials taken out of every URI in its strings: a string that is one URI
 * loses its user-info altogether (a saved profile's URI then reads as it should have been saved),
 * and secret-looking query values and URIs inside running text are masked.
 */
export function scrubJsonText(json: string): string {
  if (!json.includes('://')) return json;
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string')
      return isUriWithCredentials(value) ? redactSecretsInText(/\s/.test(value) ? value : splitUserInfo(value).uri) : value;
    if (Array.isArray(value)) return value.map(scrub);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, scrub(entry)]));
  };
  return JSON.stringify(scrub(JSON.parse(json)));
}

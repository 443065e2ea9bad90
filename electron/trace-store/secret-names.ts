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

/** The path of the first key inside a JSON value that looks like a secret (`openai.api_key`), or null. */
export function secretKeyPath(value: unknown, path = ''): string | null {
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) {
      const found = secretKeyPath(entry, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, entry] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (looksLikeSecretName(key)) return here;
    const found = secretKeyPath(entry, here);
    if (found) return found;
  }
  return null;
}

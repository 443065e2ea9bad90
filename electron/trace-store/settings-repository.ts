import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { LensError } from '../../shared/lens-error';
import { credentialUriPath, looksLikeSecretName, secretKeyPath } from './secret-names';
import { parseStored, parseStoredJson } from './store-validation';

const SECRET_HINT =
  'Keep passwords, API keys and tokens in the OS key store (the desktop app) or in environment variables (the CLI), never in the trace store.';

/** App settings as JSON values by key (`settings` table). Secrets are refused: they never reach this file. */
export class SettingsRepository {
  /** Keeps the database; statements are prepared per call. */
  constructor(private readonly db: Database.Database) {}

  /** The setting parsed with `schema`, or null when it was never set. A stored value that no longer fits is an `io` error naming the key. */
  get<T>(key: string, schema: z.ZodType<T>): T | null {
    checkKey(key);
    const row = this.db.prepare<[string], { json: string }>('SELECT json FROM settings WHERE key = ?').get(key);
    if (!row) return null;
    const what = `setting ${key}`;
    return parseStored(schema, parseStoredJson(row.json, what), what);
  }

  /** Stores a JSON value under `key`, replacing the old one; a secret-looking key or a URI with credentials anywhere, or a value JSON cannot hold, is `invalid_input`. */
  set(key: string, value: unknown): void {
    checkKey(key);
    const secret = secretKeyPath(value);
    if (secret)
      throw new LensError(
        'invalid_input',
        `The setting ${key} holds "${secret}", which looks like a secret; secrets are not kept in the trace store.`,
        { hint: SECRET_HINT },
      );
    const uri = credentialUriPath(value);
    if (uri !== null) {
      throw new LensError(
        'invalid_input',
        `The setting ${key} holds a URI with credentials${uri ? ` at "${uri}"` : ''}; secrets are not kept in the trace store.`,
        {
          hint: 'Leave the user name and password out of the URI: the user goes in its own field, the password in the OS key store (the desktop app) or NEO4J_PASSWORD (the CLI).',
        },
      );
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (error) {
      throw new LensError('invalid_input', `The setting ${key} cannot be stored as JSON: ${(error as Error).message}.`, {
        hint: 'Store plain data: objects, arrays, strings, numbers, booleans or null.',
        cause: error,
      });
    }
    if (json === undefined)
      throw new LensError('invalid_input', `The setting ${key} has no JSON form (got ${typeof value}).`, {
        hint: 'Store plain data: objects, arrays, strings, numbers, booleans or null.',
      });
    this.db.prepare('INSERT INTO settings (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json').run(key, json);
  }
}

function checkKey(key: string): void {
  if (key.trim() === '')
    throw new LensError('invalid_input', 'A setting needs a key; got an empty one.', { hint: 'Name the setting, e.g. "embedding".' });
  if (looksLikeSecretName(key))
    throw new LensError('invalid_input', `The setting key "${key}" looks like a secret; secrets are not kept in the trace store.`, {
      hint: SECRET_HINT,
    });
}

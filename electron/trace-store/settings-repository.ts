import { storeError } from '../../shared/errors/store-error-messages';
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { codedError } from '../../shared/coded-error';
import type { CoreMessage } from '../../shared/core-message';
import { serverError } from '../../shared/errors/server-error-messages';
import { credentialUriPath, looksLikeSecretName, secretKeyPath } from './secret-names';
import { parseStored, parseStoredJson } from './store-validation';

const SECRET_HINT = storeError('secrets_elsewhere_hint');
const PLAIN_DATA_HINT = storeError('setting_plain_data_hint');

/** App settings as JSON values by key (`settings` table). Secrets are refused: they never reach this file. */
export class SettingsRepository {
  /** Keeps the database; statements are prepared per call. */
  constructor(private readonly db: Database.Database) {}

  /** The setting parsed with `schema`, or null when it was never set. A stored value that no longer fits is an `io` error naming the key. */
  get<T>(key: string, schema: z.ZodType<T>): T | null {
    checkKey(key);
    const row = this.db.prepare<[string], { json: string }>('SELECT json FROM settings WHERE key = ?').get(key);
    if (!row) return null;
    const what = storeError('stored_setting', { key });
    return parseStored(schema, parseStoredJson(row.json, what), what);
  }

  /** Stores a JSON value under `key`, replacing the old one; a secret-looking key or a URI with credentials anywhere, or a value JSON cannot hold, is `invalid_input`. */
  set(key: string, value: unknown): void {
    checkKey(key);
    const secret = secretKeyPath(value);
    if (secret) throw codedError('invalid_input', storeError('setting_holds_secret', { key, path: secret }), { hint: SECRET_HINT });
    const uri = credentialUriPath(value);
    if (uri !== null) {
      const message = uri
        ? storeError('setting_holds_uri_credentials', { key, path: uri })
        : storeError('setting_holds_uri_credentials_here', { key });
      throw codedError('invalid_input', message, { hint: storeError('setting_holds_uri_credentials_hint') });
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (error) {
      throw codedError('invalid_input', storeError('setting_not_json', { key, reason: [notJsonReason(error)] }), {
        hint: PLAIN_DATA_HINT,
        cause: error,
      });
    }
    if (json === undefined)
      throw codedError('invalid_input', storeError('setting_no_json_form', { key, type: typeof value }), { hint: PLAIN_DATA_HINT });
    this.db.prepare('INSERT INTO settings (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json').run(key, json);
  }
}

/**
 * Why JSON.stringify threw, as a clause in the reader's language instead of V8's English: a BigInt,
 * or a toJSON of its own that threw. (A value that contains itself never gets here: the doors refuse
 * it first, and the secret check's walk above would overflow on it.)
 */
function notJsonReason(error: unknown): CoreMessage {
  if (error instanceof TypeError && error.message.includes('BigInt')) return serverError('holds_type_part', { type: 'bigint' });
  return storeError('setting_to_json_failed_part', { name: error instanceof Error ? error.name : typeof error });
}

function checkKey(key: string): void {
  if (key.trim() === '') throw codedError('invalid_input', storeError('setting_key_empty'), { hint: storeError('setting_key_empty_hint') });
  if (looksLikeSecretName(key)) throw codedError('invalid_input', storeError('setting_key_secret', { key }), { hint: SECRET_HINT });
}

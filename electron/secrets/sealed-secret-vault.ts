// The desktop app's vault logic, in the Node layer so tests run it without Electron: secrets are
// sealed by the OS key store (Electron's safeStorage, handed in by main.ts) and kept in one file
// under the app's data folder; with only a plaintext backend nothing is stored at all.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import { unreadableReason } from '../../shared/errors/file-problems';
import { vaultNote, type SecretVault } from './secret-vault';

/** What the vault needs from the OS key store (Electron's safeStorage fits, with `backend` from getSelectedStorageBackend on Linux). */
export interface OsCipher {
  isEncryptionAvailable(): boolean;
  /** The key store in use; `basic_text` means a hard-coded key, i.e. no protection. */
  backend(): string;
  encryptString(plain: string): Buffer;
  decryptString(sealed: Buffer): string;
}

const SealedFile = z.record(z.string(), z.string());

export class SealedSecretVault implements SecretVault {
  constructor(
    private readonly file: string,
    private readonly cipher: OsCipher,
  ) {}

  status() {
    const backend = this.cipher.backend();
    if (!this.cipher.isEncryptionAvailable() || backend === 'basic_text') {
      return {
        canStore: false,
        backend,
        ...vaultNote('secrets_no_keystore'),
      };
    }
    return { canStore: true, backend, ...vaultNote('secrets_encrypted', { backend }) };
  }

  /** The sealed entries; a damaged file is an error that names it, and is never overwritten. */
  private read(): Record<string, string> {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw codedError('io', storeError('secrets_unreadable', { file: this.file, reason: [unreadableReason(error)] }), {
        hint: storeError('secrets_unreadable_hint'),
        cause: error,
      });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const valid = SealedFile.safeParse(parsed);
    if (!valid.success) {
      throw codedError('io', storeError('secrets_damaged', { file: this.file }), { hint: storeError('secrets_damaged_hint') });
    }
    return valid.data;
  }

  private write(all: Record<string, string>): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(all), { mode: 0o600 });
    fs.renameSync(temp, this.file);
  }

  get(name: string): string | null {
    if (!this.status().canStore) return null;
    const sealed = this.read()[name];
    if (sealed === undefined) return null;
    try {
      return this.cipher.decryptString(Buffer.from(sealed, 'base64'));
    } catch (error) {
      // The key store's own words (Chromium's English) stay in the cause, for logs; the sentence is ours.
      throw codedError('io', storeError('secret_undecryptable', { name }), {
        hint: storeError('secret_undecryptable_hint', { name }),
        cause: error,
      });
    }
  }

  set(name: string, value: string): void {
    const status = this.status();
    // The refusal is the vault's note, with its code where it has one, so the renderer words it too.
    if (!status.canStore)
      throw codedError('refused', status.note_code ? { code: status.note_code, params: status.note_params } : status.note);
    const all = this.read();
    all[name] = this.cipher.encryptString(value).toString('base64');
    this.write(all);
  }

  delete(name: string): void {
    const all = this.read();
    if (!Object.hasOwn(all, name)) return;
    delete all[name];
    this.write(all);
  }
}

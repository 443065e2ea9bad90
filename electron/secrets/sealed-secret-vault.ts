// The desktop app's vault logic, in the Node layer so tests run it without Electron: secrets are
// sealed by the OS key store (Electron's safeStorage, handed in by main.ts) and kept in one file
// under the app's data folder; with only a plaintext backend nothing is stored at all.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LensError } from '../../shared/lens-error';
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
      throw new LensError('io', `The secrets file ${this.file} cannot be read: ${(error as Error).message}.`, {
        hint: 'Check its permissions.',
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
      throw new LensError('io', `The secrets file ${this.file} is damaged, so no secret was read or changed.`, {
        hint: 'Move it away and enter the passwords and keys again.',
      });
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
      throw new LensError('io', `The stored ${name} cannot be decrypted with this machine's key store: ${(error as Error).message}.`, {
        hint: `Enter the ${name} again.`,
      });
    }
  }

  set(name: string, value: string): void {
    const status = this.status();
    if (!status.canStore) throw new LensError('refused', status.note);
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

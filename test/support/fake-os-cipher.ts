import type { OsCipher } from '../../electron/secrets/sealed-secret-vault';

/** A reversible stand-in for the OS key store (XOR, so a file must never hold the plain secret); counts what it sealed. */
export function fakeCipher(backend = 'gnome_libsecret', available = true): OsCipher & { sealed: number } {
  const cipher = {
    sealed: 0,
    isEncryptionAvailable: () => available,
    backend: () => backend,
    encryptString(plain: string) {
      cipher.sealed += 1;
      return Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a));
    },
    decryptString(sealed: Buffer) {
      return Buffer.from(sealed.map((byte) => byte ^ 0x5a)).toString('utf8');
    },
  };
  return cipher;
}

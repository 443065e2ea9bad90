import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SealedSecretVault } from '../../../electron/secrets/sealed-secret-vault';
import { wordCore } from '../../../shared/core-catalogues';
import { LensError, type LensErrorData } from '../../../shared/lens-error';
import { fakeCipher } from '../../support/fake-os-cipher';
import { errorOf } from '../../support/lens-error-of';

describe('the desktop vault', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-vault-'));
    file = path.join(dir, 'home', 'secrets.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('seals secrets with the OS key store, keeps them across instances, and never writes them in plain text', () => {
    const cipher = fakeCipher();
    const vault = new SealedSecretVault(file, cipher);
    expect(vault.status()).toMatchObject({ canStore: true, backend: 'gnome_libsecret' });
    vault.set('neo4j-password', 's3cret-비밀');
    vault.set('openai-api-key', 'sk-test');
    expect(cipher.sealed).toBe(2);
    expect(fs.readFileSync(file, 'utf8')).not.toContain('s3cret');
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    const again = new SealedSecretVault(file, cipher);
    expect(again.get('neo4j-password')).toBe('s3cret-비밀');
    again.delete('neo4j-password');
    expect(again.get('neo4j-password')).toBeNull();
    expect(again.get('openai-api-key')).toBe('sk-test');
  });

  it.each([
    ['the plaintext backend', fakeCipher('basic_text')],
    ['no encryption at all', fakeCipher('unknown', false)],
  ])('stores nothing with %s, says so, and reads nothing', (_name, cipher) => {
    const vault = new SealedSecretVault(file, cipher);
    expect(vault.status()).toMatchObject({ canStore: false });
    expect(vault.status().note).toMatch(/only plaintext.*not stored.*environment variables/);
    const refusal = errorOf(() => vault.set('neo4j-password', 'x'));
    expect(refusal).toMatchObject({ kind: 'refused', message: vault.status().note });
    // The refusal carries the vault note's code, so the renderer words it as it words the note.
    expect(refusal.said?.code).toBe(vault.status().note_code);
    expect(fs.existsSync(file)).toBe(false);
    expect(vault.get('neo4j-password')).toBeNull();
  });

  it('names a damaged secrets file and never overwrites it', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"neo4j-password": 7');
    const vault = new SealedSecretVault(file, fakeCipher());
    const error = errorOf(() => vault.set('openai-api-key', 'sk'));
    expect(error).toMatchObject({ kind: 'io' });
    expect(error.message).toContain(file);
    // A code with the file as a parameter, so the renderer words it in Korean too.
    expect(error.said).toEqual({ code: 'error_store:secrets_damaged', params: { file } });
    expect(error.hintSaid?.code).toBe('error_store:secrets_damaged_hint');
    expect(errorOf(() => vault.get('neo4j-password'))).toMatchObject({ kind: 'io' });
    expect(fs.readFileSync(file, 'utf8')).toBe('{"neo4j-password": 7');
  });

  it('says why the secrets file cannot be read in words and what to do, in English and Korean, not Node’s English', () => {
    // A folder where the file should be: the read fails with EISDIR whoever runs the test (root reads past chmod 000).
    fs.mkdirSync(file, { recursive: true });
    const error = errorOf(() => new SealedSecretVault(file, fakeCipher()).get('neo4j-password'));
    expect(error.kind).toBe('io');
    expect(error.message).toBe(`The secrets file ${file} cannot be read: it is a folder, not a file; name a file in it.`);
    expect(error.message).not.toContain('EISDIR');
    // What the doors send is the code with its parameters, so the renderer words it whole in Korean.
    const sent = LensError.fromData(JSON.parse(JSON.stringify(error.toData())) as LensErrorData);
    expect(wordCore(sent.said!, 'ko')).toBe(
      `비밀 파일 ${file}을(를) 읽을 수 없습니다: 파일이 아니라 폴더입니다. 그 안의 파일을 지정하세요.`,
    );
    expect(wordCore(sent.hintSaid!, 'ko')).toBe('읽을 수 있는 파일(모드 600)로 만들거나, 파일을 옮기고 비밀을 다시 입력하세요.');
    expect(fs.statSync(file).isDirectory()).toBe(true);
  });

  it('says which secret cannot be decrypted when the key store changed', () => {
    const vault = new SealedSecretVault(file, fakeCipher());
    vault.set('neo4j-password', 'pw');
    const broken = {
      ...fakeCipher(),
      decryptString: () => {
        throw new Error('key not found');
      },
    };
    const error = errorOf(() => new SealedSecretVault(file, broken).get('neo4j-password'));
    expect(error).toMatchObject({ kind: 'io' });
    expect(error.message).toBe(
      "The stored neo4j-password cannot be decrypted with this machine's key store: it was sealed under another key (the key store was reset or changed, or the secrets file came from another machine or user).",
    );
    // The key store's English is no part of the sentence (the renderer words it in Korean too); it stays the cause.
    expect(error.message).not.toContain('key not found');
    expect((error.cause as Error).message).toBe('key not found');
    expect(error.said).toEqual({ code: 'error_store:secret_undecryptable', params: { name: 'neo4j-password' } });
    const sent = LensError.fromData(JSON.parse(JSON.stringify(error.toData())) as LensErrorData);
    expect(wordCore(sent.said!, 'ko')).not.toContain('key not found');
    expect(error.hintSaid).toEqual({ code: 'error_store:secret_undecryptable_hint', params: { name: 'neo4j-password' } });
  });
});

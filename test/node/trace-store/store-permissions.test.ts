import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { HAS_POSIX_MODES, writePrivateFile } from '../../../electron/trace-store/store-file-mode';
import { buildRunRecord } from '../../support/run-record-factory';
import { useTempStores } from '../../support/temp-trace-stores';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe.skipIf(!HAS_POSIX_MODES)(
  'the trace store is private to its owner (POSIX modes; skipped on Windows, where access is set by ACLs)',
  () => {
    const temp = useTempStores();
    let umask: number;

    beforeEach(() => {
      // The usual umask, which would leave new files readable by everyone.
      umask = process.umask(0o022);
    });

    afterEach(() => {
      process.umask(umask);
    });

    it('creates the file 0600, its -wal and -shm 0600, and the folders it makes 0700', () => {
      const file = path.join(temp.dir, 'home', 'nested', 'traces.sqlite');
      const store = TraceStore.open(file);
      store.recordRun(buildRunRecord());
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
      expect(modeOf(path.join(temp.dir, 'home'))).toBe(0o700);
      expect(modeOf(path.dirname(file))).toBe(0o700);
      store.close();
      expect(modeOf(`${file}-clean`)).toBe(0o600);
    });

    it('leaves the mode of a folder that was already there alone', () => {
      fs.chmodSync(temp.dir, 0o755);
      temp.open().close();
      expect(modeOf(temp.dir)).toBe(0o755);
    });

    it('tightens an existing store, -wal and -shm that others could read to 0600 when it opens', () => {
      const file = temp.file();
      const first = TraceStore.open(file);
      first.recordRun(buildRunRecord());
      // Left open, as a crashed process would, so -wal and -shm stay beside the file.
      for (const name of [file, `${file}-wal`, `${file}-shm`]) fs.chmodSync(name, 0o666);
      fs.chmodSync(file, 0o644);
      const second = temp.open();
      for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name), name).toBe(0o600);
      expect(second.countRuns()).toBe(1);
      first.close();
    });

    it('writes an exported bundle 0600, also over an existing file others could read', () => {
      const file = temp.file('bundle.json');
      fs.writeFileSync(file, '{}', { mode: 0o644 });
      writePrivateFile(file, '{"runs": []}');
      expect(modeOf(file)).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toBe('{"runs": []}');
    });
  },
);

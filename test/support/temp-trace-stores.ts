import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach } from 'vitest';
import { TraceStore } from '../../electron/trace-store/trace-store';

/** A temp folder for one test, and the stores opened in it (closed and removed by `cleanup`). */
export interface TempStores {
  readonly dir: string;
  /** A path in the temp folder. */
  file(name?: string): string;
  /** Opens (and remembers, for cleanup) a trace store in the temp folder. */
  open(name?: string): TraceStore;
  cleanup(): void;
}

/** Makes a temp folder for trace store files. */
export function tempStores(): TempStores {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-trace-store-'));
  const opened: TraceStore[] = [];
  const file = (name = 'traces.sqlite') => path.join(dir, name);
  return {
    dir,
    file,
    open(name) {
      const store = TraceStore.open(file(name));
      opened.push(store);
      return store;
    },
    cleanup() {
      for (const store of opened) store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh temp folder for each test of the calling block, its stores closed and the folder removed
 * after the test. The handle answers for the test that is running, so the block's own `beforeEach`
 * (registered after this call) already finds the folder made.
 */
export function useTempStores(): TempStores {
  let current: TempStores | undefined;
  beforeEach(() => {
    current = tempStores();
  });
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  const now = (): TempStores => {
    if (!current) throw new Error('useTempStores: the temp folder exists only while a test of the block runs');
    return current;
  };
  return {
    get dir() {
      return now().dir;
    },
    file: (name) => now().file(name),
    open: (name) => now().open(name),
    cleanup: () => now().cleanup(),
  };
}

/**
 * A trace store opened fresh for each test of the calling block, in a temp folder from
 * `useTempStores` (also handed back, for raw looks at the file). The getter answers for the running
 * test, in its hooks registered after this call too.
 */
export function useFreshStore(): { temp: TempStores; store: () => TraceStore } {
  const temp = useTempStores();
  let opened: TraceStore | undefined;
  beforeEach(() => {
    opened = temp.open();
  });
  afterEach(() => {
    opened = undefined;
  });
  const store = (): TraceStore => {
    if (!opened) throw new Error('useFreshStore: the store is open only while a test of the block runs');
    return opened;
  };
  return { temp, store };
}

/** Runs `work` on a second, raw connection to the same file (to look under the store's API). */
export function withRawDatabase<T>(file: string, work: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

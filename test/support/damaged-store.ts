import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { RunRecord } from '../../shared/trace-record';
import { TraceStore } from '../../electron/trace-store/trace-store';
import { buildRunRecord } from './run-record-factory';

/** Records `count` runs a second apart, oldest first, through the store itself, and closes it cleanly. */
export function fillStore(file: string, count: number): RunRecord[] {
  const start = Date.UTC(2026, 0, 1);
  const runs = Array.from({ length: count }, (_, index) => buildRunRecord({ createdAt: new Date(start + index * 1000).toISOString() }));
  const store = TraceStore.open(file);
  try {
    store.importBundle({ format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs });
  } finally {
    store.close();
  }
  return runs;
}

/** Bytes no page of a healthy database holds in this order: a small linear congruential sequence, the same on every run. */
function garbage(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    bytes[index] = state >>> 16;
  }
  return bytes;
}

/**
 * Overwrites `count` whole pages of `table` from the middle of the file with garbage, each at its page
 * boundary, as a failing disk or a stray write would: real pages of a real store file, found with
 * SQLite's own page map (dbstat). Returns the page numbers hit.
 */
export function damagePages(file: string, table: string, count: number): number[] {
  const db = new Database(file, { readonly: true });
  let pages: number[];
  let pageSize: number;
  try {
    pageSize = db.pragma('page_size', { simple: true }) as number;
    pages = db
      .prepare<[string], { pageno: number }>("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno")
      .all(table)
      .map((row) => row.pageno);
  } finally {
    db.close();
  }
  const step = Math.max(1, Math.floor(pages.length / (3 * count)));
  const middle = Math.floor(pages.length / 2);
  const hit = Array.from({ length: count }, (_, index) => pages[middle + index * step]).filter(
    (page): page is number => page !== undefined,
  );
  const fd = fs.openSync(file, 'r+');
  try {
    for (const page of hit) fs.writeSync(fd, garbage(pageSize, page), 0, pageSize, (page - 1) * pageSize);
  } finally {
    fs.closeSync(fd);
  }
  return hit;
}

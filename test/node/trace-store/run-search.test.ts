import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from '../../../electron/trace-store/migrations';
import { RunRepository } from '../../../electron/trace-store/run-repository';
import { saveRetention } from '../../../electron/trace-store/retention';
import { runToRows } from '../../../electron/trace-store/run-rows';
import { gramTokens } from '../../../electron/trace-store/run-search';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import type { RunFilter } from '../../../shared/trace-record';
import { seededRandom } from '../../bench/trace-search-questions';
import { buildRunRecord } from '../../support/run-record-factory';
import { useTempStores, withRawDatabase } from '../../support/temp-trace-stores';

/**
 * The search as it was before the index: every run's query text folded (NFKC, lower case) and
 * scanned for the folded term, newest first. Written here on its own so the index is checked
 * against it, not against itself.
 */
function scanSearch(file: string, text: string, extra: { principal_id?: string } = {}): string[] {
  const fold = (value: string) => value.normalize('NFKC').toLowerCase();
  return withRawDatabase(file, (db) => {
    db.function('scan_fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? fold(value) : value));
    const principal = extra.principal_id === undefined ? '' : 'AND principal_id = @principal_id';
    return db
      .prepare<[Record<string, string>], { trace_id: string }>(
        `SELECT trace_id FROM runs WHERE instr(scan_fold(query_text), @text) > 0 ${principal} ORDER BY created_at DESC, rowid DESC`,
      )
      .all({ text: fold(text.trim()), ...extra })
      .map((row) => row.trace_id);
  });
}

/** Pieces random texts and searches are made of: English, Korean, forms NFKC or lower case change, and FTS5 syntax. */
const PIECES = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'결제담당팀은어디인가요장애대응절차인증서알림재고배송',
  ...' %_\'"*^():-+.,?!{}[]\\/',
  ' AND ',
  ' OR ',
  ' NOT ',
  'NEAR(',
  'NEAR/2',
  '"',
  '""',
  '*',
  '^',
  'Ｐａｙ', // full-width: NFKC folds it to "pay"
  'İ', // lower case is two characters: i and a combining dot
  'ß',
  'ﬁ', // NFKC: "fi"
  '\u1100\u1161', // conjoining jamo, composed by NFKC into 가
  '\uFFFD',
  '\uD83D', // a lone surrogate, stored as U+FFFD
  '😀',
  '\t',
  '  ',
];

function randomText(random: () => number, maxPieces: number): string {
  const length = 1 + Math.floor(random() * maxPieces);
  return Array.from({ length }, () => PIECES[Math.floor(random() * PIECES.length)] ?? '').join('');
}

/** Searches to try on `texts`: pieces of stored texts of 1 to 6 characters (each side of the 3-character line), and random ones. */
function searchesFor(texts: readonly string[], random: () => number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    if (index % 3 === 2) return randomText(random, 3);
    const chars = Array.from(texts[Math.floor(random() * texts.length)] ?? '');
    const start = Math.floor(random() * chars.length);
    const piece = chars.slice(start, start + 1 + Math.floor(random() * 6)).join('');
    return index % 2 === 0 ? piece.toUpperCase() : piece;
  });
}

function recordAll(store: TraceStore, texts: readonly string[], random: () => number): void {
  const start = Date.UTC(2026, 0, 1);
  // Created times repeat (ties are broken by rowid) and come out of order, as imports make them.
  const runs = texts.map((query, index) =>
    buildRunRecord({
      query,
      createdAt: new Date(start + Math.floor(random() * texts.length * 0.3) * 60_000).toISOString(),
      principal: { principal_id: index % 3 === 0 ? 'u-alice' : 'u-bob' },
    }),
  );
  store.importBundle({ format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs });
}

const idsOf = (store: TraceStore, filter: RunFilter) => store.listRuns({ limit: 10_000, ...filter }).map((run) => run.trace_id);

describe('text search over the runs through the search index', () => {
  const temp = useTempStores();

  it('finds exactly the runs the old substring scan found, in its order and count, on random English and Korean texts', () => {
    const random = seededRandom(7);
    const store = temp.open();
    const texts = Array.from({ length: 400 }, () => randomText(random, 12));
    recordAll(store, texts, random);
    const searches = searchesFor(texts, random, 600);
    let found = 0;
    for (const text of searches) {
      const expected = scanSearch(temp.file(), text);
      expect(idsOf(store, { text }), JSON.stringify(text)).toEqual(expected);
      expect(store.countRuns({ text }), JSON.stringify(text)).toBe(expected.length);
      const alice = scanSearch(temp.file(), text, { principal_id: 'u-alice' });
      expect(idsOf(store, { text, principal_id: 'u-alice' }), JSON.stringify(text)).toEqual(alice);
      expect(store.countRuns({ text, principal_id: 'u-alice' })).toBe(alice.length);
      expect(idsOf(store, { text, limit: 3, offset: 2 })).toEqual(expected.slice(2, 5));
      if (expected.length > 0) found += 1;
    }
    // The searches must exercise both sides: most find something, some find nothing.
    expect(found).toBeGreaterThan(searches.length / 2);
    expect(found).toBeLessThan(searches.length);
  });

  it('reads a page along created_at when a search matches many runs, with the same rows as the scan', () => {
    const random = seededRandom(11);
    const store = temp.open();
    // 1,500 runs, most holding "e": more matches than the sort-them-all path takes.
    const texts = Array.from({ length: 1_500 }, (_, index) =>
      index % 10 === 0 ? `결제 ${randomText(random, 4)}` : `e${randomText(random, 6)}`,
    );
    recordAll(store, texts, random);
    for (const text of ['e', 'E', '결제', 'e ']) {
      const expected = scanSearch(temp.file(), text);
      expect(expected.length).toBeGreaterThan(100);
      expect(store.countRuns({ text })).toBe(expected.length);
      for (const page of [
        { limit: 100, offset: 0 },
        { limit: 50, offset: 1_000 },
        { limit: 10_000, offset: 0 },
      ]) {
        expect(idsOf(store, { text, ...page }), `${text} ${JSON.stringify(page)}`).toEqual(
          expected.slice(page.offset, page.offset + page.limit),
        );
      }
      const since = '2026-01-01T03:00:00.000Z';
      expect(idsOf(store, { text, since })).toEqual(scanSearch(temp.file(), text).filter((id) => store.getRun(id)!.created_at >= since));
    }
  });

  it('treats FTS5 operators, quotes, wildcards and LIKE characters in a search as plain text', () => {
    const store = temp.open();
    const plain = store.recordRun(buildRunRecord({ query: 'payments AND ledger' }));
    const quoted = store.recordRun(buildRunRecord({ query: 'the "payments" api NEAR checkout' }));
    store.recordRun(buildRunRecord({ query: 'payments ledger' }));
    const percent = store.recordRun(buildRunRecord({ query: '100%_done* ^start' }));
    expect(idsOf(store, { text: 'AND' })).toEqual([plain.trace_id]);
    expect(idsOf(store, { text: 'payments AND ledger' })).toEqual([plain.trace_id]);
    expect(idsOf(store, { text: '"payments"' })).toEqual([quoted.trace_id]);
    expect(idsOf(store, { text: '"' })).toEqual([quoted.trace_id]);
    expect(idsOf(store, { text: 'NEAR' })).toEqual([quoted.trace_id]);
    expect(idsOf(store, { text: 'NEAR(payments ledger)' })).toEqual([]);
    expect(idsOf(store, { text: 'pay*' })).toEqual([]);
    expect(idsOf(store, { text: '^start' })).toEqual([percent.trace_id]);
    expect(idsOf(store, { text: '%_' })).toEqual([percent.trace_id]);
    expect(idsOf(store, { text: '%' })).toEqual([percent.trace_id]);
    expect(idsOf(store, { text: '_d' })).toEqual([percent.trace_id]);
  });

  it('finds one- and two-syllable Korean words and single letters', () => {
    const store = temp.open();
    const korean = store.recordRun(buildRunRecord({ query: '결제 API의 담당 팀은 어디인가요?' }));
    const outage = store.recordRun(buildRunRecord({ query: '어제 장애가 났나요' }));
    expect(idsOf(store, { text: '팀' })).toEqual([korean.trace_id]);
    expect(idsOf(store, { text: '담당' })).toEqual([korean.trace_id]);
    expect(idsOf(store, { text: '장애' })).toEqual([outage.trace_id]);
    expect(idsOf(store, { text: '요' })).toEqual([outage.trace_id, korean.trace_id]);
    expect(idsOf(store, { text: 'p' })).toEqual([korean.trace_id]);
    expect(idsOf(store, { text: 'ㄷ' })).toEqual([]);
    expect(store.countRuns({ text: '어' })).toBe(2);
  });

  it('fills the index from the runs of a store made by the previous schema when it is opened', () => {
    const file = temp.file();
    const old = new Database(file);
    applyMigrations(
      old,
      MIGRATIONS.filter((migration) => migration.version <= 6),
    );
    old.pragma('journal_mode = WAL');
    const queries = ['Who owns the Payments API?', '결제 API의 담당 팀은 어디인가요?', '장애 대응 절차', 'Rotate TLS certificates'];
    for (const [index, query] of queries.entries()) {
      const rows = runToRows(buildRunRecord({ query, createdAt: new Date(Date.UTC(2026, 0, 1, index)).toISOString() }));
      const columns = Object.keys(rows.run);
      old.prepare(`INSERT INTO runs (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(rows.run);
    }
    expect(old.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'run_text'").get()).toEqual({ n: 0 });
    old.close();

    const store = TraceStore.open(file);
    try {
      for (const text of ['api', 'API의', '장애', '팀', 'tls', 'o', 'nothing like it']) {
        const expected = scanSearch(file, text);
        expect(idsOf(store, { text }), text).toEqual(expected);
        expect(store.countRuns({ text })).toBe(expected.length);
      }
      expect(store.countRuns({ text: 'api' })).toBe(2);
    } finally {
      store.close();
    }
  });

  it('keeps the index in step when runs are recorded, deleted, pruned, kept by retention and imported', () => {
    const store = temp.open();
    const check = (texts: readonly string[]) => {
      for (const text of texts) {
        expect(idsOf(store, { text }), text).toEqual(scanSearch(temp.file(), text));
        expect(store.countRuns({ text }), text).toBe(scanSearch(temp.file(), text).length);
      }
    };
    const terms = ['ledger', '원장', '장', 'l', 'quokka', '쿼카'];
    const old = store.recordRun(buildRunRecord({ query: 'old ledger question 원장', createdAt: '2020-01-01T00:00:00.000Z' }));
    const doomed = store.recordRun(buildRunRecord({ query: 'the quokka ledger 쿼카' }));
    const kept = store.recordRun(buildRunRecord({ query: 'current ledger 원장 quokka' }));
    check(terms);
    expect(store.countRuns({ text: 'ledger' })).toBe(3);

    expect(store.deleteRun(doomed.trace_id)).toBe(true);
    check(terms);
    expect(idsOf(store, { text: '쿼카' })).toEqual([]);

    expect(store.prune({ olderThanDays: 365 })).toBe(1);
    check(terms);
    expect(idsOf(store, { text: '원장' })).toEqual([kept.trace_id]);

    const bundle = store.exportRuns([kept.trace_id]);
    const foreign = buildRunRecord({ query: '쿼카 quokka from another machine', createdAt: '2026-03-01T00:00:00.000Z' });
    expect(
      store.importBundle({
        ...bundle,
        runs: [
          ...bundle.runs,
          foreign,
          {
            ...old,
            trace_id: 'tr-reimported',
            request: { ...old.request, trace_id: 'tr-reimported' },
            response: { ...old.response, trace_id: 'tr-reimported' },
          },
        ],
      }),
    ).toEqual({
      imported: 2,
      skipped: 1,
    });
    check(terms);
    expect(store.countRuns({ text: '쿼카' })).toBe(1);

    expect(saveRetention(store, { max_runs: 1 }).pruned).toBe(2);
    check(terms);
    // The newest run stays: the one recorded now.
    expect(idsOf(store, { text: '원장' })).toEqual([kept.trace_id]);
    expect(store.countRuns({ text: '쿼카' })).toBe(0);
  });

  it('leaves no piece of a deleted or pruned run’s query text in the index’s bytes', () => {
    const store = temp.open();
    store.recordRun(buildRunRecord({ query: 'kept question', outcome: 'no_evidence', itemCount: 0 }));
    const deleted = store.recordRun(buildRunRecord({ query: 'ZQXJ 쿼카', outcome: 'no_evidence', itemCount: 0 }));
    store.recordRun(buildRunRecord({ query: 'VWKY 웜뱃', outcome: 'no_evidence', itemCount: 0, createdAt: '2020-01-01T00:00:00.000Z' }));
    expect(store.deleteRun(deleted.trace_id)).toBe(true);
    expect(store.prune({ olderThanDays: 365 })).toBe(1);
    expect(store.countRuns({ text: 'zqxj' }) + store.countRuns({ text: '웜' })).toBe(0);
    store.close();
    const bytes = Buffer.concat(
      ['', '-wal'].filter((suffix) => fs.existsSync(`${temp.file()}${suffix}`)).map((suffix) => fs.readFileSync(`${temp.file()}${suffix}`)),
    );
    // The trigram index keeps a term as the bytes it does not share with the term before it: every pair would show.
    for (const piece of ['zq', 'qx', 'xj', '쿼', '카', 'vw', 'wk', 'ky', '웜', '뱃']) expect(bytes.includes(piece), piece).toBe(false);
    expect(bytes.includes('kept')).toBe(true);
  });

  it('leaves no piece of a deleted or pruned run’s text on disk while the store stays open (the write-ahead log included)', () => {
    const store = temp.open();
    store.recordRun(buildRunRecord({ query: 'kept question', outcome: 'no_evidence', itemCount: 0 }));
    const deleted = store.recordRun(buildRunRecord({ query: 'ZEBRAQUUX 얼룩말', outcome: 'no_evidence', itemCount: 0 }));
    store.recordRun(
      buildRunRecord({ query: 'VWKYPLOD 웜뱃', outcome: 'no_evidence', itemCount: 0, createdAt: '2020-01-01T00:00:00.000Z' }),
    );
    for (let i = 0; i < 15; i += 1) store.recordRun(buildRunRecord({ query: `later question ${i}` }));
    expect(store.deleteRun(deleted.trace_id)).toBe(true);
    expect(store.prune({ olderThanDays: 365 })).toBe(1);
    // Still open, as the desktop app or `lens web` keeps it: the main file and its log, as they are on disk now.
    const onDisk = Buffer.concat(
      ['', '-wal'].filter((suffix) => fs.existsSync(`${temp.file()}${suffix}`)).map((suffix) => fs.readFileSync(`${temp.file()}${suffix}`)),
    );
    for (const text of ['ZEBRAQUUX', '얼룩말', 'VWKYPLOD', '웜뱃']) expect(onDisk.includes(text), text).toBe(false);
    expect(onDisk.includes('kept question')).toBe(true);
    store.close();
  });

  it('rebuilds the index of a store made before deletes took entries out at once: same answers, and an old run deleted leaves no piece', () => {
    const file = temp.file();
    // Schema 8: migration 7's index, whose deletes left a run's tokens in place until the whole index was rewritten.
    const old = new Database(file);
    // The pragmas TraceStore.open sets.
    old.pragma('journal_mode = WAL');
    old.pragma('secure_delete = ON');
    applyMigrations(
      old,
      MIGRATIONS.filter((migration) => migration.version <= 8),
    );
    const runs = new RunRepository(old);
    const doomed = runs.record(buildRunRecord({ query: 'ZQXJ 쿼카 before the rebuild', outcome: 'no_evidence', itemCount: 0 }));
    for (const query of ['Who owns the Payments API?', '장애 대응 절차', 'kept question']) runs.record(buildRunRecord({ query }));
    old.close();

    const store = TraceStore.open(file);
    for (const text of ['api', '장애', 'zqxj', '쿼카', 'before', 'o', 'nothing like it']) {
      expect(idsOf(store, { text }), text).toEqual(scanSearch(file, text));
    }
    expect(store.deleteRun(doomed.trace_id)).toBe(true);
    expect(store.countRuns({ text: 'zqxj' }) + store.countRuns({ text: '쿼카' })).toBe(0);
    expect(store.countRuns({ text: 'api' })).toBe(1);
    store.close();
    const bytes = fs.readFileSync(file);
    for (const piece of ['zq', 'qx', 'xj', '쿼', '카']) expect(bytes.includes(piece), piece).toBe(false);
  });

  it('takes out a run whose text another runtime folded differently, exactly as it was indexed', () => {
    const file = temp.file();
    TraceStore.open(file).close();
    // The CLI (Node) and the app (Electron) share a store and may fold text differently; here the other
    // one did not apply NFKC, so the ligature "ﬁ" was indexed as it is (this runtime folds it to "fi").
    withRawDatabase(file, (db) => {
      db.function('lens_fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
      db.function('lens_grams', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? gramTokens(value) : value));
      const rows = runToRows(buildRunRecord({ query: 'ﬁle ZQXJ 쿼카', outcome: 'no_evidence', itemCount: 0, traceId: 'tr-other-runtime' }));
      const columns = Object.keys(rows.run);
      db.prepare(`INSERT INTO runs (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(rows.run);
    });
    const store = TraceStore.open(file);
    store.recordRun(buildRunRecord({ query: 'kept question' }));
    expect(store.countRuns({ text: 'zqxj' })).toBe(1);
    expect(store.deleteRun('tr-other-runtime')).toBe(true);
    expect(store.countRuns({ text: 'zqxj' }) + store.countRuns({ text: '쿼카' }) + store.countRuns({ text: 'le' })).toBe(0);
    store.close();
    const bytes = fs.readFileSync(file);
    for (const piece of ['ﬁ', 'zq', 'qx', 'xj', '쿼', '카']) expect(bytes.includes(piece), piece).toBe(false);
    withRawDatabase(file, (db) => {
      // FTS5's own check of the index's structure, and no folded text left for a run that is gone.
      db.exec("INSERT INTO run_text (run_text) VALUES ('integrity-check'); INSERT INTO run_grams (run_grams) VALUES ('integrity-check');");
      expect(db.prepare('SELECT count(*) AS n FROM run_search WHERE rowid NOT IN (SELECT rowid FROM runs)').get()).toEqual({ n: 0 });
    });
  });

  it('searches a store left at the previous schema (too damaged to migrate) by scanning, with the same answers', () => {
    const file = temp.file();
    const old = new Database(file);
    try {
      applyMigrations(
        old,
        MIGRATIONS.filter((migration) => migration.version <= 6),
      );
      const runs = new RunRepository(old);
      for (const query of ['Who owns the Payments API?', '장애 대응', 'payments 장애']) runs.record(buildRunRecord({ query }));
      for (const text of ['payments', '장애', 'p', 'nothing']) {
        expect(
          runs.list({ text }).map((run) => run.trace_id),
          text,
        ).toEqual(scanSearch(file, text));
        expect(runs.count({ text })).toBe(scanSearch(file, text).length);
      }
      expect(runs.count({ text: 'payments' })).toBe(2);
    } finally {
      old.close();
    }
  });
});

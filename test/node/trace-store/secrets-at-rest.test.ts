import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MIGRATIONS, applyMigrations } from '../../../electron/trace-store/migrations';
import { runToRows } from '../../../electron/trace-store/run-rows';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useTempStores } from '../../support/temp-trace-stores';

const SECRET = 'hunter2-Xy91q';

/** Every byte SQLite keeps for the store: the file and, when present, its -wal and -shm. */
function storeBytes(file: string): Buffer {
  return Buffer.concat(
    ['', '-wal', '-shm'].filter((suffix) => fs.existsSync(`${file}${suffix}`)).map((suffix) => fs.readFileSync(`${file}${suffix}`)),
  );
}

/** A run whose graph URI and failure message carry the secret, as an older build or a foreign bundle would hold it. */
function runWithSecrets() {
  const run = buildRunRecord({ outcome: 'unavailable' });
  return {
    ...run,
    graph_uri: `bolt://neo4j:${SECRET}@127.0.0.1:7687`,
    response: { ...run.response, message: `Neo4j at neo4j://db.example?password=${SECRET} is unreachable.` },
  };
}

describe('no secret at rest in the trace store', () => {
  const temp = useTempStores();

  it('masks credentials in a run’s graph URI and message when recording it, and the file holds no trace of them', () => {
    const store = TraceStore.open(temp.file());
    const recorded = store.recordRun(runWithSecrets());
    expect(recorded.graph_uri).toBe('bolt://***@127.0.0.1:7687');
    expect(store.getRun(recorded.trace_id)?.response.message).toBe('Neo4j at neo4j://db.example?password=*** is unreachable.');
    expect(JSON.stringify(store.exportRuns())).not.toContain(SECRET);
    store.close();
    expect(storeBytes(temp.file()).includes(SECRET)).toBe(false);
  });

  it('masks credentials in the runs of an imported bundle', () => {
    const store = temp.open();
    store.importBundle({ format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs: [runWithSecrets()] });
    const [run] = store.exportRuns().runs;
    expect(run?.graph_uri).toBe('bolt://***@127.0.0.1:7687');
    expect(JSON.stringify(run)).not.toContain(SECRET);
  });

  it.each([
    ['a profile URI with a password', [{ id: 'prod', uri: `bolt://neo4j:${SECRET}@db.example:7687`, user: 'neo4j' }], '[0].uri'],
    ['a base URL with an API key', { base_url: `https://api.example/v1?api-key=${SECRET}` }, 'base_url'],
  ])('refuses a setting holding %s, naming where, and stores nothing', (_what, value, where) => {
    const store = temp.open();
    const error = errorOf(() => store.setSetting('connections', value));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain(`URI with credentials at "${where}"`);
    expect(error.message).not.toContain(SECRET);
    expect(store.getSetting('connections', z.unknown())).toBeNull();
  });

  it('takes the credentials out of what an older store kept, bytes included, when it is opened', () => {
    const file = temp.file();
    const old = new Database(file);
    applyMigrations(old, MIGRATIONS.slice(0, 1));
    old.pragma('journal_mode = WAL');
    const rows = runToRows(runWithSecrets());
    const columns = Object.keys(rows.run);
    old.prepare(`INSERT INTO runs (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(rows.run);
    const profiles = [{ id: 'prod', uri: `bolt://neo4j:${SECRET}@db.example:7687?policy=eu`, user: 'neo4j' }];
    old.prepare("INSERT INTO settings (key, json) VALUES ('connections', ?)").run(JSON.stringify(profiles));
    old.close();
    expect(storeBytes(file).includes(SECRET)).toBe(true);

    const store = TraceStore.open(file);
    const [run] = store.exportRuns().runs;
    expect(run?.graph_uri).toBe('bolt://***@127.0.0.1:7687');
    expect(run?.response.message).toBe('Neo4j at neo4j://db.example?password=*** is unreachable.');
    expect(store.getSetting('connections', z.unknown())).toEqual([{ id: 'prod', uri: 'bolt://db.example:7687?policy=eu', user: 'neo4j' }]);
    store.close();
    expect(storeBytes(file).includes(SECRET)).toBe(false);
  });

  it('leaves no bytes of a pruned run or a deleted run in the file, and keeps a lifted stale mark in its history', () => {
    const store = TraceStore.open(temp.file());
    // Runs without items are small enough to share a page with others, where deleted bytes would linger.
    const small = (query: string, createdAt?: string) => buildRunRecord({ outcome: 'no_evidence', itemCount: 0, query, createdAt });
    store.recordRun(small('kept before'));
    const pruned = store.recordRun(small('salary table of the HR-private-Qk27 folder', '2020-01-01T00:00:00.000Z'));
    const deleted = store.recordRun(small('where is the board-minutes-Wm53 archive'));
    store.recordRun(small('kept after'));
    store.markStale({ document_id: 'adr-1', reason: 'kept mark', marked_by: 'u-a', marked_at: '2026-01-01T00:00:00Z' });
    store.markStale({
      document_id: 'adr-2',
      reason: 'superseded per merger-plan-Jt40',
      marked_by: 'u-a',
      marked_at: '2026-01-01T00:00:00Z',
    });
    expect(store.prune({ olderThanDays: 365 })).toBe(1);
    expect(store.deleteRun(deleted.trace_id)).toBe(true);
    expect(
      store.unmarkStale({ document_id: 'adr-2', reason: 'merger called off', recorded_by: 'u-a', recorded_at: '2026-02-01T00:00:00Z' }),
    ).not.toBeNull();
    expect(store.getRun(pruned.trace_id)).toBeNull();
    store.close();
    const bytes = storeBytes(temp.file());
    for (const gone of ['HR-private-Qk27', 'board-minutes-Wm53']) expect(bytes.includes(gone), gone).toBe(false);
    // The stale-mark history is kept on purpose: an unmark is a new entry, nothing is deleted.
    for (const kept of ['kept before', 'kept after', 'kept mark', 'merger-plan-Jt40']) expect(bytes.includes(kept), kept).toBe(true);
  });
});

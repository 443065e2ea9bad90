import { describe, expect, it } from 'vitest';
import { buildRunRecord } from '../../support/run-record-factory';
import { useFreshStore, withRawDatabase } from '../../support/temp-trace-stores';

/** The denied counts and response a run kept before counts had a kind and notes existed. */
const LEGACY_DENIED = [
  { stage: 'before_candidates', reason: 'excluded_by_prefilter', count: 318 },
  { stage: 'before_candidates', reason: 'excluded_by_postfilter', count: 65 },
];

describe('a run recorded before denied counts said what they count', () => {
  const { temp, store } = useFreshStore();

  /** Records a run, then rewrites its stored response as the build before this one wrote it. */
  function recordLegacyRun(): string {
    const run = buildRunRecord({ outcome: 'no_evidence' });
    store().recordRun(run);
    withRawDatabase(temp.file(), (db) => {
      const { response_json: json } = db.prepare('SELECT response_json FROM runs WHERE trace_id = ?').get(run.trace_id) as {
        response_json: string;
      };
      const response = JSON.parse(json) as Record<string, unknown>;
      delete response.notes;
      response.denied = LEGACY_DENIED;
      db.prepare('UPDATE runs SET response_json = ?, denied_count = 383 WHERE trace_id = ?').run(JSON.stringify(response), run.trace_id);
    });
    return run.trace_id;
  }

  it('still opens, its counts read as unrecorded and none as a filter', () => {
    const traceId = recordLegacyRun();
    const read = store().getRun(traceId);
    expect(read?.response.denied).toEqual(LEGACY_DENIED.map((entry) => ({ ...entry, kind: 'access', counts: 'unrecorded' })));
    expect(read?.response.notes).toEqual([]);
  });

  it('is listed with its old total and its counts, which say they are unrecorded', () => {
    const traceId = recordLegacyRun();
    const [summary] = store().listRuns();
    expect(summary?.trace_id).toBe(traceId);
    expect(summary?.denied_count).toBe(383);
    expect(summary?.denied.map((entry) => entry.counts)).toEqual(['unrecorded', 'unrecorded']);
  });

  it('exports and imports into another store unchanged in meaning', () => {
    const traceId = recordLegacyRun();
    const bundle = store().exportRuns([traceId]);
    const other = temp.open('other.sqlite');
    other.importBundle(JSON.parse(JSON.stringify(bundle)));
    expect(other.getRun(traceId)?.response.denied.map((entry) => [entry.count, entry.counts])).toEqual([
      [318, 'unrecorded'],
      [65, 'unrecorded'],
    ]);
    expect(other.listRuns()[0]?.denied_count).toBe(383);
  });
});

describe('a run recorded now', () => {
  const { store } = useFreshStore();

  it('keeps the chunks of the graph the principal may not see as its denied count, and lists its counts', () => {
    const run = buildRunRecord({ deniedCount: 7 });
    store().recordRun(run);
    const [summary] = store().listRuns();
    expect(summary?.denied_count).toBe(7);
    expect(summary?.denied).toEqual(run.response.denied);
  });
});

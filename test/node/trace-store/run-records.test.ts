import { describe, expect, it } from 'vitest';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useFreshStore, withRawDatabase } from '../../support/temp-trace-stores';
import { wordCore } from '../../../shared/core-catalogues';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('runs in the trace store', () => {
  const { temp, store } = useFreshStore();

  it('gives back a recorded run exactly as it was recorded', () => {
    const run = buildRunRecord({ replayOf: 'tr-earlier', itemCount: 3 });
    store().recordRun(run);
    const read = store().getRun(run.trace_id);
    expect(read).toStrictEqual(run);
    expect(JSON.stringify(read)).toBe(JSON.stringify(run));
  });

  it('keeps the queries of a run in their order with their params hash and truncation flag', () => {
    const run = buildRunRecord();
    store().recordRun(run);
    expect(
      store()
        .getRun(run.trace_id)
        ?.queries.map((query) => [query.name, query.params_hash, query.truncated]),
    ).toEqual([
      ['vector_exact_scan', '3fa9c2d41b7e0a55', false],
      ['fulltext_chunks', 'b81d07c5e2f94a13', true],
    ]);
  });

  it('keeps each query’s redacted parameters and start offset, and gives an older query without them back as it was', () => {
    const run = buildRunRecord();
    const [first, second] = run.queries;
    const spanned = { ...run, queries: [{ ...first!, params: { k: 10, query_vector: '[384 numbers]' }, started_ms: 12.5 }, second!] };
    store().recordRun(spanned);
    expect(store().getRun(run.trace_id)?.queries).toStrictEqual(spanned.queries);
  });

  it('keeps the other stages a joined read served, and gives a read of one stage back without them', () => {
    const run = buildRunRecord();
    const [first, second] = run.queries;
    const joined = { ...run, queries: [{ ...first!, stage: 'fulltext', served_stages: ['vector'] }, second!] };
    store().recordRun(joined);
    expect(store().getRun(run.trace_id)?.queries).toStrictEqual(joined.queries);
    expect(store().getRun(run.trace_id)?.queries[1]).not.toHaveProperty('served_stages');
  });

  it('redacts a secret an imported run’s query parameters carry before keeping them', () => {
    const run = buildRunRecord();
    const leaky = { ...run, queries: [{ ...run.queries[0]!, params: { password: 'hunter2', uri: 'bolt://neo4j:pw@db:7687', k: 3 } }] };
    store().recordRun(leaky);
    expect(store().getRun(run.trace_id)?.queries[0]?.params).toEqual({ password: '***', uri: '***', k: 3 });
  });

  it('returns null for a trace id it does not hold', () => {
    expect(store().getRun('tr-missing')).toBeNull();
  });

  it('refuses an invalid run as invalid_input naming the field, and stores nothing', () => {
    const run = buildRunRecord();
    const error = errorOf(() => store().recordRun({ ...run, principal: { ...run.principal, workspace_id: '' } }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('principal.workspace_id');
    expect(store().countRuns()).toBe(0);
  });

  it('refuses a run whose response belongs to another trace id', () => {
    const run = buildRunRecord();
    const error = errorOf(() => store().recordRun({ ...run, response: { ...run.response, trace_id: 'tr-other' } }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('response.trace_id');
  });

  it('refuses to record a second run under the same trace id as a conflict, keeping the first', () => {
    const run = buildRunRecord({ query: 'first' });
    store().recordRun(run);
    const error = errorOf(() => store().recordRun({ ...run, request: { ...run.request, query: 'second' } }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain(run.trace_id);
    expect(store().getRun(run.trace_id)?.request.query).toBe('first');
  });

  it('stores created_at in one UTC form so runs sort by time whatever offset they were written with', () => {
    const run = buildRunRecord({ createdAt: '2026-06-30T21:00:00+09:00' });
    expect(store().recordRun(run).created_at).toBe('2026-06-30T12:00:00.000Z');
    expect(store().getRun(run.trace_id)?.created_at).toBe('2026-06-30T12:00:00.000Z');
  });

  it('lists runs newest first with their counts', () => {
    const older = store().recordRun(buildRunRecord({ createdAt: minutesAgo(30), itemCount: 4, deniedCount: 5 }));
    const newer = store().recordRun(buildRunRecord({ createdAt: minutesAgo(5), outcome: 'no_evidence', deniedCount: 0 }));
    const list = store().listRuns({});
    expect(list.map((run) => run.trace_id)).toEqual([newer.trace_id, older.trace_id]);
    expect(list[1]).toMatchObject({
      item_count: 4,
      denied_count: 5,
      principal_id: 'u-minjun',
      mode: 'hybrid',
      outcome: 'ok',
      query: 'How do we handle Redpanda consumer lag?',
      replay_of: null,
    });
    expect(list[0]).toMatchObject({ item_count: 0, denied_count: 0, outcome: 'no_evidence' });
  });

  it('lists runs in the order asked (duration, mode, principal, items, withheld, time), ties newest first, and pages that order', () => {
    const a = store().recordRun(
      buildRunRecord({ createdAt: minutesAgo(30), principal: { principal_id: 'u-bora' }, mode: 'vector', itemCount: 5, deniedCount: 0 }),
    );
    const b = store().recordRun(
      buildRunRecord({ createdAt: minutesAgo(20), principal: { principal_id: 'u-alice' }, mode: 'graph', itemCount: 1, deniedCount: 7 }),
    );
    const c = store().recordRun(
      buildRunRecord({ createdAt: minutesAgo(10), principal: { principal_id: 'u-cho' }, mode: 'graph', itemCount: 5, deniedCount: 2 }),
    );
    const ids = (filter: Parameters<ReturnType<typeof store>['listRuns']>[0]) =>
      store()
        .listRuns(filter)
        .map((run) => run.trace_id);
    expect(ids({ sort: 'principal', direction: 'asc' })).toEqual([b.trace_id, a.trace_id, c.trace_id]);
    expect(ids({ sort: 'principal', direction: 'desc' })).toEqual([c.trace_id, a.trace_id, b.trace_id]);
    // Ties (two graph runs, two runs of 5 items) go newest first whichever way the column is sorted.
    expect(ids({ sort: 'mode', direction: 'asc' })).toEqual([c.trace_id, b.trace_id, a.trace_id]);
    expect(ids({ sort: 'items', direction: 'desc' })).toEqual([c.trace_id, a.trace_id, b.trace_id]);
    expect(ids({ sort: 'items', direction: 'asc' })).toEqual([b.trace_id, c.trace_id, a.trace_id]);
    expect(ids({ sort: 'withheld', direction: 'desc' })).toEqual([b.trace_id, c.trace_id, a.trace_id]);
    expect(ids({ sort: 'time', direction: 'asc' })).toEqual([a.trace_id, b.trace_id, c.trace_id]);
    const slow = store().recordRun({ ...buildRunRecord({ createdAt: minutesAgo(40) }), elapsed_ms: 9000 });
    expect(ids({ sort: 'elapsed', direction: 'desc' })[0]).toBe(slow.trace_id);
    expect(ids({ sort: 'elapsed', direction: 'asc' }).at(-1)).toBe(slow.trace_id);
    store().deleteRun(slow.trace_id);
    // Pages of a sorted list follow its order, each run once.
    const paged = [0, 1, 2].flatMap((offset) => ids({ sort: 'withheld', direction: 'asc', limit: 1, offset }));
    expect(paged).toEqual([a.trace_id, c.trace_id, b.trace_id]);
    // With a search, the matches are sorted too.
    expect(ids({ sort: 'principal', direction: 'asc', text: 'redpanda' })).toEqual([b.trace_id, a.trace_id, c.trace_id]);
  });

  it('filters runs by principal, mode and outcome', () => {
    const alice = store().recordRun(buildRunRecord({ principal: { principal_id: 'u-alice' }, mode: 'vector' }));
    const guestTimeout = store().recordRun(buildRunRecord({ principal: { principal_id: 'u-guest' }, mode: 'graph', outcome: 'timeout' }));
    store().recordRun(buildRunRecord({ principal: { principal_id: 'u-guest' }, mode: 'graph' }));
    expect(
      store()
        .listRuns({ principal_id: 'u-alice' })
        .map((run) => run.trace_id),
    ).toEqual([alice.trace_id]);
    expect(store().listRuns({ mode: 'graph' })).toHaveLength(2);
    expect(
      store()
        .listRuns({ principal_id: 'u-guest', outcome: 'timeout' })
        .map((run) => run.trace_id),
    ).toEqual([guestTimeout.trace_id]);
    expect(store().countRuns({ principal_id: 'u-guest' })).toBe(2);
  });

  it('filters runs by since and until on created_at, both bounds included', () => {
    const june = store().recordRun(buildRunRecord({ createdAt: '2026-06-15T08:00:00.000Z' }));
    const july = store().recordRun(buildRunRecord({ createdAt: '2026-07-01T00:00:00.000Z' }));
    store().recordRun(buildRunRecord({ createdAt: '2026-05-31T23:59:59.999Z' }));
    expect(
      store()
        .listRuns({ since: '2026-06-01', until: '2026-07-01' })
        .map((run) => run.trace_id),
    ).toEqual([july.trace_id, june.trace_id]);
    expect(
      store()
        .listRuns({ since: '2026-06-15T17:00:00+09:00' })
        .map((run) => run.trace_id),
    ).toEqual([july.trace_id, june.trace_id]);
    expect(store().listRuns({ until: '2026-06-15T07:59:59Z' })).toHaveLength(1);
  });

  it('refuses a since that is not a date as invalid_input naming it', () => {
    const error = errorOf(() => store().listRuns({ since: 'last tuesday' }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('since');
  });

  it('refuses a since or until that Date reads as another day (1 as 2001), naming it', () => {
    for (const [field, text] of [
      ['until', '1'],
      ['since', 'June 1, 2026'],
    ] as const) {
      const error = errorOf(() => store().listRuns({ [field]: text }));
      expect([error.kind, error.message]).toEqual(['invalid_input', `${field} is not an ISO 8601 instant: "${text}".`]);
    }
  });

  it('says a since or until shaped as a date names a day or time that does not exist (30 February, hour 25), naming it', () => {
    const since = errorOf(() => store().listRuns({ since: '2024-02-30' }));
    expect([since.kind, since.message]).toEqual(['invalid_input', 'since names a day that does not exist: 2024-02-30 ("2024-02-30").']);
    expect(since.said?.code).toBe('error_store:instant_no_such_day');
    expect(wordCore(since.said!, 'ko')).toBe('since에 없는 날짜가 있습니다: 2024-02-30 ("2024-02-30").');
    const until = errorOf(() => store().listRuns({ until: '2026-06-30T25:00' }));
    expect(until.message).toBe('until names a time that does not exist: 25:00 ("2026-06-30T25:00").');
    expect(wordCore(until.said!, 'ko')).toBe('until에 없는 시각이 있습니다: 25:00 ("2026-06-30T25:00").');
  });

  it('finds runs by a case-insensitive piece of the query text, Korean included', () => {
    const english = store().recordRun(buildRunRecord({ query: 'Who owns the Payments API?' }));
    const korean = store().recordRun(buildRunRecord({ query: '결제 API의 담당 팀은 어디인가요?' }));
    store().recordRun(buildRunRecord({ query: 'Rotate TLS certificates' }));
    expect(
      store()
        .listRuns({ text: 'payments api' })
        .map((run) => run.trace_id),
    ).toEqual([english.trace_id]);
    expect(
      store()
        .listRuns({ text: '담당 팀' })
        .map((run) => run.trace_id),
    ).toEqual([korean.trace_id]);
    expect(
      store()
        .listRuns({ text: 'API' })
        .map((run) => run.trace_id),
    ).toEqual([korean.trace_id, english.trace_id]);
    expect(store().listRuns({ text: '100%_' })).toEqual([]);
  });

  it('pages the list with limit and offset, and counts all matches regardless', () => {
    const ids = [50, 40, 30, 20, 10]
      .map((minutes) => store().recordRun(buildRunRecord({ createdAt: minutesAgo(minutes) })).trace_id)
      .reverse();
    expect(
      store()
        .listRuns({ limit: 2 })
        .map((run) => run.trace_id),
    ).toEqual(ids.slice(0, 2));
    expect(
      store()
        .listRuns({ limit: 2, offset: 2 })
        .map((run) => run.trace_id),
    ).toEqual(ids.slice(2, 4));
    expect(store().countRuns({ limit: 2 })).toBe(5);
  });

  it('deletes a run together with its queries', () => {
    const kept = store().recordRun(buildRunRecord());
    const gone = store().recordRun(buildRunRecord());
    expect(store().deleteRun(gone.trace_id)).toBe(true);
    expect(store().deleteRun(gone.trace_id)).toBe(false);
    expect(store().getRun(gone.trace_id)).toBeNull();
    withRawDatabase(temp.file(), (db) => {
      const count = (id: string) =>
        db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM run_queries WHERE trace_id = ?').get(id)?.n;
      expect(count(gone.trace_id)).toBe(0);
      expect(count(kept.trace_id)).toBe(2);
    });
  });

  it('reports a damaged run row as io naming its trace id', () => {
    const run = store().recordRun(buildRunRecord());
    withRawDatabase(temp.file(), (db) =>
      db.prepare('UPDATE runs SET response_json = \'{"items": 3\' WHERE trace_id = ?').run(run.trace_id),
    );
    const error = errorOf(() => store().getRun(run.trace_id));
    expect(error.kind).toBe('io');
    expect(error.message).toContain(`run ${run.trace_id}`);
  });

  it('reports a run row whose JSON no longer fits the schema as io naming its trace id', () => {
    const run = store().recordRun(buildRunRecord());
    withRawDatabase(temp.file(), (db) =>
      db.prepare(`UPDATE runs SET principal_json = '{"principal_id": ""}' WHERE trace_id = ?`).run(run.trace_id),
    );
    const error = errorOf(() => store().getRun(run.trace_id));
    expect(error.kind).toBe('io');
    expect(error.message).toContain(`run ${run.trace_id}`);
    expect(error.message).toContain('principal_id');
  });
});

import { describe, expect, it } from 'vitest';
import { TraceBundle } from '../../../shared/trace-record';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useTempStores } from '../../support/temp-trace-stores';

describe('exporting and importing trace bundles', () => {
  const temp = useTempStores();

  it('round-trips runs into a second store as byte-for-byte equal JSON', () => {
    const source = temp.open('a.sqlite');
    for (const outcome of ['ok', 'no_evidence', 'timeout'] as const)
      source.recordRun(buildRunRecord({ outcome, createdAt: new Date(Date.now() - 1000 * outcome.length).toISOString() }));
    source.recordRun(buildRunRecord({ mode: 'cypher', query: '누가 결제 API를 소유하나요?', replayOf: 'tr-earlier' }));
    const exported = source.exportRuns();
    expect(TraceBundle.parse(exported)).toStrictEqual(exported);
    const target = temp.open('b.sqlite');
    expect(target.importBundle(JSON.parse(JSON.stringify(exported)))).toEqual({ imported: 4, skipped: 0 });
    const again = target.exportRuns();
    expect(JSON.stringify(again.runs)).toBe(JSON.stringify(exported.runs));
    expect(JSON.stringify(target.listRuns())).toBe(JSON.stringify(source.listRuns()));
  });

  it('exports all runs oldest first when no ids are given, and only the named ones in their order otherwise', () => {
    const store = temp.open();
    const first = store.recordRun(buildRunRecord({ createdAt: '2026-01-01T00:00:00.000Z' }));
    const second = store.recordRun(buildRunRecord({ createdAt: '2026-02-01T00:00:00.000Z' }));
    const third = store.recordRun(buildRunRecord({ createdAt: '2026-03-01T00:00:00.000Z' }));
    expect(store.exportRuns().runs.map((run) => run.trace_id)).toEqual([first.trace_id, second.trace_id, third.trace_id]);
    expect(store.exportRuns([third.trace_id, first.trace_id]).runs.map((run) => run.trace_id)).toEqual([third.trace_id, first.trace_id]);
  });

  it('refuses to export an unknown trace id as not_found, saying how to list the ids', () => {
    const store = temp.open();
    const error = errorOf(() => store.exportRuns(['tr-nope']));
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('no run with trace id tr-nope; `lens traces list` shows the ids');
  });

  it('imports nothing from an invalid bundle and names the first bad field', () => {
    const source = temp.open('a.sqlite');
    source.recordRun(buildRunRecord());
    source.recordRun(buildRunRecord());
    const bundle = JSON.parse(JSON.stringify(source.exportRuns())) as { runs: { response: { items: { chunk_ids: string[] }[] } }[] };
    const damaged = bundle.runs[1]?.response.items[0];
    if (!damaged) throw new Error('the factory made no items');
    damaged.chunk_ids = [];
    const target = temp.open('b.sqlite');
    const error = errorOf(() => target.importBundle(bundle));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('runs[1].response.items[0].chunk_ids');
    expect(target.countRuns()).toBe(0);
  });

  it('refuses something that is not a bundle at all, naming the format field', () => {
    const error = errorOf(() => temp.open().importBundle({ runs: [] }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('format');
  });

  it('imports nothing when a later run in the bundle contradicts itself', () => {
    const good = buildRunRecord();
    const bad = buildRunRecord();
    const bundle = {
      format: 'provenance-lens-traces',
      version: 1,
      exported_at: new Date().toISOString(),
      runs: [good, { ...bad, outcome: 'timeout' }],
    };
    const store = temp.open();
    const error = errorOf(() => store.importBundle(bundle));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('runs[1].outcome');
    expect(store.countRuns()).toBe(0);
  });

  it('skips runs whose trace id is already in the store and leaves them as they were', () => {
    const source = temp.open('a.sqlite');
    const shared = source.recordRun(buildRunRecord({ query: 'from the bundle' }));
    source.recordRun(buildRunRecord());
    const target = temp.open('b.sqlite');
    target.recordRun({ ...shared, request: { ...shared.request, query: 'already here' } });
    // The stored run says otherwise than the bundle's: kept, and named as differing rather than counted as a copy.
    const differing = { count: 1, trace_ids: [shared.trace_id] };
    expect(target.importBundle(source.exportRuns())).toEqual({ imported: 1, skipped: 1, differing });
    expect(target.getRun(shared.trace_id)?.request.query).toBe('already here');
    expect(target.importBundle(source.exportRuns())).toEqual({ imported: 0, skipped: 2, differing });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LensError } from '../../../shared/lens-error';
import { TRACE_PREFIX_MIN, TraceStore } from '../../../electron/trace-store/trace-store';
import { buildRunRecord } from '../../support/run-record-factory';
import { CliDoor } from '../../../electron/cli/cli-door';
import { traceStorePath } from '../../../electron/trace-store/trace-store-location';

const FIRST = 'abcdef01-0000-4000-8000-000000000001';
const SECOND = 'abcdef01-0000-4000-8000-000000000002';
const THIRD = 'abcdef02-0000-4000-8000-000000000003';

describe('a trace id given by its first characters', () => {
  let root: string;
  let store: TraceStore;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-trace-prefix-'));
    store = TraceStore.open(path.join(root, 'traces.sqlite'));
    for (const traceId of [FIRST, SECOND, THIRD]) store.recordRun(buildRunRecord({ traceId }));
  });
  afterAll(() => {
    store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is made whole when it begins one kept id; a whole id, a short one or one that begins none stays as given', () => {
    expect(store.resolveTraceId('abcdef02')).toBe(THIRD);
    expect(store.resolveTraceId(SECOND.slice(0, 35) + '2')).toBe(SECOND);
    expect(store.resolveTraceId(FIRST)).toBe(FIRST);
    // Under the minimum, nothing is guessed (the lookup then says no run has it).
    expect(store.resolveTraceId('abcdef0')).toBe('abcdef0');
    expect(TRACE_PREFIX_MIN).toBe(8);
    expect(store.resolveTraceId('ffffffff')).toBe('ffffffff');
    // A range, not a pattern: LIKE's wildcards mean nothing here.
    expect(store.resolveTraceId('abcdef0%')).toBe('abcdef0%');
    expect(store.resolveTraceId('abcdef0_')).toBe('abcdef0_');
  });

  it('that begins several kept ids is refused as invalid_input naming how many and which', () => {
    let thrown: unknown;
    try {
      store.resolveTraceId('abcdef01');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LensError);
    const error = thrown as LensError;
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(`abcdef01 begins 2 kept trace ids (${FIRST}, ${SECOND}).`);
    expect(error.hint).toBe('Give more of the trace id, enough to begin only one.');
  });
});

describe('the CLI door with a trace id given by its beginning', () => {
  it('makes it whole for a kept run, but not for query.cancel, which names a run still running by the id it was given', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-trace-prefix-door-'));
    const seeded = TraceStore.open(traceStorePath(home));
    seeded.recordRun(buildRunRecord({ traceId: FIRST }));
    seeded.close();
    const door = new CliDoor({ LENS_HOME: home, NEO4J_URI: 'bolt://127.0.0.1:1', NEO4J_PASSWORD: 'x' });
    try {
      expect((await door.call('traces.get', { trace_id: 'abcdef01' })).trace_id).toBe(FIRST);
      // Made whole, the kept run would answer "finished"; a run by that very id is not known.
      expect(await door.call('query.cancel', { trace_id: 'abcdef01' })).toEqual({ trace_id: 'abcdef01', status: 'unknown' });
    } finally {
      await door.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

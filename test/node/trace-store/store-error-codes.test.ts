import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { damagedStore, storeFailure } from '../../../electron/trace-store/store-errors';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { coreEnglish, wordCore } from '../../../shared/core-catalogues';
import { storeError } from '../../../shared/errors/store-error-messages';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useTempStores } from '../../support/temp-trace-stores';

/** An error shaped as better-sqlite3 throws them. */
function sqliteError(code: string, message: string): Error {
  const error = new Error(message);
  error.name = 'SqliteError';
  return Object.assign(error, { code });
}

describe('trace store errors as codes', () => {
  const temp = useTempStores();

  it('says a locked store with what it was doing as a clause of its own, so Korean words the whole sentence', () => {
    const error = storeFailure(sqliteError('SQLITE_BUSY', 'database is locked'), '/tmp/t.sqlite', storeError('action_record_run'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(
      'The trace store /tmp/t.sqlite stayed locked by another process, so Provenance Lens could not record the run.',
    );
    expect(error.said).toEqual({
      code: 'error_store:store_locked',
      params: { file: '/tmp/t.sqlite', action: [{ code: 'error_store:action_record_run', params: {} }] },
    });
    expect(error.detail).toBe('database is locked');
    expect(wordCore(error.said!, 'ko')).toBe(
      '다른 프로세스가 트레이스 저장소 /tmp/t.sqlite을(를) 계속 잠그고 있어서 Provenance Lens가 실행을 기록하지 못했습니다.',
    );
    expect(error.hintSaid?.code).toBe('error_store:store_locked_hint');
  });

  it("keeps SQLite's own words in the detail and the sentence of an unknown failure", () => {
    const error = storeFailure(sqliteError('SQLITE_MISMATCH', 'datatype mismatch'), 'f', storeError('action_save_setting'));
    expect(error.kind).toBe('internal');
    expect(error.message).toBe('The trace store failed to save the setting: datatype mismatch');
    expect(error.said?.code).toBe('error_store:store_failed');
    expect(error.detail).toBe('SQLITE_MISMATCH');
  });

  it('words unknown damage as a clause when SQLite named no problem', () => {
    const error = damagedStore('s.sqlite', [], storeError('action_prune_runs'));
    expect(error.message).toBe(
      'The trace store s.sqlite is damaged (unknown damage), so Provenance Lens did not prune the runs; nothing was written.',
    );
    expect(wordCore(error.said!, 'ko')).toBe(
      '트레이스 저장소 s.sqlite이(가) 손상되어(알 수 없는 손상) Provenance Lens가 실행을 정리하지 않았습니다. 아무것도 쓰지 않았습니다.',
    );
    expect(error.hintSaid).toEqual({ code: 'error_store:damaged_store_hint', params: { file: 's.sqlite' } });
  });

  it('names a text file that is not a store with a code and the file as a parameter', () => {
    const file = temp.file();
    fs.writeFileSync(file, 'notes\n'.repeat(40));
    const error = errorOf(() => TraceStore.open(file));
    expect(error.said).toEqual({ code: 'error_store:not_a_trace_store', params: { file: path.resolve(file) } });
    expect(error.hintSaid?.code).toBe('error_store:not_a_trace_store_hint');
  });

  it('refuses a bad run with the record, the field and zod’s problem as clauses', () => {
    const store = temp.open();
    const error = errorOf(() => store.recordRun({ ...buildRunRecord(), elapsed_ms: 'slow' } as never));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('The run is not valid: elapsed_ms: must be of type number, not string; give a value of type number.');
    expect(error.said?.code).toBe('error_store:input_invalid');
    expect(error.said?.params).toEqual({
      what: [storeError('input_run')],
      field: 'elapsed_ms',
      problem: [{ code: 'error_server:zod_invalid_type_part', params: { expected: 'number', received: 'string' } }],
    });
    expect(wordCore(error.said!, 'ko')).toBe(
      '실행이(가) 올바르지 않습니다: elapsed_ms: number 형식이어야 하는데 string입니다. number 형식의 값을 주세요.',
    );
  });

  it('refuses a run whose response answers another trace id, with the ids as parameters', () => {
    const run = buildRunRecord();
    const error = errorOf(() => temp.open().recordRun({ ...run, response: { ...run.response, trace_id: 'other' } }));
    expect(error.message).toBe(`response.trace_id is "other" but the run's trace_id is "${run.trace_id}".`);
    expect(error.said).toEqual({
      code: 'error_store:response_trace_mismatch',
      params: { field: 'response.trace_id', response: 'other', trace: run.trace_id },
    });
  });

  it('refuses a second run with the same trace id as a coded conflict', () => {
    const store = temp.open();
    const run = store.recordRun(buildRunRecord());
    const error = errorOf(() => store.recordRun(run));
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(`A run with trace id ${run.trace_id} is already recorded.`);
    expect(error.said).toEqual({ code: 'error_store:run_already_recorded', params: { trace: run.trace_id } });
  });

  it('refuses secret-looking settings with codes, the key and the path as parameters', () => {
    const store = temp.open();
    const secret = errorOf(() => store.setSetting('connection', { password: 'x' }));
    expect(secret.said?.code).toBe('error_store:setting_holds_secret');
    expect(secret.said?.params).toMatchObject({ key: 'connection' });
    expect(secret.message).toBe(coreEnglish(secret.said!));
    expect(secret.hintSaid?.code).toBe('error_store:secrets_elsewhere_hint');
    const empty = errorOf(() => store.setSetting(' ', 1));
    expect(empty.message).toBe('A setting needs a key; got an empty one.');
    expect(empty.said?.code).toBe('error_store:setting_key_empty');
  });

  it('names a stored setting that no longer fits its schema as damage of that setting', () => {
    const store = temp.open();
    store.setSetting('theme', 'dark');
    const error = errorOf(() => store.getSetting('theme', z.number()));
    expect(error.kind).toBe('io');
    expect(error.message).toBe(
      "The trace store's setting theme is damaged: the value: must be of type number, not string; give a value of type number.",
    );
    expect(error.said?.code).toBe('error_store:stored_value_damaged');
    expect(error.said?.params?.what).toEqual([storeError('stored_setting', { key: 'theme' })]);
    expect(wordCore(error.said!, 'ko')).toContain('트레이스 저장소의 설정 theme이(가) 손상되었습니다');
  });

  it('refuses a bad prune request with codes and the bad value as a parameter', () => {
    const store = temp.open();
    expect(errorOf(() => store.prune({})).said?.code).toBe('error_store:prune_needs_limit');
    const error = errorOf(() => store.prune({ keepLatest: 1.5 }));
    expect(error.message).toBe('keepLatest must be a whole number of runs (0 or more), got 1.5.');
    expect(error.said).toEqual({ code: 'error_store:prune_keep_invalid', params: { keep: 1.5 } });
  });
});

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from '../../../electron/trace-store/migrations';
import { FAILED_SCORE } from '../../../shared/eval/eval-scoring';
import { errorOf } from '../../support/lens-error-of';
import { evalReport, evalRun } from '../../support/eval-fixtures';
import { useFreshStore, useTempStores } from '../../support/temp-trace-stores';

const runs = [
  evalRun({ question_id: 'q1', mode: 'hybrid' }),
  evalRun({ question_id: 'q2', mode: 'hybrid', status: 'violation', violations: [{ level: 'document', id: 'hr', rank: 2 }] }),
  evalRun({ question_id: 'q3', mode: 'hybrid', ...FAILED_SCORE, outcome: 'timeout', error: { kind: 'timeout', message: 'slow' } }),
];

describe('evaluations in the trace store', () => {
  const { temp, store } = useFreshStore();

  it('keeps an evaluation and reopens it exactly, also after the store is closed and opened again', () => {
    const report = evalReport('e-1', runs, ['hybrid']);
    expect(store().saveEvaluation(report)).toEqual(report);
    store().close();
    const reopened = temp.open();
    expect(reopened.getEvaluation('e-1')).toEqual(report);
    reopened.close();
  });

  it('lists the newest first with the counts the list shows (leaks and failed runs apart)', () => {
    store().saveEvaluation(evalReport('old', runs.slice(0, 1), ['hybrid'], '2026-12-01T10:00:00.000Z'));
    store().saveEvaluation(evalReport('new', runs, ['hybrid'], '2026-12-02T10:00:00.000Z'));
    expect(store().listEvaluations()).toEqual([
      {
        id: 'new',
        created_at: '2026-12-02T10:00:00.000Z',
        set_name: 'demo',
        graph_label: 'new',
        modes: ['hybrid'],
        questions: 3,
        runs: 3,
        violations: 1,
        failed: 1,
      },
      {
        id: 'old',
        created_at: '2026-12-01T10:00:00.000Z',
        set_name: 'demo',
        graph_label: 'old',
        modes: ['hybrid'],
        questions: 1,
        runs: 1,
        violations: 0,
        failed: 0,
      },
    ]);
    expect(
      store()
        .listEvaluations(1)
        .map((entry) => entry.id),
    ).toEqual(['new']);
  });

  it('refuses a report that does not match its schema, naming the field, and answers null for an unknown id', () => {
    const broken = { ...evalReport('bad', runs, ['hybrid']), k: 'ten' } as unknown as Parameters<
      ReturnType<typeof store>['saveEvaluation']
    >[0];
    const error = errorOf(() => store().saveEvaluation(broken));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('k');
    expect(store().getEvaluation('no-such-evaluation')).toBeNull();
  });
});

describe('migration 6 on a trace store of schema 5', () => {
  const temp = useTempStores();

  it('adds the evaluations table to a store made before it, which then keeps evaluations', () => {
    const db = new Database(temp.file());
    applyMigrations(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 5),
    );
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'evaluations'").get()).toBeUndefined();
    db.close();
    const store = temp.open();
    store.saveEvaluation(evalReport('after', runs, ['hybrid']));
    expect(store.listEvaluations().map((entry) => entry.id)).toEqual(['after']);
    store.close();
  });
});

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from '../../../electron/trace-store/migrations';
import type { EvalReport } from '../../../shared/eval/eval-report';
import { FAILED_SCORE } from '../../../shared/eval/eval-scoring';
import { errorOf } from '../../support/lens-error-of';
import { evalReport, evalRun } from '../../support/eval-fixtures';
import { useFreshStore, useTempStores, withRawDatabase } from '../../support/temp-trace-stores';

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
        findings: 0,
        unchecked: 0,
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
        findings: 0,
        unchecked: 0,
      },
    ]);
    expect(
      store()
        .listEvaluations(1)
        .map((entry) => entry.id),
    ).toEqual(['new']);
  });

  it('keeps the findings of an evaluation and counts them in the list apart from leaks and failures, none for a report stored before findings', () => {
    const withFindings = {
      ...evalReport('found', runs, ['hybrid'], '2026-12-03T10:00:00.000Z'),
      findings: [
        { code: 'expected_document_not_visible', question_id: 'q1', principal: 'u-sora', id: 'hr', trace_id: 't-q1-hybrid' },
        { code: 'expected_chunk_not_in_graph', question_id: 'q2', principal: 'u-sora', id: 'gone-c1', trace_id: 't-q2-hybrid' },
        {
          code: 'unchecked_forbidden_document',
          question_id: 'q2',
          principal: 'u-sora',
          id: 'hr_2',
          trace_id: 't-q2-hybrid',
          unchecked: { reason: 'timeout', kind: 'timeout' },
        },
      ],
    } satisfies EvalReport;
    store().saveEvaluation(withFindings);
    store().saveEvaluation(evalReport('older', runs, ['hybrid'], '2026-12-01T10:00:00.000Z'));
    store().close();
    // A report stored before findings existed has no such field in its JSON.
    withRawDatabase(temp.file(), (db) => {
      const stored = JSON.parse(db.prepare<[string], { json: string }>('SELECT json FROM evaluations WHERE id = ?').get('older')!.json);
      delete stored.findings;
      db.prepare('UPDATE evaluations SET json = ? WHERE id = ?').run(JSON.stringify(stored), 'older');
    });
    const reopened = temp.open();
    expect(reopened.getEvaluation('found')).toEqual(withFindings);
    expect(reopened.getEvaluation('older')?.findings).toEqual([]);
    // A check that could not finish is counted apart: it is no expectation known to be unmeetable.
    expect(
      reopened
        .listEvaluations()
        .map(({ id, violations, failed, findings, unchecked }) => ({ id, violations, failed, findings, unchecked })),
    ).toEqual([
      { id: 'found', violations: 1, failed: 1, findings: 2, unchecked: 1 },
      { id: 'older', violations: 1, failed: 1, findings: 0, unchecked: 0 },
    ]);
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

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../../shared/acl/access-policy';
import { compileAclToExplainer } from '../../../shared/acl/explain-access';
import type { Comparison, LeakCheck } from '../../../shared/compare/comparison';
import { nodeAccessOf } from '../../../shared/compare/node-access';
import { assembleComparison, comparisonRun } from '../../../shared/compare/assemble-comparison';
import { applyMigrations, MIGRATIONS } from '../../../electron/trace-store/migrations';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { formatComparisonList } from '../../../electron/cli/commands/compare-format';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useFreshStore, useTempStores, withRawDatabase } from '../../support/temp-trace-stores';

const guest = { principal_id: 'u-guest', workspace_id: 'ws-nurion', groups: [], acl_partitions: ['general'] };
const hrDocument = {
  document_id: 'policy-hr-salary-adjustment',
  workspace_id: 'ws-nurion',
  visibility: 'restricted',
  owner_id: 'u-hana',
  allowed_groups: ['g-hr'],
};

/** A leak check that found one leak: u-guest was handed an HR document (judged by the default policy's explainer). */
function oneLeak(): LeakCheck {
  const access = nodeAccessOf(
    { label: 'Document', id: hrDocument.document_id },
    compileAclToExplainer(DEFAULT_ACCESS_POLICY).document(hrDocument, guest),
  );
  if (access.state === 'visible') throw new Error('the default policy shows the HR document to the guest');
  return {
    state: 'checked',
    leaks: [{ side: 'b', principal_id: 'u-guest', item_key: 'claim:c-1', rank: 1, document_id: hrDocument.document_id, access }],
    nodes_checked: 7,
    access: [],
  };
}

let comparisonsMade = 0;

function comparison(leakCheck: LeakCheck, createdAt: Date, query = 'salary adjustment'): Comparison {
  const a = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-hana' }, query, itemCount: 3 }));
  const b = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-guest' }, query, itemCount: 2 }));
  comparisonsMade += 1;
  return assembleComparison({ id: `cmp-${comparisonsMade}`, createdAt }, 'principals', [a, b], leakCheck, 0.9);
}

describe('comparisons in the trace store', () => {
  const { temp, store } = useFreshStore();

  it('keeps a comparison and reopens it exactly, also after the store is closed and opened again', () => {
    const made = comparison(oneLeak(), new Date('2026-11-30T10:00:00.000Z'));
    const saved = store().saveComparison(made);
    expect(saved).toEqual(made);
    store().close();
    const again = TraceStore.open(temp.file());
    try {
      expect(JSON.stringify(again.getComparison(made.id))).toBe(JSON.stringify(made));
    } finally {
      again.close();
    }
  });

  it('lists comparisons newest first with who was compared and how many leaks, null when the check failed', () => {
    const older = store().saveComparison(comparison(oneLeak(), new Date('2026-11-30T10:00:00.000Z'), 'older'));
    const failed: LeakCheck = {
      state: 'failed',
      error: { kind: 'unavailable', message: 'The graph at bolt://127.0.0.1:1 is unreachable.' },
    };
    const newer = store().saveComparison(comparison(failed, new Date('2026-11-30T11:00:00.000Z'), 'newer'));
    expect(store().listComparisons()).toEqual([
      {
        id: newer.id,
        created_at: '2026-11-30T11:00:00.000Z',
        source: 'principals',
        query: 'newer',
        trace_a: newer.a.trace_id,
        trace_b: newer.b.trace_id,
        principal_a: 'u-hana',
        principal_b: 'u-guest',
        leak_count: null,
        unanswered: [],
      },
      expect.objectContaining({ id: older.id, query: 'older', leak_count: 1 }),
    ]);
    expect(store().listComparisons(1)).toHaveLength(1);
  });

  it('lists a comparison whose run A timed out with its unanswered side, and the CLI list says its leaks are unknown, not "0 leaks"', () => {
    const a = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-hana' }, query: 'salary', outcome: 'timeout', itemCount: 0 }));
    const b = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-guest' }, query: 'salary', itemCount: 2 }));
    const clean: LeakCheck = { state: 'checked', leaks: [], nodes_checked: 4, access: [] };
    const made = assembleComparison(
      { id: 'cmp-timeout', createdAt: new Date('2026-11-30T12:00:00.000Z') },
      'principals',
      [a, b],
      clean,
      0.9,
    );
    store().saveComparison(made);
    const [listed] = store().listComparisons();
    expect(listed).toMatchObject({ id: 'cmp-timeout', leak_count: 0, unanswered: ['a'] });
    const line = formatComparisonList([listed!]);
    expect(line).toContain('leaks unknown (A gave no answer)');
    expect(line).not.toContain('0 leaks');
  });

  it('refuses a comparison that does not match its schema as invalid_input naming the field, and keeps nothing', () => {
    const made = comparison(oneLeak(), new Date());
    const broken = { ...made, diff: { ...made.diff, overlap: { ...made.diff.overlap, jaccard: 1.5 } } };
    const error = errorOf(() => store().saveComparison(broken));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(/diff\.overlap\.jaccard/);
    expect(store().listComparisons()).toEqual([]);
  });

  it('refuses to keep a "leak" the principal may see', () => {
    const check = oneLeak();
    const visible = nodeAccessOf({ label: 'Document', id: 'handbook' }, { visible: true, because: [] });
    // Typed as a leak on purpose: the store's schema, not the type checker, is what refuses it here.
    const notALeak = { ...check, leaks: check.state === 'checked' ? [{ ...check.leaks[0], access: visible }] : [] } as unknown as LeakCheck;
    expect(errorOf(() => store().saveComparison(comparison(notALeak, new Date()))).message).toMatch(
      /a leak is a node the principal may not see/,
    );
  });

  it('reads a comparison whose stored JSON was changed outside the app as a damaged row, naming it', () => {
    const made = store().saveComparison(comparison(oneLeak(), new Date()));
    withRawDatabase(temp.file(), (db) =>
      db.prepare("UPDATE comparisons SET json = json_set(json, '$.a.outcome', 'maybe') WHERE id = ?").run(made.id),
    );
    const error = errorOf(() => store().getComparison(made.id));
    expect(error.kind).toBe('io');
    expect(error.message).toContain(`comparison ${made.id} is damaged`);
  });

  it('answers null for a comparison it does not hold', () => {
    expect(store().getComparison('no-such-comparison')).toBeNull();
  });
});

describe('migration 3 on a trace store of schema 2', () => {
  const temp = useTempStores();

  it('adds the list columns to the comparisons table, keeping a row made before it', () => {
    const db = new Database(temp.file());
    applyMigrations(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 2),
    );
    db.prepare(
      "INSERT INTO comparisons (id, created_at, trace_a, trace_b, json) VALUES ('old', '2026-01-01T00:00:00.000Z', 't1', 't2', '{}')",
    ).run();
    db.close();
    const store = temp.open();
    expect(store.listComparisons()).toEqual([
      {
        id: 'old',
        created_at: '2026-01-01T00:00:00.000Z',
        source: 'runs',
        query: '',
        trace_a: 't1',
        trace_b: 't2',
        principal_a: '',
        principal_b: '',
        leak_count: null,
        unanswered: [],
      },
    ]);
  });
});

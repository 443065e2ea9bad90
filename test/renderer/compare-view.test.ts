import { describe, expect, it } from 'vitest';
import type { Comparison, LeakCheck } from '../../shared/compare/comparison';
import { nodeAccessOf } from '../../shared/compare/node-access';
import type { ContextItem } from '../../shared/context-contract';
import { assembleComparison, comparisonRun } from '../../shared/compare/assemble-comparison';
import { columnRows, percent } from '../../renderer/screens/compare/compare-view';
import { comparisonToForm, DEFAULT_COMPARE_FORM, formToCompareInput } from '../../renderer/screens/compare/compare-form';
import { buildRunRecord } from '../support/run-record-factory';

/** Two runs of three items each; B returns A's second and first items in swapped places, and one of its own. */
function comparison(check: (a: ContextItem[], b: ContextItem[]) => LeakCheck): Comparison {
  const runA = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-hana' }, itemCount: 3 }));
  const runB = comparisonRun(buildRunRecord({ principal: { principal_id: 'u-guest' }, itemCount: 3 }));
  const [a1, a2, a3] = runA.items as [ContextItem, ContextItem, ContextItem];
  const own = { ...(runB.items[2] as ContextItem), claim_id: 'claim-only-b' };
  const b = { ...runB, items: [a2, a1, own] };
  return assembleComparison(
    { id: 'cmp-1', createdAt: new Date() },
    'principals',
    [{ ...runA, items: [a1, a2, a3] }, b],
    check([a1, a2, a3], b.items),
    0.9,
  );
}

const visible = (id: string) => nodeAccessOf({ label: 'Chunk', id }, { visible: true, because: [] });

describe('compare view: the columns', () => {
  it('marks each item only-here or in both, with the other run’s rank and how far it moved', () => {
    const made = comparison(() => ({ state: 'checked', leaks: [], nodes_checked: 0, access: [] }));
    expect(columnRows(made, 'a').map((row) => [row.rank, row.otherRank, row.rankMove])).toEqual([
      [1, 2, 1],
      [2, 1, -1],
      [3, null, null],
    ]);
    expect(columnRows(made, 'b').map((row) => [row.key, row.otherRank])).toEqual([
      [`claim:${made.a.items[1]?.claim_id}`, 2],
      [`claim:${made.a.items[0]?.claim_id}`, 1],
      ['claim:claim-only-b', null],
    ]);
  });

  it('gives each row the why-allowed / why-denied of both principals and only the leaks of its own side and place', () => {
    const made = comparison((a, b) => {
      const key = `claim:${b[2]?.claim_id}`;
      const denied = nodeAccessOf(
        { label: 'Document', id: 'policy-hr' },
        { visible: false, reason: 'not_shared', rule: 'document.any_of x', failed: [] },
      );
      if (denied.state === 'visible') throw new Error('unreachable');
      return {
        state: 'checked',
        leaks: [{ side: 'b', principal_id: 'u-guest', item_key: key, rank: 3, document_id: 'policy-hr', access: denied }],
        nodes_checked: 9,
        access: [{ item_key: key, a: visible('c1'), b: denied }],
      };
    });
    const rowsB = columnRows(made, 'b');
    expect(rowsB[2]?.leaks).toHaveLength(1);
    expect(rowsB[2]?.access?.b?.state).toBe('denied');
    expect(rowsB.slice(0, 2).every((row) => row.leaks.length === 0)).toBe(true);
    expect(columnRows(made, 'a').every((row) => row.leaks.length === 0)).toBe(true);
  });

  it('has no why rows when the leak check failed', () => {
    const made = comparison(() => ({ state: 'failed', error: { kind: 'timeout', message: 'late' } }));
    expect(columnRows(made, 'a').every((row) => row.access === undefined && row.leaks.length === 0)).toBe(true);
  });

  it('shows figures as percentages with one decimal', () => {
    expect(percent(1)).toBe('100.0%');
    expect(percent(0.58333)).toBe('58.3%');
    expect(percent(0)).toBe('0.0%');
  });
});

describe('compare form', () => {
  it('asks for one request as two principals with the numbers as typed, empty ones left to the defaults', () => {
    const input = formToCompareInput({
      ...DEFAULT_COMPARE_FORM,
      query: 'salary',
      principalA: 'u-hana',
      principalB: 'u-guest',
      mode: 'graph',
      topK: '5',
      timeoutMs: '',
    });
    expect(input).toEqual({
      source: 'principals',
      principal_a: 'u-hana',
      principal_b: 'u-guest',
      request: { query: 'salary', mode: 'graph', top_k: 5 },
    });
  });

  it('asks for two stored runs by trace id', () => {
    expect(formToCompareInput({ ...DEFAULT_COMPARE_FORM, source: 'runs', traceA: 't1', traceB: 't2' })).toEqual({
      source: 'runs',
      trace_a: 't1',
      trace_b: 't2',
    });
  });

  it('fills in what a reopened comparison asked for, keeping the limits typed', () => {
    const made = comparison(() => ({ state: 'checked', leaks: [], nodes_checked: 0, access: [] }));
    const form = comparisonToForm(made, { ...DEFAULT_COMPARE_FORM, topK: '7' });
    expect(form).toMatchObject({
      source: 'principals',
      query: made.a.query,
      principalA: 'u-hana',
      principalB: 'u-guest',
      traceA: made.a.trace_id,
      topK: '7',
    });
    expect(formToCompareInput(form)).toMatchObject({
      principal_a: 'u-hana',
      principal_b: 'u-guest',
      request: { query: made.a.query, top_k: 7 },
    });
  });
});

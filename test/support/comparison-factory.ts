import { assembleComparison, comparisonRun } from '../../shared/compare/assemble-comparison';
import type { Comparison, LeakCheck } from '../../shared/compare/comparison';
import type { Outcome } from '../../shared/context-contract';
import { buildRunRecord } from './run-record-factory';

/** What a two-run comparison of principals is made of in a test: the runs' principals, outcomes and question, and the comparison's id. */
export interface TwoRunComparison {
  readonly principals: readonly [string, string];
  readonly outcomes?: readonly [Outcome, Outcome];
  readonly query: string;
  readonly itemCount: number;
  readonly id: string;
  readonly createdAt: string;
}

/** A comparison of two principals' runs of one question with `check` as its leak check (overlap threshold 0.9). */
export function twoRunComparison(check: LeakCheck, spec: TwoRunComparison): Comparison {
  const outcomes = spec.outcomes ?? ['ok', 'ok'];
  const [a, b] = spec.principals.map((principalId, index) =>
    comparisonRun(
      buildRunRecord({ principal: { principal_id: principalId }, outcome: outcomes[index], query: spec.query, itemCount: spec.itemCount }),
    ),
  );
  return assembleComparison({ id: spec.id, createdAt: new Date(spec.createdAt) }, 'principals', [a, b] as never, check, 0.9);
}

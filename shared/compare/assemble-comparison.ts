import type { RunRecord } from '../trace-record';
import type { Comparison, ComparisonRun, LeakCheck } from './comparison';
import { diffRuns } from './run-diff';

/** A run as a comparison keeps it: who asked what, how it ended, and its items. */
export function comparisonRun(run: RunRecord): ComparisonRun {
  const query = run.request.query;
  return {
    trace_id: run.trace_id,
    principal: run.principal,
    query: typeof query === 'string' ? query : '',
    mode: run.mode,
    outcome: run.outcome,
    ...(run.response.message === undefined ? {} : { message: run.response.message }),
    ...(run.response.message_code === undefined
      ? {}
      : { message_code: run.response.message_code, message_params: run.response.message_params ?? {} }),
    items: run.response.items,
  };
}

/** The comparison of two runs whose leak check is done; the diff is computed here, from the items alone. */
export function assembleComparison(
  made: { readonly id: string; readonly createdAt: Date },
  source: Comparison['source'],
  [a, b]: readonly [ComparisonRun, ComparisonRun],
  leakCheck: LeakCheck,
  rboP: number,
): Comparison {
  return {
    id: made.id,
    created_at: made.createdAt.toISOString(),
    source,
    leak_check: leakCheck,
    a,
    b,
    diff: diffRuns(a.items, b.items, rboP),
  };
}

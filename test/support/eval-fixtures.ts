import type { EvalReport, EvalRun } from '../../shared/eval/eval-report';
import { aggregateByMode, evalExitCode } from '../../shared/eval/eval-scoring';

/** A passed run with perfect figures, changed by `fields`. */
export function evalRun(fields: Partial<EvalRun> & Pick<EvalRun, 'question_id' | 'mode'>): EvalRun {
  return {
    question: fields.question_id,
    principal: 'u-sora',
    language: 'en',
    status: 'passed',
    trace_id: `t-${fields.question_id}-${fields.mode}`,
    outcome: 'ok',
    error: null,
    latency_ms: 10,
    documents: [],
    document_metrics: { recall: 1, precision: 1, mrr: 1, ndcg: 1 },
    chunk_metrics: null,
    violations: [],
    ...fields,
  };
}

/** A report of these runs, its means and exit code computed as the runner does. */
export function evalReport(id: string, runs: EvalRun[], modes: EvalReport['modes'], createdAt = '2026-12-02T10:00:00.000Z'): EvalReport {
  return {
    id,
    created_at: createdAt,
    set: { name: 'demo', file: 'set.yaml', questions: new Set(runs.map((run) => run.question_id)).size },
    graph: { uri: null, label: id, fingerprint: 'f' },
    k: 10,
    modes,
    elapsed_ms: 1,
    runs,
    aggregates: aggregateByMode(runs, modes),
    findings: [],
    exit_code: evalExitCode(runs),
  };
}

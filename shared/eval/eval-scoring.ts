import type { ContextItem } from '../context-contract';
import { firstOccurrences, meanMetrics, percentile, rankMetrics } from './eval-metrics';
import { gradedItem, type EvalMode, type ExpectedItem, type GoldenQuestion } from './golden-set';
import { EVAL_EXIT_CODES, type EvalRun, type ModeAggregate, type Violation } from './eval-report';

/**
 * Scores what a run handed over against its question, and sums the runs up per mode. Pure: the runner
 * feeds it the recorded items, the tests feed it hand-built ones.
 */

/** What a run's scoring needs from its items: their document and chunk ids, in rank order. */
export type ScoredItem = Pick<ContextItem, 'document_id' | 'chunk_ids'>;

/** The fields of an EvalRun the scoring fills in. */
export type RunScore = Pick<EvalRun, 'status' | 'documents' | 'document_metrics' | 'chunk_metrics' | 'violations'>;

function gradeMap(items: readonly ExpectedItem[]): Map<string, number> {
  return new Map(items.map(gradedItem).map(({ id, grade }) => [id, grade]));
}

/** Every must_not_appear document or chunk among the items, at the rank of the item that holds it (the whole answer, not only the top k). */
export function findViolations(question: GoldenQuestion, items: readonly ScoredItem[]): Violation[] {
  const documents = new Set(question.must_not_appear?.documents ?? []);
  const chunks = new Set(question.must_not_appear?.chunks ?? []);
  return items.flatMap((item, index) => [
    ...(documents.has(item.document_id) ? [{ level: 'document' as const, id: item.document_id, rank: index + 1 }] : []),
    ...item.chunk_ids.filter((chunk) => chunks.has(chunk)).map((chunk) => ({ level: 'chunk' as const, id: chunk, rank: index + 1 })),
  ]);
}

/** The figures of an answered run: document level always, chunk level when the question expects chunks. */
export function scoreAnswer(question: GoldenQuestion, items: readonly ScoredItem[], k: number): RunScore {
  const documents = firstOccurrences(items.map((item) => item.document_id)).slice(0, k);
  const chunks = firstOccurrences(items.flatMap((item) => item.chunk_ids)).slice(0, k);
  const violations = findViolations(question, items);
  return {
    status: violations.length > 0 ? 'violation' : 'passed',
    documents,
    document_metrics: rankMetrics(documents, gradeMap(question.expected.documents), k),
    chunk_metrics: question.expected.chunks.length > 0 ? rankMetrics(chunks, gradeMap(question.expected.chunks), k) : null,
    violations,
  };
}

/** A run with no answer: failed, no figures (never "found nothing"). */
export const FAILED_SCORE: RunScore = { status: 'failed', documents: [], document_metrics: null, chunk_metrics: null, violations: [] };

/** Per mode, in the order given: counts, mean figures of the answered runs, latency p50 and p95 of every run that reached the door. */
export function aggregateByMode(runs: readonly EvalRun[], modes: readonly EvalMode[]): ModeAggregate[] {
  return modes.map((mode) => {
    const own = runs.filter((run) => run.mode === mode);
    const answered = own.filter((run) => run.status !== 'failed');
    const latencies = own.filter((run) => run.trace_id !== null).map((run) => run.latency_ms);
    return {
      mode,
      runs: own.length,
      passed: own.filter((run) => run.status === 'passed').length,
      violations: own.filter((run) => run.status === 'violation').length,
      failed: own.length - answered.length,
      document_metrics: meanMetrics(answered.flatMap((run) => run.document_metrics ?? [])),
      chunk_metrics: meanMetrics(answered.flatMap((run) => run.chunk_metrics ?? [])),
      latency_p50_ms: percentile(latencies, 0.5),
      latency_p95_ms: percentile(latencies, 0.95),
    };
  });
}

/** The exit code of an evaluation's runs: a leak first, then failed runs, else clean. */
export function evalExitCode(runs: readonly EvalRun[]): number {
  if (runs.some((run) => run.status === 'violation')) return EVAL_EXIT_CODES.violation;
  if (runs.some((run) => run.status === 'failed')) return EVAL_EXIT_CODES.runs_failed;
  return EVAL_EXIT_CODES.clean;
}

import { z } from 'zod';
import { CoreParamsSchema } from '../core-message';
import { EvalMode } from './golden-set';

/**
 * The report of one evaluation: every question × mode run with its figures, its trace id and any
 * leak, and per mode the means and latencies. Stored in the trace store (`evaluations` table) and
 * written as JSON by `lens eval --report`.
 */

/** recall@k, precision@k, MRR and nDCG@k of one run, or their means. */
export const Metrics = z.object({ recall: z.number(), precision: z.number(), mrr: z.number(), ndcg: z.number() });
export type Metrics = z.infer<typeof Metrics>;

/** The metric names, in the order tables show them. */
export const METRIC_NAMES = ['recall', 'precision', 'mrr', 'ndcg'] as const satisfies readonly (keyof Metrics)[];
export type MetricName = (typeof METRIC_NAMES)[number];

/** A must_not_appear document or chunk that a run handed over, at its rank (1-based, in the whole answer). */
export const Violation = z.object({ level: z.enum(['document', 'chunk']), id: z.string(), rank: z.number().int().min(1) });
export type Violation = z.infer<typeof Violation>;

/**
 * How a run ended for the evaluation: `passed` (answered, no leak), `violation` (answered, but handed
 * over a must_not_appear item: the question fails whatever its figures), `failed` (no answer: a
 * timeout, an outage, a refusal; never scored as "found nothing").
 */
export const RunStatus = z.enum(['passed', 'violation', 'failed']);
export type RunStatus = z.infer<typeof RunStatus>;

/** One question asked in one mode. */
export const EvalRun = z.object({
  question_id: z.string(),
  question: z.string(),
  principal: z.string(),
  language: z.string().nullable(),
  mode: EvalMode,
  status: RunStatus,
  /** The recorded run, to open in Traces or the Workbench (absent when the door refused the request). */
  trace_id: z.string().nullable(),
  outcome: z.string().nullable(),
  /**
   * Why the run failed, for `failed`: its kind and English sentence, with the sentence's message code and parameters
   * where it had them (absent from reports kept before), so a screen words it in its language.
   */
  error: z
    .object({ kind: z.string(), message: z.string(), message_code: z.string().optional(), message_params: CoreParamsSchema.optional() })
    .nullable(),
  latency_ms: z.number(),
  /** Document ids handed over, in rank order, first occurrences, cut to k. */
  documents: z.array(z.string()),
  /** Figures at document level; null for a failed run. */
  document_metrics: Metrics.nullable(),
  /** Figures at chunk level, when the question expects chunks; null otherwise and for a failed run. */
  chunk_metrics: Metrics.nullable(),
  violations: z.array(Violation),
});
export type EvalRun = z.infer<typeof EvalRun>;

/** Per mode: how many runs, how they ended, the mean figures of the answered runs, the latencies. */
export const ModeAggregate = z.object({
  mode: EvalMode,
  runs: z.number().int(),
  passed: z.number().int(),
  violations: z.number().int(),
  failed: z.number().int(),
  /** Means over the runs that answered (passed or violation); null when none did. */
  document_metrics: Metrics.nullable(),
  /** Means over the answered runs of questions that expect chunks; null when there are none. */
  chunk_metrics: Metrics.nullable(),
  latency_p50_ms: z.number().nullable(),
  latency_p95_ms: z.number().nullable(),
});
export type ModeAggregate = z.infer<typeof ModeAggregate>;

/**
 * The expectations of the set that no run can meet, whatever the retrieval: an expected document or
 * chunk the question's principal may not see (every chunk of it fails the access policy), or one the
 * graph does not hold. Each is a finding of the set, not of a mode; the runs' figures are computed as
 * for any expectation, and this says why they cannot reach 1. Beside them, the set's checks that can
 * never fail: a must_not_appear document or chunk the graph does not hold guards nothing.
 */
export const EVAL_FINDING_CODES = [
  'expected_document_not_visible',
  'expected_chunk_not_visible',
  'expected_document_not_in_graph',
  'expected_chunk_not_in_graph',
  'forbidden_document_not_in_graph',
  'forbidden_chunk_not_in_graph',
  'unchecked_expected_document',
  'unchecked_expected_chunk',
  'unchecked_forbidden_document',
  'unchecked_forbidden_chunk',
] as const;
export type EvalFindingCode = (typeof EVAL_FINDING_CODES)[number];

/** One unmeetable expectation: the question, its principal, the expected id and the run it was judged on (for `lens explain`). */
export const EvalFinding = z.object({
  code: z.enum(EVAL_FINDING_CODES),
  question_id: z.string(),
  principal: z.string(),
  id: z.string(),
  trace_id: z.string(),
  /** For a file path given where a document id belongs: the id of the one document loaded from that file. */
  suggestion: z.string().optional(),
  /**
   * An `unchecked_*` finding only: why the check of the item could not finish (the graph did not answer
   * in time, could not be reached, or the check failed), and the error's kind. Its UNMEETABLE or
   * UNGUARDED line may then be missing: a check that could not finish is never "nothing found".
   */
  unchecked: z.object({ reason: z.enum(['timeout', 'unavailable', 'failed']), kind: z.string() }).optional(),
});
export type EvalFinding = z.infer<typeof EvalFinding>;

/** The exit codes of `lens eval`. */
export const EVAL_EXIT_CODES = {
  /** Every run answered, nothing forbidden handed over, no regression. */
  clean: 0,
  /** A must_not_appear item was handed over, or (with --compare) a regression was flagged. */
  violation: 1,
  /** The evaluation could not run: a bad set, an unknown principal, no graph. */
  could_not_run: 2,
  /** Some runs failed (timeout, outage, refusal): their questions count as failures, the figures are incomplete. */
  runs_failed: 3,
  /**
   * With `--strict` only, when nothing above applies: the set has findings (an expectation no run can
   * meet, a must_not_appear check that guards nothing, or a check of either that could not be made).
   */
  findings: 4,
} as const;

/** The whole report. */
export const EvalReport = z.object({
  id: z.string(),
  created_at: z.string(),
  set: z.object({ name: z.string(), file: z.string(), questions: z.number().int() }),
  /**
   * The graph evaluated: its URI (credentials masked), an optional label given by the person (e.g.
   * "v2 after re-chunking"), and a fingerprint of the document versions the runs handed over.
   */
  graph: z.object({ uri: z.string().nullable(), label: z.string().nullable(), fingerprint: z.string() }),
  k: z.number().int(),
  modes: z.array(EvalMode),
  elapsed_ms: z.number(),
  runs: z.array(EvalRun),
  aggregates: z.array(ModeAggregate),
  /** Expectations no run can meet (absent from reports stored before findings existed). */
  findings: z.array(EvalFinding).default([]),
  exit_code: z.number().int(),
});
export type EvalReport = z.infer<typeof EvalReport>;

/** A stored evaluation, as lists show it. */
export const EvalSummary = z.object({
  id: z.string(),
  created_at: z.string(),
  set_name: z.string(),
  graph_label: z.string().nullable(),
  modes: z.array(z.string()),
  questions: z.number().int(),
  runs: z.number().int(),
  violations: z.number().int(),
  failed: z.number().int(),
  /** Expectations no run can meet (0 for reports stored before findings existed); neither leaks nor failures. */
  findings: z.number().int(),
  /** Items whose check could not finish (`unchecked_*` findings, not counted in `findings`). */
  unchecked: z.number().int().default(0),
});
export type EvalSummary = z.infer<typeof EvalSummary>;

/**
 * What `lens eval` exits with: a leak or a regression first, then runs that failed, then (with
 * `--strict`) the set's findings, which otherwise leave a clean evaluation clean.
 */
export function evalCliExitCode(report: EvalReport, regressions: number, strict: boolean): number {
  if (report.exit_code === EVAL_EXIT_CODES.violation || regressions > 0) return EVAL_EXIT_CODES.violation;
  if (report.exit_code !== EVAL_EXIT_CODES.clean) return report.exit_code;
  return strict && report.findings.length > 0 ? EVAL_EXIT_CODES.findings : EVAL_EXIT_CODES.clean;
}

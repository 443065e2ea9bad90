import { z } from 'zod';
import { METRIC_NAMES, Metrics, RunStatus, type EvalReport, type EvalRun, type ModeAggregate } from './eval-report';

/**
 * Two evaluations side by side: A is the baseline, B the candidate. Runs are paired by question (and
 * by mode when both sides cover several modes), or, for two modes of one evaluation, by question
 * alone. A pair regresses when B is worse than A by more than the tolerance on any figure, or when B
 * leaked or failed where A passed; the mode means regress by the same rule on their figures.
 */

/** How much worse a figure may get before it is flagged (figures run from 0 to 1). */
export const DEFAULT_TOLERANCE = 0.05;

/** One side: an evaluation, and the one mode taken from it (null: all its modes, paired by mode). */
export const ComparedSide = z.object({
  id: z.string(),
  set_name: z.string(),
  graph_label: z.string().nullable(),
  mode: z.string().nullable(),
});

/** B − A for every figure. */
const Delta = Metrics;

/** One question compared. */
export const QuestionDelta = z.object({
  question_id: z.string(),
  question: z.string(),
  mode_a: z.string(),
  mode_b: z.string(),
  status_a: RunStatus,
  status_b: RunStatus,
  trace_a: z.string().nullable(),
  trace_b: z.string().nullable(),
  a: Metrics.nullable(),
  b: Metrics.nullable(),
  delta: Delta.nullable(),
  regression: z.boolean(),
  /** What regressed: metric names, or `status` when B leaked or failed where A passed. */
  regressed: z.array(z.string()),
});
export type QuestionDelta = z.infer<typeof QuestionDelta>;

/** One pair of modes compared on their means. */
export const AggregateDelta = z.object({
  mode_a: z.string(),
  mode_b: z.string(),
  a: Metrics.nullable(),
  b: Metrics.nullable(),
  delta: Delta.nullable(),
  regression: z.boolean(),
  regressed: z.array(z.string()),
});
export type AggregateDelta = z.infer<typeof AggregateDelta>;

/** The comparison. */
export const EvalComparison = z.object({
  a: ComparedSide,
  b: ComparedSide,
  tolerance: z.number(),
  aggregates: z.array(AggregateDelta),
  questions: z.array(QuestionDelta),
  /** Questions in only one of the two (a set changed between runs). */
  unpaired: z.array(z.string()),
  regressions: z.number().int(),
});
export type EvalComparison = z.infer<typeof EvalComparison>;

/** B − A per figure; null when either side has none. */
function delta(a: Metrics | null, b: Metrics | null): Metrics | null {
  if (!a || !b) return null;
  return { recall: b.recall - a.recall, precision: b.precision - a.precision, mrr: b.mrr - a.mrr, ndcg: b.ndcg - a.ndcg };
}

/** The figures that fell by more than the tolerance (a tiny epsilon keeps 0.05 − 0.1 from counting as beyond 0.05). */
function fallen(change: Metrics | null, tolerance: number): string[] {
  if (!change) return [];
  return METRIC_NAMES.filter((name) => change[name] < -tolerance - 1e-9);
}

function compareRuns(a: EvalRun, b: EvalRun, tolerance: number): QuestionDelta {
  const change = delta(a.document_metrics, b.document_metrics);
  const statusWorse = a.status === 'passed' && b.status !== 'passed';
  const regressed = [...(statusWorse ? ['status'] : []), ...fallen(change, tolerance)];
  return {
    question_id: a.question_id,
    question: a.question,
    mode_a: a.mode,
    mode_b: b.mode,
    status_a: a.status,
    status_b: b.status,
    trace_a: a.trace_id,
    trace_b: b.trace_id,
    a: a.document_metrics,
    b: b.document_metrics,
    delta: change,
    regression: regressed.length > 0,
    regressed,
  };
}

function compareAggregates(a: ModeAggregate, b: ModeAggregate, tolerance: number): AggregateDelta {
  const change = delta(a.document_metrics, b.document_metrics);
  const regressed = fallen(change, tolerance);
  return {
    mode_a: a.mode,
    mode_b: b.mode,
    a: a.document_metrics,
    b: b.document_metrics,
    delta: change,
    regression: regressed.length > 0,
    regressed,
  };
}

/** Where a run sits in its side: by question when the side is one mode, by question and mode otherwise. */
const runKey = (run: EvalRun, byMode: boolean) => (byMode ? `${run.question_id}\u0000${run.mode}` : run.question_id);

/**
 * Compares B with A. `modeA`/`modeB` take one mode from each (e.g. vector vs hybrid of one report);
 * without them, runs and means are paired by mode over the modes both cover.
 */
export function compareEvaluations(
  a: EvalReport,
  b: EvalReport,
  options: { modeA?: string; modeB?: string; tolerance?: number } = {},
): EvalComparison {
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  const byMode = options.modeA === undefined && options.modeB === undefined;
  const pick = (report: EvalReport, mode: string | undefined) => report.runs.filter((run) => mode === undefined || run.mode === mode);
  const runsA = new Map(pick(a, options.modeA).map((run) => [runKey(run, byMode), run]));
  const runsB = new Map(pick(b, options.modeB).map((run) => [runKey(run, byMode), run]));
  const questions = [...runsA].flatMap(([key, run]) => {
    const other = runsB.get(key);
    return other ? [compareRuns(run, other, tolerance)] : [];
  });
  const unpaired = [...new Set([...runsA.keys(), ...runsB.keys()].filter((key) => !(runsA.has(key) && runsB.has(key))))].map(
    (key) => key.split('\u0000')[0] as string,
  );
  const aggregates = byMode
    ? a.aggregates.flatMap((mean) => {
        const other = b.aggregates.find((candidate) => candidate.mode === mean.mode);
        return other ? [compareAggregates(mean, other, tolerance)] : [];
      })
    : pairOf(a, options.modeA, b, options.modeB, tolerance);
  const side = (report: EvalReport, mode: string | undefined) => ({
    id: report.id,
    set_name: report.set.name,
    graph_label: report.graph.label,
    mode: mode ?? null,
  });
  return {
    a: side(a, options.modeA),
    b: side(b, options.modeB),
    tolerance,
    aggregates,
    questions,
    unpaired: [...new Set(unpaired)],
    regressions: questions.filter((question) => question.regression).length + aggregates.filter((mean) => mean.regression).length,
  };
}

function pairOf(a: EvalReport, modeA: string | undefined, b: EvalReport, modeB: string | undefined, tolerance: number): AggregateDelta[] {
  const meanA = a.aggregates.find((mean) => mean.mode === (modeA ?? modeB));
  const meanB = b.aggregates.find((mean) => mean.mode === (modeB ?? modeA));
  return meanA && meanB ? [compareAggregates(meanA, meanB, tolerance)] : [];
}

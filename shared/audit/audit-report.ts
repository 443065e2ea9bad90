import { z } from 'zod';
import { Outcome, RetrievalMode } from '../context-contract';
import { AuditMessage } from './audit-messages';
import { EXPECTATION_KINDS, RUN_CHECK_ID } from './audit-suite';

/**
 * What `lens audit` reports (`--report out.json`): every check with its result and its evidence —
 * the trace ids of the runs it judged (so `lens explain` and the Traces screen open them) and, for
 * `differ_only_in`, the stored comparison — and every run of the matrix with its outcome.
 */

/** A check passed, found a violation, or could not run (never read as a pass). */
export const CheckResult = z.enum(['passed', 'violated', 'could_not_run']);
export type CheckResult = z.infer<typeof CheckResult>;

/** The run's own check, then the kinds of expectation. */
export const CheckKind = z.enum([RUN_CHECK_ID, ...EXPECTATION_KINDS]);
export type CheckKind = z.infer<typeof CheckKind>;

/** One violation: what broke, in which run, at which item. */
export const AuditViolation = z.object({
  message: AuditMessage,
  text: z.string(),
  trace_id: z.string(),
  rank: z.number().int().min(1).optional(),
  document_id: z.string().optional(),
  chunk_id: z.string().optional(),
});
export type AuditViolation = z.infer<typeof AuditViolation>;

/** One check of the suite. */
export const AuditCheck = z.object({
  /** `<expectation>/<question>/<principal or A~B>/<mode>`, unique in the report. */
  id: z.string(),
  expectation: z.string(),
  kind: CheckKind,
  question: z.string(),
  mode: RetrievalMode,
  /** The principal the check is about; both for `differ_only_in`. */
  principals: z.array(z.string()).min(1).max(2),
  result: CheckResult,
  message: AuditMessage,
  text: z.string(),
  violations: z.array(AuditViolation),
  evidence: z.object({
    trace_ids: z.array(z.string()),
    comparison_id: z.string().optional(),
  }),
});
export type AuditCheck = z.infer<typeof AuditCheck>;

/** One run of the matrix, as recorded in the trace store. */
export const AuditRun = z.object({
  question: z.string(),
  principal: z.string(),
  mode: RetrievalMode,
  /** Absent when the request never ran (the door refused it); `error` says why. */
  trace_id: z.string().optional(),
  outcome: Outcome.optional(),
  items: z.number().int().min(0),
  elapsed_ms: z.number().min(0),
  error: z.object({ kind: z.string(), message: z.string() }).optional(),
});
export type AuditRun = z.infer<typeof AuditRun>;

/** The counts the exit code is decided from. */
export const AuditTotals = z.object({
  checks: z.number().int().min(0),
  passed: z.number().int().min(0),
  violated: z.number().int().min(0),
  could_not_run: z.number().int().min(0),
  runs: z.number().int().min(0),
  comparisons: z.number().int().min(0),
});
export type AuditTotals = z.infer<typeof AuditTotals>;

/** The whole report. */
export const AuditReport = z.object({
  suite: z.object({ name: z.string(), file: z.string() }),
  started_at: z.string(),
  elapsed_ms: z.number().min(0),
  concurrency: z.number().int().min(1),
  /** The graph the runs read (credentials masked), when the API said. */
  graph_uri: z.string().nullable(),
  totals: AuditTotals,
  /** 0 clean, 1 violations, 2 could not run. */
  exit_code: z.number().int().min(0).max(2),
  summary: z.string(),
  checks: z.array(AuditCheck),
  runs: z.array(AuditRun),
});
export type AuditReport = z.infer<typeof AuditReport>;

/** Exit codes of `lens audit`. */
export const AUDIT_EXIT_CODES = { clean: 0, violations: 1, could_not_run: 2 } as const;

/** Counts the results; violations decide the exit before anything that could not run, as `lens compare` does with leaks. */
export function auditTotals(checks: readonly Pick<AuditCheck, 'result'>[], runs: number, comparisons: number): AuditTotals {
  const count = (result: CheckResult) => checks.filter((check) => check.result === result).length;
  return {
    checks: checks.length,
    passed: count('passed'),
    violated: count('violated'),
    could_not_run: count('could_not_run'),
    runs,
    comparisons,
  };
}

/** The exit code of an audit: 1 when any check found a violation, else 2 when any could not run, else 0. */
export function auditExitCode(totals: AuditTotals): number {
  if (totals.violated > 0) return AUDIT_EXIT_CODES.violations;
  if (totals.could_not_run > 0) return AUDIT_EXIT_CODES.could_not_run;
  return AUDIT_EXIT_CODES.clean;
}

import type { QueryRunResult } from '../../shared/api/lens-api';
import { auditMessage, wordAuditMessage } from '../../shared/audit/audit-messages';
import { auditExitCode, auditTotals, type AuditCheck, type AuditReport, type AuditRun } from '../../shared/audit/audit-report';
import { RUN_CHECK_ID, type DifferOnlyIn } from '../../shared/audit/audit-suite';
import { judgeDifference } from '../../shared/audit/evaluate-difference';
import {
  couldNotRunError,
  couldNotRunOutcome,
  isAnswer,
  judgeOutcome,
  judgeRun,
  verdict,
  type CheckVerdict,
} from '../../shared/audit/evaluate-run';
import type { Comparison } from '../../shared/compare/comparison';
import { isLensError, type LensErrorData } from '../../shared/lens-error';
import { planAudit, runRequest, suiteForProvider, type PlannedCheck, type PlannedRun } from './audit-plan';
import { mapBounded } from './bounded-pool';
import type { OperationCaller } from './operation-caller';
import { checkProviderEndpoint } from './provider-endpoint-check';
import { checkPrincipalsExist } from './suite-principals';
import type { SuiteFile } from './suite-file';

/**
 * Runs a suite through the API: every run is a `query.run` (recorded like any other run, so its trace
 * id is the evidence), every `differ_only_in` check a `compare.run` of two of those runs; the runner
 * never reaches past the door, so it audits exactly what the app, the CLI and the HTTP host run.
 */

/** How far the audit is, for a progress bar or plain lines. */
export interface AuditProgress {
  readonly phase: 'runs' | 'comparisons';
  readonly done: number;
  readonly total: number;
  /** Runs that did not end in an answer so far. */
  readonly failed: number;
}

/** What the runner needs besides the suite. */
export interface AuditOptions {
  readonly concurrency: number;
  readonly progress?: (progress: AuditProgress) => void;
  /** The provider endpoint (`--provider`): every run in mode `provider`, calling it. The door must already be set to call it. */
  readonly provider?: string;
}

/** A run's result: the recorded answer, or why the door refused the request. */
type RunResult = { run: PlannedRun; result: QueryRunResult | null; error: LensErrorData | null; elapsed_ms: number };
/** A comparison's result for a `differ_only_in` check, by check id. */
type CompareResult = { comparison: Comparison | null; error: LensErrorData | null };

/** The error of a call as data; a thrown value that is not a LensError is an internal error. */
function errorData(error: unknown): LensErrorData {
  if (isLensError(error)) return error.toData();
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}

async function runAll(call: OperationCaller, file: SuiteFile, runs: readonly PlannedRun[], options: AuditOptions): Promise<RunResult[]> {
  let done = 0;
  let failed = 0;
  options.progress?.({ phase: 'runs', done, total: runs.length, failed });
  return mapBounded(runs, options.concurrency, async (run) => {
    const started = performance.now();
    const request = runRequest(file.suite, run);
    const outcome: RunResult = await call('query.run', { request }).then(
      (result) => ({ run, result, error: null, elapsed_ms: performance.now() - started }),
      (error: unknown) => ({ run, result: null, error: errorData(error), elapsed_ms: performance.now() - started }),
    );
    done += 1;
    if (!outcome.result || !isAnswer(outcome.result.response.outcome)) failed += 1;
    options.progress?.({ phase: 'runs', done, total: runs.length, failed });
    return outcome;
  });
}

async function compareAll(
  call: OperationCaller,
  checks: readonly PlannedCheck[],
  runs: ReadonlyMap<string, RunResult>,
  options: AuditOptions,
): Promise<Map<string, CompareResult>> {
  const answered = (key: string | undefined) => runs.get(key ?? '')?.result?.response;
  const wanted = checks.filter((check) => check.kind === 'differ_only_in' && check.runs.every((key) => answered(key)));
  let done = 0;
  if (wanted.length > 0) options.progress?.({ phase: 'comparisons', done, total: wanted.length, failed: 0 });
  const results = await mapBounded(wanted, options.concurrency, async (check) => {
    const [a, b] = check.runs.map((key) => answered(key)?.trace_id as string);
    const result: CompareResult = await call('compare.run', { source: 'runs', trace_a: a as string, trace_b: b as string }).then(
      (comparison) => ({ comparison, error: null }),
      (error: unknown) => ({ comparison: null, error: errorData(error) }),
    );
    done += 1;
    options.progress?.({ phase: 'comparisons', done, total: wanted.length, failed: 0 });
    return [check.id, result] as const;
  });
  return new Map(results);
}

const couldNotRunMissing = () => verdict('could_not_run', auditMessage('could_not_run_missing'));

/** The kinds of expectation that only ever fail on a matching item: one whose match names nothing in the graph guards nothing. */
const GUARD_KINDS = ['never_sees', 'no_stale_labelled_current'] as const;

/**
 * For each guarding expectation of the suite (never_sees, no_stale_labelled_current), the criteria of
 * its match that no document in the graph matches, asked in one call through the door before any run
 * (the graph's documents are read once for all guards); an expectation whose every criterion matches
 * is left out.
 */
export async function unmatchedGuards(call: OperationCaller, file: SuiteFile): Promise<Map<string, CheckVerdict>> {
  const guards = file.suite.expectations.flatMap((expectation) =>
    GUARD_KINDS.flatMap((kind) => {
      const match = expectation[kind];
      return match ? [{ id: expectation.id, kind, match }] : [];
    }),
  );
  const found = new Map<string, CheckVerdict>();
  if (guards.length === 0) return found;
  const { unmatched: each } = await call('audit.unmatched', { matches: guards.map((guard) => guard.match) });
  guards.forEach(({ id, kind }, index) => {
    const unmatched = each[index] ?? [];
    if (unmatched.length === 0) return;
    const sources = unmatched.flatMap((entry) =>
      entry.suggestion === undefined
        ? []
        : [wordAuditMessage(auditMessage('unmatched_source', { value: entry.value, suggestion: entry.suggestion }))],
    );
    found.set(
      id,
      verdict(
        'could_not_run',
        auditMessage('could_not_run_unmatched', {
          kind,
          criteria: unmatched.map((entry) => `${entry.criterion} ${entry.value}`).join(', '),
          sources: sources.join('; '),
        }),
      ),
    );
  });
  return found;
}

/** The verdict of one check from the runs and comparisons. */
function judge(check: PlannedCheck, runs: ReadonlyMap<string, RunResult>, comparisons: ReadonlyMap<string, CompareResult>): CheckVerdict {
  const results = check.runs.map((key) => runs.get(key));
  const refused = results.find((result) => result?.error);
  if (refused?.error) return couldNotRunError(refused.error);
  const first = results[0]?.result?.response;
  if (!first) return couldNotRunMissing();
  if (check.kind === 'answers') return judgeOutcome(first, check.principals[0]);
  if (check.kind !== 'differ_only_in') return judgeRun(check.expectation as NonNullable<PlannedCheck['expectation']>, first);
  const unanswered = results.map((result) => result?.result?.response).find((response) => response && !isAnswer(response.outcome));
  if (unanswered) return couldNotRunOutcome(unanswered);
  const compared = comparisons.get(check.id);
  if (compared?.error) return couldNotRunError(compared.error);
  if (!compared?.comparison) return couldNotRunMissing();
  return judgeDifference(check.expectation?.differ_only_in as DifferOnlyIn, compared.comparison);
}

function reportRun({ run, result, error, elapsed_ms }: RunResult): AuditRun {
  const base = { question: run.question.id, principal: run.principal, mode: run.mode, elapsed_ms };
  if (!result) return { ...base, items: 0, ...(error ? { error: { kind: error.kind, message: error.message } } : {}) };
  return { ...base, trace_id: result.response.trace_id, outcome: result.response.outcome, items: result.response.items.length };
}

/**
 * Runs the suite and returns the report. A suite naming a principal that does not exist, or a graph
 * that cannot be reached for the principal list, throws before any run (the audit could not run).
 */
export async function runAudit(call: OperationCaller, file: SuiteFile, options: AuditOptions): Promise<AuditReport> {
  const started = new Date();
  const clock = performance.now();
  if (options.provider !== undefined) await checkProviderEndpoint(call, options.provider);
  await checkPrincipalsExist(call, file);
  const unguarded = await unmatchedGuards(call, file);
  const plan = planAudit(options.provider === undefined ? file.suite : suiteForProvider(file.suite));
  const runResults = await runAll(call, file, plan.runs, options);
  const runs = new Map(runResults.map((result) => [result.run.key, result]));
  const comparisons = await compareAll(call, plan.checks, runs, options);
  const checks: AuditCheck[] = plan.checks.map((check) => {
    const judged = (check.expectation ? unguarded.get(check.expectation.id) : undefined) ?? judge(check, runs, comparisons);
    const trace_ids = check.runs.flatMap((key) => runs.get(key)?.result?.response.trace_id ?? []);
    const comparison_id = comparisons.get(check.id)?.comparison?.id;
    const { expectation: _expectation, runs: _runs, ...fields } = check;
    return {
      ...fields,
      expectation: check.expectation?.id ?? RUN_CHECK_ID,
      principals: [...check.principals],
      ...judged,
      evidence: { trace_ids, ...(comparison_id ? { comparison_id } : {}) },
    };
  });
  const totals = auditTotals(checks, plan.runs.length, comparisons.size);
  const elapsed_ms = performance.now() - clock;
  const info = await call('app.info', {});
  const summary = auditMessage('summary', {
    name: file.suite.name,
    ...totals,
    seconds: (elapsed_ms / 1000).toFixed(1),
    concurrency: options.concurrency,
  });
  return {
    suite: { name: file.suite.name, file: file.file },
    started_at: started.toISOString(),
    elapsed_ms,
    concurrency: options.concurrency,
    graph_uri: info.graph_uri,
    totals,
    exit_code: auditExitCode(totals),
    summary: wordAuditMessage(summary),
    checks,
    runs: runResults.map(reportRun),
  };
}

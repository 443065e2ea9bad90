import { LensError } from '../../../shared/lens-error';
import { CodedArgumentError } from './argument-error';
import { Command } from 'commander';
import { compareEvaluations, DEFAULT_TOLERANCE, type EvalComparison } from '../../../shared/eval/eval-compare';
import { EVAL_EXIT_CODES, evalCliExitCode, EvalReport, METRIC_NAMES } from '../../../shared/eval/eval-report';
import { DEFAULT_EVAL_MODES, EvalMode } from '../../../shared/eval/golden-set';
import { codedError } from '../../../shared/coded-error';
import type { CoreMessage } from '../../../shared/core-message';
import { storeError } from '../../../shared/errors/store-error-messages';
import { issueProblem } from '../../../shared/errors/zod-problem';
import { jsonProblem } from '../../../shared/json-syntax';
import type { ProgressSink } from '../../../shared/progress-event';
import { wordEvalMessage } from '../../../shared/eval/eval-messages';
import type { JobStatus } from '../../../shared/api/lens-api';
import { EXIT_CODES, printJson, reportError, terminalProgress } from '../cli-output';
import type { CliDoor } from '../cli-door';
import { checkReportTargets, writeFile } from './audit-command';
import { wholeNumber } from './neo4j-command';
import { readInputFile, unreadableReason } from '../../input-file';

interface EvalOptions {
  set: string;
  modes?: EvalMode[];
  k?: number;
  report?: string;
  junit?: string;
  compare?: string;
  compareModes?: [EvalMode, EvalMode];
  tolerance: number;
  graphLabel?: string;
  concurrency: number;
  strict?: boolean;
  json?: boolean;
}

/** `--modes vector,hybrid`: each a mode that retrieves from the graph. */
function modeList(value: string): EvalMode[] {
  return value.split(',').map((name) => {
    const parsed = EvalMode.safeParse(name.trim());
    if (!parsed.success)
      throw new CodedArgumentError(storeError('eval_unknown_mode', { mode: name.trim(), modes: EvalMode.options.join(', ') }));
    return parsed.data;
  });
}

/** `--compare-modes vector,hybrid`: two modes of this evaluation, the first the baseline. */
function modePair(value: string): [EvalMode, EvalMode] {
  const modes = modeList(value);
  if (modes.length !== 2) throw new CodedArgumentError(storeError('eval_mode_pair', { value }));
  return modes as [EvalMode, EvalMode];
}

function fraction(value: string): number {
  // Number('') is 0: an empty value (an unset shell variable) is refused, not read as no tolerance at all.
  const parsed = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1) throw new CodedArgumentError(storeError('eval_fraction', { value }));
  return parsed;
}

/** A path in a report as a person writes it: `runs[0].document_metrics.recall`. */
function reportPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (written, key) => (typeof key === 'number' ? `${written}[${key}]` : written ? `${written}.${String(key)}` : String(key)),
    '',
  );
}

/** The value at `path` of parsed JSON, as a short text: JSON, cut at 60 characters; "missing" when there is none. */
function valueText(data: unknown, path: readonly PropertyKey[]): string {
  const value = path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    data,
  );
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** The first figure object of a report (a run's or a mode's document or chunk figures) that names a metric there is none of. */
function unknownMetric(data: unknown): { path: string; metric: string } | null {
  const report = (data ?? {}) as { runs?: unknown; aggregates?: unknown };
  for (const list of ['runs', 'aggregates'] as const) {
    const entries = Array.isArray(report[list]) ? (report[list] as unknown[]) : [];
    for (const [index, entry] of entries.entries())
      for (const level of ['document_metrics', 'chunk_metrics'] as const) {
        const figures = (entry as Record<string, unknown> | null)?.[level];
        if (figures === null || typeof figures !== 'object' || Array.isArray(figures)) continue;
        const metric = Object.keys(figures).find((key) => !(METRIC_NAMES as readonly string[]).includes(key));
        if (metric !== undefined) return { path: reportPath([list, index, level]), metric };
      }
  }
  return null;
}

/**
 * A previous report (`--compare`), read and checked before anything runs. A problem names where it
 * is and what is there (`runs[0].document_metrics.recall is "high": expected number`), and a figure
 * named after no metric lists the metrics there are.
 */
export function readPrevious(file: string): EvalReport {
  const unreadable = (reason: CoreMessage, cause: unknown) =>
    codedError('invalid_input', storeError('eval_previous_unreadable', { file, reason: [reason] }), {
      hint: storeError('eval_previous_hint'),
      cause,
    });
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    if (error instanceof LensError) throw error;
    // The system's error by its code, not Node's English ("ENOENT: no such file or directory, open …").
    throw unreadable(unreadableReason(error), error);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // Where the text stops being JSON, not JSON.parse's English (which quotes the file back).
    throw unreadable(jsonProblem(text), error);
  }
  const hint = { hint: storeError('eval_previous_hint') };
  const unknown = unknownMetric(data);
  if (unknown)
    throw codedError('invalid_input', storeError('eval_previous_metric', { file, ...unknown, metrics: METRIC_NAMES.join(', ') }), hint);
  const parsed = EvalReport.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const problem = issue ? issueProblem(issue) : storeError('wrong_shape');
    if (!issue || issue.path.length === 0)
      throw codedError('invalid_input', storeError('eval_previous_not_report', { file, problem: [problem] }), hint);
    const at = { file, path: reportPath(issue.path), value: valueText(data, issue.path), problem: [problem] };
    throw codedError('invalid_input', storeError('eval_previous_field', at), hint);
  }
  return parsed.data;
}

/** Refuses, before anything runs, two comparisons at once or a mode pair this evaluation will not run. */
function checkComparison(options: EvalOptions, modes: readonly EvalMode[]): void {
  if (options.compare && options.compareModes) throw codedError('invalid_input', storeError('eval_compare_both'));
  const missing = (options.compareModes ?? []).filter((mode) => !modes.includes(mode));
  if (missing.length > 0)
    throw codedError('invalid_input', storeError('eval_compare_modes_not_run', { missing: missing.join(', '), modes: modes.join(', ') }), {
      hint: storeError('eval_compare_modes_not_run_hint'),
    });
}

/** The comparison asked for: with a previous report (`--compare`), or of two modes of this one (`--compare-modes`); null for none. */
function compareWith(options: EvalOptions, previous: EvalReport | null, evaluation: EvalReport): EvalComparison | null {
  const tolerance = options.tolerance;
  if (previous) return compareEvaluations(previous, evaluation, { tolerance });
  if (!options.compareModes) return null;
  const [modeA, modeB] = options.compareModes;
  return compareEvaluations(evaluation, evaluation, { modeA, modeB, tolerance });
}

/**
 * Waits for the evaluation's job so that Ctrl+C (SIGINT) stops it as `lens query` stops its run: the
 * job is asked to stop (`jobs.cancel`: no further run starts, the runs in flight are cancelled) and
 * ends in a `cancelled` error saying how many runs were done, which the command prints and exits 130
 * on, as every command does for a cancelled run. A second Ctrl+C exits at once.
 */
export async function waitForEvaluation(
  door: Pick<CliDoor, 'call' | 'waitForJob'>,
  jobId: string,
  progress: ProgressSink,
): Promise<JobStatus> {
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(EXIT_CODES.cancelled);
    interrupted = true;
    process.stderr.write(`\n${wordEvalMessage('stopping')}\n`);
    void door.call('jobs.cancel', { job_id: jobId }).catch((error: unknown) => {
      process.stderr.write(`lens: ${wordEvalMessage('stop_failed', { reason: (error as Error).message })}\n`);
    });
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await door.waitForJob(jobId, progress);
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/** Runs the set through `eval.run` (a job, stored like the screen's), then writes what was asked for. */
async function perform(options: EvalOptions): Promise<{ evaluation: EvalReport; comparison: EvalComparison | null }> {
  const [{ readGoldenSetFile }, { evalJunitXml }, { withCliDoor }] = await Promise.all([
    import('../../eval/golden-set-file'),
    import('../../eval/eval-junit'),
    import('../cli-door'),
  ]);
  // Read here first, so a bad set is reported with its file's path before the graph is touched.
  const { set, text } = readGoldenSetFile(options.set);
  checkComparison(options, options.modes ?? set.defaults.modes ?? DEFAULT_EVAL_MODES);
  const previous = options.compare ? readPrevious(options.compare) : null;
  checkReportTargets(options);
  const progress = terminalProgress();
  const evaluation = await withCliDoor(async (door) => {
    const { job_id } = await door.call('eval.run', {
      // The text just checked (eval.run does not read it again), not the file read a second time.
      content: text,
      file_name: options.set,
      ...(options.modes ? { modes: options.modes } : {}),
      ...(options.k === undefined ? {} : { k: options.k }),
      ...(options.graphLabel === undefined ? {} : { graph_label: options.graphLabel }),
      concurrency: options.concurrency,
    });
    const { result } = await waitForEvaluation(door, job_id, progress).finally(() => progress.done());
    if (!result || !('evaluation_id' in result)) throw codedError('internal', storeError('eval_job_unnamed'));
    return door.call('eval.get', { id: result.evaluation_id });
  });
  const comparison = compareWith(options, previous, evaluation);
  if (options.report) writeFile(options.report, `${JSON.stringify(evaluation, null, 2)}\n`, 'report_json');
  if (options.junit) writeFile(options.junit, evalJunitXml(evaluation, comparison), 'report_junit');
  return { evaluation, comparison };
}

/**
 * `lens eval --set FILE …`: per-question retrieval quality on a golden set. Exit 0 clean, 1 a
 * must_not_appear item handed over or a regression flagged, 2 could not run, 3 some runs failed,
 * 4 (with --strict) the set has findings, 130 stopped with Ctrl+C.
 */
export function evalCommand(): Command {
  return new Command('eval')
    .description(
      'run a golden set (questions × modes) as recorded runs and score each: recall@k, precision@k, MRR, nDCG@k, latency p50/p95 (exit 0 clean, 1 a forbidden item handed over or a regression, 2 could not run, 3 runs failed, 4 with --strict the set has findings, 130 stopped with Ctrl+C)',
    )
    .requiredOption('--set <file>', 'the golden set, YAML or JSON')
    .option('--modes <list>', "modes to run, separated by commas (default: the set's, else vector,fulltext,hybrid,graph)", modeList)
    .option('--k <n>', "the cut-off of every metric and the runs' top_k (default: the set's, else 10)", wholeNumber(1, 100))
    .option('--report <file>', 'write the JSON report (every run, its figures and trace id) here')
    .option('--junit <file>', 'write JUnit XML (one testcase per question × mode) here')
    .option('--compare <file>', 'compare with a previous JSON report and flag regressions (the previous is the baseline)')
    .option(
      '--compare-modes <a,b>',
      'compare two modes of this evaluation question by question, the first the baseline (e.g. vector,hybrid)',
      modePair,
    )
    .option('--tolerance <x>', 'how much a figure may fall before --compare flags it', fraction, DEFAULT_TOLERANCE)
    .option('--graph-label <text>', 'a label for the graph evaluated (e.g. v2), kept with the report')
    .option('--concurrency <n>', 'runs in flight at once (1 keeps latencies those of one request alone)', wholeNumber(1, 16), 1)
    .option(
      '--strict',
      'fail (exit 4) when the set has an expectation no run can meet, a must_not_appear check that guards nothing, or a check that could not be made',
    )
    .option('--json', 'print the report (and the comparison) as JSON on stdout')
    .action(async (options: EvalOptions) => {
      try {
        const { evaluation, comparison } = await perform(options);
        const exitCode = evalCliExitCode(evaluation, comparison?.regressions ?? 0, options.strict === true);
        if (options.json) printJson({ evaluation, comparison });
        else {
          const { formatEvalReport } = await import('../eval-lines');
          process.stdout.write(formatEvalReport(evaluation, comparison, exitCode));
        }
        process.exitCode = exitCode;
      } catch (error) {
        const code = reportError(error, options.json === true);
        // Stopped with Ctrl+C: 130, as a cancelled `lens query` exits; anything else could not run.
        process.exitCode = code === EXIT_CODES.cancelled ? code : EVAL_EXIT_CODES.could_not_run;
      }
    });
}

import type { EvalComparison } from '../../shared/eval/eval-compare';
import { findingLine } from '../../shared/eval/eval-findings';
import { wordEvalMessage } from '../../shared/eval/eval-messages';
import { EVAL_EXIT_CODES, type EvalReport } from '../../shared/eval/eval-report';
import { terminalLine } from './terminal-text';

/** Leaks, failures and regressions listed in the printed summary; the JSON report holds them all. */
const LISTED = 40;

const figure = (value: number | null | undefined) => (value === null || value === undefined ? '-' : value.toFixed(3));
const ms = (value: number | null) => (value === null ? '-' : value.toFixed(0));

/** One line per mode: its mean figures at document level, its latencies, its leaks and failures. */
function modeLines(report: EvalReport): string[] {
  return report.aggregates.map((mean) =>
    wordEvalMessage('mode_line', {
      mode: mean.mode,
      k: report.k,
      recall: figure(mean.document_metrics?.recall),
      precision: figure(mean.document_metrics?.precision),
      mrr: figure(mean.document_metrics?.mrr),
      ndcg: figure(mean.document_metrics?.ndcg),
      p50: ms(mean.latency_p50_ms),
      p95: ms(mean.latency_p95_ms),
      violations: mean.violations,
      failed: mean.failed,
    }),
  );
}

/** The set's expectations no run can meet and its checks that can never fail, one line each. */
function findingLines(report: EvalReport): string[] {
  return report.findings.map((finding) => findingLine(finding));
}

function problemLines(report: EvalReport): string[] {
  const runs = report.runs.flatMap((run) => {
    const who = { question: run.question_id, principal: run.principal, mode: run.mode };
    if (run.status === 'failed')
      return [wordEvalMessage('failed_line', { ...who, reason: `${run.error?.kind ?? ''}: ${run.error?.message ?? ''}` })];
    return run.violations.map((violation) =>
      wordEvalMessage('violation_line', {
        ...who,
        level: violation.level,
        id: violation.id,
        rank: violation.rank,
        trace: run.trace_id ?? '',
      }),
    );
  });
  return [...findingLines(report), ...runs];
}

function comparisonLines(comparison: EvalComparison): string[] {
  const regressions = comparison.questions
    .filter((question) => question.regression)
    .map((question) =>
      wordEvalMessage('regression_line', {
        question: question.question_id,
        mode_a: question.mode_a,
        mode_b: question.mode_b,
        what: question.regressed
          .map((name) =>
            name === 'status' ? `${question.status_a} → ${question.status_b}` : `${name} ${figure(question.delta?.[name as 'recall'])}`,
          )
          .join(', '),
      }),
    );
  const means = comparison.aggregates
    .filter((mean) => mean.regression)
    .map((mean) =>
      wordEvalMessage('regression_line', { question: '(mean)', mode_a: mean.mode_a, mode_b: mean.mode_b, what: mean.regressed.join(', ') }),
    );
  const summary = wordEvalMessage('compare_summary', {
    a: comparison.a.graph_label ?? comparison.a.id,
    b: comparison.b.graph_label ?? comparison.b.id,
    pairs: comparison.questions.length,
    regressions: comparison.regressions,
    tolerance: comparison.tolerance,
  });
  return [...means, ...regressions, summary];
}

/** The evaluation for a person: leaks and failures (up to a limit), the comparison's regressions, one line per mode, the summary. */
export function formatEvalReport(report: EvalReport, comparison: EvalComparison | null, exitCode = report.exit_code): string {
  const problems = problemLines(report);
  const more = problems.length - Math.min(problems.length, LISTED);
  const summary = wordEvalMessage('summary', {
    name: report.set.name,
    questions: report.set.questions,
    modes: report.modes.length,
    runs: report.runs.length,
    passed: report.runs.filter((run) => run.status === 'passed').length,
    violations: report.runs.filter((run) => run.status === 'violation').length,
    failed: report.runs.filter((run) => run.status === 'failed').length,
    seconds: (report.elapsed_ms / 1000).toFixed(1),
  });
  const lines = [
    ...problems.slice(0, LISTED),
    ...(more > 0 ? [wordEvalMessage('more_lines', { more })] : []),
    ...(comparison ? comparisonLines(comparison) : []),
    ...modeLines(report),
    summary,
    // Under --strict the findings listed above are what fails the evaluation: said, so exit 4 is not a mystery.
    ...(exitCode === EVAL_EXIT_CODES.findings ? [wordEvalMessage('strict_findings', { findings: report.findings.length })] : []),
  ];
  return `${lines.map(terminalLine).join('\n')}\n`;
}

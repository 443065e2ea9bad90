import type { EvalComparison } from '../../shared/eval/eval-compare';
import { findingLine } from '../../shared/eval/eval-findings';
import type { EvalFinding, EvalReport, EvalRun } from '../../shared/eval/eval-report';
import { escapeXmlAttribute, escapeXmlText } from '../audit/junit-xml';

/**
 * An evaluation as JUnit XML (the shape CI test reporters read): one `<testsuite>` per mode, one
 * `<testcase>` per question in that mode. A leak (must_not_appear) or a flagged regression is a
 * `<failure>`, a run that did not answer an `<error>`; the figures and the trace id are in the text
 * and in `<properties>`, so a passing case still shows its scores.
 */

const attributes = (values: Readonly<Record<string, string | number>>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');

const figure = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(3));

function scoreText(run: EvalRun): string {
  const m = run.document_metrics;
  return `recall ${figure(m?.recall)}, precision ${figure(m?.precision)}, MRR ${figure(m?.mrr)}, nDCG ${figure(m?.ndcg)}; trace ${run.trace_id ?? 'none'}`;
}

function problemOf(run: EvalRun, regressed: readonly string[]): { element: 'failure' | 'error'; message: string } | null {
  if (run.status === 'failed')
    return { element: 'error', message: `the run did not answer (${run.error?.kind ?? 'unknown'}): ${run.error?.message ?? ''}` };
  if (run.status === 'violation')
    return {
      element: 'failure',
      message: `handed over forbidden items: ${run.violations.map((v) => `${v.level} ${v.id} at rank ${v.rank}`).join(', ')}`,
    };
  if (regressed.length > 0) return { element: 'failure', message: `regressed against the previous evaluation: ${regressed.join(', ')}` };
  return null;
}

function testcase(run: EvalRun, file: string, regressed: readonly string[]): string {
  const open = `    <testcase${attributes({ name: `${run.question_id} · ${run.principal} · ${run.mode}`, classname: `lens-eval.${run.mode}`, file, time: (run.latency_ms / 1000).toFixed(3) })}>`;
  const problem = problemOf(run, regressed);
  const body = problem
    ? `      <${problem.element}${attributes({ message: problem.message, type: run.status })}>${escapeXmlText(`${problem.message}\n${scoreText(run)}`)}</${problem.element}>`
    : `      <system-out>${escapeXmlText(scoreText(run))}</system-out>`;
  return [open, body, '    </testcase>'].join('\n');
}

/**
 * Findings about the set as a suite of skipped cases: the expectations no run can meet (`lens eval`'s
 * UNMEETABLE and UNGUARDED lines), and apart from them the items whose check could not finish
 * (UNCHECKED). They fail nothing (the exit code does not count them), and a CI reporter still shows
 * each with why.
 */
function findingsSuite(report: EvalReport, name: string, findings: readonly EvalFinding[]): string {
  const cases = findings.map((finding) => {
    const message = findingLine(finding);
    return [
      `    <testcase${attributes({ name: `${finding.question_id} · ${finding.principal} · ${finding.id}`, classname: 'lens-eval.set', file: report.set.file, time: '0.000' })}>`,
      `      <skipped${attributes({ message })}/>`,
      '    </testcase>',
    ].join('\n');
  });
  return [
    `  <testsuite${attributes({ name, tests: findings.length, failures: 0, errors: 0, skipped: findings.length, timestamp: report.created_at.replace(/\.\d+Z$/, '') })}>`,
    ...cases,
    '  </testsuite>',
  ].join('\n');
}

/** The report (and, with --compare, the comparison with the previous one) as a JUnit XML document. */
export function evalJunitXml(report: EvalReport, comparison: EvalComparison | null = null): string {
  const regressions = new Map(
    (comparison?.questions ?? []).filter((q) => q.regression).map((q) => [`${q.question_id}\u0000${q.mode_b}`, q.regressed]),
  );
  const regressedOf = (run: EvalRun) => regressions.get(`${run.question_id}\u0000${run.mode}`) ?? [];
  const suites = report.modes.map((mode) => {
    const runs = report.runs.filter((run) => run.mode === mode);
    const failures = runs.filter((run) => run.status === 'violation' || (run.status === 'passed' && regressedOf(run).length > 0)).length;
    const errors = runs.filter((run) => run.status === 'failed').length;
    return [
      `  <testsuite${attributes({ name: mode, tests: runs.length, failures, errors, skipped: 0, timestamp: report.created_at.replace(/\.\d+Z$/, '') })}>`,
      ...runs.map((run) => testcase(run, report.set.file, regressedOf(run))),
      '  </testsuite>',
    ].join('\n');
  });
  const all = report.runs;
  const failures = all.filter((run) => run.status === 'violation' || (run.status === 'passed' && regressedOf(run).length > 0)).length;
  const errors = all.filter((run) => run.status === 'failed').length;
  const findings = report.findings ?? [];
  const unchecked = findings.filter((finding) => finding.unchecked !== undefined);
  const unmeetable = findings.filter((finding) => finding.unchecked === undefined);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: `lens eval: ${report.set.name}`, tests: all.length + findings.length, failures, errors, time: (report.elapsed_ms / 1000).toFixed(3) })}>`,
    ...suites,
    ...(unmeetable.length > 0 ? [findingsSuite(report, 'unmeetable expectations', unmeetable)] : []),
    ...(unchecked.length > 0 ? [findingsSuite(report, 'unchecked expectations', unchecked)] : []),
    '</testsuites>',
    '',
  ].join('\n');
}

import { auditMessage, wordAuditMessage } from '../../shared/audit/audit-messages';
import type { AuditCheck, AuditReport } from '../../shared/audit/audit-report';
import type { AuditProgress } from '../audit/audit-runner';
import { terminalProgress } from './cli-output';
import { terminalLine } from './terminal-text';

/** Checks listed in the printed summary; the JSON report holds them all. */
const LISTED_CHECKS = 40;
const BAR_WIDTH = 24;

/** A bar such as `[#########---------------]` for `done` of `total`. */
export function progressBar(done: number, total: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}

/**
 * The audit's progress on stderr: a rewritten bar on a terminal, plain lines otherwise (a CI log
 * gets a line when a phase starts, every few seconds, and when it ends; no control characters).
 */
export function auditProgress(stream: NodeJS.WriteStream = process.stderr): ((progress: AuditProgress) => void) & { done(): void } {
  const sink = terminalProgress(stream);
  const report = (progress: AuditProgress) => {
    const code = progress.phase === 'runs' ? 'progress_runs' : 'progress_comparisons';
    const message = wordAuditMessage(auditMessage(code, { bar: progressBar(progress.done, progress.total), ...progress }));
    sink({ phase: progress.phase, message, fraction: progress.total === 0 ? 1 : progress.done / progress.total });
  };
  return Object.assign(report, { done: () => sink.done() });
}

/** A line of the printed report in English, from the audit catalogue. */
const say = (code: Parameters<typeof auditMessage>[0], params: Parameters<typeof auditMessage>[1] = {}) =>
  terminalLine(wordAuditMessage(auditMessage(code, params)));

function checkLines(check: AuditCheck): string[] {
  const traces = check.evidence.trace_ids.join(', ');
  const comparison = check.evidence.comparison_id;
  return [
    say(check.result === 'violated' ? 'check_violated' : 'check_could_not_run', { id: check.id }),
    `  ${terminalLine(check.text)}`,
    ...check.violations.map((violation) => `  - ${say('check_violation_line', { text: violation.text, trace: violation.trace_id })}`),
    ...(traces ? [`  ${comparison ? say('check_traces_and_comparison', { traces, comparison }) : say('check_traces', { traces })}`] : []),
  ];
}

/** The report for a person: every check that did not pass (up to a limit), then the summary line. */
export function formatAuditReport(report: AuditReport): string {
  const open = report.checks.filter((check) => check.result !== 'passed');
  const listed = open.slice(0, LISTED_CHECKS).flatMap(checkLines);
  const more = open.length - Math.min(open.length, LISTED_CHECKS);
  return `${[...listed, ...(more > 0 ? [say('more_checks', { count: more })] : []), terminalLine(report.summary)].join('\n')}\n`;
}

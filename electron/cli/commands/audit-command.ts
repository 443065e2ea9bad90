import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { auditMessage, wordAuditMessage } from '../../../shared/audit/audit-messages';
import { AUDIT_EXIT_CODES, type AuditReport } from '../../../shared/audit/audit-report';
import { codedError } from '../../../shared/coded-error';
import { coreEnglish } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { retrievalError } from '../../../shared/errors/retrieval-error-messages';
import { storeError } from '../../../shared/errors/store-error-messages';
import type { LensError } from '../../../shared/lens-error';
import { unwritableReason } from '../../input-file';
import { printJson, reportError } from '../cli-output';
import { wholeNumber } from './neo4j-command';

interface AuditOptions {
  suite: string;
  provider?: string;
  report?: string;
  junit?: string;
  concurrency: number;
  json?: boolean;
}

/** Runs in flight at once by default: enough to keep a server (or a cluster's readers) busy, few enough for a laptop. */
const DEFAULT_CONCURRENCY = 4;

/** Which report a file holds: a clause of the messages about it. */
export type ReportFile = 'report_json' | 'report_junit';

function notWritten(file: string, report: ReportFile, reason: CoreMessage): LensError {
  return codedError('io', storeError('report_not_written', { what: [storeError(report)], file, reason: [reason] }), {
    hint: storeError('report_not_written_hint'),
  });
}

/** Why `file` cannot take a report, or null: a folder, a pipe, a missing folder, no permission. */
function reportTargetProblem(file: string): CoreMessage | null {
  try {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) return unwritableReason({ code: 'EISDIR' });
    if (stat.isFIFO() || stat.isSocket()) return retrievalError('file_is_pipe_part');
    fs.accessSync(file, fs.constants.W_OK);
    return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return unwritableReason(error);
  }
  try {
    const folder = path.dirname(path.resolve(file));
    if (!fs.statSync(folder).isDirectory()) return unwritableReason({ code: 'ENOTDIR' });
    fs.accessSync(folder, fs.constants.W_OK);
    return null;
  } catch (error) {
    return unwritableReason(error);
  }
}

/**
 * Before anything runs: each report asked for can be written where it is asked for. A folder, a
 * pipe or a missing folder was found only after every run, and the results were lost with it.
 */
export function checkReportTargets(options: { report?: string; junit?: string }): void {
  for (const [file, report] of [
    [options.report, 'report_json'],
    [options.junit, 'report_junit'],
  ] as const) {
    const problem = file === undefined ? null : reportTargetProblem(file);
    if (file !== undefined && problem) throw notWritten(file, report, problem);
  }
}

/** Writes a report file and says so on stderr; a failure is an `io` error naming the file. */
export function writeFile(file: string, text: string, report: ReportFile): void {
  const what = storeError(report);
  try {
    fs.writeFileSync(file, text);
  } catch (error) {
    throw notWritten(file, report, unwritableReason(error));
  }
  // The audit's own lines are the CLI's, in English.
  process.stderr.write(`${wordAuditMessage(auditMessage('report_written', { what: coreEnglish(what), file }))}\n`);
}

/** Reads the suite, runs it through the API door, writes the files asked for; returns the report. */
async function perform(options: AuditOptions): Promise<AuditReport> {
  const [{ readSuiteFile }, { runAudit }, { junitXml }, { auditProgress }, { withCliDoor }] = await Promise.all([
    import('../../audit/suite-file'),
    import('../../audit/audit-runner'),
    import('../../audit/junit-xml'),
    import('../audit-lines'),
    import('../cli-door'),
  ]);
  const file = readSuiteFile(options.suite);
  checkReportTargets(options);
  const progress = auditProgress();
  // --provider sets the endpoint mode provider calls, as LENS_PROVIDER_URL would (its token, if any, stays in LENS_PROVIDER_TOKEN).
  const env = options.provider === undefined ? process.env : { ...process.env, LENS_PROVIDER_URL: options.provider };
  const runOptions = {
    concurrency: options.concurrency,
    progress,
    ...(options.provider === undefined ? {} : { provider: options.provider }),
  };
  const report = await withCliDoor(
    (door) => runAudit((name, input) => door.call(name, input), file, runOptions).finally(() => progress.done()),
    {},
    env,
  );
  if (options.report) writeFile(options.report, `${JSON.stringify(report, null, 2)}\n`, 'report_json');
  if (options.junit) writeFile(options.junit, junitXml(report), 'report_junit');
  return report;
}

/** `lens audit --suite FILE …`: the headless audit for CI. Exit 0 clean, 1 violations, 2 could not run. */
export function auditCommand(): Command {
  return new Command('audit')
    .description(
      'run an audit suite (questions × principals × modes × expectations) as recorded runs and check every expectation (exit 0 clean, 1 violations, 2 could not run)',
    )
    .requiredOption('--suite <file>', 'the suite, YAML or JSON')
    .option(
      '--provider <url>',
      "audit a team's context-provider endpoint: every question × principal in mode provider, calling this URL (bearer token from LENS_PROVIDER_TOKEN)",
    )
    .option('--report <file>', 'write the JSON report (every check, its result and evidence) here')
    .option('--junit <file>', 'write JUnit XML (one testcase per check) here')
    .option('--concurrency <n>', 'runs in flight at once', wholeNumber(1, 64), DEFAULT_CONCURRENCY)
    .option('--json', 'print the JSON report on stdout')
    .action(async (options: AuditOptions) => {
      try {
        const report = await perform(options);
        if (options.json) printJson(report);
        else {
          const { formatAuditReport } = await import('../audit-lines');
          process.stdout.write(formatAuditReport(report));
        }
        process.exitCode = report.exit_code;
      } catch (error) {
        // Whatever kept the audit from running (a bad suite, an unknown principal, no server) is said, and the exit says "could not run".
        reportError(error, options.json === true);
        process.exitCode = AUDIT_EXIT_CODES.could_not_run;
      }
    });
}

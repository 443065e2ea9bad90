import { Command, Option } from 'commander';
import type { CompareInput, Comparison } from '../../../shared/compare/comparison';
import { codedError } from '../../../shared/coded-error';
import { storeError } from '../../../shared/errors/store-error-messages';
import { printJson, reportError } from '../cli-output';
import { COMPARE_EXIT_CODES, compareExitCode, formatComparison, formatComparisonList, leakCsvText } from './compare-format';
import { requestFromFlags, withRequestOptions, type QueryOptions } from './query-command';
import { wordCliMessage } from '../../../shared/cli-messages';

interface CompareOptions extends Omit<QueryOptions, 'as'> {
  as?: string;
  vs?: string;
  runs?: string[];
  open?: string;
  list?: boolean;
  csv?: boolean;
}

/** What the flags ask for: one request as two principals, two stored runs, a kept comparison, or the list. */
type CompareTask = { kind: 'compare'; input: CompareInput } | { kind: 'open'; id: string } | { kind: 'list' };

const USAGE = wordCliMessage('compare_usage');

/** The task the flags name; a mix of forms, or a form with a part missing, is refused with the forms listed. */
export function compareTask(text: string | undefined, options: CompareOptions): CompareTask {
  const forms = [text !== undefined, options.runs !== undefined, options.open !== undefined, options.list === true].filter(Boolean).length;
  if (forms !== 1) throw codedError('invalid_input', storeError('compare_one_way', { usage: USAGE }));
  if (options.list) return { kind: 'list' };
  if (options.open !== undefined) return { kind: 'open', id: options.open };
  if (options.runs !== undefined) {
    const [traceA, traceB, ...rest] = options.runs;
    if (traceA === undefined || traceB === undefined || rest.length > 0)
      throw codedError('invalid_input', storeError('compare_two_runs', { count: options.runs.length }), {
        hint: storeError('compare_two_runs_hint'),
      });
    return { kind: 'compare', input: { source: 'runs', trace_a: traceA, trace_b: traceB } };
  }
  if (!options.as || !options.vs)
    throw codedError('invalid_input', storeError('compare_two_principals'), { hint: storeError('compare_two_principals_hint') });
  const { principal: _principal, trace_id: _traceId, ...request } = requestFromFlags(text as string, { ...options, as: options.as });
  return { kind: 'compare', input: { source: 'principals', request, principal_a: options.as, principal_b: options.vs } };
}

/** How the comparison is printed: for a person, as JSON, or its leaks as CSV. */
type CompareOutput = 'text' | 'json' | 'csv';

/** Prints a comparison as asked; returns the exit code (a CSV that cannot be written says why on stderr and exits 2). */
function printComparison(comparison: Comparison, output: CompareOutput): number {
  if (output === 'csv') {
    const csv = leakCsvText(comparison);
    if (csv.ok) process.stdout.write(csv.text);
    else process.stderr.write(`${csv.why}\n`);
    return csv.ok ? compareExitCode(comparison) : COMPARE_EXIT_CODES.incomplete;
  }
  if (output === 'json') printJson(comparison);
  else process.stdout.write(formatComparison(comparison));
  return compareExitCode(comparison);
}

/** Runs the task through the API door and prints it; returns the exit code. */
async function perform(task: CompareTask, output: CompareOutput): Promise<number> {
  const json = output === 'json';
  const { withCliDoor } = await import('../cli-door');
  return withCliDoor(async (door) => {
    if (task.kind === 'list') {
      const { comparisons } = await door.call('compare.list', {});
      if (json) printJson({ comparisons });
      else process.stdout.write(formatComparisonList(comparisons));
      return COMPARE_EXIT_CODES.clean;
    }
    const comparison: Comparison =
      task.kind === 'open' ? await door.call('compare.get', { id: task.id }) : await door.call('compare.run', task.input);
    return printComparison(comparison, output);
  });
}

/** `lens compare …`: one request as principals A and B, or two stored runs; leaks first. Exit 1 on leaks, 2 when it could not run. */
export function compareCommand(): Command {
  return withRequestOptions(
    new Command('compare')
      .description(
        'compare a request as two principals (both runs recorded), or two stored runs: only-A, only-B, both, overlap, and every leak with its clause (exit 1 on leaks, 2 when it could not run)',
      )
      .argument('[text]', 'the question to run as both principals')
      .option('--as <principal>', 'principal A')
      .option('--vs <principal>', 'principal B'),
  )
    .option('--runs <trace_ids...>', 'compare two stored runs instead (e.g. a replay and its original)')
    .option('--open <id>', 'reopen a kept comparison exactly as it was')
    .option('--list', 'list the kept comparisons, newest first')
    .option('--json', 'print the comparison as JSON')
    .addOption(
      new Option(
        '--csv',
        "print the leaks as CSV (RFC 4180, a header row, one row per leak; cells a spreadsheet would run as formulas are prefixed with ')",
      ).conflicts(['json', 'list']),
    )
    .action(async (text: string | undefined, options: CompareOptions) => {
      try {
        const output: CompareOutput = options.csv ? 'csv' : options.json ? 'json' : 'text';
        process.exitCode = await perform(compareTask(text, options), output);
      } catch (error) {
        // Whatever kept it from running (bad flags, an unknown run, an unreachable graph) is reported, and the exit says "could not run".
        reportError(error, options.json === true);
        process.exitCode = COMPARE_EXIT_CODES.incomplete;
      }
    });
}

import fs from 'node:fs';
import { Command, Option } from 'commander';
import { ExportFormat } from '../../../shared/adr-marks';
import type { OperationInput, OperationName, OperationOutput } from '../../../shared/api/lens-api';
import { codedError } from '../../../shared/coded-error';
import { storeError } from '../../../shared/errors/store-error-messages';
import { unwritableReason } from '../../input-file';
import { printJson } from '../cli-output';
import { terminalLine } from '../terminal-text';
import { formatAdrList, formatHistory, formatMarkResult } from './adr-format';
import { wordCounted } from '../../../shared/cli-messages';

const ADR_ARGUMENT =
  'the document id, the ADR id or number the load recognised (ADR-004, 4), or the path its source ends in (adr/0004-x.md)';

/** Writes an export to FILE, or to stdout (exact bytes when piped; escaped line by line on a terminal). */
function writeExport(content: string, out: string | undefined): void {
  if (out === undefined) {
    process.stdout.write(process.stdout.isTTY ? `${content.split(/\r?\n/).map(terminalLine).join('\n')}` : content);
    return;
  }
  try {
    fs.writeFileSync(out, content, { encoding: 'utf8', mode: 0o600 });
  } catch (error) {
    throw codedError('io', storeError('export_not_written', { file: out, reason: [unwritableReason(error)] }), {
      hint: storeError('export_not_written_hint'),
      cause: error,
    });
  }
}

/** Calls one operation through the door and prints its value as JSON or for a person. */
async function show<K extends OperationName>(
  name: K,
  input: OperationInput<K>,
  json: boolean | undefined,
  format: (value: OperationOutput<K>) => string,
): Promise<void> {
  const { callOperation } = await import('../cli-door');
  const value = await callOperation(name, input);
  if (json) printJson(value);
  else process.stdout.write(format(value));
}

/** `lens adr list | mark | unmark | history | export`. */
export function adrCommand(): Command {
  const command = new Command('adr').description('stale ADRs: list with freshness, mark and unmark with history, export the marks');
  command
    .command('list')
    .description('every ADR of the graph with its status, freshness now (local marks included) and successors')
    .option(
      '--suggestions',
      'also suggest ADRs that are probably stale though the graph does not mark them, with evidence and a score (reads every ADR text)',
    )
    .option('--json', 'print as JSON')
    .action((options: { json?: boolean; suggestions?: boolean }) =>
      show('adr.list', options.suggestions ? { suggestions: true } : {}, options.json, formatAdrList),
    );
  command
    .command('mark')
    .description('mark an ADR stale for every later run (recorded with who and when; LENS_USER names who, else the OS user)')
    .argument('<adr>', ADR_ARGUMENT)
    .requiredOption('--reason <text>', 'why it is stale')
    .option('--successor <adr>', 'the record that replaces it')
    .option('--json', 'print the result as JSON')
    .action((adr: string, options: { reason: string; successor?: string; json?: boolean }) => {
      const input = { adr, reason: options.reason, ...(options.successor === undefined ? {} : { successor: options.successor }) };
      return show('adr.mark', input, options.json, formatMarkResult);
    });
  command
    .command('unmark')
    .description('lift the stale mark of an ADR (a new history entry; the earlier marks stay in the history)')
    .argument('<adr>', ADR_ARGUMENT)
    .requiredOption('--reason <text>', 'why the mark is lifted')
    .option('--json', 'print the result as JSON')
    .action((adr: string, options: { reason: string; json?: boolean }) =>
      show('adr.unmark', { adr, reason: options.reason }, options.json, formatMarkResult),
    );
  command
    .command('history')
    .description('the marks and unmarks of one ADR, or of every document, in the order recorded')
    .argument('[adr]', ADR_ARGUMENT)
    .option('--json', 'print as JSON')
    .action((adr: string | undefined, options: { json?: boolean }) =>
      show('adr.history', adr === undefined ? {} : { adr }, options.json, formatHistory),
    );
  command
    .command('export')
    .description('the marks in force as a change set to review: Cypher (never run by Provenance Lens), JSON or CSV')
    .addOption(new Option('--format <format>', 'cypher, json or csv').choices(ExportFormat.options).makeOptionMandatory())
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (options: { format: ExportFormat; out?: string }) => {
      const { callOperation } = await import('../cli-door');
      const exported = await callOperation('adr.export', { format: options.format });
      writeExport(exported.content, options.out);
      if (options.out !== undefined)
        process.stderr.write(
          `${wordCounted('adr_export_written', exported.marks, { format: exported.format, file: terminalLine(options.out) })}\n`,
        );
    });
  return command;
}

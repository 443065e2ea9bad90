import { LensError } from '../../../shared/lens-error';
import { Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { codedError } from '../../../shared/coded-error';
import { storeError } from '../../../shared/errors/store-error-messages';
import { zodProblem } from '../../../shared/errors/zod-problem';
import { PrincipalFile, type Principal } from '../../../shared/principal';
import { printJson } from '../cli-output';
import { terminalSafeDeep } from '../terminal-text';
import { readInputFile } from '../../input-file';

/** What the list marks a local copy with, and the sentence that explains the mark. */
const OVERRIDE_MARK = "! local copy overrides the graph's principal";

/** The principal list for a person: one line each, local copies that override the graph marked, and how to remove one. */
export function formatPrincipalList(raw: readonly Principal[]): string {
  // An imported list is anyone's data: terminal controls in it are escaped before a terminal reads them.
  const principals = terminalSafeDeep(raw);
  if (principals.length === 0) return 'No principals: the local list is empty and the graph has no Principal nodes.\n';
  const lines = principals.map((p) => {
    const facts = `${p.principal_id.padEnd(14)} ${p.source.padEnd(7)} ${p.workspace_id.padEnd(12)} groups [${p.groups.join(', ')}]  partitions [${p.acl_partitions.join(', ')}]`;
    return `${facts}${p.description ? `  — ${p.description}` : ''}${p.overrides_graph ? `  ${OVERRIDE_MARK}` : ''}`;
  });
  const overriding = principals.filter((p) => p.overrides_graph).map((p) => p.principal_id);
  if (overriding.length > 0) {
    lines.push(
      '',
      `${overriding.join(', ')}: the local copy is used instead of the graph's principal of the same id. \`lens principals remove ID\` removes a local copy.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Reads a principals file (JSON or YAML: a list, or `{ principals: [...] }`); problems name the file and the field. */
export function readPrincipalFile(file: string): Principal[] {
  let raw: unknown;
  try {
    raw = parseYaml(readInputFile(file));
  } catch (error) {
    if (error instanceof LensError) throw error;
    throw codedError(
      'invalid_input',
      storeError('principals_file_unreadable', { file, parser: (error as Error).message.split('\n')[0] ?? '' }),
      {
        hint: storeError('principals_file_unreadable_hint'),
        cause: error,
      },
    );
  }
  const parsed = PrincipalFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    const problem = [zodProblem(issue?.message)];
    const message = field
      ? storeError('principals_file_invalid', { file, field, problem })
      : storeError('principals_file_whole_invalid', { file, problem });
    throw codedError('invalid_input', message, { hint: storeError('principals_file_invalid_hint') });
  }
  const list = Array.isArray(parsed.data) ? parsed.data : parsed.data.principals;
  // Whether a local copy overrides the graph is worked out when principals are listed or used, never taken from a file.
  return list.map(({ overrides_graph: _ignored, ...principal }) => principal);
}

/** `lens principals list | import FILE | remove ID`. */
export function principalsCommand(): Command {
  const command = new Command('principals').description('the principals retrievals can run as');
  command
    .command('list')
    .description(
      "principals from the local list and from the graph; a local copy wins on a clash and is marked as overriding the graph's principal",
    )
    .option('--json', 'print as JSON (overrides_graph: true on a local copy that overrides the graph)')
    .action(async (options: { json?: boolean }) => {
      const { callOperation } = await import('../cli-door');
      const principals = await callOperation('principals.list', {});
      if (options.json) printJson(principals);
      else process.stdout.write(formatPrincipalList(principals));
    });
  command
    .command('import')
    .description('add or replace principals in the local list from a JSON or YAML file')
    .argument('<file>', 'a list of principals, or { principals: [...] }')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      const principals = readPrincipalFile(file);
      // The local list lives in the trace store alone: importing needs no graph (and the API has no import).
      const { ServiceHub } = await import('../../services/service-hub');
      const hub = new ServiceHub(process.env);
      try {
        const count = hub.store().upsertPrincipals(principals, 'import');
        if (options.json) printJson({ imported: count });
        else process.stdout.write(`Imported ${count} principals from ${file}.\n`);
      } finally {
        await hub.close();
      }
    });
  command
    .command('remove')
    .description(
      "remove a principal from the local list (local or imported); the graph's principal of that id, if any, is used again; exit 6 when there is none",
    )
    .argument('<id>', 'the principal_id')
    .option('--json', 'print the removed principal as JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      const { callOperation } = await import('../cli-door');
      const { removed } = await callOperation('principals.remove', { principal_id: id });
      if (options.json) printJson({ removed });
      else
        process.stdout.write(
          `Removed the local principal ${removed.principal_id} (${removed.source}). Runs as ${removed.principal_id} now use the graph's principal of that id, if the graph has one.\n`,
        );
    });
  return command;
}

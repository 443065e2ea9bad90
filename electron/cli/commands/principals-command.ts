import fs from 'node:fs';
import { Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { Deadline } from '../../../shared/deadline';
import { LensError } from '../../../shared/lens-error';
import { PrincipalFile, type Principal } from '../../../shared/principal';
import { openAppServices } from '../../app-services';
import { graphPrincipals } from '../../retrieval/principal-resolver';
import { printJson } from '../cli-output';

/** Reads a principals file (JSON or YAML: a list, or `{ principals: [...] }`); problems name the file and the field. */
export function readPrincipalFile(file: string): Principal[] {
  let raw: unknown;
  try {
    raw = parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LensError('invalid_input', `${file} is not readable JSON or YAML (${(error as Error).message.split('\n')[0]}).`, { hint: 'Give a list of principals, or { principals: [...] }.', cause: error });
  }
  const parsed = PrincipalFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LensError('invalid_input', `${file}: ${issue?.path.join('.') || 'the file'} ${issue?.message ?? 'is invalid'}.`, {
      hint: 'Each principal needs principal_id and workspace_id; groups and acl_partitions are lists.',
    });
  }
  return Array.isArray(parsed.data) ? parsed.data : parsed.data.principals;
}

/** `lens principals list | import FILE`. */
export function principalsCommand(): Command {
  const command = new Command('principals').description('the principals retrievals can run as');
  command
    .command('list')
    .description('principals from the local list and from the graph (the local entry wins on a clash)')
    .option('--json', 'print as JSON')
    .action(async (options: { json?: boolean }) => {
      const services = openAppServices();
      try {
        const local = services.store.listPrincipals();
        const graph = await graphPrincipals(services.gateway, services.deps.profile, Deadline.after(10_000));
        const merged = [...local, ...graph.filter((p) => !local.some((l) => l.principal_id === p.principal_id))];
        if (options.json) printJson(merged);
        else
          for (const p of merged) {
            process.stdout.write(`${p.principal_id.padEnd(14)} ${p.source.padEnd(7)} ${p.workspace_id.padEnd(12)} groups [${p.groups.join(', ')}]  partitions [${p.acl_partitions.join(', ')}]${p.description ? `  — ${p.description}` : ''}\n`);
          }
      } finally {
        await services.close();
      }
    });
  command
    .command('import')
    .description('add or replace principals in the local list from a JSON or YAML file')
    .argument('<file>', 'a list of principals, or { principals: [...] }')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      const principals = readPrincipalFile(file);
      const services = openAppServices();
      try {
        const count = services.store.upsertPrincipals(principals, 'import');
        if (options.json) printJson({ imported: count });
        else process.stdout.write(`Imported ${count} principals from ${file}.\n`);
      } finally {
        await services.close();
      }
    });
  return command;
}

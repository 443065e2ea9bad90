import { Command } from 'commander';
import { parse as parseYaml, YAMLError } from 'yaml';
import { codedError } from '../../../shared/coded-error';
import { storeError } from '../../../shared/errors/store-error-messages';
import { z } from 'zod';
import { issueWords } from '../../../shared/api/schema-message';
import { TypedPrincipal, type Principal, type UnreadablePrincipal } from '../../../shared/principal';
import { yamlBuildReason, yamlProblem } from '../../../shared/yaml-problem';
import { pathText } from '../../audit/file-problems';
import { printJson } from '../cli-output';
import { terminalSafeDeep } from '../terminal-text';
import { unreadableReason, yamlInputText } from '../../input-file';
import { MAX_YAML_NESTING } from '../../yaml-nesting';
import { wordCliMessage, wordCounted } from '../../../shared/cli-messages';
import { alikeIdWarnings } from '../../../shared/alike-ids';
import { coreEnglish } from '../../../shared/core-catalogues';
import { demoLoadMessage } from '../../../shared/demo-load-messages';
import { terminalLine } from '../terminal-text';

/** What the list marks a local copy with, and the sentence that explains the mark. */
const OVERRIDE_MARK = wordCliMessage('principals_override_mark');

/** What `lens principals import` says it did, with the count's noun in agreement ("1 principal", "3 principals"). */
export function importedLine(count: number, file: string): string {
  return `${wordCounted('principals_imported', count, { file })}\n`;
}

/** The principal list for a person: one line each, local copies that override the graph marked, and how to remove one. */
export function formatPrincipalList(raw: readonly Principal[], unreadable: readonly UnreadablePrincipal[] = []): string {
  // An imported list is anyone's data: terminal controls in it are escaped before a terminal reads them.
  const principals = terminalSafeDeep(raw);
  if (principals.length === 0) return `${unreadable.length === 0 ? wordCliMessage('principals_none') : ''}${unreadableLines(unreadable)}\n`;
  const lines = principals.map((p) => {
    const facts = `${p.principal_id.padEnd(14)} ${p.source.padEnd(7)} ${p.workspace_id.padEnd(12)} groups [${p.groups.join(', ')}]  partitions [${p.acl_partitions.join(', ')}]`;
    return `${facts}${p.description ? `  — ${p.description}` : ''}${p.overrides_graph ? `  ${OVERRIDE_MARK}` : ''}`;
  });
  const overriding = principals.filter((p) => p.overrides_graph).map((p) => p.principal_id);
  if (overriding.length > 0) {
    lines.push('', wordCliMessage('principals_override_note', { ids: overriding.join(', ') }));
  }
  return `${lines.join('\n')}${unreadable.length > 0 ? `\n\n${unreadableLines(unreadable)}` : ''}\n`;
}

/** The graph's Principal nodes that could not be read: how many, then each with what is wrong and what to do (terminal-safe). */
export function unreadableLines(raw: readonly UnreadablePrincipal[]): string {
  if (raw.length === 0) return '';
  const unreadable = terminalSafeDeep(raw);
  const lines = unreadable.map((entry) => `  ${entry.problem}${entry.hint ? ` ${entry.hint}` : ''}`);
  return [wordCliMessage('principals_unreadable_note', { count: unreadable.length }), ...lines].join('\n');
}

const PrincipalList = z.array(TypedPrincipal.strict());

/** The entries of a principals file: the list itself, or `{ principals: [...] }`'s; null when it holds neither. */
function principalEntries(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  const inner = raw !== null && typeof raw === 'object' ? (raw as { principals?: unknown }).principals : undefined;
  return Array.isArray(inner) ? inner : null;
}

/** What a principals file holds instead of a list, as a message part's code. */
function foundPart(raw: unknown) {
  if (raw === null || raw === undefined) return 'found_nothing_part' as const;
  if (typeof raw === 'string') return 'found_text_part' as const;
  return typeof raw === 'object' ? ('found_object_part' as const) : ('found_value_part' as const);
}

/** Reads a principals file (JSON or YAML: a list, or `{ principals: [...] }`); problems name the file and the field. */
export function readPrincipalFile(file: string): Principal[] {
  const text = yamlInputText(
    file,
    // The system's error by its code (what is wrong and what to do), not Node's English ("ENOENT: no such file or directory, open …").
    (error) =>
      codedError('invalid_input', storeError('principals_file_not_read', { file, reason: [unreadableReason(error)] }), { cause: error }),
    (line) =>
      codedError('invalid_input', storeError('principals_file_too_deep', { file, line, max: MAX_YAML_NESTING }), {
        hint: storeError('principals_file_unreadable_hint'),
      }),
  );
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw codedError(
      'invalid_input',
      storeError('principals_file_unreadable', {
        file,
        // The YAML library's error as its code and place; a value it refuses to build (an alias bomb) by kind: never its English.
        problem: [error instanceof YAMLError ? yamlProblem(error, text) : yamlBuildReason(error)],
      }),
      {
        hint: storeError('principals_file_unreadable_hint'),
        cause: error,
      },
    );
  }
  const entries = principalEntries(raw);
  if (entries === null)
    throw codedError('invalid_input', storeError('principals_file_not_a_list', { file, found: [storeError(foundPart(raw))] }), {
      hint: storeError('principals_file_unreadable_hint'),
    });
  const parsed = PrincipalList.safeParse(entries);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const [index, ...rest] = issue.path;
    const n = typeof index === 'number' ? index + 1 : 1;
    const entry: unknown = typeof index === 'number' ? entries[index] : undefined;
    const id = (entry as { principal_id?: unknown } | null)?.principal_id;
    const problem = issueWords(issue);
    const message =
      rest.length === 0
        ? storeError('principals_file_item_whole_invalid', { file, n, problem })
        : storeError('principals_file_item_invalid', {
            file,
            n,
            id: typeof id === 'string' && id.trim() !== '' ? [storeError('principal_id_part', { id })] : '',
            field: pathText(rest),
            problem,
          });
    throw codedError('invalid_input', message, { hint: storeError('principals_file_invalid_hint') });
  }
  const list = parsed.data;
  // Two entries of one id: the local list keeps one principal per id, so the later entry replaced the
  // earlier without a word (and "Imported 6 principals" counted both). Which one was meant is the file's to say.
  const firstAt = new Map<string, number>();
  for (const [index, { principal_id: id }] of list.entries()) {
    const first = firstAt.get(id);
    if (first !== undefined)
      throw codedError('invalid_input', storeError('principals_file_duplicate_id', { file, first: first + 1, second: index + 1, id }), {
        hint: storeError('principals_file_duplicate_id_hint', { id }),
      });
    firstAt.set(id, index);
  }
  // Whether a local copy overrides the graph is worked out when principals are listed or used, never taken from a file.
  return list.map(({ overrides_graph: _ignored, ...principal }) => principal);
}

/**
 * The warnings of a principals file read: principal ids, and group ids its principals name, that
 * differ from another only in letter case, surrounding spaces or Unicode normal form. Ids are
 * compared exactly, so they are imported as two; most likely one is a typo that sees less than meant.
 */
export function principalFileWarnings(file: string, principals: readonly Principal[]): string[] {
  const where = (index: number) => demoLoadMessage('file_entry_where', { file, n: index + 1 });
  const ids = principals.map((principal, index) => ({ id: principal.principal_id, where: where(index) }));
  const groups = principals.flatMap((principal, index) => principal.groups.map((id) => ({ id, where: where(index) })));
  const wide = principals.flatMap((principal, index) =>
    principal.groups
      .filter((group) => READ_AS_EVERYONE.has(group.normalize('NFKC').toLowerCase()))
      .map((group) => demoLoadMessage('group_name_reads_wide', { where: [where(index)], principal: principal.principal_id, group })),
  );
  return [...alikeIdWarnings('principal', ids), ...alikeIdWarnings('group', groups), ...wide].map(coreEnglish);
}

/**
 * Group names a writer may take for "every group" or "the public documents". Access compares a
 * group's name exactly and reads no wildcard in it, so such a group grants only what names it
 * (access is never widened); said, since the writer most likely meant more than that.
 */
const READ_AS_EVERYONE: ReadonlySet<string> = new Set(['*', '**', 'public', 'all', 'everyone', '@all']);

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
      const { principals, unreadable } = await callOperation('principals.list', {});
      // The JSON stays the list of principals to run as; the unreadable nodes are said on stderr, never dropped silently.
      if (options.json) {
        printJson(principals);
        if (unreadable.length > 0) process.stderr.write(`${unreadableLines(unreadable)}\n`);
      } else process.stdout.write(formatPrincipalList(principals, unreadable));
    });
  command
    .command('import')
    .description('add or replace principals in the local list from a JSON or YAML file')
    .argument('<file>', 'a list of principals, or { principals: [...] }')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      const principals = readPrincipalFile(file);
      for (const warning of principalFileWarnings(file, principals)) process.stderr.write(`warning: ${terminalLine(warning)}\n`);
      // The local list lives in the trace store alone: importing needs no graph (and the API has no import).
      const { ServiceHub } = await import('../../services/service-hub');
      const hub = new ServiceHub(process.env);
      try {
        const count = hub.store().upsertPrincipals(principals, 'import');
        if (options.json) printJson({ imported: count });
        else process.stdout.write(importedLine(count, file));
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
      else process.stdout.write(`${wordCliMessage('principals_removed', { principal: removed.principal_id, source: removed.source })}\n`);
    });
  return command;
}

import { Command } from 'commander';
import { coreEnglish, wordCore } from '../../../shared/core-catalogues';
import type { CoreParams } from '../../../shared/core-message';
import {
  countedMessage,
  countsMessage,
  demoLoadMessage,
  loadedMessage,
  type DemoLoadMessageCode,
} from '../../../shared/demo-load-messages';
import { ACL_DEFAULT_KINDS, aclDefaultLabel } from '../../corpus/acl-defaults';
import type { DemoLoadSummary } from '../../../shared/demo-load-summary';
import { normaliseExtensions } from '../../corpus/markdown-extensions';
import { adrSummaryLines, mappingPrincipalLines, readyPrincipalLines } from '../adr-summary-lines';
import { printJson, terminalProgress } from '../cli-output';
import { terminalLine } from '../terminal-text';
import { synthCommand } from './synth-command';

/**
 * The load summary for a person, in English (worded from the `demo_load` catalogue). File names and
 * messages quote the folder's own text (a file may be named `a\x1b]0;title\x07.md`, or with a line
 * break in it), so every line is printed escaped, one line each.
 */
export function formatLoadSummary(summary: DemoLoadSummary): string {
  const lines = [
    coreEnglish(loadedMessage(summary)),
    `  ${coreEnglish(countsMessage(summary.counts))}`,
    ...adrSummaryLines(summary.adrs),
    `  ${say('embeddings', { name: summary.embedder.name, dimensions: summary.embedder.dimensions, kind: summary.embedder.kind })}`,
  ];
  lines.push(
    ...aclDefaultLines(summary),
    ...readyPrincipalLines(summary.ready_principals, summary.source),
    ...mappingPrincipalLines(summary.mapping_principals),
  );
  if (summary.skipped.length > 0)
    lines.push(say('skipped_header', { count: summary.skipped.length }), ...listLines(summary.skipped.map((s) => s.message)));
  const warnings = warningTexts(summary);
  if (warnings.length > 0) lines.push(say('warnings_header', { count: warnings.length }), ...listLines(warnings));
  if (summary.failed.length > 0)
    lines.push(say('failed_header', { count: summary.failed.length }), ...listLines(summary.failed.map((f) => f.message)));
  return `${lines.map(terminalLine).join('\n')}\n`;
}

/**
 * How many entries of each list (skipped, warnings, failed) the printed summary shows: a folder of
 * 100,000 files of which half are empty printed 50,000 lines, the counts and the failures scrolled
 * out of sight. The header counts them all and `--json` lists every one.
 */
export const SUMMARY_LIST_SHOWN = 50;

/** A list's entries as the summary prints them: the first `SUMMARY_LIST_SHOWN`, then how many more there are. */
function listLines(entries: readonly string[]): string[] {
  const shown = entries.slice(0, SUMMARY_LIST_SHOWN).map((entry) => `  - ${entry}`);
  const more = entries.length - SUMMARY_LIST_SHOWN;
  return more > 0 ? [...shown, `  ${say('list_more', { count: more })}`] : shown;
}

/** A line of the summary in English. */
function say(code: DemoLoadMessageCode, params: CoreParams = {}): string {
  return coreEnglish(demoLoadMessage(code, params));
}

/**
 * The warnings in English: worded from their codes when the summary carries them (one per warning),
 * else the English it keeps (a summary made before codes existed).
 */
function warningTexts(summary: DemoLoadSummary): readonly string[] {
  const messages = summary.warning_messages;
  if (messages === undefined || messages.length !== summary.warnings.length) return summary.warnings;
  return messages.map((message, index) => wordCore(message) ?? summary.warnings[index] ?? '');
}

/**
 * Each access default the load applied, with the number of files it was applied to; `--json` lists
 * them. Files, not documents: access fields are given per file (front matter, or a mapping's glob), so
 * a default is applied once to a file and is fixed in that file, and a decision log's sections, each
 * a document, share their file's fields.
 */
function aclDefaultLines(summary: DemoLoadSummary): string[] {
  const defaults = summary.acl_defaults;
  if (ACL_DEFAULT_KINDS.every((kind) => defaults[kind].count === 0)) return [say('acl_defaults_none')];
  return [
    say('acl_defaults_header'),
    ...ACL_DEFAULT_KINDS.map(
      (kind) => `  ${coreEnglish(countedMessage('acl_default_line', defaults[kind].count, { label: [aclDefaultLabel(kind)] }))}`,
    ),
  ];
}

/**
 * The folder's plan, its documents' groups compared with those of the local list's principals too
 * (`lens principals import`), read from the trace store while the folder is planned.
 */
async function planWithLocalPrincipals(
  planFolderLoad: typeof import('../../demo-graph/demo-loader').planFolderLoad,
  docsDir: string,
  aclFile: string | undefined,
  extensions: readonly string[],
) {
  const { ServiceHub } = await import('../../services/service-hub');
  const hub = new ServiceHub(process.env);
  try {
    return planFolderLoad({ docsDir, ...(aclFile ? { aclFile } : {}), extensions, localPrincipals: () => hub.store().listPrincipals() });
  } finally {
    await hub.close();
  }
}

/** `lens demo load [--docs DIR] [--acl FILE]`. */
export function demoCommand(): Command {
  const command = new Command('demo').description('the demo knowledge graph (writes only to the local demo server)');
  command
    .command('load')
    .description("replace the local demo server's graph with the demo corpus, or with a folder of markdown")
    .option('--docs <dir>', 'load this folder of markdown instead (ACL from front matter or --acl)')
    .option(
      '--acl <file>',
      'ACL mapping file (YAML/JSON): { defaults: {...}, files: { "<glob>": {...} }, groups: [...], principals: [...] }',
    )
    .option('--ext <extensions...>', 'also read files with these extensions (md.erb, mdx); template tags are stripped')
    .option('--no-warm', 'do not warm the server for the first queries on the graph just loaded')
    .option('--json', 'print the summary as JSON')
    .action(async (options: { docs?: string; acl?: string; ext?: string[]; warm: boolean; json?: boolean }) => {
      const extensions = normaliseExtensions(options.ext ?? []);
      const [{ loadDemo, planFolderLoad }, { cliEmbedder }] = await Promise.all([
        import('../../demo-graph/demo-loader'),
        import('../../services/stored-llm-settings'),
      ]);
      // The folder is read and checked before the server is looked for: a missing path, a file, an empty or
      // unreadable folder or a bad mapping is said at once, without a server running (as `demo.load` does).
      const plan = options.docs ? await planWithLocalPrincipals(planFolderLoad, options.docs, options.acl, extensions) : undefined;
      const progress = terminalProgress();
      const summary = await loadDemo({
        ...(options.docs ? { docsDir: options.docs, plan } : {}),
        ...(options.acl ? { aclFile: options.acl } : {}),
        extensions,
        progress,
        embedder: cliEmbedder(),
      });
      // A load creates indexes, which drops the server's query plans, and each later command is a connection of its
      // own: the first `lens query` would plan on the graph just loaded inside its deadline (warmAfterLoad does this in the app).
      const warmup = options.warm && summary.counts.documents > 0 ? await import('../../services/server-warmup') : null;
      const warm = warmup && warmup.warmSummary(await warmup.warmDemoServer(process.env, progress));
      progress.done();
      if (options.json) printJson({ ...summary, warm });
      else process.stdout.write(formatLoadSummary(summary));
      // A partial load is still a load, but scripts must be able to see that something failed.
      if (summary.failed.length > 0) process.exitCode = 2;
    });
  command.addCommand(synthCommand());
  return command;
}

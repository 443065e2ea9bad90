import { Command } from 'commander';
import { ACL_DEFAULT_KINDS, ACL_DEFAULT_LABELS } from '../../corpus/acl-defaults';
import type { DemoLoadSummary } from '../../../shared/demo-load-summary';
import { normaliseExtensions } from '../../corpus/markdown-extensions';
import { adrSummaryLines, readyPrincipalLines } from '../adr-summary-lines';
import { printJson, terminalProgress } from '../cli-output';
import { synthCommand } from './synth-command';

/** The load summary for a person. */
export function formatLoadSummary(summary: DemoLoadSummary): string {
  const c = summary.counts;
  const lines = [
    `Loaded ${summary.source} into ${summary.target} in ${(summary.elapsed_ms / 1000).toFixed(1)} s`,
    `  ${c.documents} documents (${c.adrs} ADRs, ${c.supersessions} supersessions), ${c.chunks} chunks, ${c.claims} claims, ${c.evidence} evidence, ${c.entities} entities, ${c.principals} principals, ${c.groups} groups`,
    ...adrSummaryLines(summary.adrs),
    `  embeddings: ${summary.embedder.name} (${summary.embedder.kind}, ${summary.embedder.dimensions} dimensions)`,
  ];
  lines.push(...aclDefaultLines(summary), ...readyPrincipalLines(summary.ready_principals));
  if (summary.skipped.length > 0)
    lines.push(
      `Skipped (${summary.skipped.length}; left out on purpose, the rest loaded):`,
      ...summary.skipped.map((s) => `  - ${s.message}`),
    );
  if (summary.warnings.length > 0) lines.push(`Warnings (${summary.warnings.length}):`, ...summary.warnings.map((w) => `  - ${w}`));
  if (summary.failed.length > 0)
    lines.push(`Failed (${summary.failed.length}; everything else loaded):`, ...summary.failed.map((f) => `  - ${f.message}`));
  return `${lines.join('\n')}\n`;
}

/**
 * Each access default the load applied, with the number of files it was applied to; `--json` lists
 * them. Files, not documents: access fields are given per file (front matter, or a mapping's glob), so
 * a default is applied once to a file and is fixed in that file, and a decision log's sections, each
 * a document, share their file's fields.
 */
function aclDefaultLines(summary: DemoLoadSummary): string[] {
  const defaults = summary.acl_defaults;
  if (ACL_DEFAULT_KINDS.every((kind) => defaults[kind].count === 0))
    return ['Access defaults applied: none (every file gave its access fields)'];
  const files = (count: number) => `${count} ${count === 1 ? 'file' : 'files'}`;
  return [
    'Access defaults applied, counted in files (--json names them):',
    ...ACL_DEFAULT_KINDS.map((kind) => `  ${ACL_DEFAULT_LABELS[kind]}: ${files(defaults[kind].count)}`),
  ];
}

/** `lens demo load [--docs DIR] [--acl FILE]`. */
export function demoCommand(): Command {
  const command = new Command('demo').description('the demo knowledge graph (writes only to the local demo server)');
  command
    .command('load')
    .description("replace the local demo server's graph with the demo corpus, or with a folder of markdown")
    .option('--docs <dir>', 'load this folder of markdown instead (ACL from front matter or --acl)')
    .option('--acl <file>', 'ACL mapping file (YAML/JSON): { defaults: {...}, files: { "<glob>": {...} } }')
    .option('--ext <extensions...>', 'also read files with these extensions (md.erb, mdx); template tags are stripped')
    .option('--json', 'print the summary as JSON')
    .action(async (options: { docs?: string; acl?: string; ext?: string[]; json?: boolean }) => {
      const extensions = normaliseExtensions(options.ext ?? []);
      const [{ loadDemo }, { cliEmbedder }] = await Promise.all([
        import('../../demo-graph/demo-loader'),
        import('../../services/stored-llm-settings'),
      ]);
      const progress = terminalProgress();
      const summary = await loadDemo({
        ...(options.docs ? { docsDir: options.docs } : {}),
        ...(options.acl ? { aclFile: options.acl } : {}),
        extensions,
        progress,
        embedder: cliEmbedder(),
      });
      progress.done();
      if (options.json) printJson(summary);
      else process.stdout.write(formatLoadSummary(summary));
      // A partial load is still a load, but scripts must be able to see that something failed.
      if (summary.failed.length > 0) process.exitCode = 2;
    });
  command.addCommand(synthCommand());
  return command;
}

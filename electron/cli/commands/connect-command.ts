import { Command } from 'commander';
import type { ConnectReport } from '../../../shared/connect-report';
import { printJson } from '../cli-output';
import { wordCliMessage } from '../../../shared/cli-messages';
import { coreEnglish } from '../../../shared/core-catalogues';
import { mismatchDigest } from '../../../shared/graph-capabilities';

/**
 * The connect report for a person: what the graph supports first, then the mismatches, the notes
 * about optional parts the graph does not have folded into one line per kind (`verbose`: each note).
 */
export function formatConnectReport(report: ConnectReport, options: { verbose?: boolean } = {}): string {
  const lines: string[] = [];
  lines.push(
    `Neo4j ${report.server.version} ${report.server.edition} at ${report.uri} (database: ${report.database ?? 'default'}; ${wordCliMessage(report.source === 'demo' ? 'connect_source_demo' : 'connect_source_env')})`,
  );
  lines.push(
    `User: ${report.user.name ?? 'unknown'} (roles: ${report.user.roles?.join(', ') ?? wordCliMessage('connect_roles_not_listed')}); privileges: ${report.privileges.note}`,
  );
  const canWrite = report.read_only.account_can_write;
  lines.push(
    wordCliMessage('connect_read_only', {
      mode: report.read_only.session_access_mode,
      guard: report.read_only.client_guard ? 'on' : 'off',
      can_write: canWrite === 'unknown' ? 'unknown' : canWrite ? 'yes' : 'no',
    }),
  );
  lines.push(`  ${report.read_only.basis}`);
  if (report.warnings.length > 0) lines.push('Warnings:', ...report.warnings.map((warning) => `  - ${warning}`));
  if (report.capabilities)
    lines.push(wordCliMessage('connect_supports'), ...report.capabilities.lines.map((line) => `  ${coreEnglish(line)}`));
  const schema = report.schema;
  lines.push(wordCliMessage('connect_graph', { nodes: schema.node_count, relationships: schema.relationship_count }));
  lines.push(`  labels: ${schema.labels.map((entry) => `${entry.label} ${entry.count}`).join(', ') || 'none'}`);
  lines.push(`  relationships: ${schema.relationship_types.map((entry) => `${entry.type} ${entry.count}`).join(', ') || 'none'}`);
  for (const index of schema.indexes.filter((entry) => entry.type !== 'LOOKUP')) {
    const extra = [
      index.dimensions === null ? null : `${index.dimensions} dims`,
      index.similarity,
      index.analyzer ? `analyzer ${index.analyzer}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `  index ${index.name}: ${index.type} on ${index.labels_or_types.join('|')}(${index.properties.join(', ')})${extra ? ` [${extra}]` : ''} ${index.state}`,
    );
  }
  if (schema.embedding)
    lines.push(
      `  ${wordCliMessage('connect_embedder', { embedder: schema.embedding.embedder, kind: schema.embedding.kind, dimensions: schema.embedding.dimensions })}`,
    );
  if (report.mismatches.length === 0) lines.push(wordCliMessage('connect_profile_fits', { profile: report.profile }));
  else lines.push(wordCliMessage('connect_profile_differs', { profile: report.profile, count: report.mismatches.length }));
  const digest = options.verbose ? { each: report.mismatches, grouped: [], grouped_count: 0 } : mismatchDigest(report.mismatches);
  lines.push(...digest.each.map((entry) => `  ${entry.severity}: ${entry.message}`));
  lines.push(...digest.grouped.map((line) => `  note: ${coreEnglish(line)}`));
  if (digest.grouped_count > 0) lines.push(`  ${wordCliMessage('connect_notes_folded', { count: digest.grouped_count })}`);
  return `${lines.join('\n')}\n`;
}

/** `lens connect [--json]`. */
export function connectCommand(): Command {
  return new Command('connect')
    .description('connect read-only (NEO4J_URI… or the local demo server) and report server, account, privileges and schema fit')
    .option('--json', 'print the report as JSON')
    .option('--verbose', 'list each note about the schema profile, not one line per kind of absent optional part')
    .action(async (options: { json?: boolean; verbose?: boolean }) => {
      const { callOperation } = await import('../cli-door');
      const report = await callOperation('connect.report', {});
      if (options.json) printJson(report);
      else process.stdout.write(formatConnectReport(report, { verbose: options.verbose === true }));
    });
}

import fs from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import { Outcome, RetrievalMode } from '../../../shared/context-contract';
import { codedError } from '../../../shared/coded-error';
import { storeError } from '../../../shared/errors/store-error-messages';
import { isLensError, LensError } from '../../../shared/lens-error';
import { roundToTenths } from '../../../shared/round-to-tenths';
import {
  RUN_SORT_KEYS,
  SortDirection,
  type RunFilter,
  type RunRecord,
  type RunSummary,
  type SkippedRun,
} from '../../../shared/trace-record';
import type { OperationInput, OperationName, OperationOutput } from '../../../shared/api/lens-api';
import { parseBundleText } from '../../trace-store/bundle-import';
import { runNotFound } from '../../trace-store/store-errors';
import type { TraceStore } from '../../trace-store/trace-store';
import type { ImportResult } from '../../trace-store/run-repository';
import type { ExporterSkipped, ImportDiffering } from '../../../shared/trace-import';
import { writePrivateFile } from '../../trace-store/store-file-mode';
import { EXIT_CODES, printJson, warnIfStoreDamaged } from '../cli-output';
import { deniedCell, deniedHeading, deniedLines } from '../denied-lines';
import { shownTitle, shownUnits, terminalJson, terminalLine, terminalSafeDeep } from '../terminal-text';
import { wholeNumber } from './neo4j-command';
import { readInputFile, unreadableReason, unwritableReason } from '../../input-file';
import { wordCliMessage, wordCounted } from '../../../shared/cli-messages';

/** Longest query text shown in one table cell before it is clipped. */
const QUERY_CELL_CHARS = 60;
/** Longest Cypher line shown under a query in `show`. */
const CYPHER_LINE_CHARS = 100;

type Align = 'left' | 'right';

/** Rows as plain padded columns; the last column is never padded, so long text stays on its line. */
function columns(rows: readonly (readonly string[])[], align: readonly Align[] = [], indent = ''): string[] {
  const widths = rows.reduce<number[]>((out, row) => row.map((cell, index) => Math.max(out[index] ?? 0, [...cell].length)), []);
  return rows.map((row) => {
    const cells = row.map((cell, index) => {
      if (index === row.length - 1) return cell;
      const pad = ' '.repeat((widths[index] ?? 0) - [...cell].length);
      return align[index] === 'right' ? `${pad}${cell}` : `${cell}${pad}`;
    });
    return `${indent}${cells.join('  ')}`.trimEnd();
  });
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // Whole characters of the escaped text: an escape (`\u{e0069}`) is never cut in half.
  const chars = shownUnits(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

const ms = (value: number) => `${roundToTenths(value)} ms`;
const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d{3}Z$/, 'Z');

/**
 * The run list as a table for a person, in the order the store gave it, with a line saying how many more there are.
 * Every text from the store is shown with its control and bidi characters escaped: an imported bundle is anyone's data.
 */
export function formatRunTable(listed: readonly RunSummary[], total: number, filtered = false): string {
  const runs = terminalSafeDeep(listed);
  if (runs.length === 0 && total === 0) return `${wordCliMessage(filtered ? 'traces_none_match' : 'traces_none')}\n`;
  if (runs.length === 0) return `${wordCliMessage('traces_none_on_page', { runs: wordCounted('count_runs', total) })}\n`;
  const header = ['CREATED', 'TRACE ID', 'PRINCIPAL', 'MODE', 'OUTCOME', 'ITEMS', 'WITHHELD', 'TIME', 'QUERY'];
  const rows = runs.map((run) => [
    when(run.created_at),
    run.trace_id,
    run.principal_id,
    run.mode,
    run.outcome,
    String(run.item_count),
    deniedCell(run.denied),
    ms(run.elapsed_ms),
    `${clip(run.query, QUERY_CELL_CHARS)}${run.replay_of ? ` (${wordCliMessage('traces_replay_of', { trace: run.replay_of })})` : ''}`,
  ]);
  const lines = columns([header, ...rows], ['left', 'left', 'left', 'left', 'left', 'right', 'left', 'right']);
  if (total > runs.length)
    lines.push('', wordCliMessage('traces_showing', { shown: runs.length, runs: wordCounted('count_matching_runs', total) }));
  return `${lines.join('\n')}\n`;
}

function requestLines(request: Record<string, unknown>): string[] {
  return Object.entries(request)
    .filter(([key]) => key !== 'principal' && key !== 'trace_id')
    .map(([key, value]) => `  ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

function principalLine(principal: RunRecord['principal']): string {
  const name = principal.display_name ? ` (${principal.display_name})` : '';
  const list = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : 'none');
  return `Principal: ${principal.principal_id}${name}, workspace ${principal.workspace_id}; groups ${list(principal.groups)}; partitions ${list(principal.acl_partitions)}; source ${principal.source}${principal.overrides_graph ? ` (${wordCliMessage('traces_local_copy')})` : ''}`;
}

function itemLines(items: RunRecord['response']['items']): string[] {
  return items.flatMap((item, index) => {
    const freshness = `${item.freshness.state}: ${item.freshness.reason}${item.freshness.marked_by ? ` ${wordCliMessage('marked_by', { who: item.freshness.marked_by })}` : ''}`;
    const scores = Object.entries(item.retrieval_scores)
      .map(([stage, score]) => `${stage} ${Math.round(score * 10_000) / 10_000}`)
      .join(', ');
    return [
      `  ${index + 1}. [${item.freshness.state}] ${shownTitle(item.title ?? item.document_id)}: ${clip(item.content, QUERY_CELL_CHARS + 20)}`,
      `     source: ${item.source_uri} (document ${item.document_id}${item.document_version ? ` v${item.document_version}` : ''}; ${item.chunk_ids.length > 1 ? 'chunks' : 'chunk'} ${item.chunk_ids.join(', ')}; ${item.span ? `chars ${item.span.start_char}-${item.span.end_char}` : wordCliMessage('span_unknown')})`,
      `     freshness ${freshness}`,
      `     path: ${item.provenance_path.map((step) => `${step.label} ${step.id}`).join(' → ')}`,
      `     scores: ${scores || 'none'}; final rank ${item.ranks.final}; ${wordCounted('count_tokens', item.tokens)}`,
    ];
  });
}

/**
 * One run for a person: request, principal, outcome, stages, items with source and freshness, denied
 * counts and the queries run. Every text from the store is shown with its control and bidi characters escaped.
 */
export function formatRunDetail(stored: RunRecord): string {
  const run = terminalSafeDeep(stored);
  const { response } = run;
  const lines: string[] = [];
  lines.push(
    `Run ${run.trace_id}, ${when(run.created_at)}, ${ms(run.elapsed_ms)}, graph ${run.graph_uri}${run.replay_of ? `, ${wordCliMessage('traces_replay_of', { trace: run.replay_of })}` : ''}`,
  );
  lines.push('Request:', ...requestLines(run.request));
  lines.push(principalLine(run.principal));
  const failed = response.failed_stage ? ` ${wordCliMessage('traces_at_stage', { stage: response.failed_stage })}` : '';
  lines.push(
    `Outcome: ${run.outcome}${failed}, ${wordCliMessage(response.answerable ? 'traces_answerable' : 'traces_not_answerable')}${response.message ? `: ${response.message}` : ''}`,
  );
  lines.push(
    wordCliMessage('traces_budget', {
      used: response.limits.used_tokens,
      max: response.limits.max_tokens,
      elapsed: ms(response.limits.elapsed_ms),
      timeout: ms(response.limits.timeout_ms),
    }),
  );
  if (response.embedder)
    lines.push(
      `Embedder: ${response.embedder.name} (${response.embedder.kind}${response.embedder.dimensions === undefined ? '' : `, ${response.embedder.dimensions} dims`})`,
    );
  lines.push(`Stages (${response.stages.length}):`);
  lines.push(
    ...columns(
      response.stages.map((stage) => [
        stage.name,
        stage.strategy,
        stage.acl,
        ms(stage.duration_ms),
        `${stage.candidates_in} → ${stage.candidates_out}${stage.note ? `  ${stage.note}` : ''}`,
      ]),
      ['left', 'left', 'left', 'right'],
      '  ',
    ),
  );
  lines.push(`Items (${response.items.length}):`, ...itemLines(response.items));
  if (response.lacking_provenance > 0)
    lines.push(`  ${wordCliMessage('traces_lacking_provenance', { rows: wordCounted('count_rows', response.lacking_provenance) })}`);
  lines.push(deniedHeading(response.denied), ...deniedLines(response.denied, response.notes));
  if (response.cuts.length > 0)
    lines.push(
      `Cut (${response.cuts.length}):`,
      ...columns(
        response.cuts.map((cut) => [cut.chunk_id, cut.reason, cut.detail ?? '']),
        [],
        '  ',
      ),
    );
  lines.push(`Queries (${run.queries.length}):`);
  for (const query of run.queries) {
    lines.push(
      `  ${query.stage}/${query.name}: ${wordCounted('count_rows', query.rows)}${query.truncated ? ` ${wordCliMessage('traces_row_cap')}` : ''}, ${ms(query.duration_ms)} (server ${ms(query.server_ms)}), params hash ${query.params_hash}`,
    );
    lines.push(`     ${clip(query.cypher, CYPHER_LINE_CHARS)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Calls one operation on the trace store under LENS_HOME; a damaged store is named on stderr first. */
async function callTraces<K extends OperationName>(name: K, input: OperationInput<K>): Promise<OperationOutput<K>> {
  const { withCliDoor } = await import('../cli-door');
  return withCliDoor((door) => door.call(name, input), { warnIfStoreDamaged: true });
}

/**
 * Opens the trace store under LENS_HOME for a command the API has no operation for (import, prune,
 * check) and closes it afterwards; a damaged store is named on stderr first.
 */
async function withStore<T>(work: (store: TraceStore) => T): Promise<T> {
  const [{ TraceStore }, { traceStorePath }] = await Promise.all([
    import('../../trace-store/trace-store'),
    import('../../trace-store/trace-store-location'),
  ]);
  const store = TraceStore.open(traceStorePath());
  warnIfStoreDamaged(store);
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/** Writes a bundle (its folder made first); a failure is an `io` error naming the file, why and what to do. */
export function writeBundle(file: string, text: string): void {
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writePrivateFile(file, text);
  } catch (error) {
    throw codedError('io', storeError('bundle_not_written', { file, reason: [unwritableReason(error)] }), {
      hint: storeError('bundle_not_written_hint'),
      cause: error,
    });
  }
}

/** The bundle at `file`, parsed; a file that is missing, unreadable or not a bundle is a coded error naming it. */
export function readBundle(file: string): unknown {
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    if (error instanceof LensError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw codedError('not_found', storeError('bundle_missing', { file }), { hint: storeError('bundle_missing_hint'), cause: error });
    // The system's error by its code, what is wrong and what to do, not the bare code.
    throw codedError('io', storeError('bundle_unreadable', { file, reason: [unreadableReason(error)] }), { cause: error });
  }
  return parseBundleText(text, file);
}

/** The runs an export left out, one line each, for a person; nothing when none were. */
export function formatSkipped(skipped: readonly SkippedRun[]): string {
  if (skipped.length === 0) return '';
  const lines = skipped.map(
    (entry) =>
      `  ${entry.trace_id === null ? wordCliMessage('traces_runs_not_listed') : terminalLine(entry.trace_id)}: ${terminalLine(entry.reason)}`,
  );
  return `${wordCliMessage('traces_skipped', { runs: wordCounted('count_runs', skipped.length) })}\n${lines.join('\n')}\n`;
}

interface ListOptions {
  principal?: string;
  mode?: RunFilter['mode'];
  outcome?: RunFilter['outcome'];
  since?: string;
  until?: string;
  search?: string;
  sort?: RunFilter['sort'];
  direction?: RunFilter['direction'];
  limit?: number;
  json?: boolean;
}

/**
 * What `lens traces prune` deletes. 0 days or 0 runs to keep would delete every run (a typo, or a
 * variable set to 0, cleared the store without a word): refused, naming --all, which says it outright.
 */
function pruneLimits(options: { olderThanDays?: number; keep?: number; all?: boolean }): { olderThanDays?: number; keepLatest?: number } {
  const { olderThanDays, keep, all } = options;
  if (all) {
    if (olderThanDays !== undefined || keep !== undefined) throw codedError('invalid_input', storeError('prune_all_alone'));
    return { keepLatest: 0 };
  }
  if (olderThanDays === undefined && keep === undefined)
    throw codedError('invalid_input', storeError('prune_needs_choice'), { hint: storeError('prune_needs_choice_hint') });
  for (const [flag, value] of [
    ['--older-than-days', olderThanDays],
    ['--keep', keep],
  ] as const)
    if (value === 0)
      throw codedError('invalid_input', storeError('prune_would_delete_all', { flag }), {
        hint: storeError('prune_would_delete_all_hint', { flag }),
      });
  return { olderThanDays, keepLatest: keep };
}

/** The ids shown (escaped), then "and N more" beyond them. */
function shownIds(traceIds: readonly string[], count: number): string {
  const shown = traceIds.map((id) => terminalLine(id)).join(', ');
  const more = count - traceIds.length;
  return more > 0 ? wordCliMessage('traces_exporter_ids_more', { ids: shown, more }) : shown;
}

/** The line naming the runs already stored with other content than the bundle's; empty when none. */
function differingLines(differing: ImportDiffering | undefined): string {
  return differing
    ? `${wordCounted('traces_import_differing', differing.count, { ids: shownIds(differing.trace_ids, differing.count) })}\n`
    : '';
}

/** The lines naming the runs a bundle says its exporter left out (ids escaped, the first few then "and N more"); empty when none. */
function exporterSkippedLines(skipped: ExporterSkipped | undefined): string {
  if (!skipped) return '';
  const ids = shownIds(skipped.trace_ids, skipped.count);
  const lines = skipped.count > 0 ? [wordCounted('traces_exporter_skipped', skipped.count, { ids })] : [];
  if (skipped.unlisted) lines.push(wordCliMessage('traces_exporter_unlisted'));
  return lines.map((line) => `${line}\n`).join('');
}

/** `lens traces list | show | export | delete | import | prune | check`: the local trace store. */
export function tracesCommand(): Command {
  const command = new Command('traces').description(
    'runs kept in the local trace store (<LENS_HOME>/traces.sqlite): list, show, export, delete, import, prune, check',
  );

  command
    .command('list')
    .description('list recorded runs, newest first or sorted by a column (as the Traces screen sorts them)')
    .option('--principal <id>', 'only runs as this principal')
    .addOption(new Option('--mode <mode>', 'only runs in this retrieval mode').choices(RetrievalMode.options))
    .addOption(new Option('--outcome <outcome>', 'only runs that ended in this outcome').choices(Outcome.options))
    .option('--since <iso>', 'only runs created at or after this date or instant, e.g. 2026-06-01')
    .option('--until <iso>', 'only runs created at or before this date or instant')
    .option('--search <text>', 'only runs whose query contains this text (case-insensitive)')
    .addOption(
      new Option('--sort <key>', 'order the runs by this column (the store sorts; runs that tie stay newest first)').choices(RUN_SORT_KEYS),
    )
    .addOption(
      new Option(
        '--direction <order>',
        'the order of --sort: largest, latest or last in the alphabet first (desc, the default), or asc',
      ).choices(SortDirection.options),
    )
    .option('--limit <n>', 'at most this many runs (default 100)', wholeNumber(1, 10_000))
    .option('--json', 'print { total, runs } as JSON')
    .action(async (options: ListOptions) => {
      const filter: RunFilter = {
        principal_id: options.principal,
        mode: options.mode,
        outcome: options.outcome,
        since: options.since,
        until: options.until,
        text: options.search,
        sort: options.sort,
        direction: options.direction,
        limit: options.limit,
      };
      const { runs, total } = await callTraces('traces.list', filter);
      // An empty answer to a filter says no run matches it, not that none was ever recorded.
      const filtered = [filter.principal_id, filter.mode, filter.outcome, filter.since, filter.until, filter.text].some(
        (value) => value !== undefined,
      );
      if (options.json) printJson({ total, runs });
      else process.stdout.write(formatRunTable(runs, total, filtered));
    });

  command
    .command('show')
    .description('show one run: request, principal, outcome, stages, items with source and freshness, denied counts, queries')
    .argument('<trace_id>', 'the run, as `lens traces list` shows it')
    .option('--json', 'print the whole run record as JSON')
    .action(async (traceId: string, options: { json?: boolean }) => {
      const run = await callTraces('traces.get', { trace_id: traceId }).catch((error: unknown) => {
        // The CLI words a missing run in its own terms: the ids come from `lens traces list`.
        throw isLensError(error) && error.kind === 'not_found' ? runNotFound(traceId) : error;
      });
      if (options.json) printJson(run);
      else process.stdout.write(formatRunDetail(run));
    });

  command
    .command('export')
    .description('write runs as a JSON bundle (all runs when no ids are given) to stdout or a file')
    .argument('[trace_ids...]', 'the runs to export')
    .option('--out <file>', 'write the bundle to this file instead of stdout')
    .option('--json', 'with --out, print { file, runs } as JSON')
    .action(async (traceIds: string[], options: { out?: string; json?: boolean }) => {
      const bundle = await callTraces('traces.export', traceIds.length > 0 ? { trace_ids: traceIds } : {});
      const skipped = bundle.skipped ?? [];
      const text = `${terminalJson(bundle)}\n`;
      if (!options.out) {
        process.stdout.write(text);
        if (skipped.length > 0) process.stderr.write(formatSkipped(skipped));
        return;
      }
      writeBundle(options.out, text);
      if (options.json) printJson({ file: path.resolve(options.out), runs: bundle.runs.length, skipped });
      else
        process.stdout.write(
          `${wordCliMessage('traces_exported', { runs: wordCounted('count_runs', bundle.runs.length), file: terminalLine(options.out) })}\n${formatSkipped(skipped)}`,
        );
    });

  command
    .command('delete')
    .description('delete runs by their trace ids; ids no kept run has are named (exit 6), the others still deleted')
    .argument('<trace_ids...>', 'the runs to delete, each id whole as `lens traces list` shows it')
    .option('--json', 'print { deleted, not_found } as JSON')
    .action(async (traceIds: string[], options: { json?: boolean }) => {
      const { deleted, not_found } = await callTraces('traces.delete', { trace_ids: traceIds });
      // As JSON the answer names the ids; the exit code still says that some were not found.
      if (options.json) {
        printJson({ deleted, not_found });
        if (not_found.length > 0) process.exitCode = EXIT_CODES.not_found;
        return;
      }
      process.stdout.write(`${wordCliMessage('traces_deleted', { runs: wordCounted('count_runs', deleted) })}\n`);
      const code = not_found.length === 1 ? 'runs_to_delete_not_found' : 'runs_to_delete_not_found_many';
      if (not_found.length > 0) throw codedError('not_found', storeError(code, { traces: not_found.join(', ') }));
    });

  command
    .command('check')
    .description("check the trace store's file for damage now (SQLite quick_check; the open runs it too unless the last close was clean)")
    .option('--json', 'print { file, ok, problems, ms } as JSON')
    .action(async (options: { json?: boolean }) => {
      const { file, result } = await withStore((store) => ({ file: store.file, result: store.checkIntegrity() }));
      const ok = result.problems.length === 0;
      if (options.json) printJson({ file, ok, problems: result.problems, ms: Math.round(result.ms) });
      else
        process.stdout.write(
          ok
            ? `${wordCliMessage('traces_store_sound', { file: terminalLine(file), elapsed: ms(result.ms) })}\n`
            : `${wordCliMessage('traces_store_damaged', { file: terminalLine(file) })}\n${result.problems.map((problem) => `  ${terminalLine(problem)}`).join('\n')}\n`,
        );
      if (!ok) process.exitCode = EXIT_CODES.io;
    });

  command
    .command('import')
    .description('add the runs of a bundle; runs whose trace id is already here are skipped, never overwritten')
    .argument('<file>', 'a bundle written by `lens traces export`')
    .option('--json', 'print { imported, skipped } as JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      const bundle = readBundle(file);
      let result: ImportResult;
      try {
        result = await withStore((store) => store.importBundle(bundle));
      } catch (error) {
        if (isLensError(error) && error.kind === 'invalid_input')
          throw codedError('invalid_input', storeError('bundle_refused', { file, reason: error.said ? [error.said] : error.message }), {
            hint: error.hintSaid ?? error.hint,
            cause: error,
          });
        throw error;
      }
      if (options.json) printJson(result);
      else
        process.stdout.write(
          `${wordCliMessage('traces_imported', { runs: wordCounted('count_runs', result.imported), skipped: result.skipped })}\n${differingLines(result.differing)}${exporterSkippedLines(result.exporter_skipped)}`,
        );
    });

  command
    .command('prune')
    .description(
      'delete old runs: those older than N days, all but the newest N, or both; or every run with --all (0 for N is refused: it would delete every run)',
    )
    .option('--older-than-days <days>', 'delete runs created more than this many days ago (1 or more)', wholeNumber(0, 36_500))
    .option('--keep <n>', 'keep only the newest N runs (1 or more)', wholeNumber(0, 100_000_000))
    .option('--all', 'delete every run (the settings, principals and stale marks stay); given alone')
    .option('--json', 'print { deleted, remaining } as JSON')
    .action(async (options: { olderThanDays?: number; keep?: number; all?: boolean; json?: boolean }) => {
      // Refused before the store is opened.
      const limits = pruneLimits(options);
      const { deleted, remaining } = await withStore((store) => ({
        deleted: store.prune(limits),
        remaining: store.countRuns(),
      }));
      if (options.json) printJson({ deleted, remaining });
      else process.stdout.write(`${wordCliMessage('traces_pruned', { runs: wordCounted('count_runs', deleted), remaining })}\n`);
    });

  return command;
}

import crypto from 'node:crypto';
import { CodedArgumentError } from './argument-error';
import { repeatable } from '../usage-errors';
import { Command, Option } from 'commander';
import { wordAccessMessage } from '../../../shared/acl/access-messages';
import { RetrievalMode, type ContextItem, type ContextRequest, type ContextResponse, type Outcome } from '../../../shared/context-contract';
import { floorCutEverything, relevanceFloorWords } from '../../../shared/relevance-messages';
import { routeWords } from '../../../shared/route-messages';
import { coreEnglish } from '../../../shared/core-catalogues';
import { outcomeMessage } from '../../../shared/outcome-messages';
import { codedError } from '../../../shared/coded-error';
import { storeError } from '../../../shared/errors/store-error-messages';
import { isoInstantFault } from '../../../shared/iso-instant';
import type { CliDoor } from '../cli-door';
import { printJson } from '../cli-output';
import { deniedHeading, deniedLines } from '../denied-lines';
import { itemViolationMark, providerAuditLines } from '../provider-audit-lines';
import { shownStart, shownTitle, terminalLine, terminalSafeDeep } from '../terminal-text';
import { anyWholeNumber, wholeNumber } from './neo4j-command';
import { scopesFromFlags, withScopeFlags, type ScopeFlagOptions } from './scope-flags';
import { wordCliMessage } from '../../../shared/cli-messages';

/** Exit codes of `lens query`: 0 for the two answers, a distinct code for each failure. */
export const OUTCOME_EXIT_CODES: Record<Outcome, number> = {
  ok: 0,
  no_evidence: 0,
  invalid_request: 2,
  unavailable: 4,
  timeout: 5,
  invalid_response: 10,
  acl_violation: 11,
  unsupported_filter: 12,
  // Ctrl+C cancels the run: it exits as a process ended by SIGINT does (128 + 2).
  cancelled: 130,
};

/** An ISO date flag's value; one shaped as a date whose day or time does not exist (2024-02-30, T25:00) is refused naming it. */
function isoInstant(value: string): string {
  const fault = isoInstantFault(value);
  if (fault?.kind === 'day') throw new CodedArgumentError(storeError('arg_iso_no_such_day_part', { day: fault.day }));
  if (fault?.kind === 'time') throw new CodedArgumentError(storeError('arg_iso_no_such_time_part', { time: fault.time }));
  if (fault) throw new CodedArgumentError(storeError('arg_iso_date_part', { value }));
  return value;
}

/** `--param name=value`, repeatable; a parameter given again with another value is refused, not overwritten. */
const keyValue = repeatable((value: string, previous: Record<string, string> = {}): Record<string, string> => {
  const at = value.indexOf('=');
  if (at <= 0) throw new CodedArgumentError(storeError('arg_name_value_part', { value }));
  const [name, given] = [value.slice(0, at), value.slice(at + 1)];
  const first = Object.hasOwn(previous, name) ? previous[name] : undefined;
  if (first !== undefined && first !== given) throw new CodedArgumentError(storeError('arg_name_given_twice_part', { name, first }));
  return { ...previous, [name]: given };
});

/** A number for `--alpha`; anything else is refused at the flag, since the API takes plain JSON numbers only. */
function finiteNumber(value: string): string {
  if (!DECIMAL_NUMBER.test(value)) throw new CodedArgumentError(storeError('arg_number_part', { value }));
  return value;
}

/**
 * A number written in decimal (`0.5`, `.5`, `1`, `-0.2`; the request's schema checks the range):
 * `Number` alone also reads `0x1` as 1, `1e-1` as 0.1, ` 0.5 ` as 0.5 and `Infinity`, as the whole
 * number flags did (neo4j-command.ts).
 */
const DECIMAL_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Why the item was allowed, in English; a run recorded before items carried it says so. */
function allowedWords(item: ContextItem): string {
  if (!item.access) return wordCliMessage('query_access_not_recorded');
  return item.access.because.map((clause) => wordAccessMessage(clause)).join('; ');
}

const fixed = (value: number | undefined) => (value === undefined ? '' : value.toFixed(3));

/** The longest principal id the header shows whole; a longer one (anyone can send one) shows its start and its length. */
const MAX_SHOWN_ID = 80;

function shortened(id: string): string {
  return id.length <= MAX_SHOWN_ID ? id : `${id.slice(0, MAX_SHOWN_ID)}… (${id.length} characters)`;
}

/** How much of an item's content `lens query` shows, in characters. */
export const CONTENT_PREVIEW_CHARS = 240;

/** The response for a person: outcome, items with provenance and freshness, denied counts and the stage timeline. */
export function formatResponse(raw: ContextResponse, rawPrincipalId: string): string {
  // Graph text is anyone's data: terminal controls in it are escaped before a terminal reads them.
  const response = terminalSafeDeep(raw);
  const principalId = shortened(terminalLine(rawPrincipalId));
  const lines: string[] = [];
  const { limits } = response;
  // A request refused before it was read has no budgets: its header shows none rather than 0/0.
  const budgets =
    limits.max_tokens === 0 && limits.timeout_ms === 0
      ? `${Math.round(limits.elapsed_ms)} ms`
      : `${limits.used_tokens}/${limits.max_tokens} tokens  ·  ${Math.round(limits.elapsed_ms)}/${limits.timeout_ms} ms`;
  lines.push(
    `${response.outcome.toUpperCase()}  as ${principalId}  ·  ${response.items.length} items  ·  ${budgets}  ·  trace ${response.trace_id}`,
  );
  if (response.message) lines.push(`  ${response.message}${response.failed_stage ? ` (stage: ${response.failed_stage})` : ''}`);
  if (response.route) lines.push(`  route: ${response.route.chosen}, ${routeWords(response.route)}`);
  // A run the floor left without evidence already says so, with the floor, in its message.
  if (response.relevance && !floorCutEverything(response.relevance)) lines.push(`  relevance: ${relevanceFloorWords(response.relevance)}`);
  // A run refused before any stage embedded nothing: no embedder line.
  if (response.embedder && response.stages.length > 0)
    lines.push(
      `  query embedder: ${response.embedder.name} (${response.embedder.kind}${response.embedder.kind === 'lexical' ? `: ${wordCliMessage('query_kind_lexical')}` : ''})`,
    );
  for (const [index, item] of response.items.entries()) {
    const badge = item.freshness.state === 'current' ? 'current' : item.freshness.state.toUpperCase();
    lines.push('');
    lines.push(
      `#${item.ranks.final} [${badge}] ${shownTitle(item.title ?? item.document_id)}${item.title_held_as ? ` [${wordCliMessage(`title_held_as_${item.title_held_as}`)}]` : ''}  (${item.doc_type ?? 'document'}, ${item.document_version === null ? wordCliMessage('version_none') : `v${item.document_version}`})`,
    );
    lines.push(`   source: ${item.source_uri}`);
    lines.push(
      `   chunks: ${item.chunk_ids.join(', ')}  ${item.span ? `span ${item.span.start_char}-${item.span.end_char}` : wordCliMessage('span_unknown')}  ${item.tokens} tokens`,
    );
    lines.push(`   path:   ${item.provenance_path.map((step) => `${step.label}:${step.id}`).join(' → ')}`);
    const s = item.retrieval_scores;
    lines.push(
      `   scores: vector ${fixed(s.vector) || '-'}  fulltext ${fixed(s.fulltext) || '-'}${s.entity === undefined ? '' : `  entity ${fixed(s.entity)}`}  fused ${fixed(s.fused) || '-'}  graph ${fixed(s.graph) || '-'}`,
    );
    lines.push(`   allowed: ${allowedWords(item)}`);
    if (item.freshness.state !== 'current')
      lines.push(
        `   freshness: ${item.freshness.reason}${item.freshness.marked_by ? ` ${wordCliMessage('marked_by', { who: item.freshness.marked_by })}` : ''}`,
      );
    // Cut between whole characters of the escaped text, never inside an escape (`\u{e007`) or an emoji.
    lines.push(`   ${shownStart(item.content, CONTENT_PREVIEW_CHARS)}`);
    const mark = itemViolationMark(response.audit, index + 1);
    if (mark) lines.push(mark);
  }
  if (response.audit) lines.push('', ...providerAuditLines(response.audit, principalId));
  lines.push('');
  lines.push(deniedHeading(response.denied), ...deniedLines(response.denied, response.notes));
  if (response.lacking_provenance > 0) lines.push(wordCliMessage('query_lacking_provenance', { count: response.lacking_provenance }));
  if (response.cuts.length > 0) {
    const byReason = new Map<string, number>();
    for (const cut of response.cuts) byReason.set(cut.reason, (byReason.get(cut.reason) ?? 0) + 1);
    lines.push(`Cut: ${[...byReason].map(([reason, count]) => `${reason} ×${count}`).join(', ')}`);
  }
  lines.push('Stages:');
  for (const stage of response.stages) {
    lines.push(
      `  ${stage.name.padEnd(22)} ${stage.strategy.padEnd(34)} ${String(stage.candidates_in).padStart(6)} → ${String(stage.candidates_out).padEnd(6)} ${stage.acl.padEnd(10)} ${stage.duration_ms.toFixed(1).padStart(8)} ms${stage.note ? `  ${stage.note}` : ''}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The flags of `lens query` (and the request flags of `lens compare`). */
export interface QueryOptions extends ScopeFlagOptions {
  as: string;
  mode: string;
  topK: number;
  maxTokens: number;
  timeoutMs: number;
  freshnessAt?: string;
  docType?: string[];
  validAt?: string;
  language?: string;
  ranker?: 'rrf' | 'naive' | 'linear';
  alpha?: string;
  hops?: number;
  template?: string;
  param?: Record<string, string>;
  staleFilter?: boolean;
  minSimilarity?: string;
  minTerms?: number;
  /** False with `--no-relevance-floor`: both sides of the floor off (a side given its own flag keeps it). */
  relevanceFloor?: boolean;
  traceId?: string;
  json?: boolean;
}

/** The relevance floor the flags ask for: each side as given, both off with `--no-relevance-floor`, else the defaults. */
function relevanceFloorFromFlags(options: QueryOptions): { min_similarity?: number; min_matched_terms?: number } {
  const off = options.relevanceFloor === false ? 0 : undefined;
  const similarity = options.minSimilarity !== undefined ? Number(options.minSimilarity) : off;
  const terms = options.minTerms ?? off;
  return {
    ...(similarity !== undefined ? { min_similarity: similarity } : {}),
    ...(terms !== undefined ? { min_matched_terms: terms } : {}),
  };
}

/**
 * The retrieval flags only some modes read, and those modes (`provider` sends every option on to the
 * team's endpoint, so it takes them all). A flag the mode does not read would be dropped without a word.
 */
const MODE_FLAGS: readonly { flag: string; given: (options: QueryOptions) => boolean; modes: readonly string[] }[] = [
  { flag: '--template', given: (o) => o.template !== undefined, modes: ['cypher'] },
  { flag: '--param', given: (o) => o.param !== undefined, modes: ['cypher'] },
  { flag: '--hops', given: (o) => o.hops !== undefined, modes: ['graph', 'auto'] },
  { flag: '--ranker', given: (o) => o.ranker !== undefined, modes: ['hybrid', 'graph', 'auto'] },
  { flag: '--alpha', given: (o) => o.alpha !== undefined, modes: ['hybrid', 'graph', 'auto'] },
];

/** Refuses a flag the query's mode does not read (`--template` in hybrid mode), and `--alpha` without the linear ranker it weighs. */
function checkModeFlags(options: QueryOptions): void {
  const mode = String(options.mode);
  if (mode === 'provider') return;
  for (const { flag, given, modes } of MODE_FLAGS) {
    if (!given(options) || modes.includes(mode)) continue;
    throw codedError('invalid_input', storeError('flag_not_for_mode', { flag, modes: modes.map((m) => `--mode ${m}`).join(', '), mode }), {
      hint: storeError('flag_not_for_mode_hint', { flag, suggested: modes[0] ?? '' }),
    });
  }
  if (options.alpha !== undefined && options.ranker !== 'linear')
    throw codedError('invalid_input', storeError('alpha_needs_linear', { ranker: options.ranker ?? 'rrf' }), {
      hint: storeError('alpha_needs_linear_hint'),
    });
}

/**
 * Builds the request the CLI flags describe. A flag given an empty value (`--language ""`, as a script's
 * unset variable gives it) is sent as given, for the contract or the pipeline to refuse: dropped, a
 * filter would widen the run to every language without a word.
 */
export function requestFromFlags(text: string, options: QueryOptions): ContextRequest {
  checkModeFlags(options);
  const filters = {
    ...(options.docType ? { document_types: options.docType } : {}),
    ...(options.validAt !== undefined ? { valid_at: options.validAt } : {}),
    ...(options.language !== undefined ? { language: options.language } : {}),
  };
  const retrieval = {
    ...(options.ranker ? { ranker: options.ranker } : {}),
    ...(options.alpha !== undefined ? { alpha: Number(options.alpha) } : {}),
    ...(options.hops ? { hops: options.hops } : {}),
    ...(options.template !== undefined ? { template_id: options.template } : {}),
    ...(options.param ? { template_params: options.param } : {}),
    ...(options.staleFilter ? { stale_policy: 'filter' as const } : {}),
    ...relevanceFloorFromFlags(options),
  };
  return {
    query: text,
    principal: options.as,
    mode: options.mode as ContextRequest['mode'],
    top_k: options.topK,
    max_tokens: options.maxTokens,
    timeout_ms: options.timeoutMs,
    ...(options.freshnessAt !== undefined ? { freshness_required_at: options.freshnessAt } : {}),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    ...scopesFromFlags(options),
    ...(Object.keys(retrieval).length > 0 ? { options: retrieval } : {}),
    ...(options.traceId ? { trace_id: options.traceId } : {}),
  };
}

/** Adds the flags that shape a request (mode, budget, deadline, filters, retrieval options), as `lens query` and `lens compare` take them. */
export function withRequestOptions(command: Command): Command {
  return withScopeFlags(command)
    .addOption(new Option('--mode <mode>', 'retrieval mode').choices(RetrievalMode.options).default('hybrid'))
    .option('--top-k <n>', 'items to return (1..100)', anyWholeNumber, 10)
    .option('--max-tokens <n>', 'token budget (o200k)', anyWholeNumber, 4000)
    .option('--timeout-ms <n>', 'deadline for the whole request', anyWholeNumber, 10_000)
    .option('--freshness-at <iso>', 'freshness_required_at: documents must be updated since then', isoInstant)
    .option('--doc-type <type...>', 'filter: document types')
    .option('--valid-at <iso>', 'filter: documents valid at this instant', isoInstant)
    .option('--language <code>', 'filter: document language')
    .addOption(new Option('--ranker <ranker>', 'hybrid fusion').choices(['rrf', 'naive', 'linear']))
    .option('--alpha <weight>', 'vector weight for the linear ranker (0..1)', finiteNumber)
    .option('--hops <n>', 'graph mode: 1 or 2 hops', wholeNumber(1, 2))
    .option('--template <id>', 'cypher mode: the query template')
    .option('--param <name=value>', 'cypher mode: a template parameter (repeatable)', keyValue)
    .option('--stale-filter', 'drop stale items instead of demoting them')
    .option(
      '--min-similarity <score>',
      'relevance floor of vector hits (0..1; default: the embedder’s calibrated floor; 0 turns it off)',
      finiteNumber,
    )
    .option('--min-terms <n>', 'relevance floor of full-text hits: query terms a hit must hold (default 2; 0 turns it off)', anyWholeNumber)
    .option('--no-relevance-floor', 'turn the relevance floor off, to see what it cuts');
}

/**
 * Runs `work` (one query.run) so that Ctrl+C (SIGINT) cancels that run through `query.cancel`: the
 * run then answers `cancelled`, printed like any other response. A second Ctrl+C exits at once.
 */
async function cancelOnInterrupt<T>(door: CliDoor, traceId: string, work: () => Promise<T>): Promise<T> {
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(OUTCOME_EXIT_CODES.cancelled);
    interrupted = true;
    process.stderr.write(`${coreEnglish(outcomeMessage('run_cancelling'))}\n`);
    void door.call('query.cancel', { trace_id: traceId }).catch((error: unknown) => {
      process.stderr.write(`lens: ${coreEnglish(outcomeMessage('run_cancel_failed', { reason: (error as Error).message }))}\n`);
    });
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await work();
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/** `lens query "<text>" --as <principal> …`: one retrieval, recorded in the trace store. */
export function queryCommand(): Command {
  return withRequestOptions(
    new Command('query')
      .description(
        'run a retrieval as a principal and print the context response (exit 0 for ok and no_evidence, distinct codes for failures, 130 when Ctrl+C cancelled it)',
      )
      .argument('<text>', 'the question')
      .requiredOption('--as <principal>', "principal id (local list or the graph's Principal nodes)"),
  )
    .option('--trace-id <id>', 'use this trace id')
    .option('--json', 'print the ContextResponse as JSON')
    .action(async (text: string, options: QueryOptions) => {
      const { withCliDoor } = await import('../cli-door');
      // The run always has a trace id of its own, so Ctrl+C can name it to cancel it.
      const request = requestFromFlags(text, { ...options, traceId: options.traceId ?? crypto.randomUUID() });
      const { response, principal } = await withCliDoor((door) =>
        cancelOnInterrupt(door, String(request.trace_id), () => door.call('query.run', { request })),
      );
      if (options.json) printJson(response);
      else process.stdout.write(formatResponse(response, principal.principal_id));
      process.exitCode = OUTCOME_EXIT_CODES[response.outcome];
    });
}

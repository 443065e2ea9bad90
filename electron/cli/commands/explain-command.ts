import { Command } from 'commander';
import { wordAccessMessage } from '../../../shared/acl/access-messages';
import { codedError } from '../../../shared/coded-error';
import { storeError } from '../../../shared/errors/store-error-messages';
import type { ExplainTarget, WhyNotAnswer, WhyNotFinding } from '../../../shared/why-not';
import { whyNotMessages, wordWhyNotMessage } from '../../../shared/why-not-messages';
import { printJson } from '../cli-output';
import { terminalLine, terminalSafeDeep } from '../terminal-text';
import { wordCliMessage, wordCounted } from '../../../shared/cli-messages';

/** Chunk ids listed per finding before the rest are counted. */
const SHOWN_CHUNK_IDS = 6;

function chunkList(ids: readonly string[]): string {
  const shown = ids.slice(0, SHOWN_CHUNK_IDS).join(', ');
  return ids.length > SHOWN_CHUNK_IDS ? wordCliMessage('more_values', { values: shown, count: ids.length - SHOWN_CHUNK_IDS }) : shown;
}

function findingLines(finding: WhyNotFinding, principalId: string): string[] {
  const lines = [`${chunkList(finding.chunk_ids)}:`];
  for (const message of whyNotMessages(finding.verdict, principalId)) {
    lines.push(`  ${wordWhyNotMessage(message)}`);
    for (const clause of message.clauses ?? []) lines.push(`    - ${wordAccessMessage(clause)}  [${clause.path}]`);
  }
  return lines;
}

function documentLine(answer: WhyNotAnswer, title: string): string {
  const explained = answer.findings.reduce((sum, finding) => sum + finding.chunk_ids.length, 0);
  const head = wordCliMessage('explain_document', {
    document: answer.document_id,
    title,
    chunks: wordCounted('count_chunks', answer.chunks_total),
  });
  return explained < answer.chunks_total ? `${head} ${wordCliMessage('explain_first_explained', { count: explained })}` : head;
}

/** The answer for a person, in English: the run, the target, then each finding in words. */
export function formatWhyNot(raw: WhyNotAnswer): string {
  // Graph and store text is anyone's data: terminal controls in it are escaped before a terminal reads them.
  const answer = terminalSafeDeep(raw);
  const title = answer.title ? ` "${answer.title}"` : '';
  const lines = [
    wordCliMessage('explain_head', {
      trace: answer.trace_id,
      principal: answer.principal_id,
      mode: answer.mode,
      outcome: answer.outcome,
      text: answer.query,
    }),
    answer.target.kind === 'chunk'
      ? wordCliMessage('explain_chunk', { chunk: answer.target.id, document: answer.document_id, title })
      : documentLine(answer, title),
    '',
  ];
  if (answer.findings.length === 0) lines.push(wordCliMessage('explain_no_chunks'));
  for (const finding of answer.findings) lines.push(...findingLines(finding, answer.principal_id));
  lines.push('');
  lines.push(wordCliMessage('explain_read_at', { read_at: answer.read_at }));
  return `${lines.map(terminalLine).join('\n')}\n`;
}

interface ExplainOptions {
  chunk?: string;
  document?: string;
  rerun: boolean;
  json?: boolean;
}

/** The chunk or document the flags name; exactly one of them. */
function targetFromFlags(options: ExplainOptions): ExplainTarget {
  if (options.chunk !== undefined && options.document !== undefined) throw codedError('invalid_input', storeError('explain_both_targets'));
  if (options.chunk !== undefined) return { kind: 'chunk', id: options.chunk };
  if (options.document !== undefined) return { kind: 'document', id: options.document };
  throw codedError('invalid_input', storeError('explain_no_target'), { hint: storeError('explain_no_target_hint') });
}

/** `lens explain <trace_id> --chunk <id> | --document <id>`: where a chunk fell out of a stored run. */
export function explainCommand(): Command {
  return new Command('explain')
    .description(
      'why not this chunk? where a chunk (or each chunk of a document) fell out of a stored run: not visible, filtered, below the cut-off, cut by packing, stale, or returned',
    )
    .argument('<trace_id>', 'the run, as `lens traces list` shows it')
    .option('--chunk <id>', 'the chunk to explain')
    .option('--document <id>', 'the document whose chunks to explain')
    .option('--no-rerun', 'do not re-run the request to place chunks the run did not rank')
    .option('--json', 'print the answer as JSON')
    .action(async (traceId: string, options: ExplainOptions) => {
      const target = targetFromFlags(options);
      const { callOperation } = await import('../cli-door');
      const answer = await callOperation('traces.explain', { trace_id: traceId, target, rerun: options.rerun });
      if (options.json) printJson(answer);
      else process.stdout.write(formatWhyNot(answer));
    });
}

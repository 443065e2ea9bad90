import { wordEvalMessage, type EvalMessageCode } from './eval-messages';
import type { EvalFinding, EvalFindingCode, EvalReport } from './eval-report';

/**
 * The findings of an evaluation as the Evaluations screen lists them: what kind of expectation no run
 * can meet, the question it concerns, the expected item, why (a sentence of the eval catalogue) and
 * the `lens explain` command that shows it. A finding is a fact about the golden set, neither a
 * failed run nor an access denial of one: nothing here touches a run's status or the counts of leaks
 * and failures.
 */

/** Why no run can meet the expectation: its principal may not see the item, or the graph lacks it; or its check could not finish. */
export type FindingKind = 'not_visible' | 'not_in_graph' | 'unchecked';
/** The level of the expected item. */
export type FindingLevel = 'document' | 'chunk';
/** Whether the set expects the item (`expected`) or forbids it (`must_not_appear`). */
export type FindingList = 'expected' | 'forbidden';

const SHAPES: Readonly<Record<EvalFindingCode, { level: FindingLevel; kind: FindingKind; list: FindingList }>> = {
  expected_document_not_visible: { level: 'document', kind: 'not_visible', list: 'expected' },
  expected_chunk_not_visible: { level: 'chunk', kind: 'not_visible', list: 'expected' },
  expected_document_not_in_graph: { level: 'document', kind: 'not_in_graph', list: 'expected' },
  expected_chunk_not_in_graph: { level: 'chunk', kind: 'not_in_graph', list: 'expected' },
  forbidden_document_not_in_graph: { level: 'document', kind: 'not_in_graph', list: 'forbidden' },
  forbidden_chunk_not_in_graph: { level: 'chunk', kind: 'not_in_graph', list: 'forbidden' },
  unchecked_expected_document: { level: 'document', kind: 'unchecked', list: 'expected' },
  unchecked_expected_chunk: { level: 'chunk', kind: 'unchecked', list: 'expected' },
  unchecked_forbidden_document: { level: 'document', kind: 'unchecked', list: 'forbidden' },
  unchecked_forbidden_chunk: { level: 'chunk', kind: 'unchecked', list: 'forbidden' },
};

/** The reason sentence of each finding code (the CLI's UNMEETABLE line without its prefix and command). */
const REASONS: Readonly<Record<EvalFindingCode, EvalMessageCode>> = {
  expected_document_not_visible: 'reason_expected_document_not_visible',
  expected_chunk_not_visible: 'reason_expected_chunk_not_visible',
  expected_document_not_in_graph: 'reason_expected_document_not_in_graph',
  expected_chunk_not_in_graph: 'reason_expected_chunk_not_in_graph',
  forbidden_document_not_in_graph: 'reason_forbidden_document_not_in_graph',
  forbidden_chunk_not_in_graph: 'reason_forbidden_chunk_not_in_graph',
  unchecked_expected_document: 'reason_unchecked_expected_document',
  unchecked_expected_chunk: 'reason_unchecked_expected_chunk',
  unchecked_forbidden_document: 'reason_unchecked_forbidden_document',
  unchecked_forbidden_chunk: 'reason_unchecked_forbidden_chunk',
};

type Worded = { readonly code: EvalMessageCode; readonly params: Readonly<Record<string, string>> };

/** Why an `unchecked_*` finding's check could not finish, as a phrase of the eval catalogue; null for any other finding. */
function uncheckedReason(finding: EvalFinding): Worded | null {
  const unchecked = finding.unchecked;
  if (!unchecked) return null;
  if (unchecked.reason === 'failed') return { code: 'unchecked_reason_failed', params: { kind: unchecked.kind } };
  return { code: unchecked.reason === 'timeout' ? 'unchecked_reason_timeout' : 'unchecked_reason_unavailable', params: {} };
}

/** What the set should say instead, for a file path given where a document id belongs; null otherwise. */
function suggestionOf(finding: EvalFinding): { readonly code: EvalMessageCode; readonly params: Readonly<Record<string, string>> } | null {
  return finding.suggestion === undefined
    ? null
    : { code: 'suggestion_loaded_as', params: { id: finding.id, suggestion: finding.suggestion } };
}

/** A finding's line as the CLI and the JUnit report word it (English), with what to write instead where the set gave a file's path. */
export function findingLine(finding: EvalFinding): string {
  const detail = uncheckedReason(finding);
  const line = wordEvalMessage(finding.code, {
    question: finding.question_id,
    principal: finding.principal,
    id: finding.id,
    trace: finding.trace_id,
    ...(detail ? { reason: wordEvalMessage(detail.code, detail.params) } : {}),
  });
  const suggestion = suggestionOf(finding);
  return suggestion
    ? wordEvalMessage('finding_with_suggestion', { line, suggestion: wordEvalMessage(suggestion.code, suggestion.params) })
    : line;
}

export interface FindingView {
  readonly finding: EvalFinding;
  readonly level: FindingLevel;
  readonly kind: FindingKind;
  readonly list: FindingList;
  /** The question's text as its runs asked it, or null when the report has no run of it. */
  readonly question: string | null;
  /** Why no run can meet it, as a code of the eval catalogue with its parameters. */
  readonly reason: { readonly code: EvalMessageCode; readonly params: Readonly<Record<string, string>> };
  /** What to write instead, where the set gave a file's path for a document id; null otherwise. */
  readonly suggestion: { readonly code: EvalMessageCode; readonly params: Readonly<Record<string, string>> } | null;
  /** Why the check could not finish, for an `unchecked_*` finding; null otherwise. */
  readonly unchecked: Worded | null;
  /**
   * The command that shows why, ready to paste into a shell; null for an item the graph lacks, where
   * there is no rule to show (as the CLI's UNMEETABLE line for it names no command).
   */
  readonly command: string | null;
}

// Characters a POSIX shell takes literally in a word; anything else is single-quoted.
const PLAIN_WORD = /^[\w.:/@%+=,-]+$/;

/** One shell word: as it is when plain, else single-quoted (a quote inside closed, escaped and reopened). */
export function shellWord(word: string): string {
  return word !== '' && PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `lens explain <trace> --document|--chunk <id>` for the run the finding was judged on. */
export function explainCommand(finding: EvalFinding): string {
  return `lens explain ${shellWord(finding.trace_id)} --${SHAPES[finding.code].level} ${shellWord(finding.id)}`;
}

/** The report's findings in the order it keeps them, each with what the screen shows of it. */
export function findingViews(report: Pick<EvalReport, 'findings' | 'runs'>): FindingView[] {
  const questions = new Map<string, string>();
  for (const run of report.runs) if (!questions.has(run.question_id)) questions.set(run.question_id, run.question);
  return report.findings.map((finding) => ({
    finding,
    ...SHAPES[finding.code],
    question: questions.get(finding.question_id) ?? null,
    reason: { code: REASONS[finding.code], params: { principal: finding.principal, id: finding.id } },
    suggestion: suggestionOf(finding),
    unchecked: uncheckedReason(finding),
    command: SHAPES[finding.code].kind === 'not_visible' ? explainCommand(finding) : null,
  }));
}

import crypto from 'node:crypto';
import type { QueryRunResult } from '../../shared/api/lens-api';
import type { ContextRequest } from '../../shared/context-contract';
import { codedError } from '../../shared/coded-error';
import { evalMessage, wordEvalMessage } from '../../shared/eval/eval-messages';
import type { EvalFinding, EvalReport, EvalRun } from '../../shared/eval/eval-report';
import { aggregateByMode, evalExitCode, FAILED_SCORE, scoreAnswer } from '../../shared/eval/eval-scoring';
import { DEFAULT_EVAL_MODES, gradedItem, type EvalMode, type GoldenQuestion } from '../../shared/eval/golden-set';
import { isLensError } from '../../shared/lens-error';
import type { ProgressSink } from '../../shared/progress-event';
import { mapBounded } from '../audit/bounded-pool';
import { principalsThatExist } from '../audit/file-problems';
import type { OperationCaller } from '../audit/operation-caller';
import { unreadableProblem } from '../audit/suite-principals';
import type { GoldenSetFile } from './golden-set-file';

/**
 * Runs a golden set through the API door: each question × mode is one `query.run` as the question's
 * principal, recorded like any other run (its trace id is kept with the figures), so the evaluation
 * scores exactly what the app, the CLI and the HTTP host hand over. A run that does not answer
 * (timeout, outage, refusal) is a failed question, never "found nothing".
 */

/** What the runner needs besides the set. */
export interface EvalOptions {
  /** The modes to run (the command's, else the set's, else DEFAULT_EVAL_MODES). */
  readonly modes?: readonly EvalMode[];
  /** The cut-off (the command's, else the set's). */
  readonly k?: number;
  /** A label for the graph evaluated (e.g. "v2"), shown in comparisons. */
  readonly graphLabel?: string;
  /** Runs in flight at once: 1 keeps the latencies those of one request alone. */
  readonly concurrency?: number;
  readonly progress?: ProgressSink;
  /** Stops the evaluation: no further run starts, the runs in flight are cancelled, and it ends in a `cancelled` error. */
  readonly signal?: AbortSignal;
}

/** One planned run. */
export interface PlannedRun {
  readonly question: GoldenQuestion;
  readonly mode: EvalMode;
}

/** The request of one run: the question as its principal, in its mode, k items, with the set's options under the question's. */
export function requestOf(file: GoldenSetFile, { question, mode }: PlannedRun, k: number): ContextRequest {
  const { defaults } = file.set;
  const options = defaults.options || question.options ? { ...defaults.options, ...question.options } : undefined;
  return {
    query: question.question,
    principal: question.principal,
    mode,
    top_k: k,
    ...(defaults.timeout_ms === undefined ? {} : { timeout_ms: defaults.timeout_ms }),
    ...(question.filters ? { filters: question.filters } : {}),
    ...(options ? { options } : {}),
  } as ContextRequest;
}

/** Checks, before any run, that every principal the set names exists; the first contact with the graph, too. */
async function checkPrincipals(call: OperationCaller, file: GoldenSetFile): Promise<void> {
  const listed = await call('principals.list', {});
  const known = new Set(listed.principals.map((principal) => principal.principal_id));
  const problems = file.set.questions.flatMap((question, index) =>
    known.has(question.principal)
      ? []
      : [
          unreadableProblem(listed.unreadable, question.principal) ??
            evalMessage('set_unknown_principal', {
              file: file.file,
              at: file.locate(['questions', index, 'principal']),
              path: `questions[${index}].principal`,
              principal: question.principal,
            }),
        ],
  );
  const [first, ...rest] = problems;
  if (first !== undefined) throw codedError('invalid_input', first, { hint: principalsThatExist(known), moreProblems: rest });
}

/** Runs one question in one mode and scores it. */
async function runOne(
  call: OperationCaller,
  file: GoldenSetFile,
  planned: PlannedRun,
  k: number,
  traceId: string,
): Promise<{ run: EvalRun; versions: string[] }> {
  const { question, mode } = planned;
  const base = {
    question_id: question.id,
    question: question.question,
    principal: question.principal,
    language: question.language ?? null,
    mode,
  };
  const started = performance.now();
  let result: QueryRunResult;
  try {
    result = await call('query.run', { request: { ...requestOf(file, planned, k), trace_id: traceId } });
  } catch (error) {
    const data = isLensError(error)
      ? error.toData()
      : { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
    const run: EvalRun = {
      ...base,
      ...FAILED_SCORE,
      trace_id: null,
      outcome: null,
      error: {
        kind: data.kind,
        message: data.message,
        ...('message_code' in data && data.message_code !== undefined
          ? { message_code: data.message_code, message_params: data.message_params ?? {} }
          : {}),
      },
      latency_ms: performance.now() - started,
    };
    return { run, versions: [] };
  }
  const { response } = result;
  const answered = response.outcome === 'ok' || response.outcome === 'no_evidence';
  const score = answered ? scoreAnswer(question, response.items, k) : FAILED_SCORE;
  const run: EvalRun = {
    ...base,
    ...score,
    trace_id: response.trace_id,
    outcome: response.outcome,
    error: answered
      ? null
      : {
          kind: response.outcome,
          message: response.message ?? response.outcome,
          ...(response.message_code === undefined
            ? {}
            : { message_code: response.message_code, message_params: response.message_params ?? {} }),
        },
    latency_ms: response.limits.elapsed_ms,
  };
  return { run, versions: response.items.map((item) => `${item.document_id}@${item.document_version ?? ''}`) };
}

/** A short fingerprint of the document versions the runs handed over: two graphs that answered with the same versions share it. */
function fingerprint(versions: readonly string[]): string {
  return crypto
    .createHash('sha256')
    .update([...new Set(versions)].sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/** The modes a question runs in: its own mode alone, else every mode of the evaluation. */
function planRuns(file: GoldenSetFile, modes: readonly EvalMode[]): PlannedRun[] {
  return file.set.questions.flatMap((question) => (question.mode ? [question.mode] : modes).map((mode) => ({ question, mode })));
}

/** The codes of an unmeetable expectation, by level. */
const UNMEETABLE = {
  document: { hidden: 'expected_document_not_visible', missing: 'expected_document_not_in_graph' },
  chunk: { hidden: 'expected_chunk_not_visible', missing: 'expected_chunk_not_in_graph' },
} as const;
/** The codes of a must_not_appear item the graph does not hold, by level. */
const UNGUARDED = { document: 'forbidden_document_not_in_graph', chunk: 'forbidden_chunk_not_in_graph' } as const;

/** Whether "why not?" refused `error` because the graph holds no such node, and the id it suggests instead (a file's path given for a document id). */
function missingNode(error: unknown): { missing: boolean; suggestion?: string } {
  const missing = isLensError(error) && error.kind === 'not_found' && /:no_such_(document|chunk)$/.test(error.said?.code ?? '');
  const suggestion = missing ? error.hintSaid?.params?.['suggestion'] : undefined;
  return typeof suggestion === 'string' ? { missing, suggestion } : { missing };
}

/** The codes of a check that could not finish, by list and level. */
const UNCHECKED = {
  expected: { document: 'unchecked_expected_document', chunk: 'unchecked_expected_chunk' },
  forbidden: { document: 'unchecked_forbidden_document', chunk: 'unchecked_forbidden_chunk' },
} as const;

/** Why a check could not finish, from the error it ran into: the graph's silence, its absence, or the error's kind. */
function uncheckedOf(error: unknown): NonNullable<EvalFinding['unchecked']> {
  const kind = isLensError(error) ? error.kind : 'internal';
  return { reason: kind === 'timeout' ? 'timeout' : kind === 'unavailable' ? 'unavailable' : 'failed', kind };
}

/**
 * Whether one expected document or chunk can be handed over to the run's principal at all, asked of
 * "why not?" on the run (its principal, no re-run): every chunk not visible, or no such node in the
 * graph, is a finding; visible or handed over is none; a check that could not finish is an
 * `unchecked_*` finding, never "nothing found".
 */
async function unmeetable(
  call: OperationCaller,
  run: EvalRun & { trace_id: string },
  level: 'document' | 'chunk',
  id: string,
): Promise<EvalFinding | null> {
  const base = { question_id: run.question_id, principal: run.principal, id, trace_id: run.trace_id };
  try {
    const answer = await call('traces.explain', { trace_id: run.trace_id, target: { kind: level, id }, rerun: false });
    const hidden = answer.findings.length > 0 && answer.findings.every((finding) => finding.verdict.kind === 'not_visible');
    return hidden ? { ...base, code: UNMEETABLE[level].hidden } : null;
  } catch (error) {
    const { missing, suggestion } = missingNode(error);
    if (missing) return { ...base, code: UNMEETABLE[level].missing, ...(suggestion ? { suggestion } : {}) };
    return { ...base, code: UNCHECKED.expected[level], unchecked: uncheckedOf(error) };
  }
}

/** A must_not_appear document or chunk that no run of its question handed over, to look up in the graph. */
interface Forbidden {
  readonly level: 'document' | 'chunk';
  readonly id: string;
}

/**
 * Which must_not_appear documents and chunks that no run handed over the graph does not hold, asked
 * once for the whole set (a plain existence read, not "why not?" item by item): one the graph lacks
 * can never be handed over, so its check can never fail and guards nothing (a file's path written for
 * a document id, a renamed document). Keyed `level:id`, with the id a path stands for; a read that
 * could not finish names why in `failed`, and then nothing is known to be missing.
 */
async function notInGraph(
  call: OperationCaller,
  forbidden: readonly Forbidden[],
): Promise<{ missing: Map<string, { suggestion?: string }>; failed: NonNullable<EvalFinding['unchecked']> | null }> {
  const missing = new Map<string, { suggestion?: string }>();
  if (forbidden.length === 0) return { missing, failed: null };
  const ids = (level: Forbidden['level']) => forbidden.flatMap((item) => (item.level === level ? [item.id] : []));
  try {
    const answer = await call('graph.missing', { documents: ids('document'), chunks: ids('chunk') });
    for (const { id, suggestion } of answer.documents) missing.set(`document:${id}`, suggestion ? { suggestion } : {});
    for (const { id } of answer.chunks) missing.set(`chunk:${id}`, {});
    return { missing, failed: null };
  } catch (error) {
    return { missing, failed: uncheckedOf(error) };
  }
}

/**
 * The set's expectations no run can meet: for each question, every expected document and chunk
 * (grade 1 and up) that none of its runs handed over is judged on its first answered run, once per
 * question, since access is the principal's whatever the mode. Then its checks that can never fail:
 * every must_not_appear item no run handed over that the graph does not hold.
 */
async function unmeetableExpectations(
  call: OperationCaller,
  questions: readonly GoldenQuestion[],
  runs: readonly EvalRun[],
  signal?: AbortSignal,
): Promise<EvalFinding[]> {
  const judgedQuestions = questions.flatMap((question) => {
    const own = runs.filter((run) => run.question_id === question.id);
    const judged = own.find((run): run is EvalRun & { trace_id: string } => run.status !== 'failed' && run.trace_id !== null);
    if (!judged) return [];
    // A forbidden item a run handed over is in the graph (and is that run's leak): only the others are looked up.
    const leaked = new Set(own.flatMap((run) => run.violations.map((violation) => `${violation.level}:${violation.id}`)));
    const forbidden: Forbidden[] = [
      ...(question.must_not_appear?.documents ?? []).map((id) => ({ level: 'document' as const, id })),
      ...(question.must_not_appear?.chunks ?? []).map((id) => ({ level: 'chunk' as const, id })),
    ].filter(({ level, id }) => !leaked.has(`${level}:${id}`));
    return [{ question, own, judged, forbidden }];
  });
  const { missing, failed } = signal?.aborted
    ? { missing: new Map<string, { suggestion?: string }>(), failed: null }
    : await notInGraph(
        call,
        judgedQuestions.flatMap((entry) => entry.forbidden),
      );
  const found: EvalFinding[] = [];
  for (const { question, own, judged, forbidden } of judgedQuestions) {
    const handedOver = new Set(own.flatMap((run) => run.documents));
    const expected = [
      ...question.expected.documents.map((item) => ({ level: 'document' as const, ...gradedItem(item) })),
      ...question.expected.chunks.map((item) => ({ level: 'chunk' as const, ...gradedItem(item) })),
    ].filter((item) => item.grade > 0 && !(item.level === 'document' && handedOver.has(item.id)));
    for (const { level, id } of expected) {
      if (signal?.aborted) return found;
      const finding = await unmeetable(call, judged, level, id);
      if (finding) found.push(finding);
    }
    for (const { level, id } of forbidden) {
      if (failed) {
        found.push({
          code: UNCHECKED.forbidden[level],
          question_id: question.id,
          principal: judged.principal,
          id,
          trace_id: judged.trace_id,
          unchecked: failed,
        });
        continue;
      }
      const absent = missing.get(`${level}:${id}`);
      if (!absent) continue;
      found.push({
        code: UNGUARDED[level],
        question_id: question.id,
        principal: judged.principal,
        id,
        trace_id: judged.trace_id,
        ...(absent.suggestion ? { suggestion: absent.suggestion } : {}),
      });
    }
  }
  return found;
}

/** Runs the set and returns the report (not stored: the caller stores it). */
export async function runEvaluation(call: OperationCaller, file: GoldenSetFile, options: EvalOptions = {}): Promise<EvalReport> {
  const created = new Date();
  const clock = performance.now();
  const modes = [...(options.modes ?? file.set.defaults.modes ?? DEFAULT_EVAL_MODES)];
  const k = options.k ?? file.set.defaults.k;
  const plan = planRuns(file, modes);
  const { signal } = options;
  const stopped = (done: number) => codedError('cancelled', evalMessage('stopped', { done, total: plan.length }));
  try {
    await checkPrincipals(call, file);
  } catch (error) {
    // Stopped while the graph was first asked (a slow or silent server): the stop, not the outage it ran into.
    if (signal?.aborted) throw stopped(0);
    throw error;
  }
  if (signal?.aborted) throw stopped(0);
  let done = 0;
  let failed = 0;
  // Each run carries a trace id of its own, so a stop can cancel the runs in flight by name (`query.cancel`).
  const inFlight = new Set<string>();
  const stopRuns = () => {
    for (const traceId of inFlight) call('query.cancel', { trace_id: traceId }).catch(() => undefined);
  };
  signal?.addEventListener('abort', stopRuns, { once: true });
  let results: ({ run: EvalRun; versions: string[] } | null)[];
  try {
    results = await mapBounded(plan, options.concurrency ?? 1, async (planned) => {
      if (signal?.aborted) return null;
      const traceId = crypto.randomUUID();
      inFlight.add(traceId);
      const result = await runOne(call, file, planned, k, traceId).finally(() => inFlight.delete(traceId));
      if (signal?.aborted) return null;
      done += 1;
      if (result.run.status === 'failed') failed += 1;
      const counts = { done, total: plan.length, failed };
      options.progress?.({
        phase: 'runs',
        message: wordEvalMessage('progress', counts),
        said: evalMessage('progress', counts),
        fraction: done / plan.length,
      });
      return result;
    });
  } finally {
    signal?.removeEventListener('abort', stopRuns);
  }
  // A stopped evaluation is no report: its figures would read as the set's, over the questions it happened to reach.
  if (signal?.aborted) throw stopped(done);
  const runs = results.flatMap((result) => (result ? [result.run] : []));
  const findings = await unmeetableExpectations(call, file.set.questions, runs, signal);
  if (signal?.aborted) throw stopped(done);
  const info = await call('app.info', {});
  const usedModes = modes.filter((mode) => runs.some((run) => run.mode === mode));
  const extraModes = [...new Set(runs.map((run) => run.mode))].filter((mode) => !usedModes.includes(mode));
  const allModes = [...usedModes, ...extraModes];
  return {
    id: crypto.randomUUID(),
    created_at: created.toISOString(),
    set: { name: file.set.name, file: file.file, questions: file.set.questions.length },
    graph: {
      uri: info.graph_uri,
      label: options.graphLabel ?? null,
      fingerprint: fingerprint(results.flatMap((result) => result?.versions ?? [])),
    },
    k,
    modes: allModes,
    elapsed_ms: performance.now() - clock,
    runs,
    aggregates: aggregateByMode(runs, allModes),
    findings,
    exit_code: evalExitCode(runs),
  };
}

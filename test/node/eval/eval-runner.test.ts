import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../shared/progress-event';
import type { OperationInput, OperationName, OperationOutput } from '../../../shared/api/lens-api';
import { codedError } from '../../../shared/coded-error';
import type { ContextItem } from '../../../shared/context-contract';
import { retrievalError } from '../../../shared/errors/retrieval-error-messages';
import { serverError } from '../../../shared/errors/server-error-messages';
import type { WhyNotVerdict } from '../../../shared/why-not';
import type { OperationCaller } from '../../../electron/audit/operation-caller';
import { parseGoldenSet } from '../../../electron/eval/golden-set-file';
import { runEvaluation } from '../../../electron/eval/eval-runner';
import { formatEvalReport } from '../../../electron/cli/eval-lines';
import { findingViews } from '../../../shared/eval/eval-findings';
import { evalJunitXml } from '../../../electron/eval/eval-junit';
import { EVAL_EXIT_CODES, evalCliExitCode } from '../../../shared/eval/eval-report';

const SET = `name: hidden
questions:
  - id: q-hidden
    question: salary adjustment
    principal: u-guest
    expected:
      documents: [doc-public, doc-hr, doc-typo]
      chunks: [c-hr-1]
  - id: q-fine
    question: event bus
    principal: u-sora
    expected: { documents: [doc-public, doc-elsewhere] }
`;

/** What the fake graph holds: documents with their chunks, and which of those each principal may not see. */
const GRAPH: Record<string, string[]> = { 'doc-public': ['c-pub-1'], 'doc-hr': ['c-hr-1', 'c-hr-2'], 'doc-elsewhere': ['c-else-1'] };
const HIDDEN: Record<string, Set<string>> = { 'u-guest': new Set(['c-hr-1', 'c-hr-2']), 'u-sora': new Set() };

const item = (documentId: string): ContextItem => ({
  content: 'text',
  source_uri: `https://wiki.example/${documentId}`,
  document_id: documentId,
  chunk_id: GRAPH[documentId]?.[0] ?? 'c',
  chunk_ids: [GRAPH[documentId]?.[0] ?? 'c'],
  document_version: null,
  span: { start_char: 0, end_char: 4 },
  freshness: { state: 'current', reason: 'r' },
  provenance_path: [{ label: 'Document', id: documentId }],
  retrieval_scores: {},
  ranks: { final: 1 },
  tokens: 1,
});

/**
 * A door onto the fake graph: every run hands over doc-public only; "why not?" judges access by HIDDEN.
 * `faults` makes "why not?" or the existence read throw instead (a graph that stopped answering).
 */
function fakeDoor(faults: { explain?: unknown; missing?: unknown } = {}): {
  call: OperationCaller;
  explained: string[];
  lookedUp: { documents: string[]; chunks: string[] }[];
} {
  const principals = new Map<string, string>();
  const explained: string[] = [];
  const lookedUp: { documents: string[]; chunks: string[] }[] = [];
  const chunksInGraph = Object.values(GRAPH).flat();
  const handlers: Partial<{ [K in OperationName]: (input: OperationInput<K>) => unknown }> = {
    'principals.list': () => ({
      principals: ['u-guest', 'u-sora'].map((id) => ({
        principal_id: id,
        workspace_id: 'ws',
        groups: [],
        acl_partitions: [],
        source: 'local',
      })),
      unreadable: [],
    }),
    'app.info': () => ({ version: '0', door: 'cli', graph_uri: null }),
    'query.run': ({ request }) => {
      const traceId = String(request.trace_id);
      principals.set(traceId, String(request.principal));
      return {
        principal: { principal_id: String(request.principal), workspace_id: 'ws', groups: [], acl_partitions: [], source: 'local' },
        replay_of: null,
        response: {
          trace_id: traceId,
          outcome: 'ok',
          answerable: true,
          items: [item('doc-public')],
          limits: { used_tokens: 1, max_tokens: 4000, elapsed_ms: 3, timeout_ms: 10000 },
          denied: [],
          stages: [],
          cuts: [],
          lacking_provenance: 0,
          notes: [],
        },
      };
    },
    'traces.explain': ({ trace_id, target }) => {
      explained.push(`${target.kind} ${target.id}`);
      if (faults.explain) throw faults.explain;
      const chunks =
        target.kind === 'document' ? GRAPH[target.id] : Object.values(GRAPH).flat().includes(target.id) ? [target.id] : undefined;
      if (!chunks)
        throw target.kind === 'document'
          ? codedError('not_found', retrievalError('no_such_document', { id: target.id }), {
              hint: target.id.endsWith('.md')
                ? retrievalError('no_such_document_hint_path', { path: target.id, suggestion: 'doc-hr' })
                : retrievalError('no_such_document_hint'),
            })
          : codedError('not_found', retrievalError('no_such_chunk', { id: target.id }));
      const hidden = HIDDEN[principals.get(trace_id) ?? ''] ?? new Set();
      const verdict = (chunk: string): WhyNotVerdict =>
        hidden.has(chunk)
          ? { kind: 'not_visible', access: { node: 'document', reason: 'not_shared', rule: 'document.any_of', failed: [] } }
          : { kind: 'outside_candidates', rerun: null };
      return { findings: chunks.map((chunk) => ({ chunk_ids: [chunk], verdict: verdict(chunk) })) };
    },
    'graph.missing': ({ documents = [], chunks = [] }) => {
      lookedUp.push({ documents, chunks });
      if (faults.missing) throw faults.missing;
      return {
        documents: documents.filter((id) => !(id in GRAPH)).map((id) => (id.endsWith('.md') ? { id, suggestion: 'doc-hr' } : { id })),
        chunks: chunks.filter((id) => !chunksInGraph.includes(id)).map((id) => ({ id })),
      };
    },
  };
  const call = (async <K extends OperationName>(name: K, input: OperationInput<K>): Promise<OperationOutput<K>> => {
    const handler = handlers[name] as ((value: OperationInput<K>) => unknown) | undefined;
    if (!handler) throw new Error(`unexpected call ${name}`);
    return handler(input) as OperationOutput<K>;
  }) as OperationCaller;
  return { call, explained, lookedUp };
}

describe('an evaluation’s expectations no run can meet', () => {
  it('names an expected document or chunk the principal may not see, and one the graph lacks, each with a message code; the figures stay as computed', async () => {
    const { call, explained } = fakeDoor();
    const report = await runEvaluation(call, parseGoldenSet('hidden.yaml', SET), { modes: ['vector', 'hybrid'] });
    const hiddenRun = report.runs.find((run) => run.question_id === 'q-hidden' && run.mode === 'vector');
    expect(report.findings).toEqual([
      { code: 'expected_document_not_visible', question_id: 'q-hidden', principal: 'u-guest', id: 'doc-hr', trace_id: hiddenRun?.trace_id },
      {
        code: 'expected_document_not_in_graph',
        question_id: 'q-hidden',
        principal: 'u-guest',
        id: 'doc-typo',
        trace_id: hiddenRun?.trace_id,
      },
      { code: 'expected_chunk_not_visible', question_id: 'q-hidden', principal: 'u-guest', id: 'c-hr-1', trace_id: hiddenRun?.trace_id },
    ]);
    // Judged once per question, on its first answered run, and never for a document a run handed over.
    expect(explained).toEqual(['document doc-hr', 'document doc-typo', 'chunk c-hr-1', 'document doc-elsewhere']);
    // Recall is what the runs handed over, as for any expectation: one of three documents.
    expect(hiddenRun?.document_metrics?.recall).toBeCloseTo(1 / 3);
    expect(report.exit_code).toBe(0);
    const printed = formatEvalReport(report, null);
    expect(printed).toContain(
      `UNMEETABLE q-hidden (u-guest): u-guest may not see the expected document doc-hr, so no run as u-guest can hand it over and its recall cannot reach 1; expect it of a principal who may see it, or list it under must_not_appear (\`lens explain ${hiddenRun?.trace_id ?? ''} --document doc-hr\` names the rule it fails)`,
    );
    expect(printed).toContain('UNMEETABLE q-hidden (u-guest): the expected document doc-typo is not in the graph');
  });
});

describe('an evaluation’s must_not_appear items the graph does not hold', () => {
  const GUARDS = `name: guards
questions:
  - id: q-guard
    question: salary adjustment
    principal: u-guest
    expected: {}
    must_not_appear:
      documents: [doc-hr, hr/pay.md, doc-public]
      chunks: [c-hr-2, c-gone]
  - id: q-guard-2
    question: event bus
    principal: u-sora
    expected: {}
    must_not_appear: { documents: [doc-elsewhere, doc-gone] }
`;

  it('names each as a check that can never fail, with the id its path was loaded as; one that exists or that a run handed over is not one', async () => {
    const { call, explained, lookedUp } = fakeDoor();
    const report = await runEvaluation(call, parseGoldenSet('guards.yaml', GUARDS), { modes: ['vector'] });
    const run = report.runs[0];
    const other = report.runs.find((entry) => entry.question_id === 'q-guard-2');
    // doc-public was handed over: a leak, in the graph, and not looked up.
    expect(run?.status).toBe('violation');
    // Whether each is in the graph is one plain read for the whole set, not a "why not?" per item.
    expect(explained).toEqual([]);
    expect(lookedUp).toEqual([{ documents: ['doc-hr', 'hr/pay.md', 'doc-elsewhere', 'doc-gone'], chunks: ['c-hr-2', 'c-gone'] }]);
    expect(report.findings).toEqual([
      {
        code: 'forbidden_document_not_in_graph',
        question_id: 'q-guard',
        principal: 'u-guest',
        id: 'hr/pay.md',
        trace_id: run?.trace_id,
        suggestion: 'doc-hr',
      },
      { code: 'forbidden_chunk_not_in_graph', question_id: 'q-guard', principal: 'u-guest', id: 'c-gone', trace_id: run?.trace_id },
      { code: 'forbidden_document_not_in_graph', question_id: 'q-guard-2', principal: 'u-sora', id: 'doc-gone', trace_id: other?.trace_id },
    ]);
    const printed = formatEvalReport(report, null);
    expect(printed).toContain(
      'UNGUARDED q-guard (u-guest): must_not_appear names the document hr/pay.md, which is not in the graph, so no run can hand it over and this check can never fail: it guards nothing; correct its id. hr/pay.md is the source of document doc-hr: write that id.',
    );
    expect(printed).toContain('UNGUARDED q-guard (u-guest): must_not_appear names the chunk c-gone, which is not in the graph');
    const views = findingViews(report);
    expect(views.map((view) => [view.list, view.level, view.kind, view.reason.code, view.suggestion?.code ?? null])).toEqual([
      ['forbidden', 'document', 'not_in_graph', 'reason_forbidden_document_not_in_graph', 'suggestion_loaded_as'],
      ['forbidden', 'chunk', 'not_in_graph', 'reason_forbidden_chunk_not_in_graph', null],
      ['forbidden', 'document', 'not_in_graph', 'reason_forbidden_document_not_in_graph', null],
    ]);
  });
});

describe('an evaluation whose checks of the set could not finish', () => {
  const SET_WITH_GUARD = `name: outage
questions:
  - id: q-out
    question: salary adjustment
    principal: u-guest
    expected: { documents: [doc-hr] }
    must_not_appear: { documents: [doc-gone], chunks: [c-gone] }
`;

  it('lists every item whose check ran into a silent or absent graph as not checked, never as nothing found, in the CLI, the screen and JUnit', async () => {
    const { call } = fakeDoor({
      explain: codedError('timeout', retrievalError('no_such_chunk', { id: 'x' })),
      missing: codedError('unavailable', retrievalError('no_such_chunk', { id: 'x' })),
    });
    const report = await runEvaluation(call, parseGoldenSet('outage.yaml', SET_WITH_GUARD), { modes: ['vector'] });
    const run = report.runs[0];
    expect(report.findings).toEqual([
      {
        code: 'unchecked_expected_document',
        question_id: 'q-out',
        principal: 'u-guest',
        id: 'doc-hr',
        trace_id: run?.trace_id,
        unchecked: { reason: 'timeout', kind: 'timeout' },
      },
      {
        code: 'unchecked_forbidden_document',
        question_id: 'q-out',
        principal: 'u-guest',
        id: 'doc-gone',
        trace_id: run?.trace_id,
        unchecked: { reason: 'unavailable', kind: 'unavailable' },
      },
      {
        code: 'unchecked_forbidden_chunk',
        question_id: 'q-out',
        principal: 'u-guest',
        id: 'c-gone',
        trace_id: run?.trace_id,
        unchecked: { reason: 'unavailable', kind: 'unavailable' },
      },
    ]);
    // The runs' own figures and exit code stand: the checks are about the set, not the runs.
    expect(run?.status).toBe('passed');
    const printed = formatEvalReport(report, null);
    expect(printed).toContain(
      'UNCHECKED q-out (u-guest): whether the expected document doc-hr can be handed over to u-guest could not be checked (the graph did not answer in time), so an UNMEETABLE line for it may be missing; evaluate again when the graph answers',
    );
    expect(printed).toContain(
      'UNCHECKED q-out (u-guest): whether the graph holds the chunk c-gone that must_not_appear names could not be checked (the graph could not be reached), so an UNGUARDED line for it may be missing',
    );
    expect(findingViews(report).map((view) => [view.kind, view.reason.code, view.unchecked?.code ?? null])).toEqual([
      ['unchecked', 'reason_unchecked_expected_document', 'unchecked_reason_timeout'],
      ['unchecked', 'reason_unchecked_forbidden_document', 'unchecked_reason_unavailable'],
      ['unchecked', 'reason_unchecked_forbidden_chunk', 'unchecked_reason_unavailable'],
    ]);
    expect(evalJunitXml(report)).toContain('could not be checked (the graph could not be reached)');
  });

  it('names the kind of any other error a check ran into', async () => {
    const { call } = fakeDoor({ missing: new Error('boom') });
    const report = await runEvaluation(call, parseGoldenSet('outage.yaml', SET_WITH_GUARD), { modes: ['vector'] });
    expect(report.findings.filter((finding) => finding.code.startsWith('unchecked_forbidden')).map((finding) => finding.unchecked)).toEqual(
      [
        { reason: 'failed', kind: 'internal' },
        { reason: 'failed', kind: 'internal' },
      ],
    );
    expect(formatEvalReport(report, null)).toContain('could not be checked (the check failed: internal)');
  });
});

describe('an evaluation’s progress', () => {
  it('says each step in English for the CLI and as a message code with its counts for a screen to word', async () => {
    const { call } = fakeDoor();
    const events: ProgressEvent[] = [];
    await runEvaluation(call, parseGoldenSet('hidden.yaml', SET), { modes: ['vector', 'hybrid'], progress: (event) => events.push(event) });
    const last = events.at(-1);
    expect(last?.fraction).toBe(1);
    expect(last?.message).toMatch(/^evaluating: (\d+)\/\1 runs, 0 failed$/);
    const total = events.length;
    expect(last?.said).toEqual({ code: 'evalmsg:progress', params: { done: total, total, failed: 0 } });
    expect(events.map((event) => event.said?.params?.done)).toEqual(events.map((_event, index) => index + 1));
  });
});

describe('lens eval --strict: the set’s findings fail an evaluation that is otherwise clean', () => {
  const GUARDED = `name: strict
questions:
  - id: q-strict
    question: event bus
    principal: u-sora
    expected: { documents: [doc-elsewhere] }
    must_not_appear: { documents: [doc-gone] }
`;

  it('exits 4 with a line saying why only under --strict, and never hides a leak, a regression or a failed run behind it', async () => {
    const withFinding = await runEvaluation(fakeDoor().call, parseGoldenSet('strict.yaml', GUARDED), { modes: ['vector'] });
    expect(withFinding.exit_code).toBe(EVAL_EXIT_CODES.clean);
    expect(withFinding.findings.map((finding) => finding.code)).toEqual(['forbidden_document_not_in_graph']);
    expect(evalCliExitCode(withFinding, 0, false)).toBe(EVAL_EXIT_CODES.clean);
    expect(evalCliExitCode(withFinding, 0, true)).toBe(EVAL_EXIT_CODES.findings);
    // A leak, a regression and failed runs say more than the set's findings do.
    expect(evalCliExitCode({ ...withFinding, exit_code: EVAL_EXIT_CODES.violation }, 0, true)).toBe(EVAL_EXIT_CODES.violation);
    expect(evalCliExitCode(withFinding, 2, true)).toBe(EVAL_EXIT_CODES.violation);
    expect(evalCliExitCode({ ...withFinding, exit_code: EVAL_EXIT_CODES.runs_failed }, 0, true)).toBe(EVAL_EXIT_CODES.runs_failed);
    // A check that could not be made is a finding too: strict cannot vouch for the set either way.
    const unchecked = await runEvaluation(
      fakeDoor({ missing: codedError('unavailable', retrievalError('no_such_chunk', { id: 'x' })) }).call,
      parseGoldenSet('strict.yaml', GUARDED),
      { modes: ['vector'] },
    );
    expect(unchecked.findings.map((finding) => finding.code)).toEqual(['unchecked_forbidden_document']);
    expect(evalCliExitCode(unchecked, 0, true)).toBe(EVAL_EXIT_CODES.findings);
    const strictLine =
      'STRICT: 1 of the lines above (expectations no run can meet, checks that guard nothing, checks that could not be made) fail this evaluation under --strict (exit 4)';
    expect(formatEvalReport(withFinding, null, EVAL_EXIT_CODES.findings)).toContain(strictLine);
    expect(formatEvalReport(withFinding, null)).not.toContain('STRICT:');
    // Without findings --strict changes nothing.
    const clean = await runEvaluation(fakeDoor().call, parseGoldenSet('strict.yaml', GUARDED.replace(/\n\s+must_not_appear.*\n/, '\n')), {
      modes: ['vector'],
    });
    expect(clean.findings).toEqual([]);
    expect(evalCliExitCode(clean, 0, true)).toBe(EVAL_EXIT_CODES.clean);
  });

  it('says how many problem lines the summary left out, from its message code', async () => {
    const many = `name: many
questions:
  - id: q-many
    question: event bus
    principal: u-sora
    expected: {}
    must_not_appear: { documents: [${Array.from({ length: 43 }, (_, index) => `doc-gone-${index}`).join(', ')}] }
`;
    const report = await runEvaluation(fakeDoor().call, parseGoldenSet('many.yaml', many), { modes: ['vector'] });
    expect(report.findings).toHaveLength(43);
    expect(formatEvalReport(report, null)).toContain('… and 3 more (the JSON report lists every run)');
  });
});

describe('a failed run’s reason in the report', () => {
  it('keeps the message code and parameters of a refused request and of a failed outcome, so a screen words them in its language', async () => {
    const door = fakeDoor();
    const call = (async (name: OperationName, input: never) => {
      if (name !== 'query.run') return door.call(name, input);
      const request = (input as OperationInput<'query.run'>).request;
      if (request.mode === 'vector') throw codedError('timeout', serverError('stage_deadline', { about: '' }));
      const answered = (await door.call('query.run', input)) as OperationOutput<'query.run'>;
      return {
        ...answered,
        response: {
          ...answered.response,
          outcome: 'unsupported_filter',
          answerable: false,
          items: [],
          message: 'The filter color is not supported.',
          message_code: 'outcome:filter_unsupported',
          message_params: { keys: 'color' },
        },
      };
    }) as OperationCaller;
    const report = await runEvaluation(call, parseGoldenSet('hidden.yaml', SET), { modes: ['vector', 'hybrid'] });
    const errors = report.runs.filter((run) => run.question_id === 'q-fine').map((run) => [run.mode, run.status, run.error]);
    expect(errors).toEqual([
      [
        'vector',
        'failed',
        {
          kind: 'timeout',
          message: 'The request ran out of time waiting for Neo4j.',
          message_code: 'error_server:stage_deadline',
          message_params: { about: '' },
        },
      ],
      [
        'hybrid',
        'failed',
        {
          kind: 'unsupported_filter',
          message: 'The filter color is not supported.',
          message_code: 'outcome:filter_unsupported',
          message_params: { keys: 'color' },
        },
      ],
    ]);
  });
});

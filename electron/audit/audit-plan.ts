import type { CheckKind } from '../../shared/audit/audit-report';
import {
  EXPECTATION_KINDS,
  RUN_CHECK_ID,
  type AuditExpectation,
  type AuditQuestion,
  type AuditSuite,
} from '../../shared/audit/audit-suite';
import type { ContextRequest, RetrievalMode } from '../../shared/context-contract';

/**
 * A suite expanded into what the audit does: one run per question × principal × mode (each recorded
 * in the trace store), one `answers` check per run, and one check per expectation and combination
 * it applies to; a `differ_only_in` check compares two runs of the matrix.
 */

/** One run of the matrix. */
export interface PlannedRun {
  readonly key: string;
  readonly question: AuditQuestion;
  readonly principal: string;
  readonly mode: RetrievalMode;
}

/** One check: the runs it judges by key (two for `differ_only_in`: A's, then B's). */
export interface PlannedCheck {
  readonly id: string;
  readonly expectation: AuditExpectation | null;
  readonly kind: CheckKind;
  readonly question: string;
  readonly mode: RetrievalMode;
  readonly principals: readonly string[];
  readonly runs: readonly string[];
}

/** The whole plan. */
export interface AuditPlan {
  readonly runs: readonly PlannedRun[];
  readonly checks: readonly PlannedCheck[];
}

/** The name every check and report uses for a run. */
export function runKey(question: string, principal: string, mode: string): string {
  return `${question}/${principal}/${mode}`;
}

/** The kind an expectation gives (the schema allows exactly one). */
export function expectationKind(expectation: AuditExpectation): CheckKind {
  return EXPECTATION_KINDS.find((kind) => expectation[kind] !== undefined) ?? 'every_item_has_provenance';
}

/** The request of one run: the suite's shared fields, then the matrix's question (its scopes in place of the suite's), principal and mode. */
export function runRequest(suite: AuditSuite, run: PlannedRun): ContextRequest {
  const scopes = run.question.allowed_scopes ?? suite.request.allowed_scopes;
  return {
    ...suite.request,
    query: run.question.text,
    principal: run.principal,
    mode: run.mode,
    ...(scopes ? { allowed_scopes: scopes } : {}),
  } as ContextRequest;
}

function expectationChecks(suite: AuditSuite, expectation: AuditExpectation): PlannedCheck[] {
  const kind = expectationKind(expectation);
  const questions = suite.questions.filter((question) => expectation.questions?.includes(question.id) ?? true);
  const modes = suite.modes.filter((mode) => expectation.modes?.includes(mode) ?? true);
  const base = { expectation, kind };
  if (expectation.differ_only_in) {
    const { a, b } = expectation.differ_only_in;
    return questions.flatMap((question) =>
      modes.map((mode) => ({
        ...base,
        id: `${expectation.id}/${question.id}/${a}~${b}/${mode}`,
        question: question.id,
        mode,
        principals: [a, b],
        runs: [runKey(question.id, a, mode), runKey(question.id, b, mode)],
      })),
    );
  }
  const principals = suite.principals.filter(
    (principal) => (expectation.principals?.includes(principal) ?? true) && !(expectation.except_principals?.includes(principal) ?? false),
  );
  return questions.flatMap((question) =>
    modes.flatMap((mode) =>
      principals.map((principal) => {
        const key = runKey(question.id, principal, mode);
        return { ...base, id: `${expectation.id}/${key}`, question: question.id, mode, principals: [principal], runs: [key] };
      }),
    ),
  );
}

/** Expands a suite into its runs and checks, in the suite's order. */
export function planAudit(suite: AuditSuite): AuditPlan {
  const runs = suite.questions.flatMap((question) =>
    suite.principals.flatMap((principal) =>
      suite.modes.map((mode) => ({ key: runKey(question.id, principal, mode), question, principal, mode })),
    ),
  );
  const answers: PlannedCheck[] = runs.map((run) => ({
    id: `${RUN_CHECK_ID}/${run.key}`,
    expectation: null,
    kind: 'answers',
    question: run.question.id,
    mode: run.mode,
    principals: [run.principal],
    runs: [run.key],
  }));
  return { runs, checks: [...answers, ...suite.expectations.flatMap((expectation) => expectationChecks(suite, expectation))] };
}

/**
 * The suite as `--provider` runs it: every question × principal in mode `provider` (the team's
 * endpoint retrieves its own way, so the suite's modes and the expectations' mode scopes give way).
 */
export function suiteForProvider(suite: AuditSuite): AuditSuite {
  return {
    ...suite,
    modes: ['provider'],
    expectations: suite.expectations.map(({ modes: _modes, ...expectation }) => expectation),
  };
}

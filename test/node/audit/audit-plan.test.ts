import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planAudit, runRequest } from '../../../electron/audit/audit-plan';
import { readSuiteFile } from '../../../electron/audit/suite-file';
import { AuditSuite } from '../../../shared/audit/audit-suite';
import { REPO_ROOT } from '../../support/test-env';

const SUITE = AuditSuite.parse({
  version: 1,
  name: 'plan',
  request: { top_k: 3 },
  principals: ['u-guest', 'u-hana', 'u-alex'],
  modes: ['vector', 'graph'],
  questions: [
    { id: 'q1', text: 'one' },
    { id: 'q2', text: 'two' },
  ],
  expectations: [
    { id: 'hr', except_principals: ['u-hana'], questions: ['q1'], never_sees: { document_id_glob: 'policy-hr-*' } },
    { id: 'diff', modes: ['graph'], differ_only_in: { a: 'u-hana', b: 'u-guest' } },
  ],
});

describe('planAudit', () => {
  it('plans one run per question × principal × mode, each with its own answers check', () => {
    const plan = planAudit(SUITE);
    expect(plan.runs.map((run) => run.key)).toHaveLength(12);
    expect(plan.checks.filter((check) => check.kind === 'answers').map((check) => check.runs[0])).toEqual(plan.runs.map((run) => run.key));
  });

  it('applies an expectation only where its scope says, and a differ check to A and B runs of one question and mode', () => {
    const plan = planAudit(SUITE);
    expect(plan.checks.filter((check) => check.expectation?.id === 'hr').map((check) => check.id)).toEqual([
      'hr/q1/u-guest/vector',
      'hr/q1/u-alex/vector',
      'hr/q1/u-guest/graph',
      'hr/q1/u-alex/graph',
    ]);
    const diff = plan.checks.filter((check) => check.kind === 'differ_only_in');
    expect(diff.map((check) => [check.id, ...check.runs])).toEqual([
      ['diff/q1/u-hana~u-guest/graph', 'q1/u-hana/graph', 'q1/u-guest/graph'],
      ['diff/q2/u-hana~u-guest/graph', 'q2/u-hana/graph', 'q2/u-guest/graph'],
    ]);
  });

  it("builds each run's request from the suite's shared fields and the matrix", () => {
    const [run] = planAudit(SUITE).runs;
    expect(runRequest(SUITE, run as NonNullable<typeof run>)).toEqual({
      top_k: 3,
      max_tokens: 4000,
      timeout_ms: 10_000,
      query: 'one',
      principal: 'u-guest',
      mode: 'vector',
    });
  });

  it('plans the demo suite: 480 runs, and more checks than runs', () => {
    const plan = planAudit(readSuiteFile(path.join(REPO_ROOT, 'resources', 'audit', 'demo-suite.yaml')).suite);
    expect(plan.runs).toHaveLength(8 * 15 * 4);
    expect(plan.checks.length).toBeGreaterThan(plan.runs.length * 5);
  });
});

// A suite whose one expectation holds many checks (one question list × many principals × modes) is
// written as JUnit XML with work linear in its checks: the checks of one expectation were copied whole
// on each add. Counted, not timed (array-iterator steps, test/support/array-steps.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { junitXml } from '../../../electron/audit/junit-xml';
import type { AuditCheck, AuditReport } from '../../../shared/audit/audit-report';
import { arraySteps, restoreArrayIterator } from '../../support/array-steps';

function check(index: number): AuditCheck {
  return {
    id: `hr-only/q${index}/u-guest/vector`,
    expectation: 'hr-only',
    kind: 'never_sees',
    question: `question ${index}`,
    mode: 'vector',
    principals: ['u-guest'],
    result: 'passed',
    message: { code: 'never_sees_passed', params: {} },
    text: 'none',
    violations: [],
    evidence: { trace_ids: [`tr-${index}`] },
  };
}

function report(count: number): AuditReport {
  const checks = Array.from({ length: count }, (_, index) => check(index));
  return {
    suite: { name: 'one expectation', file: 'suite.yaml' },
    started_at: '2026-12-01T10:00:00.123Z',
    elapsed_ms: 1,
    concurrency: 1,
    graph_uri: null,
    totals: { checks: count, passed: count, violated: 0, could_not_run: 0, runs: count, comparisons: 0 },
    exit_code: 0,
    summary: 's',
    checks,
    runs: [],
  };
}

describe('junitXml of one expectation with many checks', () => {
  afterEach(restoreArrayIterator);

  it('does work linear in the checks: four times the checks, about four times the steps, every check written', () => {
    const small = report(500);
    const large = report(2000);
    let xml = '';
    const once = arraySteps(() => void junitXml(small));
    const four = arraySteps(() => {
      xml = junitXml(large);
    });
    expect(xml.match(/<testcase /g)).toHaveLength(2000);
    expect(xml.match(/<testsuite /g)).toHaveLength(1);
    // Linear work grows 4×; a list copied on every add grows toward 16×.
    expect(four / once).toBeLessThan(5);
  });
});

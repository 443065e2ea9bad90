import { describe, expect, it } from 'vitest';
import { evalJunitXml } from '../../../electron/eval/eval-junit';
import { compareEvaluations } from '../../../shared/eval/eval-compare';
import { FAILED_SCORE } from '../../../shared/eval/eval-scoring';
import { evalReport, evalRun } from '../../support/eval-fixtures';

const runs = [
  evalRun({ question_id: 'q<1>', mode: 'vector' }),
  evalRun({ question_id: 'q2', mode: 'vector', status: 'violation', violations: [{ level: 'document', id: 'hr & co', rank: 3 }] }),
  evalRun({
    question_id: 'q1',
    mode: 'hybrid',
    ...FAILED_SCORE,
    outcome: 'unavailable',
    error: { kind: 'unavailable', message: 'no graph' },
  }),
];

describe('an evaluation as JUnit XML', () => {
  it('has one suite per mode and one case per question × mode: a leak is a failure, a run without an answer an error', () => {
    const xml = evalJunitXml(evalReport('e', runs, ['vector', 'hybrid']));
    expect(xml).toMatch(/<testsuites name="lens eval: demo" tests="3" failures="1" errors="1"/);
    expect(xml).toMatch(/<testsuite name="vector" tests="2" failures="1" errors="0"/);
    expect(xml).toMatch(/<testsuite name="hybrid" tests="1" failures="0" errors="1"/);
    expect(xml).toContain('<failure message="handed over forbidden items: document hr &amp; co at rank 3" type="violation">');
    expect(xml).toContain('<error message="the run did not answer (unavailable): no graph" type="failed">');
    // Names are escaped, and a passing case keeps its figures and trace id as output.
    expect(xml).toContain('name="q&lt;1&gt; · u-sora · vector"');
    expect(xml).toMatch(/<system-out>recall 1\.000, precision 1\.000, MRR 1\.000, nDCG 1\.000; trace t-q&lt;1&gt;-vector<\/system-out>/);
  });

  it('marks a passing case that regressed against the previous evaluation as a failure', () => {
    const before = evalReport('before', [evalRun({ question_id: 'q1', mode: 'vector' })], ['vector']);
    const after = evalReport(
      'after',
      [evalRun({ question_id: 'q1', mode: 'vector', document_metrics: { recall: 0, precision: 0, mrr: 0, ndcg: 0 } })],
      ['vector'],
    );
    const xml = evalJunitXml(after, compareEvaluations(before, after));
    expect(xml).toMatch(/<testsuite name="vector" tests="1" failures="1" errors="0"/);
    expect(xml).toContain('regressed against the previous evaluation: recall, precision, mrr, ndcg');
    expect(evalJunitXml(after)).toMatch(/<testsuite name="vector" tests="1" failures="0" errors="0"/);
  });

  it('lists the expectations no run can meet as skipped cases of a suite of their own, failing nothing', () => {
    const report = {
      ...evalReport('e', [evalRun({ question_id: 'q1', mode: 'vector' })], ['vector']),
      findings: [
        { code: 'expected_document_not_visible' as const, question_id: 'q1', principal: 'u-guest', id: 'hr<salary>', trace_id: 't-1' },
      ],
    };
    const xml = evalJunitXml(report);
    expect(xml).toMatch(/<testsuites name="lens eval: demo" tests="2" failures="0" errors="0"/);
    expect(xml).toMatch(/<testsuite name="unmeetable expectations" tests="1" failures="0" errors="0" skipped="1"/);
    expect(xml).toContain('name="q1 · u-guest · hr&lt;salary&gt;" classname="lens-eval.set"');
    expect(xml).toMatch(/<skipped message="UNMEETABLE q1 \(u-guest\): u-guest may not see the expected document hr&lt;salary&gt;/);
    // Without findings, no such suite.
    expect(evalJunitXml(evalReport('e', [evalRun({ question_id: 'q1', mode: 'vector' })], ['vector']))).not.toContain('unmeetable');
  });

  it('lists an item whose check could not finish in a suite of its own, not among the expectations no run can meet', () => {
    const report = {
      ...evalReport('e', [evalRun({ question_id: 'q1', mode: 'vector' })], ['vector']),
      findings: [
        { code: 'expected_document_not_in_graph' as const, question_id: 'q1', principal: 'u-guest', id: 'gone', trace_id: 't-1' },
        {
          code: 'unchecked_forbidden_chunk' as const,
          question_id: 'q1',
          principal: 'u-guest',
          id: 'c-9',
          trace_id: 't-1',
          unchecked: { reason: 'timeout' as const, kind: 'timeout' },
        },
      ],
    };
    const xml = evalJunitXml(report);
    expect(xml).toMatch(/<testsuites name="lens eval: demo" tests="3" failures="0" errors="0"/);
    expect(xml).toMatch(/<testsuite name="unmeetable expectations" tests="1" failures="0" errors="0" skipped="1"/);
    expect(xml).toMatch(/<testsuite name="unchecked expectations" tests="1" failures="0" errors="0" skipped="1"/);
    expect(xml).toContain('<skipped message="UNCHECKED q1 (u-guest): whether the graph holds the chunk c-9');
  });
});

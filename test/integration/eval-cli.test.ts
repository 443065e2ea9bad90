import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TraceStore } from '../../electron/trace-store/trace-store';
import { EvalReport } from '../../shared/eval/eval-report';
import { ensureDemoGraph } from '../support/demo-graph';
import { runLens } from '../support/run-lens';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');
const DEMO_SET = path.join(REPO_ROOT, 'resources', 'eval', 'demo-golden-set.yaml');

/** A small set: one question the HR principal answers, and one whose answer is (on purpose, when asked) forbidden. */
function smallSet(forbidHrToHana: boolean, principal = 'u-hana'): string {
  return `name: small
defaults: { k: 5, modes: [fulltext], timeout_ms: 60000 }
questions:
  - id: salary-hr
    question: 연봉 조정 주기와 기준
    principal: ${principal}
    language: ko
    expected: { documents: [policy-hr-salary-adjustment] }
${forbidHrToHana ? '    must_not_appear: { documents: [policy-hr-salary-adjustment] }\n' : ''}  - id: salary-guest
    question: 연봉 조정 주기와 기준
    principal: u-guest
    expected: {}
    must_not_appear: { documents: [policy-hr-salary-adjustment] }
`;
}

describe.skipIf(!server.local)('lens eval through the bundled CLI (skipped with NEO4J_TEST_URI: it drives the local server)', () => {
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-eval-cli-'));
    fs.cpSync(path.join(server.home, 'neo4j', 'server.json'), path.join(dir, 'neo4j', 'server.json'));
    fs.cpSync(path.join(server.home, 'neo4j', 'password'), path.join(dir, 'neo4j', 'password'));
    env = { LENS_HOME: dir };
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'runs the demo golden set in two modes: exit 0, the JSON report (55 × 2 runs, each with its recorded trace) and a JUnit case per question × mode',
    async () => {
      const reportFile = path.join(dir, 'eval.json');
      const junitFile = path.join(dir, 'eval.xml');
      const run = await runLens(
        ['eval', '--set', DEMO_SET, '--modes', 'fulltext,hybrid', '--report', reportFile, '--junit', junitFile, '--graph-label', 'demo'],
        env,
        CHILD_PROCESS_TEST_TIMEOUT_MS * 2,
      );
      // 0: no run handed over a must_not_appear document (the access rule holds) and every run answered.
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      const report = EvalReport.parse(JSON.parse(fs.readFileSync(reportFile, 'utf8')));
      expect(report.set.questions).toBe(55);
      expect(report.modes).toEqual(['fulltext', 'hybrid']);
      expect(report.runs).toHaveLength(110);
      // Every expectation of the demo set can be met by its principal.
      expect(report.findings).toEqual([]);
      expect(report.graph.label).toBe('demo');
      expect(report.runs.every((one) => one.status === 'passed' && one.trace_id !== null && one.document_metrics !== null)).toBe(true);
      expect(report.aggregates.map((mean) => [mean.mode, mean.runs, mean.failed, mean.violations])).toEqual([
        ['fulltext', 55, 0, 0],
        ['hybrid', 55, 0, 0],
      ]);
      expect(
        report.aggregates.every((mean) => mean.latency_p50_ms !== null && (mean.latency_p95_ms ?? 0) >= (mean.latency_p50_ms ?? 0)),
      ).toBe(true);
      // Chunk figures only for the questions that expect chunks (3 of them), document figures for all.
      expect(report.runs.filter((one) => one.chunk_metrics !== null)).toHaveLength(6);
      // Each run is a recorded run of the trace store, and the evaluation is stored beside them.
      const store = TraceStore.open(path.join(dir, 'traces.sqlite'));
      try {
        expect(report.runs.every((one) => store.getRun(one.trace_id as string)?.request.query === one.question)).toBe(true);
        expect(store.getEvaluation(report.id)).toEqual(report);
      } finally {
        store.close();
      }
      const junit = fs.readFileSync(junitFile, 'utf8');
      expect(junit.match(/<testcase /g)).toHaveLength(110);
      expect(junit).toMatch(/<testsuites name="lens eval: Nurion Labs demo golden set" tests="110" failures="0" errors="0"/);
      expect(junit.match(/<testsuite name="(fulltext|hybrid)" tests="55"/g)).toHaveLength(2);
      expect(junit).toContain('name="ko-salary-engineer · u-sora · hybrid"');
      expect(run.stdout).toMatch(
        /^fulltext: recall@10 \d\.\d{3}, precision@10 \d\.\d{3}, MRR \d\.\d{3}, nDCG@10 \d\.\d{3}; latency p50 \d+ ms/m,
      );
      process.stdout.write(`[eval-cli] demo golden set:\n${run.stdout}`);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS * 2,
  );

  it(
    'exits 1 and names the leak when a run hands over a must_not_appear document, with a JUnit failure for that case only',
    async () => {
      const setFile = path.join(dir, 'leak.yaml');
      fs.writeFileSync(setFile, smallSet(true));
      const junitFile = path.join(dir, 'leak.xml');
      const run = await runLens(['eval', '--set', setFile, '--junit', junitFile], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(1);
      expect(run.stdout).toMatch(
        /^LEAK salary-hr \(u-hana, fulltext\): handed over document policy-hr-salary-adjustment at rank 1 \(trace \S+\)$/m,
      );
      expect(run.stdout).not.toMatch(/LEAK salary-guest/);
      const junit = fs.readFileSync(junitFile, 'utf8');
      expect(junit).toMatch(/tests="2" failures="1" errors="0"/);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'compares with a previous report: no regression against itself (exit 0), a flagged regression against a better baseline (exit 1)',
    async () => {
      const setFile = path.join(dir, 'clean.yaml');
      fs.writeFileSync(setFile, smallSet(false));
      const baseline = path.join(dir, 'baseline.json');
      const first = await runLens(['eval', '--set', setFile, '--report', baseline], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(first.code, `${first.stdout}\n${first.stderr}`).toBe(0);
      const again = await runLens(['eval', '--set', setFile, '--compare', baseline, '--json'], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(again.code, again.stderr).toBe(0);
      const output = JSON.parse(again.stdout) as { comparison: { regressions: number; questions: unknown[] } };
      expect(output.comparison).toMatchObject({ regressions: 0 });
      expect(output.comparison.questions).toHaveLength(2);
      // A baseline where the HR question found its document but the guest's precision was perfect too,
      // and a candidate asked as a principal who cannot see the HR document: its recall falls from 1 to 0.
      const worse = path.join(dir, 'worse.yaml');
      fs.writeFileSync(worse, smallSet(false, 'u-sora'));
      const regressed = await runLens(['eval', '--set', worse, '--compare', baseline], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(regressed.code, `${regressed.stdout}\n${regressed.stderr}`).toBe(1);
      expect(regressed.stdout).toMatch(/^REGRESSION salary-hr \(fulltext → fulltext\): recall -1\.000/m);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS * 2,
  );

  it(
    'compares two modes of one evaluation question by question (--compare-modes), exiting 1 exactly when a regression is flagged',
    async () => {
      const setFile = path.join(dir, 'modes.yaml');
      fs.writeFileSync(setFile, smallSet(false));
      const run = await runLens(
        ['eval', '--set', setFile, '--modes', 'fulltext,vector', '--compare-modes', 'fulltext,vector', '--json'],
        env,
        CHILD_PROCESS_TEST_TIMEOUT_MS,
      );
      const output = JSON.parse(run.stdout) as {
        comparison: { a: { mode: string }; b: { mode: string }; regressions: number; questions: { mode_a: string; mode_b: string }[] };
      };
      expect(output.comparison.a.mode).toBe('fulltext');
      expect(output.comparison.b.mode).toBe('vector');
      expect(output.comparison.questions.map((question) => [question.mode_a, question.mode_b])).toEqual([
        ['fulltext', 'vector'],
        ['fulltext', 'vector'],
      ]);
      expect(run.code, run.stderr).toBe(output.comparison.regressions > 0 ? 1 : 0);
      const refused = await runLens(['eval', '--set', setFile, '--modes', 'fulltext', '--compare-modes', 'fulltext,vector'], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--compare-modes names vector, which this evaluation does not run (fulltext)');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'counts a run that timed out as a failed question, not as "found nothing": exit 3, no figures, a JUnit error',
    async () => {
      const setFile = path.join(dir, 'timeout.yaml');
      fs.writeFileSync(setFile, smallSet(false).replace('timeout_ms: 60000', 'timeout_ms: 1'));
      const reportFile = path.join(dir, 'timeout.json');
      const junitFile = path.join(dir, 'timeout.xml');
      const run = await runLens(
        ['eval', '--set', setFile, '--report', reportFile, '--junit', junitFile],
        env,
        CHILD_PROCESS_TEST_TIMEOUT_MS,
      );
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(3);
      const report = EvalReport.parse(JSON.parse(fs.readFileSync(reportFile, 'utf8')));
      expect(report.runs.map((one) => [one.status, one.outcome, one.document_metrics])).toEqual([
        ['failed', 'timeout', null],
        ['failed', 'timeout', null],
      ]);
      expect(report.aggregates[0]).toMatchObject({ runs: 2, failed: 2, document_metrics: null });
      expect(run.stdout).toMatch(/^FAILED salary-hr \(u-hana, fulltext\): timeout: /m);
      expect(fs.readFileSync(junitFile, 'utf8')).toMatch(/tests="2" failures="0" errors="2"/);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'names an expected document the principal may not see, and one the graph lacks, as unmeetable; the figures are computed as for any expectation',
    async () => {
      const setFile = path.join(dir, 'unmeetable.yaml');
      fs.writeFileSync(
        setFile,
        smallSet(false, 'u-guest').replace(
          'expected: { documents: [policy-hr-salary-adjustment] }',
          'expected: { documents: [policy-hr-salary-adjustment, no-such-document] }',
        ),
      );
      const reportFile = path.join(dir, 'unmeetable.json');
      const run = await runLens(['eval', '--set', setFile, '--report', reportFile], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      const report = EvalReport.parse(JSON.parse(fs.readFileSync(reportFile, 'utf8')));
      const trace = report.runs.find((one) => one.question_id === 'salary-hr')?.trace_id;
      expect(report.findings).toEqual([
        {
          code: 'expected_document_not_visible',
          question_id: 'salary-hr',
          principal: 'u-guest',
          id: 'policy-hr-salary-adjustment',
          trace_id: trace,
        },
        { code: 'expected_document_not_in_graph', question_id: 'salary-hr', principal: 'u-guest', id: 'no-such-document', trace_id: trace },
      ]);
      expect(report.runs.find((one) => one.question_id === 'salary-hr')?.document_metrics?.recall).toBe(0);
      expect(run.stdout).toContain(
        `UNMEETABLE salary-hr (u-guest): u-guest may not see the expected document policy-hr-salary-adjustment, so no run as u-guest can hand it over`,
      );
      expect(run.stdout).toContain(`\`lens explain ${trace ?? ''} --document policy-hr-salary-adjustment\``);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it('refuses a set naming a principal that does not exist: exit 2, with the line of the principal', async () => {
    const setFile = path.join(dir, 'unknown.yaml');
    fs.writeFileSync(setFile, smallSet(false, 'u-nobody'));
    const run = await runLens(['eval', '--set', setFile], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${setFile} (line 6, column 16) questions[0].principal: there is no principal u-nobody`);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditCheck, AuditReport } from '../../shared/audit/audit-report';
import { ensureDemoGraph } from '../support/demo-graph';
import { freePort } from '../support/free-port';
import { runLens } from '../support/run-lens';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');
const DEMO_SUITE = path.join(REPO_ROOT, 'resources', 'audit', 'demo-suite.yaml');

/** A small suite with every kind of expectation, and one that fails on purpose when asked to. */
function smallSuite(failing: boolean): string {
  return `version: 1
name: small audit
request: { top_k: 5, timeout_ms: 60000 }
principals: [u-guest, u-hana, u-alex]
modes: [fulltext, hybrid]
questions:
  - { id: hr-salary, text: 연봉 조정 예산 salary adjustment budget }
  - { id: backfill, text: warehouse backfill }
expectations:
  - id: hr-stays-with-hr
    except_principals: [${failing ? 'u-guest' : 'u-hana'}]
    never_sees: { document_id_glob: policy-hr-* }
  - id: hr-reaches-hr
    principals: [u-hana]
    questions: [hr-salary]
    sees_any: { document_id_glob: policy-hr-* }
  - id: guest-public-only
    principals: [u-guest]
    sees_only: { document_ids: [handbook-engineering, policy-oncall-summary, policy-api-deprecation, policy-security-disclosure, api-payments-v2, api-refunds, api-oauth-token, api-webhooks, api-settlements] }
  - id: stale
    no_stale_labelled_current: { document_ids: [runbook-kafka-consumer-lag, adr-002-event-bus-rabbitmq] }
  - id: provenance
    every_item_has_provenance: true
  - id: data-vs-guest
    differ_only_in: { a: u-alex, b: u-guest, a_only: { document_ids: [policy-data-access, runbook-warehouse-backfill, design-analytics-event-pipeline] } }
`;
}

/** A check without what differs from one audit to the next (trace and comparison ids). */
function stable(check: AuditCheck) {
  return {
    id: check.id,
    result: check.result,
    text: check.text,
    violations: check.violations.map(({ trace_id: _traceId, ...violation }) => violation),
  };
}

describe.skipIf(!server.local)('lens audit through the bundled CLI (skipped with NEO4J_TEST_URI: it drives the local server)', () => {
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    // Its own trace store: the demo server is found through the test home's server state.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-audit-cli-'));
    fs.cpSync(path.join(server.home, 'neo4j', 'server.json'), path.join(dir, 'neo4j', 'server.json'));
    fs.cpSync(path.join(server.home, 'neo4j', 'password'), path.join(dir, 'neo4j', 'password'));
    fs.writeFileSync(path.join(dir, 'clean.yaml'), smallSuite(false));
    fs.writeFileSync(path.join(dir, 'failing.yaml'), smallSuite(true));
    env = { LENS_HOME: dir };
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'passes the demo suite on the demo graph: exit 0, 8 × 15 × 4 runs, every check passed',
    async () => {
      const report = path.join(dir, 'demo.json');
      // 480 runs and 180 comparisons, not one command: twice the child-process allowance (a minute here when the machine is idle).
      const run = await runLens(['audit', '--suite', DEMO_SUITE, '--report', report], env, CHILD_PROCESS_TEST_TIMEOUT_MS * 2);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      const parsed = JSON.parse(fs.readFileSync(report, 'utf8')) as AuditReport;
      expect(parsed.totals).toMatchObject({ runs: 480, violated: 0, could_not_run: 0 });
      expect(parsed.totals.passed).toBe(parsed.totals.checks);
      expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^Nurion Labs demo audit: \d+ checks, \d+ passed, 0 violated, 0 could not run/);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS * 2,
  );

  it(
    'exits 1 on a violation, with the item and its trace id in the JSON report and a <failure> in the JUnit file',
    async () => {
      const report = path.join(dir, 'failing.json');
      const junit = path.join(dir, 'failing.xml');
      const run = await runLens(
        ['audit', '--suite', path.join(dir, 'failing.yaml'), '--report', report, '--junit', junit],
        env,
        CHILD_PROCESS_TEST_TIMEOUT_MS,
      );
      expect(run.code, run.stderr).toBe(1);
      const parsed = JSON.parse(fs.readFileSync(report, 'utf8')) as AuditReport;
      const violated = parsed.checks.filter((check) => check.result === 'violated');
      expect(violated.map((check) => check.id)).toEqual([
        'hr-stays-with-hr/hr-salary/u-hana/fulltext',
        'hr-stays-with-hr/hr-salary/u-hana/hybrid',
      ]);
      const violation = violated[0]?.violations[0];
      expect(violation?.document_id).toMatch(/^policy-hr-/);
      expect(violated[0]?.evidence.trace_ids).toEqual([violation?.trace_id]);
      // The evidence opens as a stored run.
      const shown = await runLens(['traces', 'show', violation?.trace_id as string, '--json'], env);
      expect(shown.code, shown.stderr).toBe(0);
      const xml = fs.readFileSync(junit, 'utf8');
      expect(xml).toMatch(/<testsuites name="lens audit: small audit" tests="\d+" failures="2" errors="0" skipped="0"/);
      expect(xml).toContain('<testcase name="hr-salary · u-hana · fulltext" classname="lens-audit.hr-stays-with-hr"');
      expect(xml).toMatch(
        /<failure message="1 of the \d+ items are from documents this principal must never see|<failure message="\d+ of the \d+ items are from documents this principal must never see/,
      );
      expect(run.stdout).toContain('VIOLATED  hr-stays-with-hr/hr-salary/u-hana/fulltext');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'gives the same results with --concurrency 4 as with --concurrency 1, and prints plain progress lines off a terminal',
    async () => {
      const results: AuditCheck[][] = [];
      for (const concurrency of ['1', '4']) {
        const run = await runLens(
          ['audit', '--suite', path.join(dir, 'clean.yaml'), '--concurrency', concurrency, '--json'],
          env,
          CHILD_PROCESS_TEST_TIMEOUT_MS,
        );
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toMatch(/^\[#{24}\] 12\/12 runs, 0 not answered$/m);
        expect(run.stderr.includes('\r') || run.stderr.includes('\u001b')).toBe(false);
        const report = JSON.parse(run.stdout) as AuditReport;
        expect(report.concurrency).toBe(Number(concurrency));
        results.push(report.checks);
      }
      expect(results[1]?.map(stable)).toEqual(results[0]?.map(stable));
      expect(results[0]?.some((check) => check.kind === 'differ_only_in' && check.evidence.comparison_id)).toBe(true);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS * 2,
  );

  it(
    'exits 2 on a guard whose match names nothing in the graph, naming the criteria and the id a source path stands for, while the checks that match pass',
    async () => {
      const guards = path.join(dir, 'guards.yaml');
      fs.writeFileSync(
        guards,
        smallSuite(false).replace(
          'expectations:\n',
          'expectations:\n' +
            '  - id: typo-guard\n    principals: [u-guest]\n    never_sees: { document_ids: [policy-hr-salary-adjustment, policies/salary-adjustment, policy-hr-salary-adjustmnt] }\n' +
            '  - id: glob-guard\n    principals: [u-guest]\n    no_stale_labelled_current: { document_id_glob: adr/* }\n',
        ),
      );
      const run = await runLens(['audit', '--suite', guards, '--json'], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(run.code, run.stderr).toBe(2);
      const report = JSON.parse(run.stdout) as AuditReport;
      const unrun = report.checks.filter((check) => check.result === 'could_not_run');
      expect(new Set(unrun.map((check) => check.expectation))).toEqual(new Set(['typo-guard', 'glob-guard']));
      // One check per question and mode of the guest: every one of them could not run.
      expect(unrun).toHaveLength(8);
      expect(unrun.find((check) => check.expectation === 'typo-guard')?.text).toBe(
        'could not run: never_sees names document_ids policies/salary-adjustment, document_ids policy-hr-salary-adjustmnt, which no document in the graph matches, so this check can never fail and guards nothing; correct the suite (policies/salary-adjustment is the source of document policy-hr-salary-adjustment: write that id)',
      );
      expect(unrun.find((check) => check.expectation === 'glob-guard')?.text).toBe(
        'could not run: no_stale_labelled_current names document_id_glob adr/*, which no document in the graph matches, so this check can never fail and guards nothing; correct the suite',
      );
      // The suite's other checks are judged as before.
      expect(report.checks.filter((check) => check.expectation === 'hr-stays-with-hr').every((check) => check.result === 'passed')).toBe(
        true,
      );
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 2 saying the server is unreachable, before any run',
    async () => {
      const run = await runLens(['audit', '--suite', path.join(dir, 'clean.yaml')], {
        ...env,
        NEO4J_URI: `bolt://127.0.0.1:${await freePort()}`,
        NEO4J_PASSWORD: 'x',
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error \(unavailable\): Neo4j at bolt:\/\/127\.0\.0\.1:\d+ is unreachable/m);
      expect(run.stderr).not.toMatch(/runs, /);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 2 naming the file, path and line of a principal that does not exist, and of a suite the schema refuses',
    async () => {
      const unknown = path.join(dir, 'unknown.yaml');
      fs.writeFileSync(
        unknown,
        smallSuite(false).replace('principals: [u-guest, u-hana, u-alex]', 'principals: [u-guest, u-hana, u-alex, u-nobody]'),
      );
      const run = await runLens(['audit', '--suite', unknown], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        `${unknown} (line 4, column 39) principals[3]: there is no principal u-nobody in the local list or the graph`,
      );
      const bad = path.join(dir, 'bad.yaml');
      fs.writeFileSync(bad, smallSuite(false).replace('modes: [fulltext, hybrid]', 'modes: [fulltext, semantic]'));
      const refused = await runLens(['audit', '--suite', bad], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${bad} (line 5, column 19) modes[1]: use one of vector, fulltext`);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});

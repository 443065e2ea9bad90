import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditReport } from '../../shared/audit/audit-report';
import { ensureDemoGraph } from '../support/demo-graph';
import { useDemoRetrievalDeps } from '../support/retrieval-deps';
import { runLens } from '../support/run-lens';
import { startTestProvider, type TestProvider } from '../support/test-provider';
import { CHILD_PROCESS_TEST_TIMEOUT_MS } from '../support/test-env';

const server = inject('neo4j');

/** Two principals, two questions; the suite's modes give way to mode provider under --provider. */
const SUITE = `version: 1
name: provider audit
request: { top_k: 5, timeout_ms: 60000 }
principals: [u-guest, u-sora]
modes: [vector, graph]
questions:
  - { id: hr, text: 연봉 조정 정책 salary adjustment performance review }
  - { id: repmgr, text: repmgr manual promotion payments database postgres high availability }
expectations:
  - id: hr-stays-with-hr
    never_sees: { document_id_glob: policy-hr-* }
  - id: provenance
    modes: [vector]
    every_item_has_provenance: true
`;

describe.skipIf(!server.local)('lens audit --provider: a team’s endpoint audited with a suite (skipped with NEO4J_TEST_URI)', () => {
  const deps = useDemoRetrievalDeps(server);
  let dir: string;
  let env: Record<string, string>;
  let provider: TestProvider | undefined;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-audit-provider-'));
    fs.cpSync(path.join(server.home, 'neo4j', 'server.json'), path.join(dir, 'neo4j', 'server.json'));
    fs.cpSync(path.join(server.home, 'neo4j', 'password'), path.join(dir, 'neo4j', 'password'));
    fs.writeFileSync(path.join(dir, 'suite.yaml'), SUITE);
    env = { LENS_HOME: dir };
  });

  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function audit(): Promise<{ code: number; report: AuditReport; stderr: string }> {
    const run = await runLens(
      ['audit', '--suite', path.join(dir, 'suite.yaml'), '--provider', (provider as TestProvider).url, '--concurrency', '2', '--json'],
      env,
      CHILD_PROCESS_TEST_TIMEOUT_MS,
    );
    return { code: run.code, report: JSON.parse(run.stdout) as AuditReport, stderr: run.stderr };
  }

  it(
    'passes a clean provider: every run in mode provider, every check passed, exit 0',
    async () => {
      provider = await startTestProvider(deps(), 'none');
      // The provider's first answer loads its pipeline (tokenizer, embedder) in this worker: not what is measured here.
      await fetch(provider.url, {
        method: 'POST',
        body: JSON.stringify({ query: 'warm up', principal: 'u-guest', top_k: 1, timeout_ms: 60_000 }),
      });
      provider.received.length = 0;
      const { code, report, stderr } = await audit();
      const open = report.checks
        .filter((check) => check.result !== 'passed')
        .map((check) => [check.id, check.text, ...check.violations.map((v) => v.text)]);
      expect(code, `${stderr}\n${JSON.stringify(open, null, 1)}`).toBe(0);
      expect(new Set(report.runs.map((run) => run.mode))).toEqual(new Set(['provider']));
      expect(report.totals).toMatchObject({ runs: 4, violated: 0, could_not_run: 0 });
      expect(provider.received).toHaveLength(4);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 1 when the provider hands the guest HR documents: the answers check lists the audit’s access violations, never_sees the items',
    async () => {
      provider = await startTestProvider(deps(), 'forbidden_document', { asPrincipal: 'u-hana' });
      const { code, report } = await audit();
      expect(code).toBe(1);
      const answers = report.checks.find((check) => check.id === 'answers/hr/u-guest/provider');
      expect(answers?.result).toBe('violated');
      expect(answers?.violations.some((violation) => violation.message.params.kind === 'access_denied')).toBe(true);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 1 when the provider labels a superseded ADR current: a freshness violation of the provider audit',
    async () => {
      provider = await startTestProvider(deps(), 'stale_labelled_current');
      const { code, report } = await audit();
      expect(provider.tampered()).toBeGreaterThan(0);
      expect(code).toBe(1);
      const kinds = report.checks.flatMap((check) => check.violations.map((violation) => violation.message.params.kind));
      expect(kinds).toContain('freshness_mismatch');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'says the checks could not run, exit 2, when the provider never answers in time',
    async () => {
      provider = await startTestProvider(deps(), 'never_answers');
      fs.writeFileSync(path.join(dir, 'suite.yaml'), SUITE.replace('timeout_ms: 60000', 'timeout_ms: 1500'));
      try {
        const { code, report } = await audit();
        expect(code).toBe(2);
        expect(report.totals.passed).toBe(0);
        expect(report.checks.filter((check) => check.kind === 'answers').every((check) => check.text.includes('ended in timeout'))).toBe(
          true,
        );
      } finally {
        fs.writeFileSync(path.join(dir, 'suite.yaml'), SUITE);
      }
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ContextResponse } from '../../shared/context-contract';
import { WhyNotAnswer } from '../../shared/why-not';
import { ensureDemoGraph } from '../support/demo-graph';
import { runLens } from '../support/run-lens';

const server = inject('neo4j');

// Each call starts a CLI process (through the bundle in dist-cli/); on a busy shared machine a few take minutes.
const CLI_TIMEOUT_MS = 240_000;

describe('lens query and lens explain through the bundled CLI, on the demo graph', () => {
  let home: string;
  let env: Record<string, string>;
  let traceId: string;
  let response: ContextResponse;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    // A trace store of its own; the graph is the test server's, named as a user would name theirs.
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-explain-cli-'));
    env = { LENS_HOME: home, NEO4J_URI: server.uri, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password };
    const run = await runLens(
      ['query', 'payments database failover runbook', '--as', 'u-sora', '--top-k', '3', '--timeout-ms', '180000', '--json'],
      env,
      CLI_TIMEOUT_MS,
    );
    expect(run.code, run.stderr).toBe(0);
    response = ContextResponse.parse(JSON.parse(run.stdout));
    traceId = response.trace_id;
  }, 600_000);

  afterAll(() => {
    fs.rmSync(home, { recursive: true, force: true });
  });

  it(
    'lens query prints why each item was allowed, in English',
    async () => {
      const run = await runLens(
        ['query', 'payments database failover runbook', '--as', 'u-sora', '--timeout-ms', '180000'],
        env,
        CLI_TIMEOUT_MS,
      );
      expect(run.code, run.stderr).toBe(0);
      const allowed = run.stdout.split('\n').filter((line) => line.trimStart().startsWith('allowed:'));
      const items = run.stdout.split('\n').filter((line) => /^#\d+ /.test(line));
      expect(allowed).toHaveLength(items.length);
      expect(allowed.every((line) => line.includes("in the principal's workspace ws-nurion"))).toBe(true);
      expect(allowed.some((line) => line.includes('shared with the group g-eng-all'))).toBe(true);
    },
    2 * CLI_TIMEOUT_MS,
  );

  it(
    'lens explain --chunk says a chunk cut for top_k scored below the cut-off, with its rank and score',
    async () => {
      const cut = response.cuts.find((entry) => entry.reason === 'over_top_k');
      expect(cut?.rank).toBeDefined();
      const run = await runLens(['explain', traceId, '--chunk', cut?.chunk_id ?? ''], env, CLI_TIMEOUT_MS);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Why not? run ${traceId} · as u-sora · hybrid · ok`);
      expect(run.stdout).toContain(`Scored below the cut-off: rank ${cut?.rank} of the `);
      expect(run.stdout).toContain(`score ${cut?.score?.toFixed(4)}; top_k is 3.`);
      expect(run.stdout).toContain(`The last item kept, #3 (chunk ${response.items[2]?.chunk_id})`);
    },
    2 * CLI_TIMEOUT_MS,
  );

  it(
    'lens explain --document --json gives the answer with the failed clauses of an HR document',
    async () => {
      const run = await runLens(['explain', traceId, '--document', 'policy-hr-salary-adjustment', '--json'], env, CLI_TIMEOUT_MS);
      expect(run.code, run.stderr).toBe(0);
      const answer = WhyNotAnswer.parse(JSON.parse(run.stdout));
      expect(answer).toMatchObject({
        trace_id: traceId,
        principal_id: 'u-sora',
        target: { kind: 'document', id: 'policy-hr-salary-adjustment' },
      });
      expect(answer.findings.map((finding) => finding.verdict.kind)).toEqual(['not_visible']);
      const text = await runLens(['explain', traceId, '--document', 'policy-hr-salary-adjustment'], env, CLI_TIMEOUT_MS);
      expect(text.stdout).toContain(
        'Not visible to u-sora: its document fails the access rule (not shared with the principal; rule document.any_of',
      );
      expect(text.stdout).toContain('- shares no group with the principal (allowed_groups: g-hr)  [document.any_of[2]]');
    },
    2 * CLI_TIMEOUT_MS,
  );

  it(
    'lens explain answers an unknown chunk id with exit 6 naming the id, and refuses both or neither target flag',
    async () => {
      const unknown = await runLens(['explain', traceId, '--chunk', 'no-such-document#7'], env, CLI_TIMEOUT_MS);
      expect(unknown.code).toBe(6);
      expect(unknown.stderr).toContain('There is no chunk "no-such-document#7" in the graph.');
      const both = await runLens(['explain', traceId, '--chunk', 'a#0', '--document', 'a'], env, CLI_TIMEOUT_MS);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('either --chunk or --document, not both');
      const neither = await runLens(['explain', traceId], env, CLI_TIMEOUT_MS);
      expect(neither.code).toBe(2);
      expect(neither.stderr).toContain('--chunk <chunk_id> or --document <document_id>');
    },
    2 * CLI_TIMEOUT_MS,
  );
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdrListing } from '../../shared/adr-marks';
import { ensureDemoGraph } from '../support/demo-graph';
import { runLens } from '../support/run-lens';
import { CHILD_PROCESS_TEST_TIMEOUT_MS } from '../support/test-env';

const server = inject('neo4j');

describe('lens adr through the bundled CLI on the demo graph', () => {
  let dir: string;
  let env: Record<string, string>;
  const lens = (args: readonly string[]) => runLens(args, env, CHILD_PROCESS_TEST_TIMEOUT_MS);

  beforeAll(async () => {
    await ensureDemoGraph(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-adr-cli-'));
    env = { LENS_HOME: dir, LENS_USER: 'u-cli', NEO4J_URI: server.uri, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password };
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'marks an ADR by number, lists it as marked, exports it as CSV, unmarks it and shows both entries in its history',
    async () => {
      const mark = await lens(['adr', 'mark', '14', '--reason', 'retry policy moved to the dispatcher v2', '--successor', 'ADR-007']);
      expect(mark.code, mark.stderr).toBe(0);
      expect(mark.stdout).toContain('Marked adr-014-webhook-retry-policy:');
      expect(mark.stdout).toContain(
        'Later runs label it stale: marked stale by u-cli: retry policy moved to the dispatcher v2; use adr-007-event-bus-redpanda instead',
      );

      const list = await lens(['adr', 'list', '--json']);
      expect(list.code, list.stderr).toBe(0);
      const retry = (JSON.parse(list.stdout) as AdrListing).adrs.find((adr) => adr.adr_id === 'ADR-014');
      expect(retry).toMatchObject({ status: 'proposed', freshness: { state: 'stale', marked_by: 'u-cli', decision: 'proposed' } });

      const file = path.join(dir, 'marks.csv');
      const exported = await lens(['adr', 'export', '--format', 'csv', '--out', file]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stderr).toContain(`Wrote 1 stale mark as csv to ${file}.`);
      expect(fs.readFileSync(file, 'utf8').split('\r\n')[1]).toMatch(
        /^adr-014-webhook-retry-policy,retry policy moved to the dispatcher v2,adr-007-event-bus-redpanda,u-cli,/,
      );

      const unmark = await lens(['adr', 'unmark', 'adr-014-webhook-retry-policy', '--reason', 'dispatcher v2 postponed']);
      expect(unmark.code, unmark.stderr).toBe(0);
      expect(unmark.stdout).toContain('Later runs label it unknown: ADR status is proposed: a proposal, not a decision');

      const history = await lens(['adr', 'history', 'ADR-014']);
      expect(history.stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/mark {3}by u-cli: retry policy moved to the dispatcher v2 \(successor adr-007-event-bus-redpanda\)$/),
        expect.stringMatching(/unmark by u-cli: dispatcher v2 postponed$/),
      ]);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS * 5,
  );

  it(
    'exits non-zero with what to do: an unknown ADR (6, near matches), a missing reason (2), nothing to unmark (6)',
    async () => {
      const unknown = await lens(['adr', 'mark', 'adr-003-event-bus-kafak', '--reason', 'x']);
      expect(unknown.code).toBe(6);
      expect(unknown.stderr).toContain('error (not_found): There is no ADR or document "adr-003-event-bus-kafak" in the graph.');
      expect(unknown.stderr).toContain('what to do: Did you mean ADR-003 (adr-003-event-bus-kafka)');

      const noReason = await lens(['adr', 'mark', 'ADR-001']);
      expect(noReason.code).toBe(2);
      expect(noReason.stderr).toContain('error (invalid_input): `lens adr mark` needs the option --reason <text>.');

      const notMarked = await lens(['adr', 'unmark', 'ADR-001', '--reason', 'x']);
      expect(notMarked.code).toBe(6);
      expect(notMarked.stderr).toContain('adr-001-record-architecture-decisions has no stale mark in force');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS * 3,
  );
});

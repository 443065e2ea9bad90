import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Comparison } from '../../shared/compare/comparison';
import type { Principal } from '../../shared/principal';
import type { TraceBundle } from '../../shared/trace-record';
import { ensureDemoGraph } from '../support/demo-graph';
import { freePort } from '../support/free-port';
import { runLens } from '../support/run-lens';

const server = inject('neo4j');
const HR_QUERY = '연봉 조정 정책 salary adjustment performance review';

describe.skipIf(!server.local)('lens compare through the bundled CLI (skipped with NEO4J_TEST_URI: it drives the local server)', () => {
  let dir: string;
  let env: Record<string, string>;
  let clean: Comparison;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    // Its own trace store: the demo server is found through the test home's server state.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-compare-cli-'));
    fs.cpSync(path.join(server.home, 'neo4j', 'server.json'), path.join(dir, 'neo4j', 'server.json'));
    fs.cpSync(path.join(server.home, 'neo4j', 'password'), path.join(dir, 'neo4j', 'password'));
    env = { LENS_HOME: dir };
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compares an HR principal with the guest: exit 0, the HR documents only-A, no leaks, both runs recorded', async () => {
    const run = await runLens(['compare', HR_QUERY, '--as', 'u-hana', '--vs', 'u-guest', '--timeout-ms', '60000', '--json'], env, 180_000);
    expect(run.code, run.stderr).toBe(0);
    clean = JSON.parse(run.stdout) as Comparison;
    expect(Object.keys(clean)[3]).toBe('leak_check');
    expect(clean.leak_check).toMatchObject({ state: 'checked', leaks: [] });
    expect(clean.diff.only_a.some((entry) => entry.key.startsWith('chunk:policy-hr-'))).toBe(true);
    expect(clean.b.items.some((item) => item.document_id.startsWith('policy-hr-'))).toBe(false);
    const traces = JSON.parse((await runLens(['traces', 'list', '--json'], env)).stdout) as { runs: { trace_id: string }[] };
    expect(traces.runs.map((entry) => entry.trace_id)).toEqual(expect.arrayContaining([clean.a.trace_id, clean.b.trace_id]));
  });

  it('reopens the kept comparison exactly as it was printed, and lists it', async () => {
    const opened = await runLens(['compare', '--open', clean.id, '--json'], env);
    expect(opened.code, opened.stderr).toBe(0);
    expect(JSON.parse(opened.stdout)).toEqual(clean);
    const listed = await runLens(['compare', '--list', '--json'], env);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      comparisons: expect.arrayContaining([
        expect.objectContaining({ id: clean.id, principal_a: 'u-hana', principal_b: 'u-guest', leak_count: 0 }),
      ]),
    });
  });

  it('compares two stored runs in words: leaks first ("No leaks"), then the overlap and why each side sees each item', async () => {
    const run = await runLens(['compare', '--runs', clean.a.trace_id, clean.b.trace_id], env, 120_000);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^No leaks: every item of both runs was checked against the graph \(\d+ nodes\)\.$/);
    expect(run.stdout).toMatch(/Overlap: Jaccard \d\.\d{3}, RBO \(p=0\.9\) \d\.\d{3}/);
    expect(run.stdout).toMatch(
      /B: denied at Chunk policy-hr-[^ ]+ \(through Document policy-hr-[^)]+\), not shared with the principal: .*shares no group with the principal \(allowed_groups: g-hr\)/,
    );
  });

  it('exits 1 and names each leak with its clause when a run handed a principal what it may not see (an imported run)', async () => {
    // A run from elsewhere (bundles are anyone's data): u-hana's items, recorded as returned to u-guest.
    const bundle = JSON.parse((await runLens(['traces', 'export', clean.a.trace_id], env)).stdout) as TraceBundle;
    const principals = JSON.parse((await runLens(['principals', 'list', '--json'], env)).stdout) as Principal[];
    const guest = principals.find((entry) => entry.principal_id === 'u-guest') as Principal;
    const forged = {
      ...bundle,
      runs: bundle.runs.map((run) => {
        const traceId = `${run.trace_id}-as-guest`;
        return { ...run, trace_id: traceId, principal: guest, response: { ...run.response, trace_id: traceId } };
      }),
    };
    const file = path.join(dir, 'forged.json');
    fs.writeFileSync(file, JSON.stringify(forged));
    const imported = await runLens(['traces', 'import', file], env);
    expect(imported.code, imported.stderr).toBe(0);

    const run = await runLens(['compare', '--runs', `${clean.a.trace_id}-as-guest`, clean.b.trace_id], env, 120_000);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^LEAKS: \d+ node\(s\) drawn on by items returned to a principal who may not see them$/);
    expect(lines[1]).toMatch(/^ {2}A u-guest {2}#\d+ chunk:policy-hr-/);
    expect(run.stdout).toMatch(/broken clause: document\.any_of visibility, owner_id, allowed_groups/);

    const json = await runLens(['compare', '--runs', `${clean.a.trace_id}-as-guest`, clean.b.trace_id, '--json'], env, 120_000);
    expect(json.code).toBe(1);
    const leaks = (JSON.parse(json.stdout) as Comparison).leak_check;
    expect(leaks.state === 'checked' && leaks.leaks.every((leak) => leak.side === 'a' && leak.document_id.startsWith('policy-hr-'))).toBe(
      true,
    );
  });

  it('exits 2 when it could not run: an unknown run, a missing principal, runs recorded on another graph than the one it reads', async () => {
    const unknown = await runLens(['compare', '--runs', 'no-such-run', clean.b.trace_id], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no-such-run/);

    const half = await runLens(['compare', HR_QUERY, '--as', 'u-hana'], env);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/--as A --vs B/);

    // The runs were recorded on the test server; pointed at another graph (here one that does not even
    // answer), the check names both graphs instead of judging them against it. An unreachable graph of the
    // runs' own is `unavailable` (compare-leaks.test.ts).
    const port = await freePort();
    const offline = await runLens(['compare', '--runs', clean.a.trace_id, clean.b.trace_id], {
      ...env,
      NEO4J_URI: `bolt://127.0.0.1:${port}`,
      NEO4J_PASSWORD: 'x',
    });
    expect(offline.code).toBe(2);
    expect(offline.stdout.split('\n')[0]).toMatch(
      /^LEAK CHECK FAILED \(invalid_input\): Run .* was recorded on bolt:\/\/127\.0\.0\.1:\d+, not on the graph/,
    );
    expect(offline.stdout).toContain(`bolt://127.0.0.1:${port}`);
    expect(offline.stdout).toMatch(/The leaks are unknown/);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TraceBundle, type RunRecord, type RunSummary } from '../../../shared/trace-record';
import { formatRunDetail, formatRunTable } from '../../../electron/cli/commands/traces-command';
import { traceStorePath } from '../../../electron/trace-store/trace-store-location';
import { damagePages, fillStore } from '../../support/damaged-store';
import { buildRunRecord } from '../../support/run-record-factory';
import { runLens } from '../../support/run-lens';
import { terminalControlsIn } from '../../support/terminal-controls';
import { CHILD_PROCESS_TEST_TIMEOUT_MS } from '../../support/test-env';

// Each call starts a CLI process; on a busy shared machine a few of them can take minutes.
/**
 * What an attacker would put in a bundle: retitle the window, clear the screen, overwrite the line, reverse the text,
 * hide a word (`ok` in tag characters, invisible on a terminal), forge a line.
 */
const PAYLOAD = '\x1b]0;pwned\x07|\x1b[2J|\r|\u202egnp.exe|\u009b31m|\u2028|not\u{e006f}\u{e006b}|\nOutcome: ok (forged)';

/** A run carrying `payload` in every kind of text the human output prints (a plain word gives the same layout, for comparison). */
function hostileRun(payload = PAYLOAD): RunRecord {
  const run = buildRunRecord({ query: `lag?${payload}` });
  const [item, ...rest] = run.response.items;
  if (!item) throw new Error('the factory made no items');
  const [stage, ...stages] = run.response.stages;
  const [query, ...queries] = run.queries;
  if (!stage || !query) throw new Error('the factory made no stages or queries');
  return {
    ...run,
    graph_uri: `bolt://db.example:7687/${payload}`,
    request: { ...run.request, [`note${payload}`]: payload },
    principal: { ...run.principal, display_name: payload, groups: [payload] },
    response: {
      ...run.response,
      message: payload,
      items: [
        {
          ...item,
          title: payload,
          content: payload,
          source_uri: `https://wiki.example/${payload}`,
          freshness: { state: 'stale', reason: payload, marked_by: payload },
        },
        ...rest,
      ],
      stages: [{ ...stage, note: payload }, ...stages],
      denied: [{ stage: payload, kind: 'access', reason: payload, counts: 'chunks', count: 1, mechanism: payload }],
    },
    queries: [{ ...query, cypher: `MATCH (n) RETURN n // ${payload}` }, ...queries],
  };
}

function expectInert(printed: string, cleanLines: number): void {
  expect(terminalControlsIn(printed)).toEqual([]);
  expect(printed).toContain('\\x1b]0;pwned\\x07');
  expect(printed).toContain('\\x1b[2J');
  expect(printed).toContain('\\x0d');
  expect(printed).toContain('\\u202egnp.exe');
  expect(printed).toContain('\\x9b31m');
  expect(printed).toContain('not\\u{e006f}\\u{e006b}');
  expect(printed).not.toMatch(/^Outcome: ok \(forged\)/m);
  expect(printed.split('\n')).toHaveLength(cleanLines);
}

describe('traces printed for a person escape what could act on the terminal', () => {
  const hostile = hostileRun();
  const summary: RunSummary = {
    trace_id: hostile.trace_id,
    created_at: hostile.created_at,
    principal_id: PAYLOAD,
    mode: hostile.mode,
    outcome: hostile.outcome,
    query: PAYLOAD,
    item_count: 2,
    denied_count: 1,
    denied: [{ stage: PAYLOAD, kind: 'access', reason: PAYLOAD, counts: 'unrecorded', count: 1 }],
    elapsed_ms: 1,
    replay_of: PAYLOAD,
  };

  it('shows a run with every control, C1 and bidi character escaped and no forged line', () => {
    expectInert(formatRunDetail(hostile), formatRunDetail(hostileRun('plain')).split('\n').length);
  });

  it('lists a run the same way', () => {
    expectInert(
      formatRunTable([summary], 1),
      formatRunTable([{ ...summary, principal_id: 'u', query: 'q', replay_of: null }], 1).split('\n').length,
    );
  });
});

describe('lens traces on an imported hostile bundle', () => {
  let root: string;
  let home: string;
  const hostile = hostileRun();
  const lens = (args: readonly string[]) => runLens(['traces', ...args], { LENS_HOME: home });

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-traces-safety-'));
    home = path.join(root, 'home');
    const bundle = path.join(root, 'hostile.json');
    fs.writeFileSync(
      bundle,
      JSON.stringify({ format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs: [hostile] }),
    );
    const imported = await runLens(['traces', 'import', bundle], { LENS_HOME: home });
    if (imported.code !== 0) throw new Error(`import failed: ${imported.stderr}`);
  }, CHILD_PROCESS_TEST_TIMEOUT_MS);

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'show and list print nothing that acts on the terminal',
    async () => {
      const shown = await lens(['show', hostile.trace_id]);
      expect(shown.code, shown.stderr).toBe(0);
      expectInert(shown.stdout, formatRunDetail(hostileRun('plain')).split('\n').length);
      const listed = await lens(['list']);
      expect(listed.code).toBe(0);
      expect(terminalControlsIn(listed.stdout)).toEqual([]);
      expect(listed.stdout).toContain('\\x1b]0;pwned\\x07');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'show --json escapes them too and parses back to the very run',
    async () => {
      const shown = await lens(['show', hostile.trace_id, '--json']);
      expect(terminalControlsIn(shown.stdout)).toEqual([]);
      expect(JSON.parse(shown.stdout)).toStrictEqual(hostile);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('lens traces on a damaged store', () => {
  let root: string;
  let home: string;
  let recorded: RunRecord[];
  const lens = (args: readonly string[]) => runLens(['traces', ...args], { LENS_HOME: home });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-traces-damaged-'));
    home = path.join(root, 'home');
    recorded = fillStore(traceStorePath(home), 80);
    damagePages(traceStorePath(home), 'runs', 1);
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'export writes the runs it can read and names the one it skipped, with a warning first',
    async () => {
      const out = path.join(root, 'readable.json');
      const run = await lens(['export', '--out', out]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^warning: The trace store .* is damaged \(.+\); it is open for reading only/);
      const bundle = TraceBundle.parse(JSON.parse(fs.readFileSync(out, 'utf8')));
      const [skipped] = bundle.skipped ?? [];
      expect(bundle.skipped).toHaveLength(1);
      expect(bundle.runs).toHaveLength(recorded.length - 1);
      expect(run.stdout).toBe(
        `Exported ${recorded.length - 1} runs to ${out}\nSkipped 1 run the trace store could not read:\n  ${skipped?.trace_id}: ${skipped?.reason}\n`,
      );
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'check reports the damage with exit 9, and recording a run is refused the same way',
    async () => {
      const checked = await lens(['check', '--json']);
      expect(checked.code).toBe(9);
      const report = JSON.parse(checked.stdout) as { ok: boolean; problems: string[] };
      expect(report.ok).toBe(false);
      expect(report.problems.join('\n')).toMatch(/btreeInitPage|malformed/);
      const imported = await lens(['import', path.join(root, 'readable.json'), '--json']);
      expect(imported.code).toBe(9);
      expect((JSON.parse(imported.stdout) as { error: { message: string } }).error.message).toMatch(
        /is damaged \(.+\), so Provenance Lens did not import the bundle; nothing was written\.$/,
      );
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});

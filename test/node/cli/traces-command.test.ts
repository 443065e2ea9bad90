import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TraceBundle, type RunRecord, type RunSummary } from '../../../shared/trace-record';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { traceStorePath } from '../../../electron/trace-store/trace-store-location';
import { buildRunRecord } from '../../support/run-record-factory';
import { runLens } from '../../support/run-lens';
import { CHILD_PROCESS_TEST_TIMEOUT_MS } from '../../support/test-env';

// Each call starts a CLI process; on a busy shared machine a few of them can take minutes.

/** Records `runs` in the trace store of `home`, through the store itself. */
function seed(home: string, runs: readonly RunRecord[]): void {
  const store = TraceStore.open(traceStorePath(home));
  try {
    for (const run of runs) store.recordRun(run);
  } finally {
    store.close();
  }
}

describe('lens traces', () => {
  let root: string;
  let home: string;
  let runs: RunRecord[];

  const homeFor = (name: string) => path.join(root, name);
  const lens = (args: readonly string[], lensHome = home) => runLens(['traces', ...args], { LENS_HOME: lensHome });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-traces-cli-'));
    home = homeFor('seeded');
    runs = [
      buildRunRecord({
        createdAt: '2026-06-01T09:00:00.000Z',
        principal: { principal_id: 'u-guest' },
        mode: 'fulltext',
        outcome: 'no_evidence',
        query: 'Where is the HR salary table?',
      }),
      buildRunRecord({
        createdAt: '2026-06-02T09:00:00.000Z',
        principal: { principal_id: 'u-minjun' },
        mode: 'graph',
        query: 'Who owns the Payments API?',
      }),
      buildRunRecord({
        createdAt: '2026-06-03T09:00:00.000Z',
        principal: { principal_id: 'u-minjun' },
        mode: 'hybrid',
        query: '인증서 갱신 주기는?',
        itemCount: 3,
      }),
    ];
    seed(home, runs);
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'lists runs newest first as JSON with the total',
    async () => {
      const run = await lens(['list', '--json']);
      expect(run.code).toBe(0);
      const listed = JSON.parse(run.stdout) as { total: number; runs: RunSummary[] };
      expect(listed.total).toBe(3);
      expect(listed.runs.map((entry) => entry.trace_id)).toEqual(runs.map((entry) => entry.trace_id).reverse());
      expect(listed.runs[0]).toMatchObject({
        principal_id: 'u-minjun',
        mode: 'hybrid',
        outcome: 'ok',
        item_count: 3,
        query: '인증서 갱신 주기는?',
      });
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'filters the list by principal, outcome and search text',
    async () => {
      const byPrincipal = JSON.parse((await lens(['list', '--principal', 'u-minjun', '--search', 'payments', '--json'])).stdout) as {
        runs: RunSummary[];
      };
      expect(byPrincipal.runs.map((entry) => entry.trace_id)).toEqual([runs[1]?.trace_id]);
      const byOutcome = JSON.parse((await lens(['list', '--outcome', 'no_evidence', '--since', '2026-06-01', '--json'])).stdout) as {
        runs: RunSummary[];
      };
      expect(byOutcome.runs.map((entry) => entry.trace_id)).toEqual([runs[0]?.trace_id]);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'lists runs as a padded table for a person, saying when more runs match than are shown',
    async () => {
      const run = await lens(['list', '--limit', '2']);
      expect(run.code).toBe(0);
      const lines = run.stdout.split('\n');
      expect(lines[0]).toMatch(/^CREATED\s+TRACE ID\s+PRINCIPAL\s+MODE\s+OUTCOME\s+ITEMS\s+WITHHELD\s+TIME\s+QUERY$/);
      expect(lines[1]).toContain(runs[2]?.trace_id);
      expect(lines[1]).toContain('인증서 갱신 주기는?');
      expect(lines[2]).toContain('Who owns the Payments API?');
      expect(lines[1]?.indexOf('hybrid')).toBe(lines[0]?.indexOf('MODE'));
      expect(run.stdout).toContain('Showing 2 of 3 matching runs');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'says no run matches the filters when none does, not that no run was ever recorded',
    async () => {
      const run = await lens(['list', '--principal', 'u-nobody']);
      expect([run.code, run.stdout]).toEqual([0, 'No runs match these filters.\n']);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'sorts the list by a column as the Traces screen does, runs that tie newest first, and refuses an unknown key',
    async () => {
      const ids = async (args: readonly string[]) =>
        ((JSON.parse((await lens(['list', ...args, '--json'])).stdout) as { runs: RunSummary[] }).runs ?? []).map(
          (entry) => entry.trace_id,
        );
      const [guest, payments, certificates] = runs.map((entry) => entry.trace_id);
      expect(await ids(['--sort', 'principal', '--direction', 'asc'])).toEqual([guest, certificates, payments]);
      expect(await ids(['--sort', 'principal'])).toEqual([certificates, payments, guest]);
      expect(await ids(['--sort', 'time', '--direction', 'asc'])).toEqual([guest, payments, certificates]);
      const table = await lens(['list', '--sort', 'mode', '--direction', 'asc']);
      expect(table.code).toBe(0);
      expect(
        table.stdout
          .split('\n')
          .slice(1, 4)
          .map((line) => line.match(/\b(fulltext|graph|hybrid)\b/)?.[1]),
      ).toEqual(['fulltext', 'graph', 'hybrid']);
      const wrong = await lens(['list', '--sort', 'size']);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('size');
      expect(wrong.stderr).toContain('withheld');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses an unknown mode with exit 2',
    async () => {
      const run = await lens(['list', '--mode', 'magic']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('magic');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'shows one run as JSON equal to the recorded run',
    async () => {
      const target = runs[1];
      if (!target) throw new Error('seed missing');
      const run = await lens(['show', target.trace_id, '--json']);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toStrictEqual(target);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'shows one run for a person: request, principal, outcome, stages, items with source and freshness, denied counts, queries',
    async () => {
      const target = runs[2];
      if (!target) throw new Error('seed missing');
      const run = await lens(['show', target.trace_id]);
      expect(run.code).toBe(0);
      for (const text of [
        `Run ${target.trace_id}`,
        'query: 인증서 갱신 주기는?',
        'Principal: u-minjun',
        'Outcome: ok, answerable',
        'Stages (5):',
        'Items (3):',
        'source: https://wiki.nurion.example/runbooks/redpanda-consumer-lag',
        '[stale]',
        'freshness stale: superseded by adr-021-acme-tls (marked by u-seoyeon)',
        'Withheld (counts only; each line says what it counts):',
        'access  3 of 303  chunks in the graph this principal may not see (access policy) [whole_graph]',
        'hits of the full-text search this principal may not see, removed after the search (post-filter) [before_candidates]',
        'params hash 3fa9c2d41b7e0a55',
        'truncated at the row cap',
      ]) {
        expect(run.stdout).toContain(text);
      }
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'takes a trace id by its beginning, as git takes a commit; a beginning of several ids exits 2 naming them',
    async () => {
      const target = runs[1];
      if (!target) throw new Error('seed missing');
      // The seeded ids are tr-00000N-7f3c9a: all but the last characters begin only the target.
      const run = await lens(['show', target.trace_id.slice(0, -3), '--json']);
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as RunRecord).trace_id).toBe(target.trace_id);
      const ambiguous = await lens(['show', 'tr-00000']);
      expect(ambiguous.code).toBe(2);
      expect(ambiguous.stderr).toContain(`tr-00000 begins 3 kept trace ids (${runs.map((r) => r.trace_id).join(', ')}).`);
      expect(ambiguous.stderr).toContain('Give more of the trace id');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 6 on an unknown trace id, saying how to find the ids',
    async () => {
      const run = await lens(['show', 'tr-nope']);
      expect(run.code).toBe(6);
      expect(run.stderr).toContain('no run with trace id tr-nope; `lens traces list` shows the ids');
      const json = await lens(['show', 'tr-nope', '--json']);
      expect(json.code).toBe(6);
      expect((JSON.parse(json.stdout) as { error: { kind: string } }).error.kind).toBe('not_found');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'names a run the store holds under the same trace id with other content, and keeps the stored one',
    async () => {
      const target = homeFor('differing');
      const bundleFile = path.join(root, 'bundles', 'differing.json');
      const run = buildRunRecord({ query: 'as recorded' });
      const bundleOf = (query: string) => ({
        format: 'provenance-lens-traces',
        version: 1,
        exported_at: new Date().toISOString(),
        runs: [{ ...run, request: { ...run.request, query } }],
      });
      fs.mkdirSync(path.dirname(bundleFile), { recursive: true });
      fs.writeFileSync(bundleFile, JSON.stringify(bundleOf('as recorded')));
      expect((await lens(['import', bundleFile], target)).code).toBe(0);
      fs.writeFileSync(bundleFile, JSON.stringify(bundleOf('as edited')));
      const again = await lens(['import', bundleFile], target);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(
        `Of those, 1 run is stored here with other content than the bundle's copy: ${run.trace_id}. The stored run was kept and the bundle's was not imported`,
      );
      const json = await lens(['import', bundleFile, '--json'], target);
      expect(JSON.parse(json.stdout)).toEqual({ imported: 0, skipped: 1, differing: { count: 1, trace_ids: [run.trace_id] } });
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    "names the runs a bundle's skipped list says its exporter could not read, the first ten then how many more",
    async () => {
      const bundleFile = path.join(root, 'bundles', 'with-skipped.json');
      const skipped = Array.from({ length: 13 }, (_, index) => ({ trace_id: `tr-lost-${index + 1}`, reason: 'malformed page' }));
      const bundle = { format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs: [], skipped };
      fs.mkdirSync(path.dirname(bundleFile), { recursive: true });
      fs.writeFileSync(bundleFile, JSON.stringify(bundle));
      const imported = await lens(['import', bundleFile], homeFor('skipped-names'));
      expect(imported.code).toBe(0);
      const ids = skipped
        .slice(0, 10)
        .map((entry) => entry.trace_id)
        .join(', ');
      expect(imported.stdout).toContain(
        `The bundle names 13 runs its exporting store could not read, so they are not in the bundle: ${ids} and 3 more. Repair that store (lens traces check) and export again to have them.`,
      );
      const json = await lens(['import', bundleFile, '--json'], homeFor('skipped-names'));
      expect(JSON.parse(json.stdout)).toEqual({
        imported: 0,
        skipped: 0,
        exporter_skipped: { count: 13, trace_ids: skipped.slice(0, 10).map((entry) => entry.trace_id), unlisted: false },
      });
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exports from one home and imports into another, skipping runs already there on a second import',
    async () => {
      const bundleFile = path.join(root, 'bundles', 'all.json');
      const exported = await lens(['export', '--out', bundleFile, '--json']);
      expect(exported.code).toBe(0);
      expect(JSON.parse(exported.stdout)).toEqual({ file: bundleFile, runs: 3, skipped: [] });
      expect(TraceBundle.parse(JSON.parse(fs.readFileSync(bundleFile, 'utf8'))).runs).toHaveLength(3);

      const other = homeFor('other');
      const imported = await lens(['import', bundleFile, '--json'], other);
      expect(imported.code).toBe(0);
      expect(JSON.parse(imported.stdout)).toEqual({ imported: 3, skipped: 0 });
      const again = await lens(['import', bundleFile], other);
      expect(again.stdout).toContain('Imported 0 runs; skipped 3 already in the trace store.');

      const fromOther = await lens(['export'], other);
      expect((JSON.parse(fromOther.stdout) as TraceBundle).runs).toStrictEqual(runs);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exports only the named runs to stdout',
    async () => {
      const target = runs[0];
      if (!target) throw new Error('seed missing');
      const run = await lens(['export', target.trace_id]);
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as TraceBundle).runs.map((entry) => entry.trace_id)).toEqual([target.trace_id]);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 2 on importing a file that is not JSON, naming it, and imports nothing',
    async () => {
      const file = path.join(root, 'notes.txt');
      fs.writeFileSync(file, 'not a bundle');
      const target = homeFor('empty');
      const run = await lens(['import', file], target);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${file} is not JSON`);
      expect(JSON.parse((await lens(['list', '--json'], target)).stdout)).toEqual({ total: 0, runs: [] });
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 2 on prune without --older-than-days or --keep, with a sentence saying what to pass',
    async () => {
      const run = await lens(['prune']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--older-than-days N');
      expect(run.stderr).toContain('--keep N');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 2 on prune --keep with an empty value (an unset shell variable), deleting nothing, rather than reading it as keep 0',
    async () => {
      const pruneHome = homeFor('prune-empty');
      seed(pruneHome, [buildRunRecord(), buildRunRecord()]);
      const run = await lens(['prune', '--keep', ''], pruneHome);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('expected a whole number from 0 to 100000000, got ""');
      const listed = await lens(['list', '--json'], pruneHome);
      expect((JSON.parse(listed.stdout) as { total: number }).total).toBe(2);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses prune --keep 0 and --older-than-days 0, which would delete every run, naming --all; --all deletes them, given alone',
    async () => {
      const pruneHome = homeFor('prune-zero');
      seed(pruneHome, [buildRunRecord(), buildRunRecord()]);
      const total = async () => (JSON.parse((await lens(['list', '--json'], pruneHome)).stdout) as { total: number }).total;
      for (const flag of ['--keep', '--older-than-days']) {
        const run = await lens(['prune', flag, '0'], pruneHome);
        expect(run.code, flag).toBe(2);
        expect(run.stderr).toContain(`${flag} 0 would delete every run in the trace store, so nothing was deleted.`);
        expect(run.stderr).toContain(`Give ${flag} 1 or more; to delete every run, pass --all alone`);
      }
      const mixed = await lens(['prune', '--all', '--keep', '1'], pruneHome);
      expect(mixed.code).toBe(2);
      expect(mixed.stderr).toContain('--all deletes every run, so it is given alone');
      expect(await total()).toBe(2);
      const help = await lens(['prune', '--help'], pruneHome);
      expect(help.stdout).toContain('0 for N is refused: it would delete every run');
      const all = await lens(['prune', '--all', '--json'], pruneHome);
      expect(all.code).toBe(0);
      expect(JSON.parse(all.stdout)).toEqual({ deleted: 2, remaining: 0 });
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'prunes all but the newest runs and says how many went',
    async () => {
      const pruneHome = homeFor('prune');
      seed(pruneHome, [buildRunRecord(), buildRunRecord(), buildRunRecord()]);
      const run = await lens(['prune', '--keep', '1', '--json'], pruneHome);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ deleted: 2, remaining: 1 });
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'deletes the named runs it keeps and names, with exit 6, the ids no kept run has, rather than only count fewer',
    async () => {
      const deleteHome = homeFor('delete');
      const [kept, gone] = [buildRunRecord(), buildRunRecord()];
      seed(deleteHome, [kept, gone]);
      const run = await lens(['delete', gone.trace_id, 'tr-typo', gone.trace_id, '--json'], deleteHome);
      expect(run.code).toBe(6);
      expect(JSON.parse(run.stdout)).toEqual({ deleted: 1, not_found: ['tr-typo'] });
      const listed = JSON.parse((await lens(['list', '--json'], deleteHome)).stdout) as { runs: RunSummary[] };
      expect(listed.runs.map((entry) => entry.trace_id)).toEqual([kept.trace_id]);
      const again = await lens(['delete', kept.trace_id], deleteHome);
      expect([again.code, again.stdout]).toEqual([0, 'Deleted 1 run.\n']);
      const typo = await lens(['delete', 'tr-typo'], deleteHome);
      expect(typo.stderr).toContain(
        'no kept run has the trace id tr-typo, so nothing was deleted for it; `lens traces list` shows the ids',
      );
      const missed = await lens(['delete', kept.trace_id, 'tr-x'], deleteHome);
      expect([missed.code, missed.stdout]).toEqual([6, 'Deleted 0 runs.\n']);
      expect(missed.stderr).toContain(`no kept run has any of the trace ids ${kept.trace_id}, tr-x, so nothing was deleted for them`);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});
